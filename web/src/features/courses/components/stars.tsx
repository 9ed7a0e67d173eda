import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Five stars, `value` of them filled (whole stars: a review's rating). */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <span className="inline-flex" role="img" aria-label={t('starsLabel', { count: value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${className} ${n <= value ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}`}
        />
      ))}
    </span>
  );
}

/** The 1–5 star choice of the review form: a group of radio buttons drawn as stars. */
export function StarPicker({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('reviews');
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{t('stars')}</legend>
      <div className="flex gap-1" data-testid="star-picker">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{t('starsLabel', { count: n })}</span>
            <Star
              aria-hidden="true"
              className={`size-7 transition ${n <= value ? 'fill-amber-400 text-amber-400' : 'fill-white text-slate-300 hover:text-amber-300'}`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
