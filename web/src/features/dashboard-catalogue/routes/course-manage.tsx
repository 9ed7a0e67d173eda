import '../texts';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Link2, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Pagination } from '@/components/pagination';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { ApiError, api, resultOf } from '@/lib/api-client';
import type { Course } from '@/lib/api/types';
import { useAuth, useRole } from '@/lib/auth';
import { referralLink } from '@/lib/referral';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatCount, formatPrice, textLimits } from '@/lib/wasm';
import type { CourseStatus } from '../api/dashboard';
import { dashboardQueries, useDeleteCourse, useSetCourseStatus } from '../api/queries';
import { Card, StatusBadge, input } from '../components/ui';
import { useDates } from '@/lib/dates';

export const dashboardPaths = {
  courses: '/dashboard/course',
  addCourse: '/dashboard/course/add-new',
  editCourse: (id: string) => `/dashboard/course/edit/${encodeURIComponent(id)}`,
};

/** /dashboard/course: the teacher's own courses (every course for an admin), with publish and delete. */
export default function CourseManagePage() {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  const { user } = useAuth();
  useDocumentMeta(`${t('courses.title')} | ${t('brand')}`, t('courses.text'));
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const courses = useQuery(dashboardQueries.courseList({ search: search || undefined, page }));
  const setCourseStatus = useSetCourseStatus();
  const deleteCourse = useDeleteCourse();
  const busy = deleteCourse.isPending ? deleteCourse.variables : null;
  const teacher = useRole() === 'TEACHER';
  const referral = useQuery({
    queryKey: ['referral-code'],
    queryFn: async () => resultOf(await api.get<{ code: string }>('/api/teacher/referral-code')).code,
    enabled: teacher,
    staleTime: Infinity,
  });
  const share = (course: Course) => {
    if (!referral.data) return;
    const link = referralLink(window.location.origin, course._id, referral.data);
    navigator.clipboard.writeText(link).then(
      () => toast.success(t('courses.shareCopied'), { description: link }),
      () => toast.error(t('actionFailed'), { description: link }),
    );
  };
  const dates = useDates();

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const failed = (error: unknown) =>
    toast.error(t('actionFailed'), { description: error instanceof ApiError ? error.message : undefined });

  /** The list shows the new status at once; it turns back with a message when the server refuses. */
  const changeStatus = (course: Course, status: CourseStatus) =>
    setCourseStatus.mutate(
      { id: course._id, status },
      { onSuccess: () => toast.success(t(`courses.statusDone.${status}`)), onError: failed },
    );
  const remove = (course: Course) => {
    if (!window.confirm(t('courses.confirmDelete', { title: course.title }))) return;
    deleteCourse.mutate(course._id, {
      onSuccess: () => toast.success(t('courses.deleted')),
      onError: (error) => {
        // A course with students, sales or unpaid orders is archived instead: the refusal offers it.
        if (error instanceof ApiError && error.status === 409 && course.status !== 'archived') {
          toast.error(t('courses.deleteRefused'), {
            description: error.message,
            action: { label: t('courses.archive'), onClick: () => changeStatus(course, 'archived') },
          });
        } else {
          failed(error);
        }
      },
    });
  };

  return (
    <PageFrame
      title={t('courses.title')}
      description={user?.roleName?.toUpperCase() === 'ADMIN' ? t('courses.textAdmin') : t('courses.text')}
      actions={
        <Link to={dashboardPaths.addCourse} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('courses.add')}
        </Link>
      }
      testId="course-manage"
    >
      <label className="relative mb-4 block">
        <span className="sr-only">{t('courses.search')}</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={text}
          maxLength={textLimits().search}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('courses.search')}
          className={`${input()} pl-9`}
        />
      </label>

      {courses.isError && !courses.data ? (
        <LoadError onRetry={() => void courses.refetch()} />
      ) : !courses.data ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : courses.data.items.length === 0 ? (
        <EmptyState
          title={search ? t('courses.noMatch') : t('courses.empty')}
          text={search ? undefined : t('courses.emptyText')}
          action={
            !search && (
              <Link to={dashboardPaths.addCourse} className={buttonClass('primary')}>
                {t('courses.add')}
              </Link>
            )
          }
        />
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100" data-testid="managed-courses">
            {courses.data.items.map((course) => (
              <li key={course._id} className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
                <FallbackImage
                  src={course.thumbnail}
                  fallback={placeholders.course}
                  className="aspect-video w-full shrink-0 rounded-lg bg-slate-100 object-cover sm:w-36"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={course.status ?? 'draft'} label={t(`status.${course.status ?? 'draft'}`)} />
                    {course.category && <span className="text-xs text-slate-500">{course.category.categoryName}</span>}
                  </div>
                  <Link
                    to={dashboardPaths.editCourse(course._id)}
                    className="mt-1 block truncate font-semibold text-slate-900 hover:text-teal-700"
                  >
                    {course.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-500">
                    <span>
                      {course.currentPrice === 0
                        ? t('free')
                        : formatPrice(course.currentPrice, course.currency, i18n.language)}
                    </span>
                    <span>{t('courses.lessons', { count: course.lessonCount ?? 0 })}</span>
                    <span>
                      {t('courses.students', {
                        count: course.enrollmentCount ?? 0,
                        formatted: formatCount(course.enrollmentCount ?? 0, i18n.language),
                      })}
                    </span>
                    {course.updatedAt && <span>{t('courses.updated', { date: dates.date(course.updatedAt) })}</span>}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {busy === course._id && <Spinner className="size-4 border-2" />}
                  {course.status === 'published' ? (
                    <button
                      type="button"
                      disabled={busy !== null}
                      onClick={() => changeStatus(course, 'draft')}
                      className={buttonClass('secondary', 'sm')}
                    >
                      {t('courses.unpublish')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      disabled={busy !== null}
                      onClick={() => changeStatus(course, 'published')}
                      className={buttonClass('primary', 'sm')}
                    >
                      {t('courses.publish')}
                    </button>
                  )}
                  <Link
                    to={dashboardPaths.editCourse(course._id)}
                    className={buttonClass('ghost', 'sm')}
                    aria-label={t('courses.editNamed', { title: course.title })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Link>
                  {teacher && referral.data && course.status === 'published' && (
                    <button
                      type="button"
                      onClick={() => share(course)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('courses.shareLink', { title: course.title })}
                      title={t('courses.shareText')}
                      data-testid="share-link"
                    >
                      <Link2 aria-hidden="true" className="size-4" />
                    </button>
                  )}
                  {course.status === 'published' && (
                    <Link
                      to={paths.courseDetails(course._id)}
                      target="_blank"
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('courses.viewNamed', { title: course.title })}
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                    </Link>
                  )}
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => remove(course)}
                    className={`${buttonClass('ghost', 'sm')} text-rose-700 hover:bg-rose-50`}
                    aria-label={t('courses.deleteNamed', { title: course.title })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {courses.data && <Pagination page={courses.data.page} totalPages={courses.data.totalPages} onPage={setPage} />}
    </PageFrame>
  );
}
