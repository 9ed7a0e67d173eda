import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ratingDisplay } from '@/lib/wasm';

/** five stars, the rounded rating of them filled, then the one-decimal value with its "k" suffix. */
export function RatingStars({ rating, className = '' }: { rating: number; className?: string }) {
  const { t } = useTranslation('catalogue');
  const display = ratingDisplay(rating);
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${className}`}
      role="img"
      aria-label={t('card.ratingLabel', { value: display.value })}
    >
      <span className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Star
            key={i}
            className={`size-3.5 ${i < display.stars ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}`}
          />
        ))}
      </span>
      <span aria-hidden="true" className="text-xs font-semibold text-slate-700" data-testid="rating-label">
        {display.label}
      </span>
    </span>
  );
}
