import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { NotificationType } from '@/lib/wasm';
import { notificationQueries } from '../api/queries';
import { NotificationItem } from '../components/notification-item';
import { useNotificationTypeLabel } from '../components/type-label';
import { useNotificationActions } from '../components/use-open-notification';
import type { NotificationFilter } from '../types';

/** Every notification type (the compiler checks the list against the shared rule's types). */
const TYPES: Record<NotificationType, true> = {
  CoursePurchase: true,
  BookMentorShip: true,
  Referral: true,
  AdminNotification: true,
  Broadcast: true,
  WithdrawalRequest: true,
  PaymentRequest: true,
  Other: true,
};

/**
 * /notification: every notification of the signed-in person, newest first, a page at a time; all or unread
 * only, and by type. Mark All Read appears only while something is unread.
 */
export default function NotificationsPage() {
  const { t } = useTranslation(['notifications', 'menus', 'common']);
  const typeLabel = useNotificationTypeLabel();
  const [filter, setFilter] = useState<NotificationFilter>({ unreadOnly: false, type: '' });
  const pages = useInfiniteQuery(notificationQueries.pages(filter));
  const count = useQuery(notificationQueries.count());
  const actions = useNotificationActions();
  const items = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = count.data ?? 0;
  useDocumentMeta(`${t('page.title')} | ${t('common:brand')}`, t('page.description'));

  useEffect(() => {
    if (pages.error) console.error('Notifications could not be loaded', pages.error);
  }, [pages.error]);

  const empty = filter.type
    ? { title: t('page.emptyTypeTitle'), text: t('page.emptyTypeText') }
    : filter.unreadOnly
      ? { title: t('page.emptyUnreadTitle'), text: t('page.emptyUnreadText') }
      : { title: t('menus:notifications.emptyTitle'), text: t('menus:notifications.emptyText') };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900">{t('page.title')}</h1>
          <p className="mt-1 text-slate-600">{t('page.description')}</p>
        </div>
        {unread > 0 && (
          <button type="button" onClick={actions.markAll} className={buttonClass('secondary', 'sm')}>
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('menus:notifications.markAll')}
          </button>
        )}
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <div role="tablist" aria-label={t('page.filterLabel')} className="flex rounded-lg bg-slate-100 p-1">
          {[false, true].map((unreadOnly) => (
            <button
              key={String(unreadOnly)}
              type="button"
              role="tab"
              aria-selected={filter.unreadOnly === unreadOnly}
              onClick={() => setFilter((f) => ({ ...f, unreadOnly }))}
              className={`rounded-md px-4 py-1.5 text-sm font-semibold ${
                filter.unreadOnly === unreadOnly
                  ? 'bg-white text-teal-700 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {unreadOnly ? t('page.unread') : t('page.all')}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {t('page.type')}
          <select
            value={filter.type}
            onChange={(event) => setFilter((f) => ({ ...f, type: event.target.value }))}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800"
          >
            <option value="">{t('page.anyType')}</option>
            {Object.keys(TYPES).map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="mt-6">
        {pages.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : pages.isError ? (
          <LoadError onRetry={() => void pages.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={<Bell aria-hidden="true" className="size-7" />} title={empty.title} text={empty.text} />
        ) : (
          <>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
              {items.map((item) => (
                <NotificationItem
                  key={item._id}
                  item={item}
                  size="large"
                  onOpen={(opened) => void actions.open(opened)}
                  onMarkRead={(read) => void actions.markRead(read)}
                />
              ))}
            </ul>
            {pages.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  onClick={() => void pages.fetchNextPage()}
                  disabled={pages.isFetchingNextPage}
                  className={buttonClass('secondary')}
                >
                  {pages.isFetchingNextPage && <Spinner className="size-4" />}
                  {t('page.loadMore')}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
