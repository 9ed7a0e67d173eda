import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth, useRole } from '@/lib/auth';
import { guardRoute } from '@/lib/wasm';
import { lazyPage } from './lazy-page';

const ForbiddenPage = lazyPage(
  () => import('@/features/errors/routes/forbidden').then((m) => ({ default: m.ForbiddenPage })),
  ['errors'],
);

/**
 * The route guard, deciding with the shared route table: open routes render at once; guarded ones
 * show a spinner while the auth state loads, then the page, a redirect to /login remembering the origin
 * (`?redirect=` and router state `from`), or the 403 page. Lazy pages show the spinner while they load.
 */
export function RouteGuard() {
  const { isLoading } = useAuth();
  const role = useRole();
  const location = useLocation();
  const page = (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );

  if (guardRoute(location.pathname, null) === 'open') return page;
  if (isLoading) return <PageSpinner />;

  switch (guardRoute(location.pathname, role)) {
    case 'open':
    case 'allowed':
      return page;
    case 'redirectToLogin': {
      const origin = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(origin)}`} state={{ from: origin }} replace />;
    }
    case 'forbidden':
      return (
        <Suspense fallback={<PageSpinner />}>
          <ForbiddenPage />
        </Suspense>
      );
  }
}
