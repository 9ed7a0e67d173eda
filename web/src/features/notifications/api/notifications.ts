/**
 * The notification calls. The three the header and the sidebar use answer `{status, message}` or
 * `{status, notifications}`, `status` 200 being success; anything else throws with the server's message (the
 * callers only log it).
 */
import { api, request } from '@/lib/api-client';
import type {
  AppNotification,
  Broadcast,
  BroadcastBody,
  BroadcastPage,
  BroadcastPreview,
  NotificationFilter,
  NotificationPage,
} from '../types';

interface StatusResponse {
  status?: number;
  message?: string;
}

function ensureOk(response: StatusResponse | null): void {
  if (response && response.status !== undefined && response.status !== 200) {
    throw new Error(response.message ?? `Notification update failed with status ${response.status}`);
  }
}

/** POST /api/notification/update-status with notification_id and status "true". */
export async function markNotificationRead(notificationId: string): Promise<void> {
  const form = new FormData();
  form.append('notification_id', notificationId);
  form.append('status', 'true');
  ensureOk(await request<StatusResponse>('/api/notification/update-status', { method: 'POST', body: form }));
}

/** POST /api/notification/update with markAllRead "true". */
export async function markAllNotificationsRead(): Promise<void> {
  const form = new FormData();
  form.append('markAllRead', 'true');
  ensureOk(await request<StatusResponse>('/api/notification/update', { method: 'POST', body: form }));
}

/** GET /api/notification: the newest notifications (the header's dropdown). */
export async function listNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  const response = await request<{ status?: number; notifications?: AppNotification[] }>('/api/notification', {
    signal,
  });
  ensureOk(response);
  return response?.notifications ?? [];
}

/** GET /api/notification/page: one page of the /notification page, after `cursor`. */
export async function listNotificationPage(
  filter: NotificationFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const response = await request<NotificationPage>('/api/notification/page', {
    query: {
      cursor: cursor ?? undefined,
      filter: filter.unreadOnly ? 'unread' : undefined,
      type: filter.type || undefined,
      limit: 20,
    },
    signal,
  });
  ensureOk(response);
  return { status: 200, notifications: response?.notifications ?? [], nextCursor: response?.nextCursor ?? null };
}

/** GET /api/notification/count: the unread count (the badge, the sidebar). */
export async function countUnread(signal?: AbortSignal): Promise<number> {
  const response = await request<StatusResponse & { unread?: number }>('/api/notification/count', { signal });
  ensureOk(response);
  return response?.unread ?? 0;
}

/** POST /api/notification/broadcasts/preview (ADMIN). */
export async function previewBroadcast(body: BroadcastBody): Promise<BroadcastPreview> {
  const envelope = await api.post<BroadcastPreview>('/api/notification/broadcasts/preview', body);
  return envelope.result as BroadcastPreview;
}

/** POST /api/notification/broadcasts (ADMIN): queued; the job queue writes the recipients' notifications. */
export async function sendBroadcast(body: BroadcastBody): Promise<Broadcast> {
  const envelope = await api.post<Broadcast>('/api/notification/broadcasts', body);
  return envelope.result as Broadcast;
}

/** GET /api/notification/broadcasts?page= (ADMIN). */
export async function listBroadcasts(page: number, signal?: AbortSignal): Promise<BroadcastPage> {
  const envelope = await api.get<BroadcastPage>('/api/notification/broadcasts', { query: { page }, signal });
  return envelope.result as BroadcastPage;
}

/** A person the administrator can choose as a recipient. */
export interface Recipient {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
}

type RecipientField = 'userId' | 'username' | 'firstName' | 'lastName' | 'roleName';

/** GET /users?search= (ADMIN): people matching a search, to choose recipients from. */
export async function searchRecipients(search: string, signal?: AbortSignal): Promise<Recipient[]> {
  const envelope = await api.get<{ items?: Partial<Record<RecipientField, string | null>>[] }>('/users', {
    query: { search },
    signal,
  });
  return (envelope.result?.items ?? []).map((raw) => ({
    id: raw.userId ?? '',
    username: raw.username ?? '',
    firstName: raw.firstName ?? '',
    lastName: raw.lastName ?? '',
    role: raw.roleName ?? '',
  }));
}
