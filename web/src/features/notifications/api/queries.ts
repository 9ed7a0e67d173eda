import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  type InfiniteData,
} from '@tanstack/react-query';
import { optimistic } from '@/lib/query-client';
import type { AppNotification, BroadcastBody, NotificationFilter, NotificationPage } from '../types';
import { broadcastKeys, notificationKeys } from './keys';
import {
  countUnread,
  listBroadcasts,
  listNotificationPage,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  previewBroadcast,
  searchRecipients,
  sendBroadcast,
} from './notifications';

/** While a broadcast is being written, its progress is read again this often. */
export const PROGRESS_INTERVAL_MS = 1_000;

export const notificationQueries = {
  /** `GET /api/notification`: the newest notifications. */
  latest: () =>
    queryOptions({ queryKey: notificationKeys.latest(), queryFn: ({ signal }) => listNotifications(signal) }),
  /** The unread count. */
  count: () => queryOptions({ queryKey: notificationKeys.count(), queryFn: ({ signal }) => countUnread(signal) }),
  /** The /notification page's pages, one cursor after another. */
  pages: (filter: NotificationFilter) =>
    infiniteQueryOptions({
      queryKey: notificationKeys.pages(filter),
      queryFn: ({ pageParam, signal }) => listNotificationPage(filter, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page: NotificationPage) => page.nextCursor ?? undefined,
    }),
};

export const broadcastQueries = {
  /** A page of sent broadcasts; read again every second while one of them is still being written. */
  list: (page: number) =>
    queryOptions({
      queryKey: broadcastKeys.list(page),
      queryFn: ({ signal }) => listBroadcasts(page, signal),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.items.some((item) => item.status !== 'sent') ? PROGRESS_INTERVAL_MS : false,
    }),
  recipients: (search: string) =>
    queryOptions({
      queryKey: broadcastKeys.recipients(search),
      queryFn: ({ signal }) => searchRecipients(search, signal),
      enabled: search.trim().length > 0,
    }),
};

/** Which notifications a change marks read: one (and whether it was unread), or every one. */
export interface ReadChange {
  id?: string;
  wasUnread?: boolean;
}

function readItem(item: AppNotification, change: ReadChange): AppNotification {
  return change.id === undefined || item._id === change.id ? { ...item, isRead: true } : item;
}

function isPages(data: unknown): data is InfiniteData<NotificationPage, string | null> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

/**
 * Any cached notification data with `change` applied: the count goes down (to 0 for every one), the newest list
 * and the pages show the notifications read.
 */
export function withRead<T>(data: T, change: ReadChange): T {
  if (typeof data === 'number') {
    const count = change.id === undefined ? 0 : change.wasUnread ? Math.max(0, data - 1) : data;
    return count as T;
  }
  if (Array.isArray(data)) return data.map((item: AppNotification) => readItem(item, change)) as T;
  if (isPages(data)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map((n) => readItem(n, change)) })),
    };
  }
  return data;
}

/** Marks one notification read: shown at once (count, lists), turned back when the server refuses. */
export function useMarkNotificationRead() {
  return useMutation({
    mutationFn: ({ id }: { id: string; wasUnread: boolean }) => markNotificationRead(id),
    ...optimistic<unknown, { id: string; wasUnread: boolean }>(notificationKeys.all(), withRead),
  });
}

/** Marks every notification read: shown at once, turned back when the server refuses. */
export function useMarkAllNotificationsRead() {
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    ...optimistic<unknown, void>(notificationKeys.all(), (data) => withRead(data, {})),
  });
}

export function usePreviewBroadcast() {
  return useMutation({ mutationFn: (body: BroadcastBody) => previewBroadcast(body) });
}

export function useSendBroadcast() {
  return useMutation({
    mutationFn: (body: BroadcastBody) => sendBroadcast(body),
    onSuccess: (_broadcast, _body, _snapshot, { client }) =>
      void client.invalidateQueries({ queryKey: broadcastKeys.all() }),
  });
}
