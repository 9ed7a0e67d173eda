import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/lib/auth';
import { LocationProbe, renderRoutes, user } from '@/testing/render';
import { RouteGuard } from './route-guard';

function renderGuarded(at: string, auth: Partial<AuthContextValue>) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <RouteGuard />,
        children: [
          { index: true, element: <p>home page</p> },
          { path: 'profile', element: <p>profile page</p> },
          { path: 'dashboard/*', element: <p>dashboard page</p> },
        ],
      },
      { path: '/login', element: <LocationProbe /> },
    ],
    { at, auth },
  );
}

describe('RouteGuard', () => {
  it('renders an open route at once, even while the auth state loads', () => {
    renderGuarded('/', { isLoading: true });
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('shows a spinner on a guarded route while the auth state loads', () => {
    renderGuarded('/profile', { isLoading: true });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('profile page')).toBeNull();
  });

  it('sends a visitor to /login, remembering the origin', async () => {
    renderGuarded('/profile?tab=mentors', {});
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/profile?tab=mentors')}`,
    );
  });

  it('lets an allowed role in (role names in any case)', () => {
    renderGuarded('/dashboard/user', { user: user('Staff') });
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });

  it('shows the 403 page to a signed-in user whose role is not allowed', async () => {
    renderGuarded('/dashboard/user', { user: user('TEACHER') });
    // The 403 page is a lazy chunk: give it time to load on a busy machine.
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).textContent).toBe(
      'Truy cập trái phép',
    );
    expect(screen.getByText('Bạn không có quyền truy cập trang này.')).toBeTruthy();
    expect(screen.queryByText('dashboard page')).toBeNull();
  });
});
