import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel, CarouselButtons, useCarousel } from '@/components/carousel/carousel';
import { FallbackImage } from '@/components/ui/fallback-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import type { Instructor } from '@/lib/api/types';
import { expertisePreview } from '@/lib/wasm';
import { personName } from '@/lib/person-name';

/** Two rows: each slide stacks two instructor cards. */
const ROWS = 2;
/** 3 cards across on wide screens (fewer on narrow ones). */
const SHOWCASE_SLIDE_CLASS = 'basis-full sm:basis-1/2 lg:basis-1/3';
const SHOWCASE_SLIDES_OUT_OF_SIGHT = ['', 'max-sm:hidden', 'max-lg:hidden'];

function columns<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function instructorDisplayName(instructor: Instructor, language: string): string {
  return personName(instructor, language) || instructor.name?.trim() || '';
}

function InstructorCard({ instructor }: { instructor: Instructor }) {
  const { i18n } = useTranslation();
  const preview = expertisePreview(instructor.expertise ?? []);
  const name = instructorDisplayName(instructor, i18n.language);
  return (
    <Link
      to={paths.mentor(instructor.userId)}
      data-testid="instructor-card"
      className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-teal-300 hover:shadow-lg hover:shadow-teal-900/5"
    >
      <FallbackImage
        src={instructor.avatar}
        fallback={placeholders.avatar}
        width={72}
        height={72}
        className="size-18 shrink-0 rounded-2xl bg-slate-100 object-cover"
      />
      <span className="min-w-0">
        <span className="block truncate font-bold text-slate-900 group-hover:text-teal-700">{name}</span>
        <span className="block truncate text-sm text-slate-500">{instructor.profession}</span>
        <span className="mt-2 flex items-center gap-1.5">
          {preview.shown[0] && (
            <span className="truncate rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold text-teal-800">
              {preview.shown[0]}
            </span>
          )}
          {preview.more > 0 && (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-800">
              +{preview.more}
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

/** a carousel of 3 cards across in two rows. */
export function InstructorShowcase({ instructors, loading }: { instructors: Instructor[]; loading: boolean }) {
  const { t } = useTranslation('home');
  const carousel = useCarousel();
  const title = t('instructors.title');
  if (!loading && instructors.length === 0) return null;
  return (
    <section
      data-section="instructors"
      aria-labelledby="instructors-title"
      className="bg-gradient-to-b from-teal-50/60 to-white"
    >
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="instructors-title"
          eyebrow={t('instructors.eyebrow')}
          title={title}
          text={t('instructors.text')}
          actions={<CarouselButtons carousel={carousel} label={title} />}
        />
        {loading ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <span key={i} aria-hidden="true" className="h-28 animate-pulse rounded-2xl bg-slate-200/70" />
            ))}
          </div>
        ) : (
          <Carousel
            carousel={carousel}
            label={title}
            slideClassName={SHOWCASE_SLIDE_CLASS}
            outOfSightBeforeStart={SHOWCASE_SLIDES_OUT_OF_SIGHT}
            testId="carousel-instructors"
          >
            {columns(instructors, ROWS).map((column) => (
              <div key={column.map((i) => i.userId).join()} className="flex flex-col gap-4">
                {column.map((instructor) => (
                  <InstructorCard key={instructor.userId} instructor={instructor} />
                ))}
              </div>
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
