import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel, CarouselButtons, useCarousel } from '@/components/carousel/carousel';
import { CourseCard, CourseCardSkeleton } from '@/components/course-card/course-card';
import { buttonClass } from '@/components/ui/button';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import type { Course } from '@/lib/api/types';

/** Explore courses → /courselist, a grid of 1, 2 and 4 columns. */
export function PopularCourses({ courses, loading }: { courses: Course[]; loading: boolean }) {
  const { t } = useTranslation('home');
  return (
    <section
      data-section="popular"
      aria-labelledby="popular-title"
      className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6"
    >
      <SectionHeading
        id="popular-title"
        eyebrow={t('popular.eyebrow')}
        title={t('popular.title')}
        text={t('popular.text')}
        actions={
          <Link to={paths.courseList} className={buttonClass('secondary')}>
            {t('popular.explore')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4" data-testid="popular-grid">
        {loading
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <CourseCardSkeleton />
              </li>
            ))
          : courses.map((course) => (
              <li key={course._id}>
                <CourseCard course={course} />
              </li>
            ))}
      </ul>
    </section>
  );
}

export type CarouselKey = 'bestSelling' | 'bestRated' | 'topPopular' | 'free';

/** One of the home page's four course carousels, with its section-level previous / next buttons. */
export function CourseCarouselSection({
  sectionKey,
  courses,
  loading,
  tinted = false,
}: {
  sectionKey: CarouselKey;
  courses: Course[];
  loading: boolean;
  tinted?: boolean;
}) {
  const { t } = useTranslation('home');
  const carousel = useCarousel();
  const title = t(`carousels.${sectionKey}.title`);
  if (!loading && courses.length === 0) return null;
  return (
    <section data-section={sectionKey} aria-labelledby={`${sectionKey}-title`} className={tinted ? 'bg-slate-50' : ''}>
      <div className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6">
        <SectionHeading
          id={`${sectionKey}-title`}
          eyebrow={t(`carousels.${sectionKey}.eyebrow`)}
          title={title}
          text={t(`carousels.${sectionKey}.text`)}
          actions={<CarouselButtons carousel={carousel} label={title} />}
        />
        {loading ? (
          <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 min-[600px]:grid-cols-3 min-[1024px]:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <CourseCardSkeleton key={i} />
            ))}
          </div>
        ) : (
          <Carousel carousel={carousel} label={title} testId={`carousel-${sectionKey}`}>
            {courses.map((course) => (
              <CourseCard key={course._id} course={course} />
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
