import { useQuery } from '@tanstack/react-query';
import { Bell, Check, CheckCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHoverMenu } from '@/components/hover-menu';
import { paths } from '@/config/paths';
import { notificationTypeLabel } from '@/lib/wasm';
import { notificationQueries, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/queries';
import type { AppNotification } from '../types';
import { NotificationButton } from './notification-button';

function useRelativeTime() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const then = Date.parse(iso);
    if (Number.isNaN(then)) return '';
    const seconds = Math.round((then - Date.now()) / 1000);
    const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 31_536_000],
      ['month', 2_592_000],
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ];
    for (const [unit, size] of units) {
      if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
    }
    return format.format(seconds, 'second');
  };
}

/** Header notification hover dropdown. */
export function NotificationDropdown({ initial = [] }: { initial?: AppNotification[] }) {
  const { t } = useTranslation('menus');
  const navigate = useNavigate();
  const menu = useHoverMenu();
  const relative = useRelativeTime();
  const notifications = useQuery({
    ...notificationQueries.header(),
    initialData: initial.length > 0 ? initial : undefined,
  });
  const items = notifications.data ?? [];
  const unread = items.filter((item) => !item.isRead).length;
  const markOne = useMarkNotificationRead();
  const markEvery = useMarkAllNotificationsRead();

  useEffect(() => {
    if (notifications.error) console.error('Notification loading failed', notifications.error);
  }, [notifications.error]);

  /** Shown read at once; unread again if the server refuses (logged only). */
  const markRead = (id: string) =>
    markOne.mutate(id, { onError: (error) => console.error('Marking a notification read failed', error) });

  const open = (item: AppNotification) => {
    if (!item.isRead) markRead(item._id);
    if (item.actionLink) {
      menu.close();
      if (/^https?:\/\//.test(item.actionLink)) window.location.assign(item.actionLink);
      else void navigate(item.actionLink);
    }
  };

  const markAll = () =>
    markEvery.mutate(undefined, { onError: (error) => console.error('Marking all notifications read failed', error) });

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
                onClick={markAll}
                className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-teal-700 hover:bg-teal-50"
              >
                <CheckCheck aria-hidden="true" className="size-4" />
                {t('notifications.markAll')}
              </button>
            )}
          </div>
          {items.length === 0 ? (
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
                <li key={item._id} className={`flex gap-3 px-5 py-3 ${item.isRead ? '' : 'bg-teal-50/60'}`}>
                  {item.imageUrl ? (
                    <img src={item.imageUrl} alt="" className="size-11 shrink-0 rounded-full object-cover" />
                  ) : (
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                      <Bell aria-hidden="true" className="size-5" />
                    </span>
                  )}
                  <button type="button" onClick={() => open(item)} className="min-w-0 flex-1 text-left">
                    <span className="text-[11px] font-bold tracking-wide text-teal-700 uppercase">
                      {notificationTypeLabel(item.type)}
                    </span>
                    <span className="block text-sm font-semibold text-slate-900">{item.title}</span>
                    <span className="line-clamp-2 block text-sm text-slate-600">{item.message}</span>
                    <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-400">
                      {relative(item.createdAt)}
                    </time>
                  </button>
                  {!item.isRead && (
                    <button
                      type="button"
                      onClick={() => markRead(item._id)}
                      aria-label={t('notifications.markRead')}
                      className="self-start rounded-lg p-1.5 text-slate-400 hover:bg-white hover:text-teal-700"
                    >
                      <Check aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </li>
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
