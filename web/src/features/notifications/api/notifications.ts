import { request } from '@/lib/api-client';
import type { AppNotification } from '../types';

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

/** GET /api/notification: status 200 and the list (used by the dashboard and the notification page). */
export async function listNotifications(): Promise<AppNotification[]> {
  const response = await request<{ status?: number; notifications?: AppNotification[] }>('/api/notification');
  ensureOk(response);
  return response?.notifications ?? [];
}

/**
 * The header's loader. how the header's notifications are loaded is not shown (the loader only logs),
 * so the dropdown starts empty.
 */
export function loadHeaderNotifications(): Promise<AppNotification[]> {
  console.info('notifications: loading the header notifications is not defined yet');
  return Promise.resolve([]);
}
