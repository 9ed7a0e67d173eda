import { useNavigate } from 'react-router';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/queries';
import type { AppNotification } from '../types';

/** Whether a link leaves the site (an https link) rather than naming one of its pages. */
function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/**
 * What a person can do with notifications: open one (an unread one is marked read, then its link is followed),
 * mark one read, mark every one read. Each shows at once; a refusal of the server is logged only.
 */
export function useNotificationActions({ beforeLeaving }: { beforeLeaving?: () => void } = {}) {
  const navigate = useNavigate();
  const markOne = useMarkNotificationRead();
  const markEvery = useMarkAllNotificationsRead();

  const markRead = (item: AppNotification) =>
    markOne.mutateAsync({ id: item._id, wasUnread: !item.isRead }).catch((error: unknown) => {
      console.error('Marking a notification read failed', error);
    });

  const open = async (item: AppNotification) => {
    const marked = item.isRead ? Promise.resolve() : markRead(item);
    const link = item.actionLink;
    if (!link) return;
    beforeLeaving?.();
    if (isExternal(link)) {
      // Leaving the page would cancel the request: the mark is sent first.
      await marked;
      window.location.assign(link);
    } else {
      void navigate(link);
    }
  };

  const markAll = () =>
    markEvery.mutate(undefined, {
      onError: (error) => console.error('Marking all notifications read failed', error),
    });

  return { open, markRead, markAll };
}
