import { Bell } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The header's notification bell with its unread badge. The header shows it alone (nothing unread) until the
 * dropdown, which reads the notifications, has loaded; the dropdown then shows the same button.
 */
export function NotificationButton({
  unread,
  ...trigger
}: { unread: number } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation('layout');
  return (
    <button
      type="button"
      {...trigger}
      aria-label={t('notifications.label', { count: unread })}
      className="relative flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] leading-5 font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
