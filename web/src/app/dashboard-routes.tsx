import { useRoutes, type RouteObject } from 'react-router';
import { catalogueDashboardRoutes } from './catalogue-dashboard-routes';
import { commerceDashboardRoutes } from './commerce-routes';
import { DashboardLayout } from './layouts/dashboard-layout';
import { lazyPage } from './lazy-page';
import { RouteGuard } from './route-guard';
import { guarded, NotFoundPage } from './route-parts';

const DashboardHomePage = lazyPage(
  () => import('@/features/dashboard-home/routes/home'),
  ['dashboardHome', 'catalogue'],
);
const UsersAdminPage = lazyPage(() => import('@/features/users-admin/routes/users'), ['users', 'auth']);
const BroadcastsPage = lazyPage(() => import('@/features/notifications/routes/broadcasts'), ['notifications', 'menus']);
const AddPlanPage = lazyPage(() => import('@/features/mentorship/routes/add-plan'), ['mentorship', 'catalogue']);
const AllPlansPage = lazyPage(() => import('@/features/mentorship/routes/all-plan'), ['mentorship', 'catalogue']);
const BookedMentorshipPage = lazyPage(
  () => import('@/features/mentorship/routes/booked-mentorship'),
  ['mentorship', 'catalogue'],
);
const ClassRegisterPage = lazyPage(() => import('@/features/classes/routes/class-register'), ['classes', 'catalogue']);
const AvailablePage = lazyPage(() => import('@/features/schedule/routes/available'), ['schedule', 'catalogue']);
const MySchedulePage = lazyPage(() => import('@/features/schedule/routes/my-schedule'), ['calendar', 'catalogue']);

const SettingsPage = lazyPage(() => import('@/features/settings/routes/settings'), ['settings', 'catalogue']);
const AdminProfilePage = lazyPage(() => import('@/features/profile/routes/admin-profile'), ['profile', 'auth']);
const SalesReportPage = lazyPage(() => import('@/features/reports/routes/sales-report'), ['reports', 'catalogue']);
const PaymentPage = lazyPage(() => import('@/features/finance/routes/payment'), ['finance', 'catalogue']);
const WithholdingPage = lazyPage(() => import('@/features/finance/routes/withholding'), ['finance', 'catalogue']);
const PaymentAccountPage = lazyPage(
  () => import('@/features/finance/routes/payment-account'),
  ['finance', 'catalogue'],
);
const PaymentRequestPage = lazyPage(
  () => import('@/features/finance/routes/payment-request'),
  ['finance', 'catalogue'],
);
const WithdrawGatewayPage = lazyPage(
  () => import('@/features/finance/routes/withdraw-gateway'),
  ['finance', 'catalogue'],
);

/** The money pages: a teacher's balance and payout accounts, the payout queue and the payout settings. */
const financeDashboardRoutes: RouteObject[] = [
  { path: 'sales-report/course', element: <SalesReportPage kind="course" /> },
  { path: 'sales-report/mentorship', element: <SalesReportPage kind="mentorship" /> },
  { path: 'payment', element: <PaymentPage /> },
  { path: 'payment/withholding', element: <WithholdingPage /> },
  { path: 'payment-account', element: <PaymentAccountPage /> },
  { path: 'payment-request', element: <PaymentRequestPage /> },
  { path: 'withdraw-getway', element: <WithdrawGatewayPage /> },
];

/** The mentorship pages of the dashboard: plans, bookings, the teacher's calendar and week, and live classes. */
const mentorshipDashboardRoutes: RouteObject[] = [
  { path: 'myschedule', element: <MySchedulePage /> },
  { path: 'available', element: <AvailablePage /> },
  { path: 'class-register', element: <ClassRegisterPage /> },
  { path: 'mentorship/add-plan', element: <AddPlanPage /> },
  { path: 'mentorship/all-plan', element: <AllPlansPage /> },
  { path: 'mentorship/booked-mentorship', element: <BookedMentorshipPage /> },
];

/** The pages under /dashboard, in the dashboard's layout. */
export const dashboardRoutes: RouteObject[] = [
  {
    element: guarded(<DashboardLayout />),
    children: [
      {
        element: guarded(<RouteGuard />),
        children: [
          { index: true, element: <DashboardHomePage /> },
          { path: 'user', element: <UsersAdminPage /> },
          { path: 'notification', element: <BroadcastsPage /> },
          ...catalogueDashboardRoutes,
          ...mentorshipDashboardRoutes,
          ...commerceDashboardRoutes,
          ...financeDashboardRoutes,
          { path: 'ADMIN-profile', element: <AdminProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The dashboard's routes, below `/dashboard/*` of the app's (a chunk loaded when the dashboard is first opened). */
export default function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
