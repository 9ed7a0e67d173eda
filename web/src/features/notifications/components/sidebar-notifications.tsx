import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { notificationQueries } from '../api/queries';
import { useLiveNotifications } from '../live/use-live-notifications';

/** The unread count among the newest notifications, as shown: `50+` when every one of a full list is unread. */
export function unreadLabel(items: readonly { isRead: boolean }[], listSize: number): string | null {
  const unread = items.filter((item) => !item.isRead).length;
  if (unread === 0) return null;
  return unread >= listSize ? `${listSize}+` : String(unread);
}

/** The newest notifications `GET /api/notification` lists. */
const LIST_SIZE = 50;

/**
 * The dashboard sidebar's link to /notification with the unread count, read from `GET /api/notification` and
 * kept live.
 */
export function SidebarNotifications({ onNavigate, live = true }: { onNavigate?: () => void; live?: boolean }) {
  const { t } = useTranslation('layout');
  const latest = useQuery(notificationQueries.latest());
  const label = unreadLabel(latest.data ?? [], LIST_SIZE);
  // One copy of the sidebar (the wide one) keeps the tab live; the mobile drawer's shows the same data.
  useLiveNotifications(live);

  useEffect(() => {
    if (latest.error) console.error('Notification loading failed', latest.error);
  }, [latest.error]);

  return (
    <NavLink
      to={paths.notification}
      onClick={onNavigate}
      aria-label={t('notifications.sidebarLabel', { count: label ?? '0' })}
      className="mb-2 flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white"
    >
      <Bell aria-hidden="true" className="size-4" />
      <span className="flex-1">{t('notifications.title')}</span>
      {label && (
        <span
          data-testid="sidebar-notification-count"
          className="min-w-6 rounded-full bg-rose-600 px-1.5 text-center text-xs leading-5 font-bold text-white"
        >
          {label}
        </span>
      )}
    </NavLink>
  );
}
