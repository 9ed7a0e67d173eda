import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { StaticAuthProvider, type AuthContextValue, type CurrentUser } from '@/lib/auth';
import { i18n } from '@/lib/i18n';

/** Shows the current location, so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function user(roleName: string, extra: Partial<CurrentUser> = {}): CurrentUser {
  return { firstName: 'Minh', lastName: 'Nguyễn', email: 'minh@example.com', avatar: null, roleName, ...extra };
}

/** Renders routes in a memory router with i18n and a fixed auth state. */
export function renderRoutes(
  routes: RouteObject[],
  { at = '/', auth = {} }: { at?: string; auth?: Partial<AuthContextValue> } = {},
) {
  const wrap = (element: ReactNode) => (
    <StaticAuthProvider value={{ isAuthenticated: Boolean(auth.user), ...auth }}>{element}</StaticAuthProvider>
  );
  const router = createMemoryRouter(
    routes.map((route) => ({ ...route, element: wrap(route.element) }) as RouteObject),
    { initialEntries: [at] },
  );
  return {
    router,
    ...render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  };
}

/** Renders one element at / (with a probe route at every other path). */
export function renderAt(element: ReactNode, options: { at?: string; auth?: Partial<AuthContextValue> } = {}) {
  return renderRoutes(
    [
      { path: '/', element },
      { path: '*', element: <LocationProbe /> },
    ],
    options,
  );
}
