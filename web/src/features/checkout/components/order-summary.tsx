import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/wasm';

export interface SummaryLine {
  key: string;
  title: string;
  thumbnail?: string | null;
  price: number;
  discount?: number;
}

/** The courses of an order (or of what is about to be ordered), the discount and the total. */
export function OrderSummary({
  lines,
  currency,
  subtotal,
  discount,
  total,
  couponCode,
}: {
  lines: SummaryLine[];
  currency: string;
  subtotal: number;
  discount: number;
  total: number;
  couponCode?: string | null;
}) {
  const { t, i18n } = useTranslation('checkout');
  const money = (minor: number) => formatPrice(minor, currency, i18n.language);
  return (
    <section
      aria-labelledby="order-summary"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="order-summary"
    >
      <h2 id="order-summary" className="mb-4 font-bold text-slate-900">
        {t('summary.title')}
      </h2>
      <ul className="mb-4 divide-y divide-slate-100">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-3 py-2.5">
            <img
              src={line.thumbnail || '/demo/course-placeholder.svg'}
              alt=""
              width={64}
              height={40}
              className="h-10 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
            />
            <span className="line-clamp-2 min-w-0 flex-1 text-sm font-medium text-slate-800">{line.title}</span>
            <span className="text-sm font-semibold whitespace-nowrap text-slate-900">{money(line.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">{t('summary.subtotal')}</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        {discount > 0 && (
          <div className="flex justify-between text-emerald-700">
            <dt>{couponCode ? t('summary.discountCode', { code: couponCode }) : t('summary.discount')}</dt>
            <dd>−{money(discount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-slate-100 pt-3 text-base font-bold text-slate-900">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="summary-total">{money(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
