import { queryOptions, useMutation } from '@tanstack/react-query';
import { optimistic } from '@/lib/query-client';
import type { AppNotification } from '../types';
import { notificationKeys } from './keys';
import { loadHeaderNotifications, markAllNotificationsRead, markNotificationRead } from './notifications';

export const notificationQueries = {
  header: () => queryOptions({ queryKey: notificationKeys.header(), queryFn: () => loadHeaderNotifications() }),
};

/** The list with one notification (or, without an id, every one) read. */
export function markedRead(items: AppNotification[], id?: string): AppNotification[] {
  return items.map((item) => (id === undefined || item._id === id ? { ...item, isRead: true } : item));
}

/** Marks one notification read: shown at once, turned back when the server refuses. */
export function useMarkNotificationRead() {
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    ...optimistic<AppNotification[], string>(notificationKeys.header(), (items, id) => markedRead(items, id)),
  });
}

/** Marks every notification read: shown at once, turned back when the server refuses. */
export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    ...optimistic<AppNotification[], void>(notificationKeys.header(), (items) => markedRead(items)),
  });
}
