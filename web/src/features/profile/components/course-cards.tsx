import { ArrowRight, CalendarClock, CheckCircle2, Settings2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { EnrolledCourse, InstructorCourse } from '../types';
import { AVATAR_PLACEHOLDER, COURSE_PLACEHOLDER, Img } from './image';
import { useDates } from '@/lib/dates';

function clampPercent(value: number | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
}

/** A student's enrolled course. */
export function EnrolledCourseCard({ course }: { course: EnrolledCourse }) {
  const { t } = useTranslation('profile');
  const progress = clampPercent(course.progress);
  const enrolled = useDates().relative(course.createdAt) || null;
  return (
    <article
      data-testid="enrolled-course"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md sm:flex-row"
    >
      <div className="relative aspect-video w-full shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:w-48">
        <Img src={course.thumbnail} fallback={COURSE_PLACEHOLDER} className="size-full object-cover" />
        {course.completed && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white shadow">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            {t('courses.completed')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 font-semibold text-slate-900">{course.title}</h3>
        {course.instructor?.name && (
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
            <Img
              src={course.instructor.image}
              fallback={AVATAR_PLACEHOLDER}
              className="size-6 rounded-full object-cover"
            />
            <span className="sr-only">{t('courses.instructor')}: </span>
            {course.instructor.name}
          </p>
        )}
        <div className="mt-3">
          <div className="mb-1 flex justify-between text-xs text-slate-600">
            <span>{t('courses.progress')}</span>
            <span className="font-semibold text-slate-800">{t('courses.progressValue', { value: progress })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('courses.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-teal-600" style={{ width: `${progress}%` }} />
          </div>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
          {enrolled && (
            <span className="flex items-center gap-1 text-xs text-slate-500">
              <CalendarClock aria-hidden="true" className="size-3.5" />
              {t('courses.enrolled', { time: enrolled })}
            </span>
          )}
          <Link to={paths.enrollLectures(course._id)} className={buttonClass('primary', 'sm')}>
            {t('courses.continue')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}

const KNOWN_STATUSES = ['active', 'published', 'draft', 'pending', 'archived', 'rejected'];

/** A teacher's own course: status badge (default "Active"), enrollments as students. */
export function InstructorCourseCard({ course }: { course: InstructorCourse }) {
  const { t } = useTranslation('profile');
  const status = (course.status || 'active').toLowerCase();
  const statusText = KNOWN_STATUSES.includes(status) ? t(`courses.status.${status}`) : course.status;
  const created = useDates().relative(course.createdAt) || null;
  return (
    <article
      data-testid="instructor-course"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md sm:flex-row"
    >
      <div className="relative aspect-video w-full shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:w-48">
        <Img src={course.thumbnail} fallback={COURSE_PLACEHOLDER} className="size-full object-cover" />
        <span
          className={`absolute top-2 left-2 rounded-full px-2 py-0.5 text-xs font-semibold shadow ${
            status === 'active' || status === 'published' ? 'bg-emerald-600 text-white' : 'bg-white text-slate-700'
          }`}
        >
          {statusText}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 font-semibold text-slate-900">{course.title}</h3>
        {course.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{course.description}</p>}
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          <span className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-3.5" />
            {t('courses.students', { count: course.enrollments ?? 0 })}
          </span>
          {created && (
            <span className="flex items-center gap-1">
              <CalendarClock aria-hidden="true" className="size-3.5" />
              {t('courses.created', { time: created })}
            </span>
          )}
        </div>
        <div className="mt-auto flex justify-end pt-3">
          <Link to={paths.instructorCourse(course._id)} className={buttonClass('secondary', 'sm')}>
            <Settings2 aria-hidden="true" className="size-4" />
            {t('courses.manage')}
          </Link>
        </div>
      </div>
    </article>
  );
}
