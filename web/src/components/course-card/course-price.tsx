import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/wasm';

/**
 * A course's price: the sale price (`discount`) when the course is on sale, with the original price struck
 * through, else the price. Amounts are minor units of `currency`, formatted by the shared money rule.
 */
export function CoursePrice({
  price,
  currentPrice,
  currency,
  size = 'md',
}: {
  /** The list price. */
  price: number;
  /** What the learner pays now (the server's price rule): below `price` when on sale. */
  currentPrice: number;
  currency: string;
  size?: 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation('catalogue');
  const onSale = currentPrice < price;
  const current = currentPrice;
  const big = size === 'lg';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="course-price">
      <span className={`font-extrabold text-teal-700 ${big ? 'text-3xl' : 'text-lg'}`}>
        {current === 0 ? t('card.free') : formatPrice(current, currency, i18n.language)}
      </span>
      {onSale && (
        <del className={`text-slate-500 ${big ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">{t('card.originalPrice')} </span>
          {formatPrice(price, currency, i18n.language)}
        </del>
      )}
    </p>
  );
}
