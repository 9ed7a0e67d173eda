import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sharedKeys } from '@/lib/query-client';
import { notificationKeys } from '../api/keys';
import type { AppNotification } from '../types';
import { connectLive } from './live-connection';

/**
 * Keeps this tab's notification data live while `enabled` (a signed-in person): a new notification joins the
 * newest list and the count at once; a count that changed otherwise (read in another tab or on another device)
 * has the lists read again. A mentorship conversation that changed has the chat's data read again.
 */
export function useLiveNotifications(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    return connectLive({
      onCount: (unread) => {
        const before = client.getQueryData<number>(notificationKeys.count());
        client.setQueryData(notificationKeys.count(), unread);
        if (before !== undefined && before !== unread) {
          void client.invalidateQueries({ queryKey: notificationKeys.lists() });
        }
      },
      onNotification: ({ notification, unread }) => {
        client.setQueryData(notificationKeys.count(), unread);
        client.setQueryData<AppNotification[]>(notificationKeys.latest(), (list) =>
          list && !list.some((item) => item._id === notification._id) ? [notification, ...list] : list,
        );
        void client.invalidateQueries({ queryKey: notificationKeys.pageLists() });
      },
      onChat: () => void client.invalidateQueries({ queryKey: sharedKeys.chat }),
    });
  }, [enabled, client]);
}
