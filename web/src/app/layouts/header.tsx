import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { SearchBox } from '@/components/search-box';
import { CartButton } from '@/features/cart/components/cart-button';
import { NotificationButton } from '@/features/notifications/components/notification-button';
import { useAuth } from '@/lib/auth';
import { lazyPage } from '../lazy-page';
import { Brand } from './brand';
import { MobileMenu } from './mobile-menu';
import { navItems } from './nav-items';
import { UserMenu } from './user-menu';

// The dropdowns read server state: they load after the first render with their texts, their buttons showing
// meanwhile.
const CartDropdown = lazyPage(
  () => import('@/features/cart/components/cart-dropdown').then((m) => ({ default: m.CartDropdown })),
  ['menus'],
);
const NotificationDropdown = lazyPage(
  () =>
    import('@/features/notifications/components/notification-dropdown').then((m) => ({
      default: m.NotificationDropdown,
    })),
  ['menus'],
);

// Unread chat messages, fetched after sign-in only.
const ChatUnreadLink = lazyPage(() => import('@/features/profile/components/chat/unread-link'), []);

/** The sticky public header. */
export function Header() {
  const { t } = useTranslation('layout');
  const { isAuthenticated } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <MobileMenu />
        <Brand />
        <nav aria-label={t('nav.label')} className="ml-4 hidden lg:block">
          <ul className="flex items-center">
            {navItems.map(({ key, to, end }) => (
              <li key={key}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `rounded-lg px-2.5 py-2 text-sm font-semibold whitespace-nowrap transition xl:px-3 ${
                      isActive ? 'text-teal-700' : 'text-slate-700 hover:text-teal-700'
                    }`
                  }
                >
                  {t(`nav.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <SearchBox className="hidden w-60 md:block lg:hidden xl:block xl:w-56 2xl:w-72" />
          <Suspense
            fallback={
              <div className="relative">
                <CartButton count={0} />
              </div>
            }
          >
            <CartDropdown />
          </Suspense>
          {isAuthenticated && (
            <Suspense
              fallback={
                <div className="relative">
                  <NotificationButton unread={0} />
                </div>
              }
            >
              <NotificationDropdown />
            </Suspense>
          )}
          {isAuthenticated && (
            <Suspense fallback={null}>
              <ChatUnreadLink />
            </Suspense>
          )}
          <LanguageSwitch />
          <div className="hidden sm:block">
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
