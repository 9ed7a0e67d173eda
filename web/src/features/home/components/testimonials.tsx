import { Quote, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FallbackImage } from '@/components/ui/fallback-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { placeholders } from '@/config/placeholders';
import type { Testimonial } from '@/lib/api/types';

/** four entries, shown side by side (no autoplay). */
const TESTIMONIALS = 4;
const fallbackKeys = ['one', 'two', 'three', 'four'] as const;

/** four static entries (quote, name, position); the academy's own when it has them. */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  const { t } = useTranslation('home');
  const entries: Testimonial[] =
    testimonials.length > 0
      ? testimonials.slice(0, TESTIMONIALS)
      : fallbackKeys.map((key) => ({
          id: key,
          name: t(`testimonials.fallback.${key}.name`),
          position: t(`testimonials.fallback.${key}.position`),
          quote: t(`testimonials.fallback.${key}.quote`),
          rating: 5,
          avatar: null,
        }));
  return (
    <section data-section="testimonials" aria-labelledby="testimonials-title" className="bg-slate-50">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('testimonials.eyebrow')}
          title={t('testimonials.title')}
          align="center"
        />
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {entries.map((entry) => (
            <li key={entry.id}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <Quote aria-hidden="true" className="size-8 text-teal-200" />
                <div className="mt-3 flex" role="img" aria-label={t('testimonials.rating', { count: entry.rating })}>
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star
                      key={i}
                      aria-hidden="true"
                      className={`size-4 ${i < entry.rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}`}
                    />
                  ))}
                </div>
                <blockquote className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">“{entry.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
                  <FallbackImage
                    src={entry.avatar}
                    fallback={placeholders.avatar}
                    width={44}
                    height={44}
                    className="size-11 rounded-full bg-slate-100"
                  />
                  <span>
                    <span className="block font-bold text-slate-900">{entry.name}</span>
                    <span className="block text-xs text-slate-500">{entry.position}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
