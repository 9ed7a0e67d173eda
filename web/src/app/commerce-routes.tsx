import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useRole } from '@/lib/auth';
import { lazyPage } from './lazy-page';

const CommerceOrdersPage = lazyPage(
  () => import('@/features/commerce-admin/routes/orders'),
  ['commerceAdmin', 'catalogue'],
);
const CouponsPage = lazyPage(() => import('@/features/commerce-admin/routes/coupons'), ['commerceAdmin', 'catalogue']);
const PaymentMethodPage = lazyPage(
  () => import('@/features/commerce-admin/routes/payment-method'),
  ['commerceAdmin', 'catalogue'],
);
const DashboardPlaceholder = lazyPage(() => import('@/features/placeholders/routes/dashboard-page'), ['dashboard']);

/** The page for administrators; the others allowed on the route (teachers) see what is planned for them. */
function AdminOnly({ admin, other }: { admin: ReactNode; other: ReactNode }) {
  return useRole() === 'ADMIN' ? admin : other;
}

/** The dashboard's commerce pages (paths under /dashboard). */
export const commerceDashboardRoutes: RouteObject[] = [
  {
    path: 'transection',
    element: <AdminOnly admin={<CommerceOrdersPage />} other={<DashboardPlaceholder page="transaction" />} />,
  },
  { path: 'ads-promo', element: <CouponsPage /> },
  { path: 'payment-method', element: <PaymentMethodPage /> },
];
