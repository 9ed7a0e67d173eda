import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoverMenu } from '@/components/hover-menu';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth, useRole, type CurrentUser } from '@/lib/auth';
import { headerShowsDashboard } from '@/lib/wasm';

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

/** Header user menu: Profile for all, Dashboard for TEACHER/ADMIN, logout; Login/Register when signed out. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { user, isLoading, logout } = useAuth();
  const menu = useHoverMenu();
  const role = useRole();

  if (isLoading) return <span aria-hidden="true" className="size-9 animate-pulse rounded-full bg-slate-200" />;

  if (!user) {
    return (
      <div className="flex items-center gap-2 whitespace-nowrap">
        <Link to={paths.login} className={buttonClass('ghost', 'sm')}>
          {t('user.login')}
        </Link>
        <Link to={paths.register} className={buttonClass('primary', 'sm')}>
          {t('user.register')}
        </Link>
      </div>
    );
  }

  const signOut = async () => {
    menu.close();
    await logout({ to: paths.login });
  };

  return (
    <div className="relative" {...menu.containerProps}>
      <button
        type="button"
        {...menu.triggerProps}
        aria-label={t('user.menu')}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100"
      >
        <Avatar user={user} />
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </button>
      {menu.open && (
        <div
          role="menu"
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-2xl border border-slate-200 bg-white p-2 shadow-2xl"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-3 pt-2 pb-3">
            <Avatar user={user} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">
                {user.firstName} {user.lastName}
              </p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
          <Link
            role="menuitem"
            to={paths.profile}
            onClick={menu.close}
            className="mt-1 flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-50"
          >
            <UserRound aria-hidden="true" className="size-4 text-slate-500" />
            {t('user.profile')}
          </Link>
          {headerShowsDashboard(role) && (
            <Link
              role="menuitem"
              to={paths.dashboard}
              onClick={menu.close}
              className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-50"
            >
              <LayoutDashboard aria-hidden="true" className="size-4 text-slate-500" />
              {t('user.dashboard')}
            </Link>
          )}
          <button
            role="menuitem"
            type="button"
            onClick={() => void signOut()}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-rose-600 hover:bg-rose-50"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t('user.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
