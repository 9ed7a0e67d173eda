import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { UserMenuButton } from './user-menu-button';

/** The signed-in menu's panel loads after its button: the button shows at once, the panel opens on demand. */
const SignedInMenu = lazy(() => import('./signed-in-menu'));

/** Header user menu: Profile for all, Dashboard for TEACHER/ADMIN, logout; Login/Register when signed out. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { user, isLoading } = useAuth();

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

  return (
    <Suspense
      fallback={
        <div className="relative">
          <UserMenuButton user={user} />
        </div>
      }
    >
      <SignedInMenu user={user} />
    </Suspense>
  );
}
