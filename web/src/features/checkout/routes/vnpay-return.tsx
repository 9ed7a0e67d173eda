import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { checkoutQueries } from '../api/queries';

/** VNPay's answer code for a completed payment. */
const VNPAY_SUCCESS = '00';

/**
 * /checkout/vnpay-return: where VNPay sends the learner back. Only VNPay's server-to-server notice changes the
 * order, so this page only finds the order (`vnp_TxnRef` is its code) and shows it, followed until it is paid;
 * when VNPay says the payment did not go through, it says so and the order stays payable.
 */
export default function VnpayReturnPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  useDocumentMeta(t('checkout.metaTitle'), t('checkout.metaTitle'));
  const code = params.get('vnp_TxnRef') ?? '';
  const succeeded = params.get('vnp_ResponseCode') === VNPAY_SUCCESS;
  const orders = useQuery(checkoutQueries.orders(1));
  const order = orders.data?.items.find((o) => o.code === code);

  if (orders.isError) return <LoadError onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <PageSpinner />;
  if (order && succeeded) return <Navigate to={`${paths.checkout}?order=${encodeURIComponent(order._id)}`} replace />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center" data-testid="vnpay-return">
      <p role="alert" className="rounded-2xl bg-amber-50 p-6 text-amber-900">
        {order ? t('vnpay.notPaid') : t('payment.notFound')}
      </p>
      <Link
        to={order ? `${paths.checkout}?order=${encodeURIComponent(order._id)}` : paths.cart}
        className={`${buttonClass('primary')} mt-6`}
      >
        {order ? t('vnpay.backToOrder') : t('payment.backToCart')}
      </Link>
    </div>
  );
}
