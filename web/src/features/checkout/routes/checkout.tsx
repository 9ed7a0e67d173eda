import { useQuery } from '@tanstack/react-query';
import { Building2, CreditCard, ShieldCheck } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCart } from '@/lib/cart';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { checkoutApi } from '../api/checkout';
import { checkoutQueries, usePlaceOrder } from '../api/queries';
import { OrderPayment } from '../components/order-payment';
import { OrderSummary, type SummaryLine } from '../components/order-summary';
import { newIdempotencyKey } from '../lib/idempotency';

type Method = 'vietqr' | 'vnpay';

/** The server's refusal in the person's language (its field message when it names one). */
export function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const field = error.fields && Object.values(error.fields)[0];
  return field || (error.kind === 'envelope' ? error.message : fallback);
}

/**
 * /checkout: what is about to be bought (the cart, or the one course of Buy now with `?course=`), the payment
 * method, and Place order, which makes exactly one order however often it is pressed (one idempotency key per
 * visit). Then `?order=` shows how to pay it and follows it until it is paid.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  useDocumentMeta(t('checkout.metaTitle'), t('checkout.metaTitle'));
  const orderId = params.get('order');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12" data-testid="checkout-page">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('checkout.title')}</h1>
      {orderId ? (
        <OrderPayment orderId={orderId} />
      ) : (
        <PlaceOrder courseId={params.get('course')} coupon={params.get('coupon') ?? ''} />
      )}
    </div>
  );
}

function PlaceOrder({ courseId, coupon }: { courseId: string | null; coupon: string }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('vietqr');
  const [key] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const place = usePlaceOrder();
  const cart = useCart(true);
  const quote = useQuery({ ...checkoutQueries.quote(coupon), enabled: !courseId && Boolean(coupon) });
  const course = useQuery({ ...checkoutQueries.course(courseId ?? ''), enabled: Boolean(courseId) });
  const vnpayOpen = useQuery(checkoutQueries.methods()).data?.vnpay ?? false;

  /** The order's page; with VNPay chosen, VNPay's page (or, when it is not available, the order's). */
  const afterPlaced = async (orderId: string) => {
    if (method === 'vnpay') {
      try {
        window.location.assign(await checkoutApi.vnpay(orderId));
        return;
      } catch (e) {
        toast.error(refusalText(e, t('checkout.vnpayFailed')));
      }
    }
    await navigate(`${paths.checkout}?order=${encodeURIComponent(orderId)}`, { replace: true });
  };

  const submit = () => {
    // A second press before the first answer sends nothing (and would get the same order: same key).
    if (sending.current) return;
    sending.current = true;
    setError(null);
    place.mutate(
      { courseIds: courseId ? [courseId] : undefined, couponCode: coupon || undefined, idempotencyKey: key },
      {
        onSuccess: (order) => void afterPlaced(order._id),
        onError: (e) => setError(refusalText(e, t('checkout.failed'))),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  let summary: ReactNode;
  if (courseId) {
    if (course.isError) summary = <LoadError onRetry={() => void course.refetch()} />;
    else if (!course.data) summary = <Skeleton className="h-56 rounded-2xl" />;
    else {
      const c = course.data;
      const price = c.currentPrice;
      summary = (
        <OrderSummary
          lines={[{ key: c._id, title: c.title, thumbnail: c.thumbnail, price }]}
          currency={c.currency}
          subtotal={price}
          discount={0}
          total={price}
        />
      );
    }
  } else if (cart.isError) {
    summary = <LoadError onRetry={() => void cart.refetch()} />;
  } else if (!cart.data || (coupon && quote.isPending)) {
    summary = <Skeleton className="h-56 rounded-2xl" />;
  } else if (cart.data.items.length === 0) {
    return (
      <EmptyState
        title={t('cart.emptyTitle')}
        text={t('cart.emptyText')}
        action={
          <Link to={paths.courseList} className={buttonClass('primary')}>
            {t('cart.browse')}
          </Link>
        }
      />
    );
  } else {
    const q = quote.data;
    const lines: SummaryLine[] = cart.data.items.map((item) => ({
      key: item._id,
      title: item.course.title,
      thumbnail: item.course.thumbnail,
      price: item.course.price,
    }));
    summary = (
      <OrderSummary
        lines={lines}
        currency={cart.data.currency ?? 'VND'}
        subtotal={q?.subtotal ?? cart.data.totalAmount}
        discount={q?.discountTotal ?? 0}
        total={q?.totalAmount ?? cart.data.totalAmount}
        couponCode={q?.couponCode}
      />
    );
  }

  const option = (value: Method, icon: ReactNode, title: string, text: string) => (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition ${
        method === value
          ? 'border-teal-600 bg-teal-50/60 ring-1 ring-teal-600'
          : 'border-slate-200 hover:border-slate-300'
      }`}
    >
      <input
        type="radio"
        name="method"
        value={value}
        checked={method === value}
        onChange={() => setMethod(value)}
        className="mt-1 accent-teal-700"
      />
      <span className="text-teal-700">{icon}</span>
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
    </label>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
      <section aria-labelledby="method-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="method-title" className="mb-4 font-bold text-slate-900">
          {t('checkout.method')}
        </h2>
        <div className="grid gap-3" role="radiogroup" aria-labelledby="method-title">
          {option(
            'vietqr',
            <Building2 aria-hidden="true" className="size-5" />,
            t('checkout.vietqr'),
            t('checkout.vietqrText'),
          )}
          {vnpayOpen &&
            option(
              'vnpay',
              <CreditCard aria-hidden="true" className="size-5" />,
              t('checkout.vnpay'),
              t('checkout.vnpayText'),
            )}
        </div>
        <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
          <ShieldCheck aria-hidden="true" className="size-4 text-teal-700" />
          {t('checkout.secure')}
        </p>
      </section>
      <div className="space-y-4">
        {summary}
        <p role="alert" className="min-h-5 text-sm text-rose-700" data-testid="checkout-error">
          {error}
        </p>
        <button
          type="button"
          onClick={submit}
          disabled={place.isPending}
          aria-busy={place.isPending || undefined}
          className={`${buttonClass('primary', 'lg')} w-full`}
          data-testid="place-order"
        >
          {place.isPending ? t('checkout.placing') : t('checkout.place')}
        </button>
      </div>
    </div>
  );
}
