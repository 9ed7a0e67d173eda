import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice } from '@/lib/wasm';
import { checkoutQueries } from '../api/queries';
import { OrderStatus } from '../components/order-status';
import { useDates } from '@/lib/dates';

/** /profile/orders: the learner's orders, newest first, each leading to its receipt (or to paying it). */
export default function OrdersPage() {
  const { t, i18n } = useTranslation('checkout');
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...checkoutQueries.orders(page), placeholderData: keepPreviousData });
  useDocumentMeta(t('orders.title'), t('orders.title'));
  const dates = useDates();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-12" data-testid="orders-page">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('orders.title')}</h1>
        <Link to={paths.profile} className={buttonClass('secondary', 'sm')}>
          {t('orders.backToProfile')}
        </Link>
      </div>
      {orders.isError ? (
        <LoadError onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24 rounded-2xl" />
          <Skeleton className="h-24 rounded-2xl" />
          <Skeleton className="h-24 rounded-2xl" />
        </div>
      ) : orders.data.items.length === 0 ? (
        <EmptyState
          icon={<Receipt aria-hidden="true" className="size-7" />}
          title={t('orders.empty')}
          action={
            <Link to={paths.courseList} className={buttonClass('primary')}>
              {t('cart.browse')}
            </Link>
          }
        />
      ) : (
        <>
          <ul className="space-y-3">
            {orders.data.items.map((order) => (
              <li key={order._id} data-testid="order-row">
                <Link
                  to={
                    order.status === 'pending'
                      ? `${paths.checkout}?order=${encodeURIComponent(order._id)}`
                      : paths.order(order._id)
                  }
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border border-slate-200 bg-white p-4 hover:border-teal-600"
                >
                  <span className="font-mono text-sm font-semibold text-slate-900">{order.code}</span>
                  <OrderStatus status={order.status} />
                  <span className="ml-auto font-bold text-slate-900">
                    {formatPrice(order.totalAmount, order.currency, i18n.language)}
                  </span>
                  <span className="w-full truncate text-sm text-slate-600">
                    {order.items.map((item) => item.title).join(', ')}
                  </span>
                  <span className="text-xs text-slate-500">{dates.dateTime(order.createdAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {orders.data.totalPages > 1 && (
            <div className="mt-6 flex justify-center gap-2">
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('orders.previous')}
              </button>
              <span className="self-center text-sm text-slate-600">
                {page} / {orders.data.totalPages}
              </span>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={page >= orders.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                {t('orders.next')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
