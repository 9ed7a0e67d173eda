import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, BookOpen, CheckCircle2, Circle, Lock, PartyPopper, Star } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useLessonCompletion, useRememberLesson } from '../api/mutations';
import { learningQueries } from '../api/queries';
import type { LearningCourse, OutlineLesson, Progress } from '../api/types';
import { CurriculumNav } from '../components/curriculum-nav';
import { LessonPlayer, LessonText } from '../components/lesson-player';
import { LessonTextEditor } from '../components/lesson-text-editor';

/**
 * /profile/enroll-lectures?id={courseId}[&lesson={lessonId}]: the curriculum beside the player. It opens the
 * lesson of the address, else the one the learner opened last; a learner marks lessons complete and sees their
 * progress. The course's teacher and admins see every lesson without progress.
 */
export default function EnrollLecturesPage() {
  const { t } = useTranslation(['learning', 'common']);
  const [params] = useSearchParams();
  const courseId = params.get('id')?.trim() ?? '';
  const course = useQuery(learningQueries.course(courseId));
  useDocumentMeta(
    `${course.data?.title ?? t('learning:metaTitle')} | ${t('common:brand')}`,
    t('learning:metaDescription'),
  );

  if (!courseId) return <Refusal kind="notFound" />;
  if (course.isError && !course.data) {
    const status = course.error instanceof ApiError ? course.error.status : 0;
    if (status === 403) return <Refusal kind="notEnrolled" courseId={courseId} />;
    if (status === 404) return <Refusal kind="notFound" />;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        <LoadError onRetry={() => void course.refetch()} />
      </div>
    );
  }
  if (!course.data) return <PageSkeleton />;
  return <Classroom course={course.data} />;
}

function Refusal({ kind, courseId }: { kind: 'notEnrolled' | 'notFound'; courseId?: string }) {
  const { t } = useTranslation('learning');
  const to = kind === 'notEnrolled' && courseId ? paths.courseDetails(courseId) : paths.profile;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16" data-testid="learning-refusal">
      <EmptyState
        icon={<Lock aria-hidden="true" className="size-7" />}
        title={t(`${kind}.title`)}
        text={t(`${kind}.text`)}
        action={
          <Link to={to} className={buttonClass('primary')}>
            {t(`${kind}.action`)}
          </Link>
        }
      />
    </div>
  );
}

/** The page's frame while the course loads, the same size as what replaces it. */
function PageSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[1fr_22rem]" aria-busy="true">
      <div className="space-y-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-6 w-1/2" />
      </div>
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}

function ProgressMeter({ progress }: { progress: Progress }) {
  const { t } = useTranslation('learning');
  return (
    <div className="w-full max-w-xs" data-testid="learning-progress">
      <div className="mb-1 flex justify-between text-xs text-teal-50">
        <span>{t('lessonsDone', { done: progress.completedLessons, total: progress.totalLessons })}</span>
        <span className="font-bold text-white">{t('progressValue', { value: progress.percent })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="h-2 overflow-hidden rounded-full bg-white/20"
      >
        <div
          className="h-full rounded-full bg-amber-400 transition-[width]"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}

function Classroom({ course }: { course: LearningCourse }) {
  const { t } = useTranslation('learning');
  const [params, setParams] = useSearchParams();
  const lessons: OutlineLesson[] = course.sections.flatMap((s) => s.lessons);
  const wanted = params.get('lesson');
  const current =
    lessons.find((l) => l.id === wanted) ?? lessons.find((l) => l.id === course.resumeLessonId) ?? lessons[0] ?? null;
  const index = current ? lessons.indexOf(current) : -1;
  const learner = course.role === 'student';
  const previous = lessons[index - 1];
  const next = lessons[index + 1];
  const { mutate: rememberLesson } = useRememberLesson(course._id);
  const currentId = current?.id;

  useEffect(() => {
    if (learner && currentId) rememberLesson(currentId);
  }, [learner, currentId, rememberLesson]);

  const open = (lessonId: string) => {
    setParams({ id: params.get('id') ?? course._id, lesson: lessonId });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="flex-1 bg-slate-50" data-testid="learning-page">
      <header className="bg-gradient-to-r from-teal-800 to-teal-600 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-5 sm:px-6">
          <div className="min-w-0">
            <Link to={paths.profile} className="inline-flex items-center gap-1 text-sm text-teal-100 hover:text-white">
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('back')}
            </Link>
            <h1 className="mt-1 truncate text-xl font-bold sm:text-2xl">{course.title}</h1>
            <p className="text-sm text-teal-100">{t('by', { name: course.instructor.name })}</p>
          </div>
          {course.progress ? (
            <ProgressMeter progress={course.progress} />
          ) : (
            <p className="max-w-xs text-sm text-teal-50" data-testid="preview-note">
              {t(course.role === 'teacher' ? 'teacherView' : 'adminView')}
            </p>
          )}
        </div>
      </header>

      {course.progress?.completed && (
        <div className="border-b border-emerald-200 bg-emerald-50" role="status" data-testid="course-completed">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <p className="flex items-center gap-2 font-semibold text-emerald-900">
              <PartyPopper aria-hidden="true" className="size-5" />
              {t('courseCompleted')}
            </p>
            <Link to={`${paths.courseDetails(course._id)}#reviews`} className={buttonClass('secondary', 'sm')}>
              <Star aria-hidden="true" className="size-4" />
              {t('writeReview')}
            </Link>
          </div>
        </div>
      )}

      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          {current ? (
            <LessonPane courseId={course._id} lesson={current} learner={learner} />
          ) : (
            <EmptyState icon={<BookOpen aria-hidden="true" className="size-7" />} title={t('noLessons')} />
          )}
          {current && (
            <div className="mt-6 flex justify-between gap-3">
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={!previous}
                onClick={() => previous && open(previous.id)}
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                {t('previous')}
              </button>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={!next}
                onClick={() => next && open(next.id)}
              >
                {t('next')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <CurriculumNav sections={course.sections} currentId={current?.id ?? null} onSelect={open} />
        </aside>
      </div>
    </div>
  );
}

function LessonPane({ courseId, lesson, learner }: { courseId: string; lesson: OutlineLesson; learner: boolean }) {
  const { t } = useTranslation('learning');
  const content = useQuery(learningQueries.lesson(courseId, lesson.id));
  const completion = useLessonCompletion(courseId);
  const toggle = () =>
    completion.mutate(
      { lessonId: lesson.id, completed: !lesson.completed },
      { onError: (error) => toast.error(error instanceof ApiError && error.message ? error.message : t('saveFailed')) },
    );

  return (
    <article aria-labelledby="lesson-title">
      {content.data ? (
        <LessonPlayer lesson={content.data} onExpired={() => void content.refetch()} />
      ) : content.isError ? (
        <div className="flex aspect-video w-full items-center justify-center rounded-2xl bg-slate-100">
          <LoadError onRetry={() => void content.refetch()} />
        </div>
      ) : (
        <Skeleton className="aspect-video w-full rounded-2xl" />
      )}
      <div className="mt-5 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-teal-700 uppercase">{t(`kind.${lesson.kind}`)}</p>
          <h2 id="lesson-title" className="text-xl font-bold text-slate-900" data-testid="lesson-title">
            {lesson.title}
          </h2>
        </div>
        {learner && (
          <button
            type="button"
            onClick={toggle}
            aria-pressed={lesson.completed}
            data-testid="mark-complete"
            className={lesson.completed ? buttonClass('secondary') : buttonClass('primary')}
          >
            {lesson.completed ? (
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="size-4" />
            )}
            {lesson.completed ? t('completed') : t('markComplete')}
          </button>
        )}
      </div>
      {content.data?.text ? (
        <section className="mt-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <LessonText text={content.data.text} />
        </section>
      ) : (
        content.data?.kind === 'text' && <p className="mt-5 text-slate-500">{t('noText')}</p>
      )}
      {content.data?.texts && (
        <LessonTextEditor key={lesson.id} courseId={courseId} lessonId={lesson.id} texts={content.data.texts} />
      )}
    </article>
  );
}
