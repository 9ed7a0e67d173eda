import { useRoutes, type RouteObject } from 'react-router';
import { cataloguePublicRoutes } from './catalogue-routes';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';
import { Root } from './root';
import { RouteGuard } from './route-guard';
import { guarded, NotFoundPage } from './route-parts';

// The dashboard (its layout and routes) is one lazy chunk: a public page's first render matches fewer routes.
const DashboardRoutes = lazyPage(() => import('./dashboard-routes'), ['dashboard']);
const HomePage = lazyPage(() => import('@/features/home/routes/home'), ['home', 'catalogue']);
const LoginPage = lazyPage(() => import('@/features/auth/routes/login'), ['auth']);
const RegisterPage = lazyPage(() => import('@/features/auth/routes/register'), ['auth']);
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/routes/forgot-password'), ['auth']);
const ResetPasswordPage = lazyPage(() => import('@/features/auth/routes/reset-password'), ['auth']);
const ConfirmEmailPage = lazyPage(() => import('@/features/auth/routes/confirm-email'), ['auth']);
const ProfilePage = lazyPage(() => import('@/features/profile/routes/profile'), ['profile', 'auth']);
const ChatPage = lazyPage(() => import('@/features/profile/routes/chat'), ['profile', 'catalogue']);
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
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/routes/notifications'),
  ['notifications', 'menus', 'catalogue'],
);
const MeetingPage = lazyPage(() => import('@/features/meeting/routes/meeting'), ['meeting', 'catalogue']);
const BookSessionPage = lazyPage(() => import('@/features/schedule/routes/book-session'), ['schedule', 'catalogue']);

const authPages: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
];

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
              { path: 'profile/chat/:bookingId', element: <ChatPage /> },
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
      { path: 'dashboard/*', element: guarded(<DashboardRoutes />) },
    ],
  },
];

/** The app's routes for the router around it (a browser router in the app, a memory router in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
