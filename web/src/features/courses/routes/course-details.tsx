import { useQuery } from '@tanstack/react-query';
import { Armchair, BarChart3, BookOpen, Check, Clock, Globe, PlayCircle, Star, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useReferralVisit } from '@/lib/referral';
import { instructorName } from '@/components/course-card/course-card';
import { CoursePrice } from '@/components/course-card/course-price';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { VideoDialog } from '@/components/video-dialog';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { ApiError } from '@/lib/api-client';
import type { CourseDetail, Lesson } from '@/lib/api/types';
import { useAuth } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatCount, ratingDisplay } from '@/lib/wasm';
import { withMoreLessons } from '../api/courses';
import { courseQueries } from '../api/queries';
import { BuyBox } from '../components/buy-box';
import { CourseReviews } from '../components/course-reviews';
import { Curriculum } from '../components/curriculum';
import { hoursMinutes } from '../format';
import { useDates } from '@/lib/dates';

/** /course/details/{_id}: the course page (hero, outcomes, curriculum with playable previews, instructor, enrol). */
export default function CourseDetailsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['courses', 'pages', 'common']);
  useReferralVisit();
  const course = useQuery(courseQueries.detail(id));
  const data = course.data;
  useDocumentMeta(
    `${data?.title ?? t('pages:courseDetails.title')} | ${t('common:brand')}`,
    data?.description?.slice(0, 160) || t('pages:courseDetails.description'),
  );

  if (course.isError && !data) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        {missing ? (
          <EmptyState
            title={t('courses:details.notFound')}
            text={t('courses:details.notFoundText')}
            action={
              <Link to={paths.courseList} className={buttonClass('primary')}>
                {t('courses:details.browse')}
              </Link>
            }
          />
        ) : (
          <LoadError onRetry={() => void course.refetch()} />
        )}
      </div>
    );
  }
  if (!data) return <PageSpinner />;
  return <CourseView course={data} />;
}

function CourseView({ course }: { course: CourseDetail }) {
  const { t, i18n } = useTranslation('courses');
  const { isAuthenticated } = useAuth();
  const [playing, setPlaying] = useState<Lesson | null>(null);
  // A large course's page carries the lessons of its first sections: the others' come in one more request.
  const from = course.moreLessonsFrom ?? null;
  const more = useQuery({ ...courseQueries.sections(course._id, from ?? 0), enabled: from !== null });
  const sections = useMemo(() => withMoreLessons(course.sections, from, more.data), [course.sections, from, more.data]);
  const rating = ratingDisplay(course.ratingAverage ?? 0);
  const name = instructorName(course.instructor, i18n.language) ?? t('details.instructorFallback');
  const lessons = sections.reduce((sum, s) => sum + s.lessonCount, 0);
  const length = hoursMinutes(sections.reduce((sum, s) => sum + s.durationSeconds, 0));
  const preview = sections.flatMap((s) => s.lessons).find((l) => l.videoUrl);
  const dates = useDates();
  const updated = course.updatedAt ? dates.month(course.updatedAt) : null;

  return (
    <article className="flex-1 bg-white" data-testid="course-details">
      <header className="bg-gradient-to-br from-slate-950 via-slate-900 to-teal-950 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_24rem] lg:py-16">
          <div>
            <nav aria-label={t('breadcrumb')} className="mb-4 text-sm text-slate-400">
              <Link to={paths.courseList} className="hover:text-white">
                {t('details.courses')}
              </Link>
              {course.category && (
                <>
                  <span aria-hidden="true"> / </span>
                  <Link
                    to={`${paths.courseList}?category=${encodeURIComponent(course.category.id)}`}
                    className="text-teal-300 hover:text-white"
                  >
                    {course.category.categoryName}
                  </Link>
                </>
              )}
            </nav>
            {course.courseBadge && (
              <span className="mb-4 inline-flex rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-slate-900">
                {course.courseBadge}
              </span>
            )}
            <h1 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">{course.title}</h1>
            <p className="mt-4 line-clamp-3 max-w-3xl text-lg text-slate-300">{course.description}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
              <span
                className="inline-flex items-center gap-2"
                role="img"
                aria-label={t('details.ratingLabel', { value: rating.value, count: course.ratingCount ?? 0 })}
              >
                <strong className="text-base text-amber-400" aria-hidden="true">
                  {rating.value}
                </strong>
                <span className="flex" aria-hidden="true">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star
                      key={i}
                      className={`size-4 ${i < rating.stars ? 'fill-amber-400 text-amber-400' : 'fill-slate-600 text-slate-600'}`}
                    />
                  ))}
                </span>
                <span className="text-slate-400" aria-hidden="true">
                  {t('details.ratings', {
                    count: course.ratingCount ?? 0,
                    formatted: formatCount(course.ratingCount ?? 0, i18n.language),
                  })}
                </span>
              </span>
              <span className="inline-flex items-center gap-1.5 text-slate-300">
                <Users aria-hidden="true" className="size-4" />
                {t('details.students', {
                  count: course.enrollmentCount ?? 0,
                  formatted: formatCount(course.enrollmentCount ?? 0, i18n.language),
                })}
              </span>
              {updated && <span className="text-slate-400">{t('details.updated', { date: updated })}</span>}
            </div>
            <Link
              to={course.instructor ? paths.mentor(course.instructor.userId) : paths.mentorList}
              className="mt-6 inline-flex items-center gap-3 rounded-full bg-white/5 py-1.5 pr-4 pl-1.5 ring-1 ring-white/10 hover:bg-white/10"
            >
              <FallbackImage
                src={course.instructor?.avatar}
                fallback={placeholders.avatar}
                width={36}
                height={36}
                className="size-9 rounded-full bg-slate-700"
              />
              <span className="text-sm">
                <span className="text-slate-400">{t('details.createdBy')} </span>
                <strong>{name}</strong>
              </span>
            </Link>
          </div>

          <aside className="lg:row-span-2" aria-label={t('details.purchase')}>
            <div className="overflow-hidden rounded-3xl bg-white text-slate-800 shadow-2xl lg:sticky lg:top-24">
              <button
                type="button"
                className="group relative block aspect-video w-full overflow-hidden bg-slate-100 disabled:cursor-default"
                onClick={() => preview && setPlaying(preview)}
                disabled={!preview}
                aria-label={preview ? t('details.watchPreview') : course.title}
              >
                <FallbackImage
                  src={course.thumbnail}
                  fallback={placeholders.course}
                  width={640}
                  height={360}
                  loading="eager"
                  className="size-full object-cover"
                />
                {preview && (
                  <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-950/40 text-sm font-semibold text-white transition group-hover:bg-slate-950/55">
                    <PlayCircle aria-hidden="true" className="size-14" />
                    {t('details.watchPreview')}
                  </span>
                )}
              </button>
              <div className="p-6">
                <CoursePrice
                  price={course.price}
                  currentPrice={course.currentPrice}
                  currency={course.currency}
                  size="lg"
                />
                <div className="mt-5">
                  <BuyBox course={course} />
                </div>
                <p className="mt-3 text-center text-xs text-slate-500">
                  {isAuthenticated ? t('details.checkoutNote') : t('details.loginNote')}
                </p>
                <h2 className="mt-6 mb-3 text-sm font-bold text-slate-900">{t('details.includes')}</h2>
                <ul className="space-y-2.5 text-sm text-slate-600">
                  <li className="flex items-center gap-2.5">
                    <BookOpen aria-hidden="true" className="size-4 text-teal-600" />
                    {t('details.lessons', { count: lessons })}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <Clock aria-hidden="true" className="size-4 text-teal-600" />
                    {t('details.length', length)}
                  </li>
                  {course.level && (
                    <li className="flex items-center gap-2.5">
                      <BarChart3 aria-hidden="true" className="size-4 text-teal-600" />
                      {t('details.level', { level: course.level })}
                    </li>
                  )}
                  <li className="flex items-center gap-2.5">
                    <Globe aria-hidden="true" className="size-4 text-teal-600" />
                    {t('details.language', {
                      language: t(`details.languages.${course.language === 'en' ? 'en' : 'vi'}`),
                    })}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <Armchair aria-hidden="true" className="size-4 text-teal-600" />
                    {t('details.seats', { count: course.totalSeat ?? 0 })}
                  </li>
                </ul>
              </div>
            </div>
          </aside>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_24rem]">
        <div className="min-w-0 space-y-12">
          {course.whatYouWillLearn.length > 0 && (
            <section aria-labelledby="learn-title" className="rounded-3xl border border-slate-200 p-6 sm:p-8">
              <h2 id="learn-title" className="mb-5 text-2xl font-extrabold text-slate-900">
                {t('details.learn')}
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2">
                {course.whatYouWillLearn.map((item) => (
                  <li key={item} className="flex gap-3 text-sm text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="curriculum-title">
            <h2 id="curriculum-title" className="mb-4 text-2xl font-extrabold text-slate-900">
              {t('details.curriculum')}
            </h2>
            <Curriculum sections={sections} onPlay={setPlaying} />
          </section>

          {course.requirements.length > 0 && (
            <section aria-labelledby="requirements-title">
              <h2 id="requirements-title" className="mb-4 text-2xl font-extrabold text-slate-900">
                {t('details.requirements')}
              </h2>
              <ul className="list-disc space-y-2 pl-5 text-slate-700 marker:text-teal-600">
                {course.requirements.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-4 text-2xl font-extrabold text-slate-900">
              {t('details.description')}
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-slate-700">{course.description}</p>
          </section>

          <section
            aria-labelledby="instructor-title"
            className="rounded-3xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id="instructor-title" className="mb-5 text-2xl font-extrabold text-slate-900">
              {t('details.instructor')}
            </h2>
            <div className="flex flex-col gap-5 sm:flex-row">
              <FallbackImage
                src={course.instructor?.avatar}
                fallback={placeholders.avatar}
                width={112}
                height={112}
                className="size-28 shrink-0 rounded-3xl bg-white object-cover"
              />
              <div className="min-w-0">
                <Link
                  to={course.instructor ? paths.mentor(course.instructor.userId) : paths.mentorList}
                  className="text-xl font-bold text-teal-800 hover:underline"
                >
                  {name}
                </Link>
                {course.instructorProfile?.profession && (
                  <p className="text-slate-600">{course.instructorProfile.profession}</p>
                )}
                {course.instructorProfile && (
                  <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-500">
                    <span>{t('details.instructorCourses', { count: course.instructorProfile.courseCount })}</span>
                    <span>
                      {t('details.students', {
                        count: course.instructorProfile.studentCount,
                        formatted: formatCount(course.instructorProfile.studentCount, i18n.language),
                      })}
                    </span>
                  </p>
                )}
                {course.instructorProfile?.expertise && course.instructorProfile.expertise.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-2">
                    {course.instructorProfile.expertise.map((tag) => (
                      <li
                        key={tag}
                        className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-teal-800 ring-1 ring-teal-200"
                      >
                        {tag}
                      </li>
                    ))}
                  </ul>
                )}
                {course.instructorProfile?.bio && (
                  <p className="mt-4 leading-relaxed text-slate-700">{course.instructorProfile.bio}</p>
                )}
              </div>
            </div>
          </section>

          <CourseReviews courseId={course._id} />
        </div>
      </div>

      <VideoDialog
        url={playing?.videoUrl ?? null}
        title={playing?.title ?? ''}
        open={playing !== null}
        onOpenChange={(open) => !open && setPlaying(null)}
      />
    </article>
  );
}
