import { ChevronDown } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@/lib/auth';

export function Avatar({ user, className = 'size-9' }: { user: CurrentUser; className?: string }) {
  const initials = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || '?';
  return user.avatar ? (
    <img src={user.avatar} alt="" className={`${className} rounded-full object-cover ring-2 ring-white`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center rounded-full bg-amber-100 text-sm font-bold text-amber-800`}
    >
      {initials}
    </span>
  );
}

/** The button of the signed-in menu: the avatar and a chevron. */
export function UserMenuButton({ user, ...trigger }: { user: CurrentUser } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation('layout');
  return (
    <button
      type="button"
      {...trigger}
      aria-label={t('user.menu')}
      className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100"
    >
      <Avatar user={user} />
      <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
    </button>
  );
}
