import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import type { Course } from '@/lib/api/types';
import { personName } from '@/lib/person-name';
import { formatCount } from '@/lib/wasm';
import { CoursePrice } from './course-price';
import { RatingStars } from './rating-stars';

/** One of the card's icons, drawn by index.css (`.card-icon-*`): a single element rather than an SVG. */
function CardIcon({
  name,
  className,
}: {
  name: 'tag' | 'seat' | 'lessons' | 'duration' | 'students';
  className: string;
}) {
  return <span aria-hidden="true" className={`card-icon card-icon-${name} ${className}`} />;
}

/** Hours and whole minutes of a course's total length (rounded to the minute). */
function hoursMinutes(totalSeconds: number): { hours: number; minutes: number } {
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The name a card shows for a course's instructor, in the page's language, or null (the caller shows "Instructor"). */
export function instructorName(instructor: Course['instructor'], language: string): string | null {
  if (!instructor) return null;
  return personName(instructor, language) || instructor.name?.trim() || null;
}

/**
 * The course card of thumbnail (placeholder fallback), title, price with the original struck through
 * when on sale, badge, level, "Seat N", instructor avatar and name, Enroll, and the course's own figures: its
 * category, its rating and number of reviews ("No reviews yet" before the first), its lessons, total length and
 * students (a figure the course does not have yet is left out, never made up).
 * The whole card links to the course page; Enroll does too. Memoised: a carousel renders again at every slide it
 * moves to, its cards need not.
 */
export const CourseCard = memo(function CourseCard({
  course,
  headingLevel = 3,
  priority = false,
}: {
  course: Course;
  headingLevel?: 2 | 3 | 4;
  /** Among the first cards a page shows: its picture loads at once, first (not when scrolled to). */
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation('catalogue');
  const length = hoursMinutes(course.durationSeconds);
  const href = paths.courseDetails(course._id);
  const Heading = `h${headingLevel}` as 'h3';
  const name = instructorName(course.instructor, i18n.language) ?? t('card.instructorFallback');
  const avatar = course.instructor?.avatar ?? course.instructor?.image;

  return (
    <article
      data-testid="course-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-300 hover:-translate-y-1 hover:border-teal-200 hover:shadow-xl hover:shadow-teal-900/10"
    >
      <div className="relative aspect-video overflow-hidden bg-slate-100">
        <FallbackImage
          src={course.thumbnail}
          fallback={placeholders.course}
          width={640}
          height={360}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        {course.courseBadge && (
          <span className="absolute top-3 left-3 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-slate-900 shadow">
            {course.courseBadge}
          </span>
        )}
        <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-teal-800 shadow-sm">
          <CardIcon name="tag" className="size-3" />
          {course.category.categoryName}
        </span>
      </div>

      <div className="flex flex-1 flex-col p-5">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs">
          {course.ratingCount > 0 ? (
            <RatingStars rating={course.ratingAverage} count={course.ratingCount} />
          ) : (
            <span className="font-medium text-slate-500" data-testid="rating-label">
              {t('card.noReviews')}
            </span>
          )}
          <span className="flex items-center gap-2">
            {course.level && (
              <span className="rounded-md bg-teal-50 px-2 py-0.5 font-semibold text-teal-800">{course.level}</span>
            )}
            <span className="inline-flex items-center gap-1 font-medium text-slate-500">
              <CardIcon name="seat" className="size-3.5" />
              {t('card.seat', { count: course.totalSeat ?? 0 })}
            </span>
          </span>
        </div>

        <Heading className="mb-3 text-base leading-snug font-bold text-slate-900">
          <Link
            to={href}
            title={course.title}
            className="line-clamp-2 after:absolute after:inset-0 after:content-[''] group-hover:text-teal-700 focus-visible:outline-none"
          >
            {course.title}
          </Link>
        </Heading>

        <ul className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500" data-testid="course-figures">
          {course.lessonCount > 0 && (
            <li className="inline-flex items-center gap-1">
              <CardIcon name="lessons" className="size-3.5" />
              {t('card.lessons', { count: course.lessonCount })}
            </li>
          )}
          {course.durationSeconds > 0 && (
            <li className="inline-flex items-center gap-1">
              <CardIcon name="duration" className="size-3.5" />
              {length.hours === 0
                ? t('card.minutes', { minutes: Math.max(1, length.minutes) })
                : length.minutes === 0
                  ? t('card.hours', { hours: length.hours })
                  : t('card.hoursMinutes', { hours: length.hours, minutes: length.minutes })}
            </li>
          )}
          {course.enrollmentCount > 0 && (
            <li className="inline-flex items-center gap-1">
              <CardIcon name="students" className="size-3.5" />
              {t('card.students', {
                count: course.enrollmentCount,
                formatted: formatCount(course.enrollmentCount, i18n.language),
              })}
            </li>
          )}
        </ul>

        <div className="mt-auto">
          <div className="mb-4 flex min-w-0 items-center gap-2">
            <FallbackImage
              src={avatar}
              fallback={placeholders.avatar}
              width={28}
              height={28}
              className="size-7 shrink-0 rounded-full bg-slate-100 object-cover"
            />
            <span className="truncate text-sm font-medium text-slate-600" data-testid="course-instructor">
              {name}
            </span>
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <CoursePrice price={course.price} currentPrice={course.currentPrice} currency={course.currency} />
            <Link
              to={href}
              className="relative z-10 shrink-0 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-teal-800"
              aria-label={t('card.enrollIn', { title: course.title })}
            >
              {t('card.enroll')}
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
});

/** The card's shape while loading. */
export function CourseCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      <span className="aspect-video animate-pulse bg-slate-200/80" />
      <span className="flex flex-col gap-3 p-5">
        <span className="h-3 w-24 animate-pulse rounded bg-slate-200/80" />
        <span className="h-4 w-full animate-pulse rounded bg-slate-200/80" />
        <span className="h-4 w-2/3 animate-pulse rounded bg-slate-200/80" />
        <span className="mt-4 h-6 w-28 animate-pulse rounded bg-slate-200/80" />
      </span>
    </div>
  );
}
