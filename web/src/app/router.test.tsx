import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { matchRoutes, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LocationProbe } from '@/testing/render';
import { dashboardRoutes } from './dashboard-routes';
import { AppRoutes, routes } from './router';

/** Every public and dashboard route, including the sidebar-only dashboard routes, as concrete paths. */
const specPaths = [
  '/',
  '/courselist',
  '/courselist?search=web&category=3',
  '/course/details/abc',
  '/courses',
  '/categorylist',
  '/mentorlist',
  '/mentor/42',
  '/mentor?id=42',
  '/post-feed',
  '/popular-post',
  '/popular-post/page?id=7',
  '/informations',
  '/about',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/terms',
  '/privacy',
  '/profile',
  '/profile/enroll-lectures?id=c1',
  '/instructor',
  '/instructor/course/c1',
  '/cart',
  '/checkout',
  '/notification',
  '/meeting',
  '/syllabus',
  '/syllabus/9',
  '/dashboard',
  '/dashboard/user',
  '/dashboard/syllabus',
  '/dashboard/syllabus/add',
  '/dashboard/syllabus/edit/1',
  '/dashboard/syllabus/view/1',
  '/dashboard/myschedule',
  '/dashboard/available',
  '/dashboard/class-register',
  '/dashboard/subjects',
  '/dashboard/subjects/create',
  '/dashboard/subjects/update/1',
  '/dashboard/subjects/view/1',
  '/dashboard/course/add-new',
  '/dashboard/course/',
  '/dashboard/course-type',
  '/dashboard/mentorship/add-plan',
  '/dashboard/mentorship/all-plan',
  '/dashboard/mentorship/booked-mentorship',
  '/dashboard/category',
  '/dashboard/sales-report/course',
  '/dashboard/sales-report/mentorship',
  '/dashboard/payment',
  '/dashboard/payment-account',
  '/dashboard/payment-method',
  '/dashboard/payment-request',
  '/dashboard/withdraw-getway',
  '/dashboard/banners',
  '/dashboard/post-feed',
  '/dashboard/contact-message',
  '/dashboard/admission-message',
  '/dashboard/notification',
  '/dashboard/ads-promo',
  '/dashboard/settings',
  '/dashboard/transection',
  '/dashboard/ADMIN-profile',
];

/** The path of the route that shows `path` ('index' for an index route), in the dashboard's own table under it. */
function leafPath(path: string): string | undefined {
  const pathname = path.split('?')[0] ?? path;
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  const route =
    leaf?.route.path === 'dashboard/*'
      ? matchRoutes(dashboardRoutes, pathname, leaf.pathnameBase)?.at(-1)?.route
      : leaf?.route;
  return route?.index ? 'index' : route?.path;
}

/** The app's routes in a memory router at `at`, with a probe showing where navigation went. */
function renderApp(at: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[at]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('router', () => {
  it.each(specPaths)('%s has its own route', (path) => {
    expect(leafPath(path)).toBeDefined();
    expect(leafPath(path)).not.toBe('*');
  });

  it.each(['/nope', '/course/details', '/dashboardx', '/mentor/1/2', '/dashboard/nope', '/dashboard/course/edit'])(
    '%s falls through to the 404 page',
    (path) => {
      expect(leafPath(path)).toBe('*');
    },
  );

  it('renders a public page in Vietnamese, with its title and description', async () => {
    renderApp('/courselist?search=web');
    // The page is a lazy chunk (course card, filters): give it time to load on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Tất cả khóa học' }, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Tất cả khóa học | Academy'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Tìm kiếm và lọc mọi khóa học của học viện theo từ khóa và chuyên mục.',
    );
  });

  it('renders the 404 page for an unknown path', async () => {
    renderApp('/khong-ton-tai');
    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeTruthy();
  });

  it('sends a visitor who opens the dashboard to /login', async () => {
    renderApp('/dashboard/settings');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/login?redirect=${encodeURIComponent('/dashboard/settings')}`,
      ),
    );
  });
});
