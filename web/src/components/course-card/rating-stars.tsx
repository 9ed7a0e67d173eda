import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, ratingDisplay } from '@/lib/wasm';

/**
 * five stars, the rounded rating of them filled, then the one-decimal value: with the number of reviews it rests
 * on when `count` is given ("4.8 (120)"), else with its "k" suffix. The stars are one
 * element (`.rating-stars` in index.css: a star-shaped mask over two colours), not five icons: a page of cards has
 * hundreds fewer elements to lay out.
 */
export function RatingStars({
  rating,
  count,
  className = '',
}: {
  rating: number;
  /** The number of reviews behind the rating. */
  count?: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation('catalogue');
  const display = ratingDisplay(rating);
  const label =
    count === undefined
      ? t('card.ratingLabel', { value: display.value })
      : t('card.ratingFrom', { value: display.value, count, formatted: formatCount(count, i18n.language) });
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`} role="img" aria-label={label}>
      <span
        className="rating-stars"
        style={{ '--filled': display.stars } as CSSProperties}
        data-filled={display.stars}
        aria-hidden="true"
      />
      <span aria-hidden="true" className="text-xs font-semibold text-slate-700" data-testid="rating-label">
        {count === undefined ? display.label : `${display.value} (${formatCount(count, i18n.language)})`}
      </span>
    </span>
  );
}
