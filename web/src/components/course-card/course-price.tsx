import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/wasm';

/**
 * A course's price: the sale price (`discount`) when the course is on sale, with the original price struck
 * through, else the price. Amounts are minor units of `currency`, formatted by the shared money rule.
 */
export function CoursePrice({
  price,
  discount,
  currency,
  size = 'md',
}: {
  price: number;
  discount?: number | null;
  currency: string;
  size?: 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation('catalogue');
  const onSale = discount !== null && discount !== undefined && discount < price;
  const current = onSale ? discount : price;
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
