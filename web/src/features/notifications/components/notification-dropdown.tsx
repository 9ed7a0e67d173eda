import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoverMenu } from '@/components/hover-menu';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { notificationQueries } from '../api/queries';
import { useLiveNotifications } from '../live/use-live-notifications';
import { NotificationButton } from './notification-button';
import { NotificationItem } from './notification-item';
import { useNotificationActions } from './use-open-notification';

/** How many notifications the dropdown shows; the page has the rest. */
export const DROPDOWN_ITEMS = 8;

/**
 * The header's notification hover dropdown (signed-in people): the unread badge (only above 0), the newest
 * notifications, Mark All Read (only when something is unread), the empty state, and a link to /notification.
 * The count and the list stay live while the page is open.
 */
export function NotificationDropdown() {
  const { t } = useTranslation('menus');
  const menu = useHoverMenu();
  const count = useQuery(notificationQueries.count());
  // The list is read when the menu first opens, and kept live from then on.
  const latest = useQuery({ ...notificationQueries.latest(), enabled: menu.open });
  const unread = count.data ?? 0;
  const items = (latest.data ?? []).slice(0, DROPDOWN_ITEMS);
  const actions = useNotificationActions({ beforeLeaving: menu.close });
  useLiveNotifications(true);

  useEffect(() => {
    const error = count.error ?? latest.error;
    if (error) console.error('Notification loading failed', error);
  }, [count.error, latest.error]);

  return (
    <div className="relative" {...menu.containerProps}>
      <NotificationButton unread={unread} {...menu.triggerProps} />
      {menu.open && (
        <div
          role="dialog"
          aria-label={t('notifications.title')}
          className="absolute top-full right-0 z-50 mt-2 w-[24rem] max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
            <h2 className="font-bold text-slate-900">{t('notifications.title')}</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={actions.markAll}
                className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-teal-700 hover:bg-teal-50"
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                {t('notifications.markAll')}
              </button>
            )}
          </div>
          {latest.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-6" />
            </div>
          ) : items.length === 0 ? (
            <div className="px-6 py-10 text-center">
              <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                <Bell aria-hidden="true" className="size-7" />
              </span>
              <p className="font-semibold text-slate-800">{t('notifications.emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-500">{t('notifications.emptyText')}</p>
            </div>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((item) => (
                <NotificationItem
                  key={item._id}
                  item={item}
                  onOpen={(opened) => void actions.open(opened)}
                  onMarkRead={(read) => void actions.markRead(read)}
                />
              ))}
            </ul>
          )}
          <div className="border-t border-slate-100 px-5 py-3 text-center">
            <Link
              to={paths.notification}
              onClick={menu.close}
              className="text-sm font-semibold text-teal-700 hover:underline"
            >
              {t('notifications.viewAll')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
