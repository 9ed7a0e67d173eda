import { LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoverMenu } from '@/components/hover-menu';
import { paths } from '@/config/paths';
import { useAuth, useRole, type CurrentUser } from '@/lib/auth';
import { headerShowsDashboard } from '@/lib/wasm';
import { personName } from '@/lib/person-name';
import { Avatar, UserMenuButton } from './user-menu-button';

/** The signed-in user menu: its button, and a panel with Profile, Dashboard for TEACHER/ADMIN and logout. */
export default function SignedInMenu({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation('layout');
  const { logout } = useAuth();
  const menu = useHoverMenu();
  const role = useRole();

  const signOut = async () => {
    menu.close();
    await logout({ to: paths.login });
  };

  return (
    <div className="relative" {...menu.containerProps}>
      <UserMenuButton user={user} {...menu.triggerProps} />
      {menu.open && (
        <div
          role="menu"
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-2xl border border-slate-200 bg-white p-2 shadow-2xl"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-3 pt-2 pb-3">
            <Avatar user={user} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{personName(user, i18n.language)}</p>
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
