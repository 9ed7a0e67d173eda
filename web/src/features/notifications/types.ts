/** The notification API's shapes, generated from the server's OpenAPI document (never written by hand). */
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A notification as the API sends it, in the request's language. */
export type AppNotification = Schemas['NotificationView'];
/** One page of `GET /api/notification/page` and the cursor of the next. */
export type NotificationPage = Schemas['NotificationPage'];
/** The data of the live stream's `notification` event. */
export type LiveNotification = Schemas['LiveNotification'];
/** The data of the live stream's `count` event. */
export type LiveCount = Schemas['LiveCount'];
/** The data of the live stream's `chat` event: a mentorship conversation that changed. */
export type LiveChat = Schemas['LiveConversation'];

/** What the administrator sends: `POST /api/notification/broadcasts` (and its preview). */
export type BroadcastBody = Schemas['BroadcastBody'];
export type Broadcast = Schemas['BroadcastView'];
export type BroadcastPage = Schemas['BroadcastPage'];
export type BroadcastPreview = Schemas['BroadcastPreview'];

/** Which notifications the /notification page lists. */
export interface NotificationFilter {
  unreadOnly: boolean;
  /** A type's API name, or empty for every type. */
  type: string;
}
