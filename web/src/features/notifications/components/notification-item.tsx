import { Bell, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AppNotification } from '../types';
import { useNotificationTypeLabel } from './type-label';
import { useDates } from '@/lib/dates';

/**
 * One notification: its type (in the reader's language), title, message, picture and time. A
 * click on it opens it (marks it read, then follows its link); its check button marks it read only. Without
 * handlers (a preview) it only shows.
 */
export function NotificationItem({
  item,
  onOpen,
  onMarkRead,
  size = 'compact',
}: {
  item: AppNotification;
  onOpen?: (item: AppNotification) => void;
  onMarkRead?: (item: AppNotification) => void;
  size?: 'compact' | 'large';
}) {
  const { t } = useTranslation('menus');
  const relative = useDates().relative;
  const typeLabel = useNotificationTypeLabel();
  const picture = size === 'large' ? 'size-12' : 'size-11';
  const body = (
    <>
      <span className="text-[11px] font-bold tracking-wide text-teal-700 uppercase">{typeLabel(item.type)}</span>
      <span className="block text-sm font-semibold text-slate-900">{item.title}</span>
      <span className={`${size === 'large' ? '' : 'line-clamp-2'} block text-sm text-slate-600`}>{item.message}</span>
      <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-400">
        {relative(item.createdAt)}
      </time>
    </>
  );
  return (
    <li
      data-testid="notification-item"
      data-read={item.isRead}
      className={`flex gap-3 ${size === 'large' ? 'px-5 py-4' : 'px-5 py-3'} ${item.isRead ? '' : 'bg-teal-50/60'}`}
    >
      {item.imageUrl ? (
        <img src={item.imageUrl} alt="" className={`${picture} shrink-0 rounded-full object-cover`} />
      ) : (
        <span
          className={`flex ${picture} shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400`}
        >
          <Bell aria-hidden="true" className="size-5" />
        </span>
      )}
      {onOpen ? (
        <button type="button" onClick={() => onOpen(item)} className="min-w-0 flex-1 text-left">
          {body}
        </button>
      ) : (
        <div className="min-w-0 flex-1">{body}</div>
      )}
      {!item.isRead && onMarkRead && (
        <button
          type="button"
          onClick={() => onMarkRead(item)}
          aria-label={t('notifications.markRead')}
          title={t('notifications.markRead')}
          className="self-start rounded-lg p-1.5 text-slate-400 hover:bg-white hover:text-teal-700"
        >
          <Check aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}
