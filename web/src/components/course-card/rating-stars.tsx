import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ratingDisplay } from '@/lib/wasm';

/**
 * five stars, the rounded rating of them filled, then the one-decimal value with its "k" suffix. The stars are one
 * element (`.rating-stars` in index.css: a star-shaped mask over two colours), not five icons: a page of cards has
 * hundreds fewer elements to lay out.
 */
export function RatingStars({ rating, className = '' }: { rating: number; className?: string }) {
  const { t } = useTranslation('catalogue');
  const display = ratingDisplay(rating);
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${className}`}
      role="img"
      aria-label={t('card.ratingLabel', { value: display.value })}
    >
      <span
        className="rating-stars"
        style={{ '--filled': display.stars } as CSSProperties}
        data-filled={display.stars}
        aria-hidden="true"
      />
      <span aria-hidden="true" className="text-xs font-semibold text-slate-700" data-testid="rating-label">
        {display.label}
      </span>
    </span>
  );
}
