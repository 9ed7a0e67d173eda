/** A notification as the API sends it. */
export interface AppNotification {
  _id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  imageUrl?: string | null;
  actionLink?: string | null;
}
