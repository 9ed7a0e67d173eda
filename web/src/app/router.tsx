import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/features/errors/routes/error-screen';
import { catalogueDashboardPaths, catalogueDashboardRoutes, cataloguePublicPaths, cataloguePublicRoutes } from './catalogue-routes';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import { PublicLayout } from './layouts/public-layout';
import { Root } from './root';
import { RouteGuard } from './route-guard';

const HomePage = lazy(() => import('@/features/home/routes/home'));
const NotFoundPage = lazy(() => import('@/features/errors/routes/not-found'));
const PublicPlaceholder = lazy(() => import('@/features/placeholders/routes/public-page'));
const DashboardLayout = lazy(() => import('./layouts/dashboard-layout'));
const DashboardPlaceholder = lazy(() => import('@/features/placeholders/routes/dashboard-page'));
const LoginPage = lazy(() => import('@/features/auth/routes/login'));
const RegisterPage = lazy(() => import('@/features/auth/routes/register'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('@/features/auth/routes/reset-password'));
const ConfirmEmailPage = lazy(() => import('@/features/auth/routes/confirm-email'));
const ProfilePage = lazy(() => import('@/features/profile/routes/profile'));
const UsersAdminPage = lazy(() => import('@/features/users-admin/routes/users'));
const NotificationsPage = lazy(() => import('@/features/notifications/routes/notifications'));
const BroadcastsPage = lazy(() => import('@/features/notifications/routes/broadcasts'));

/** [path, page key] of the pages later milestones build. */
const publicPages: [string, string][] = [
  ['courselist', 'courseList'],
  ['course/details/:id', 'courseDetails'],
  ['courses', 'courses'],
  ['categorylist', 'categoryList'],
  ['mentorlist', 'mentorList'],
  ['mentor/:id', 'mentor'],
  ['mentor', 'mentor'],
  ['post-feed', 'postFeed'],
  ['popular-post', 'popularPost'],
  ['popular-post/page', 'post'],
  ['informations', 'informations'],
  ['about', 'about'],
  ['contact', 'contact'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['profile/enroll-lectures', 'enrollLectures'],
  ['instructor', 'instructor'],
  ['instructor/course/:courseId', 'instructorCourse'],
  ['cart', 'cart'],
  ['checkout', 'checkout'],
  ['syllabus', 'syllabus'],
  ['syllabus/:id', 'syllabusDetail'],
];

const authPages: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
];

/** [path under /dashboard, page key]. */
const dashboardPages: [string, string][] = [
  ['syllabus', 'syllabus'],
  ['syllabus/add', 'syllabusAdd'],
  ['syllabus/edit/:id', 'syllabusEdit'],
  ['syllabus/view/:id', 'syllabusView'],
  ['myschedule', 'mySchedule'],
  ['available', 'available'],
  ['class-register', 'classRegister'],
  ['subjects', 'subjects'],
  ['subjects/create', 'subjectsCreate'],
  ['subjects/update/:id', 'subjectsUpdate'],
  ['subjects/view/:id', 'subjectsView'],
  ['course/add-new', 'courseAddNew'],
  ['course', 'course'],
  ['course-type', 'courseType'],
  ['mentorship/add-plan', 'mentorshipAddPlan'],
  ['mentorship/all-plan', 'mentorshipAllPlan'],
  ['mentorship/booked-mentorship', 'mentorshipBooked'],
  ['category', 'category'],
  ['sales-report/course', 'salesCourse'],
  ['sales-report/mentorship', 'salesMentorship'],
  ['payment', 'payment'],
  ['payment-account', 'paymentAccount'],
  ['payment-method', 'paymentMethod'],
  ['payment-request', 'paymentRequest'],
  ['withdraw-getway', 'withdrawGateway'],
  ['banners', 'banners'],
  ['post-feed', 'postFeed'],
  ['contact-message', 'contactMessage'],
  ['admission-message', 'admissionMessage'],
  ['ads-promo', 'adsPromo'],
  ['settings', 'settings'],
  ['transection', 'transaction'],
  ['ADMIN-profile', 'adminProfile'],
];

const errorElement = <RouteErrorBoundary />;

const placeholderRoute = ([path, page]: [string, string]): RouteObject => ({
  path,
  element: <PublicPlaceholder page={page} />,
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement,
    children: [
      {
        element: <PublicLayout />,
        errorElement,
        children: [
          {
            element: <RouteGuard />,
            errorElement,
            children: [
              { index: true, element: <HomePage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'notification', element: <NotificationsPage /> },
              ...cataloguePublicRoutes,
              ...publicPages.filter(([path]) => !cataloguePublicPaths.has(path)).map(placeholderRoute),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        errorElement,
        children: [{ element: <RouteGuard />, children: [placeholderRoute(['meeting', 'meeting'])] }],
      },
      {
        element: <AuthLayout />,
        errorElement,
        children: [{ element: <RouteGuard />, children: authPages }],
      },
      {
        path: 'dashboard',
        element: <DashboardLayout />,
        errorElement,
        children: [
          {
            element: <RouteGuard />,
            errorElement,
            children: [
              { index: true, element: <DashboardPlaceholder page="home" /> },
              { path: 'user', element: <UsersAdminPage /> },
              { path: 'notification', element: <BroadcastsPage /> },
              ...catalogueDashboardRoutes,
              ...dashboardPages
                .filter(([path]) => !catalogueDashboardPaths.has(path))
                .map(([path, page]) => ({ path, element: <DashboardPlaceholder page={page} /> })),
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
