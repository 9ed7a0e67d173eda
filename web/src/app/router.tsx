import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/features/errors/routes/error-screen';
import { catalogueDashboardRoutes, cataloguePublicRoutes } from './catalogue-routes';
import { commerceDashboardRoutes } from './commerce-routes';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';
import { Root } from './root';
import { RouteGuard } from './route-guard';

const HomePage = lazyPage(() => import('@/features/home/routes/home'), ['home', 'catalogue']);
const NotFoundPage = lazyPage(() => import('@/features/errors/routes/not-found'), ['errors']);
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'), ['dashboard']);
const DashboardPlaceholder = lazyPage(() => import('@/features/placeholders/routes/dashboard-page'), ['dashboard']);
const LoginPage = lazyPage(() => import('@/features/auth/routes/login'), ['auth']);
const RegisterPage = lazyPage(() => import('@/features/auth/routes/register'), ['auth']);
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/routes/forgot-password'), ['auth']);
const ResetPasswordPage = lazyPage(() => import('@/features/auth/routes/reset-password'), ['auth']);
const ConfirmEmailPage = lazyPage(() => import('@/features/auth/routes/confirm-email'), ['auth']);
const ProfilePage = lazyPage(() => import('@/features/profile/routes/profile'), ['profile', 'auth']);
const MyClasses = lazyPage(() => import('@/features/classes/components/my-classes'), ['classes']);
const EnrollLecturesPage = lazyPage(
  () => import('@/features/learning/routes/enroll-lectures'),
  ['learning', 'reviews', 'catalogue'],
);
const CartPage = lazyPage(() => import('@/features/checkout/routes/cart'), ['checkout', 'catalogue']);
const CheckoutPage = lazyPage(() => import('@/features/checkout/routes/checkout'), ['checkout', 'catalogue']);
const VnpayReturnPage = lazyPage(() => import('@/features/checkout/routes/vnpay-return'), ['checkout', 'catalogue']);
const OrdersPage = lazyPage(() => import('@/features/checkout/routes/orders'), ['checkout', 'catalogue']);
const ReceiptPage = lazyPage(() => import('@/features/checkout/routes/receipt'), ['checkout', 'catalogue']);
const UsersAdminPage = lazyPage(() => import('@/features/users-admin/routes/users'), ['users', 'auth']);
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/routes/notifications'),
  ['notifications', 'menus', 'catalogue'],
);
const BroadcastsPage = lazyPage(() => import('@/features/notifications/routes/broadcasts'), ['notifications', 'menus']);
const AddPlanPage = lazyPage(() => import('@/features/mentorship/routes/add-plan'), ['mentorship', 'catalogue']);
const AllPlansPage = lazyPage(() => import('@/features/mentorship/routes/all-plan'), ['mentorship', 'catalogue']);
const BookedMentorshipPage = lazyPage(
  () => import('@/features/mentorship/routes/booked-mentorship'),
  ['mentorship', 'catalogue'],
);
const ClassRegisterPage = lazyPage(() => import('@/features/classes/routes/class-register'), ['classes', 'catalogue']);
const MeetingPage = lazyPage(() => import('@/features/meeting/routes/meeting'), ['meeting', 'catalogue']);
const AvailablePage = lazyPage(() => import('@/features/schedule/routes/available'), ['schedule', 'catalogue']);
const BookSessionPage = lazyPage(() => import('@/features/schedule/routes/book-session'), ['schedule', 'catalogue']);
const MySchedulePage = lazyPage(() => import('@/features/schedule/routes/my-schedule'), ['calendar', 'catalogue']);

/** The mentorship pages of the dashboard: plans, bookings, the teacher's calendar and week, and live classes. */
const mentorshipDashboardRoutes: RouteObject[] = [
  { path: 'myschedule', element: <MySchedulePage /> },
  { path: 'available', element: <AvailablePage /> },
  { path: 'class-register', element: <ClassRegisterPage /> },
  { path: 'mentorship/add-plan', element: <AddPlanPage /> },
  { path: 'mentorship/all-plan', element: <AllPlansPage /> },
  { path: 'mentorship/booked-mentorship', element: <BookedMentorshipPage /> },
];

const authPages: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
];

/** [path under /dashboard, page key] of the finance and settings pages still to build. */
const dashboardPages: [string, string][] = [
  ['sales-report/course', 'salesCourse'],
  ['sales-report/mentorship', 'salesMentorship'],
  ['payment', 'payment'],
  ['payment-account', 'paymentAccount'],
  ['payment-request', 'paymentRequest'],
  ['withdraw-getway', 'withdrawGateway'],
  ['settings', 'settings'],
  ['ADMIN-profile', 'adminProfile'],
];

/** Where an error stops: the error screen replaces this element, what is around it stays. */
const guarded = (element: ReactNode) => <RouteErrorBoundary>{element}</RouteErrorBoundary>;

export const routes: RouteObject[] = [
  {
    element: guarded(<Root />),
    children: [
      {
        element: guarded(<PublicLayout />),
        children: [
          {
            element: guarded(<RouteGuard />),
            children: [
              { index: true, element: <HomePage /> },
              { path: 'profile', element: <ProfilePage studentSection={<MyClasses />} /> },
              { path: 'profile/enroll-lectures', element: <EnrollLecturesPage /> },
              { path: 'notification', element: <NotificationsPage /> },
              { path: 'profile/orders', element: <OrdersPage /> },
              { path: 'profile/sessions', element: <BookSessionPage /> },
              { path: 'profile/orders/:id', element: <ReceiptPage /> },
              { path: 'cart', element: <CartPage /> },
              { path: 'checkout', element: <CheckoutPage /> },
              { path: 'checkout/vnpay-return', element: <VnpayReturnPage /> },
              ...cataloguePublicRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        element: guarded(<BareLayout />),
        children: [{ element: <RouteGuard />, children: [{ path: 'meeting', element: <MeetingPage /> }] }],
      },
      {
        element: guarded(<AuthLayout />),
        children: [{ element: <RouteGuard />, children: authPages }],
      },
      {
        path: 'dashboard',
        element: guarded(<DashboardLayout />),
        children: [
          {
            element: guarded(<RouteGuard />),
            children: [
              { index: true, element: <DashboardPlaceholder page="home" /> },
              { path: 'user', element: <UsersAdminPage /> },
              { path: 'notification', element: <BroadcastsPage /> },
              ...catalogueDashboardRoutes,
              ...mentorshipDashboardRoutes,
              ...commerceDashboardRoutes,
              ...dashboardPages.map(([path, page]) => ({ path, element: <DashboardPlaceholder page={page} /> })),
            ],
          },
        ],
      },
    ],
  },
];

/** The app's routes for the router around it (a browser router in the app, a memory router in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
