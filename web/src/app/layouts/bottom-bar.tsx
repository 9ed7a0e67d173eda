import { BookOpen, Home, LayoutDashboard, LogOut, ShoppingCart, UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth, useRole } from '@/lib/auth';
import { bottomBarShowsDashboard } from '@/lib/wasm';
import { lazyPage } from '../lazy-page';

// Unread chat messages over the profile item, fetched after sign-in only.
const ChatUnreadBadge = lazyPage(
  () => import('@/features/profile/components/chat/unread-link').then((m) => ({ default: m.ChatUnreadBadge })),
  [],
);

/** The mobile bottom bar (Dashboard only for TEACHER; sign-out through POST /api/logout/). */
export function BottomBar() {
  const { t } = useTranslation('layout');
  const { user, logout } = useAuth();
  const role = useRole();
  const signOut = async () => {
    await logout({ endpoint: '/api/logout/', to: (ok) => (ok ? paths.home : paths.login) });
  };
  const items = [
    { key: 'home', to: paths.home, icon: Home, end: true },
    { key: 'courses', to: paths.courseList, icon: BookOpen, end: false },
    { key: 'cart', to: paths.cart, icon: ShoppingCart, end: false },
    user
      ? { key: 'profile', to: paths.profile, icon: UserRound, end: false }
      : { key: 'login', to: paths.login, icon: UserRound, end: false },
    ...(bottomBarShowsDashboard(role)
      ? [{ key: 'dashboard', to: paths.dashboard, icon: LayoutDashboard, end: false }]
      : []),
  ];
  return (
    <nav
      aria-label={t('bottomBar.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="flex">
        {items.map(({ key, to, icon: Icon, end }) => (
          <li key={key} className="flex-1">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `relative flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${isActive ? 'text-teal-700' : 'text-slate-500'}`
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {t(`bottomBar.${key}`)}
              {key === 'profile' && (
                <Suspense fallback={null}>
                  <ChatUnreadBadge />
                </Suspense>
              )}
            </NavLink>
          </li>
        ))}
        {user && (
          <li className="flex-1">
            <button
              type="button"
              onClick={() => void signOut()}
              className="flex w-full flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-slate-500 hover:text-rose-600"
            >
              <LogOut aria-hidden="true" className="size-5" />
              {t('user.logout')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
