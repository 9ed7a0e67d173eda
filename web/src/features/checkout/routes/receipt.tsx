import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice } from '@/lib/wasm';
import { checkoutQueries } from '../api/queries';
import { OrderStatus } from '../components/order-status';
import { useDates } from '@/lib/dates';

/** /profile/orders/{id}: an order's receipt: its code, state, dates, each course as sold, discount and payments. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('checkout');
  const order = useQuery(checkoutQueries.order(id));
  useDocumentMeta(t('receipt.title'), t('receipt.title'));
  const data = order.data;
  const dates = useDates();
  const when = (iso?: string | null) => (iso ? dates.dateTime(iso) : '—');

  if (order.isError && !data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        {order.error instanceof ApiError && order.error.status === 404 ? (
          <p role="alert" className="rounded-2xl bg-rose-50 p-6 text-rose-800">
            {t('payment.notFound')}
          </p>
        ) : (
          <LoadError onRetry={() => void order.refetch()} />
        )}
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12" aria-busy="true">
        <Skeleton className="h-[32rem] rounded-2xl" />
      </div>
    );
  }
  const money = (minor: number) => formatPrice(minor, data.currency, i18n.language);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-12" data-testid="receipt-page">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={paths.orders} className="text-sm font-semibold text-teal-700 hover:underline">
          ← {t('orders.title')}
        </Link>
        <button type="button" onClick={() => window.print()} className={buttonClass('secondary', 'sm')}>
          <Printer aria-hidden="true" className="size-4" />
          {t('receipt.print')}
        </button>
      </div>
      <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-xl font-bold text-slate-900">{t('receipt.title')}</h1>
            <p className="mt-1 font-mono text-sm text-slate-600">{data.code}</p>
          </div>
          <OrderStatus status={data.status} />
        </header>
        <dl className="mb-6 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{t('receipt.created')}</dt>
            <dd>{when(data.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('receipt.paid')}</dt>
            <dd>{when(data.paidAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('receipt.method')}</dt>
            <dd>{t(`method.${data.paymentMethod}`, { defaultValue: t('method.other') })}</dd>
          </div>
          {data.refundedAt && (
            <div>
              <dt className="text-slate-500">{t('receipt.refunded')}</dt>
              <dd>{when(data.refundedAt)}</dd>
            </div>
          )}
        </dl>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-500">
              <th className="py-2 font-medium">{t('receipt.course')}</th>
              <th className="py-2 text-right font-medium">{t('receipt.price')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item._id} className="border-b border-slate-100" data-testid="receipt-item">
                <td className="py-2.5 pr-3">
                  {item.title}
                  {item.status === 'refunded' && (
                    <span className="ml-2 text-xs text-sky-700">({t('status.refunded')})</span>
                  )}
                </td>
                <td className="py-2.5 text-right whitespace-nowrap">{money(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 ml-auto max-w-xs space-y-1.5 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">{t('summary.subtotal')}</dt>
            <dd>{money(data.subtotal)}</dd>
          </div>
          {data.discountTotal > 0 && (
            <div className="flex justify-between text-emerald-700">
              <dt>{data.couponCode ? t('summary.discountCode', { code: data.couponCode }) : t('summary.discount')}</dt>
              <dd>−{money(data.discountTotal)}</dd>
            </div>
          )}
          <div className="flex justify-between font-bold text-slate-900">
            <dt>{t('summary.total')}</dt>
            <dd>{money(data.totalAmount)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">{t('receipt.received')}</dt>
            <dd>{money(data.amountReceived)}</dd>
          </div>
          {data.amountRefunded > 0 && (
            <div className="flex justify-between text-sky-800">
              <dt>{t('receipt.refundedAmount')}</dt>
              <dd>−{money(data.amountRefunded)}</dd>
            </div>
          )}
        </dl>
      </article>
    </div>
  );
}
