import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { StaticAuthProvider, type AuthContextValue, type CurrentUser } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/** Shows the current location, so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function user(roleName: string, extra: Partial<CurrentUser> = {}): CurrentUser {
  return { firstName: 'Minh', lastName: 'Nguyễn', email: 'minh@example.com', avatar: null, roleName, ...extra };
}

/** A query client of its own for one test: nothing cached from another test, a failed read fails at once. */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

/** Renders routes in a memory router with i18n, a fresh query client and a fixed auth state. */
export function renderRoutes(
  routes: RouteObject[],
  {
    at = '/',
    auth = {},
    queryClient = testQueryClient(),
  }: { at?: string; auth?: Partial<AuthContextValue>; queryClient?: QueryClient } = {},
) {
  const wrap = (element: ReactNode) => (
    <StaticAuthProvider value={{ isAuthenticated: Boolean(auth.user), ...auth }}>{element}</StaticAuthProvider>
  );
  const router = createMemoryRouter(
    routes.map((route) => ({ ...route, element: wrap(route.element) })),
    { initialEntries: [at] },
  );
  return {
    router,
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    ),
  };
}

/** Renders one element at / (with a probe route at every other path). */
export function renderAt(
  element: ReactNode,
  options: { at?: string; auth?: Partial<AuthContextValue>; queryClient?: QueryClient } = {},
) {
  return renderRoutes(
    [
      { path: '/', element },
      { path: '*', element: <LocationProbe /> },
    ],
    options,
  );
}
