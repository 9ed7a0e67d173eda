import type { ReactNode } from 'react';
import { useSearchParams, type RouteObject } from 'react-router';
import { useRole } from '@/lib/auth';
import { lazyPage } from './lazy-page';

const CommerceOrdersPage = lazyPage(
  () => import('@/features/commerce-admin/routes/orders'),
  ['commerceAdmin', 'catalogue'],
);
const AdsPromoPage = lazyPage(
  () => import('@/features/commerce-admin/routes/ads-promo'),
  ['commerceAdmin', 'catalogue'],
);
const PaymentMethodPage = lazyPage(
  () => import('@/features/commerce-admin/routes/payment-method'),
  ['commerceAdmin', 'catalogue'],
);
const StatementPage = lazyPage(() => import('@/features/finance/routes/statement'), ['finance']);

/**
 * /dashboard/transection: administrators see the orders and bank transfers (or, with `?teacherId=`, that teacher's
 * statement); teachers see their own statement.
 */
function TransactionsPage({ admin, teacher }: { admin: ReactNode; teacher: ReactNode }) {
  const [params] = useSearchParams();
  return useRole() === 'ADMIN' && !params.get('teacherId') ? admin : teacher;
}

/** The dashboard's commerce pages (paths under /dashboard). */
export const commerceDashboardRoutes: RouteObject[] = [
  {
    path: 'transection',
    element: <TransactionsPage admin={<CommerceOrdersPage />} teacher={<StatementPage />} />,
  },
  { path: 'ads-promo', element: <AdsPromoPage /> },
  { path: 'payment-method', element: <PaymentMethodPage /> },
];
