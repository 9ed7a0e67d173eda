import type { NotificationFilter } from '../types';

/** The notifications feature's query keys: a person's notifications under one root, broadcasts under another. */
export const notificationKeys = {
  all: () => ['notifications'] as const,
  /** The unread count (the header's badge). */
  count: () => [...notificationKeys.all(), 'count'] as const,
  /** Every list of notifications: the newest (dropdown, sidebar) and the pages of /notification. */
  lists: () => [...notificationKeys.all(), 'list'] as const,
  latest: () => [...notificationKeys.lists(), 'latest'] as const,
  pageLists: () => [...notificationKeys.lists(), 'pages'] as const,
  pages: (filter: NotificationFilter) => [...notificationKeys.pageLists(), filter] as const,
};

export const broadcastKeys = {
  all: () => ['notification-broadcasts'] as const,
  list: (page: number) => [...broadcastKeys.all(), 'list', page] as const,
  recipients: (search: string) => [...broadcastKeys.all(), 'recipients', search] as const,
};
