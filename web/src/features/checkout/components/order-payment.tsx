import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/wasm';
import { checkoutApi, type Order } from '../api/checkout';
import { checkoutQueries, refreshAfterPayment, useCancelOrder } from '../api/queries';
import { OrderSummary } from './order-summary';
import { VietQrPanel } from '@/components/payments/vietqr-panel';

/** Where a paid order leads: the learning page of its (first) course. */
export function learningTarget(order: Order): string {
  const first = order.items.find((item) => item.status === 'active') ?? order.items[0];
  return first ? paths.enrollLectures(first.courseId) : paths.profile;
}

/**
 * A placed order: while it waits, how to pay it (the VietQR panel with its countdown, what already arrived when a
 * transfer fell short, VNPay instead, Cancel). It is read again every few seconds, and once paid the page says so
 * and goes on to the course. An expired or cancelled order says so and leads back to the cart.
 */
export function OrderPayment({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('checkout');
  const navigate = useNavigate();
  const client = useQueryClient();
  const order = useQuery(checkoutQueries.order(orderId, true));
  const cancel = useCancelOrder();
  const vnpayOpen = useQuery(checkoutQueries.methods()).data?.vnpay ?? false;
  const [leaving, setLeaving] = useState(false);
  const wasPending = useRef(false);
  const data = order.data;

  useEffect(() => {
    if (!data) return;
    if (data.status === 'pending') wasPending.current = true;
    if (data.status === 'paid' && wasPending.current) {
      wasPending.current = false;
      toast.success(t('payment.received'));
      void refreshAfterPayment(client).then(() => navigate(learningTarget(data)));
    }
  }, [data, client, navigate, t]);

  if (order.isError && !data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return missing ? (
      <p role="alert" className="rounded-2xl bg-rose-50 p-6 text-rose-800">
        {t('payment.notFound')}
      </p>
    ) : (
      <LoadError onRetry={() => void order.refetch()} />
    );
  }
  if (!data) {
    return (
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]" aria-busy="true">
        <Skeleton className="h-[28rem] rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    );
  }

  const money = (minor: number) => formatPrice(minor, data.currency, i18n.language);
  const payVnpay = async () => {
    setLeaving(true);
    try {
      window.location.assign(await checkoutApi.vnpay(data._id));
    } catch (e) {
      setLeaving(false);
      toast.error(e instanceof ApiError && e.kind === 'envelope' ? e.message : t('checkout.vnpayFailed'));
    }
  };

  let main;
  if (data.status === 'pending') {
    main = (
      <div className="space-y-4">
        {data.amountReceived > 0 && (
          <p role="status" data-testid="partial-payment" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            {t('payment.partial', { received: money(data.amountReceived), due: money(data.amountDue) })}
          </p>
        )}
        {data.payment ? (
          <VietQrPanel
            bank={{
              bin: data.payment.bankBin,
              name: data.payment.bankName,
              accountNumber: data.payment.accountNumber,
              accountName: data.payment.accountName,
            }}
            amount={data.payment.amount}
            currency={data.payment.currency}
            note={data.payment.note}
            expiresAt={data.payment.expiresAt}
          />
        ) : (
          <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            {t('payment.noBank')}
          </p>
        )}
        <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite" data-testid="payment-waiting">
          <span className="size-2 animate-pulse rounded-full bg-teal-600" aria-hidden="true" />
          {t('payment.waiting')}
        </p>
        <div className="flex flex-wrap gap-2">
          {vnpayOpen && (
            <button
              type="button"
              onClick={() => void payVnpay()}
              disabled={leaving}
              className={buttonClass('secondary', 'sm')}
            >
              <CreditCard aria-hidden="true" className="size-4" />
              {t('payment.payVnpay')}
            </button>
          )}
          <button
            type="button"
            onClick={() => cancel.mutate(data._id, { onError: (e) => toast.error(e.message) })}
            disabled={cancel.isPending}
            className={buttonClass('ghost', 'sm')}
          >
            {t('payment.cancel')}
          </button>
        </div>
      </div>
    );
  } else if (data.status === 'paid') {
    main = (
      <div role="status" data-testid="order-paid" className="rounded-2xl bg-emerald-50 p-6 text-emerald-900">
        <CheckCircle2 aria-hidden="true" className="mb-2 size-8" />
        <p className="text-lg font-bold">{t('payment.paidTitle')}</p>
        <p className="mt-1 text-sm">{t('payment.paidText')}</p>
        <Link to={learningTarget(data)} className={`${buttonClass('primary')} mt-4`}>
          {t('payment.startLearning')}
        </Link>
      </div>
    );
  } else {
    main = (
      <div role="alert" data-testid={`order-${data.status}`} className="rounded-2xl bg-rose-50 p-6 text-rose-900">
        <TriangleAlert aria-hidden="true" className="mb-2 size-8" />
        <p className="text-lg font-bold">{t(`status.${data.status}`, { defaultValue: data.status })}</p>
        <p className="mt-1 text-sm">{t(`payment.closed.${data.status}`, { defaultValue: '' })}</p>
        <Link to={paths.cart} className={`${buttonClass('primary')} mt-4`}>
          {t('payment.backToCart')}
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
      {main}
      <div className="space-y-3">
        <OrderSummary
          lines={data.items.map((item) => ({
            key: item._id,
            title: item.title,
            thumbnail: item.thumbnail,
            price: item.price,
          }))}
          currency={data.currency}
          subtotal={data.subtotal}
          discount={data.discountTotal}
          total={data.totalAmount}
          couponCode={data.couponCode}
        />
        <p className="text-center text-sm text-slate-500">
          {t('payment.code')} <strong className="font-mono text-slate-800">{data.code}</strong>
        </p>
      </div>
    </div>
  );
}
