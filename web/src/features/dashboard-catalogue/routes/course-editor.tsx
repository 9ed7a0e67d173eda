import '../texts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Eye, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { ApiError } from '@/lib/api-client';
import type { ManagedCategory, ManagedCourse } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice, textLimits } from '@/lib/wasm';
import { validateCourse, validateCurriculum } from '@/lib/wasm-dashboard';
import type { CourseStatus } from '../api/dashboard';
import { dashboardQueries, useSaveCourse, useSaveCurriculum, useSetCourseStatus } from '../api/queries';
import {
  CURRENCY_CODES,
  LEVEL_KEYS,
  courseToForm,
  curriculumToDrafts,
  draftsToBody,
  emptyCourseForm,
  fieldErrors,
  formToBody,
  type CourseForm,
  type SectionDraft,
} from '../components/course-form';
import { CurriculumEditor } from '../components/curriculum-editor';
import { ImageInput } from '../components/image-input';
import { messagesOf, useForm } from '@/lib/form';
import { useSite } from '@/lib/site';
import { BilingualField, Card, FormRow, StatusBadge, input } from '../components/ui';
import { dashboardPaths } from './course-manage';

type Tab = 'details' | 'curriculum' | 'publish';
const TABS: Tab[] = ['details', 'curriculum', 'publish'];

/** /dashboard/course/add-new and /dashboard/course/edit/{id}: details, curriculum and publication of a course. */
export default function CourseEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('dashboardCatalogue');
  const course = useQuery({ ...dashboardQueries.course(id ?? ''), enabled: id !== undefined });
  const categories = useQuery(dashboardQueries.categories());
  useDocumentMeta(`${id ? t('editor.editTitle') : t('editor.newTitle')} | ${t('brand')}`, t('editor.text'));

  if (id && course.isError && !course.data) {
    const forbidden = course.error instanceof ApiError && (course.error.status === 403 || course.error.status === 404);
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        {forbidden ? (
          <p role="alert" className="rounded-xl bg-rose-50 p-6 text-rose-800">
            {t('editor.notYours')}
          </p>
        ) : (
          <LoadError onRetry={() => void course.refetch()} />
        )}
      </div>
    );
  }
  if ((id && !course.data) || !categories.data)
    return (
      <div className="flex justify-center py-20">
        <Spinner />
      </div>
    );
  return <Editor key={id ?? 'new'} id={id} initial={id ? course.data : undefined} categories={categories.data} />;
}

function Editor({ id, initial, categories }: { id?: string; initial?: ManagedCourse; categories: ManagedCategory[] }) {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // A new course is priced in the academy's default currency (its settings) until the teacher chooses another.
  const { defaultCurrency } = useSite();
  const tab: Tab = id && TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'details';
  const [form, setForm] = useState<CourseForm>(() =>
    initial
      ? courseToForm(initial)
      : { ...emptyCourseForm, currency: defaultCurrency, categoryId: categories[0]?.id ?? '' },
  );
  const [sections, setSections] = useState<SectionDraft[]>(() => (initial ? curriculumToDrafts(initial) : []));
  const { t: tm } = useTranslation('material');
  const courseTypes = useQuery(dashboardQueries.courseTypes());
  const details = useForm({ check: () => messagesOf(validateCourse(formToBody(form), i18n.language)) });
  const curriculum = useForm({ check: () => messagesOf(validateCurriculum(draftsToBody(sections), i18n.language)) });
  const saveCourse = useSaveCourse();
  const saveCurriculum = useSaveCurriculum(id ?? '');
  const setCourseStatus = useSetCourseStatus();
  const saving = saveCourse.isPending || saveCurriculum.isPending || setCourseStatus.isPending;
  const [status, setStatus] = useState<string>(initial?.status ?? 'draft');
  // A fresh read of the course brings its status with it.
  const [statusOf, setStatusOf] = useState(initial);
  if (initial !== statusOf) {
    setStatusOf(initial);
    setStatus(initial?.status ?? 'draft');
  }
  const set =
    <K extends keyof CourseForm>(key: K) =>
    (value: CourseForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const fe = fieldErrors(tab === 'curriculum' ? curriculum.errors : details.errors);
  const limits = textLimits();

  const fail = (error: unknown, form?: { setServerErrors: (fields: Record<string, string> | undefined) => void }) => {
    if (error instanceof ApiError) {
      form?.setServerErrors(error.fields);
      toast.error(t('editor.saveFailed'), { description: error.message });
    } else {
      toast.error(t('editor.saveFailed'));
    }
  };

  const saveDetails = async (event: FormEvent) => {
    event.preventDefault();
    if (!details.validate()) return;
    try {
      const saved = await saveCourse.mutateAsync({ id, body: formToBody(form) });
      if (id) {
        toast.success(t('editor.saved'));
      } else {
        toast.success(t('editor.created'));
        void navigate(`${dashboardPaths.editCourse(saved._id)}?tab=curriculum`, { replace: true });
      }
    } catch (error) {
      fail(error, details);
    }
  };

  const saveSections = async () => {
    if (!id || !curriculum.validate()) return;
    try {
      const saved = await saveCurriculum.mutateAsync(draftsToBody(sections));
      // New lessons get their ids: a saved lesson may then upload its video.
      setSections(curriculumToDrafts(saved));
      toast.success(t('editor.curriculumSaved'));
    } catch (error) {
      fail(error, curriculum);
    }
  };

  const changeStatus = async (next: CourseStatus) => {
    if (!id) return;
    try {
      const course = await setCourseStatus.mutateAsync({ id, status: next });
      setStatus(course.status);
      toast.success(t(`courses.statusDone.${next}`));
    } catch (error) {
      fail(error);
    }
  };

  const price = Number(form.price);
  const discount = form.discount.trim() === '' ? null : Number(form.discount);
  const preview = (n: number) => (Number.isInteger(n) && n >= 0 ? formatPrice(n, form.currency, i18n.language) : '—');

  return (
    <PageFrame
      title={id ? form.title.vi || t('editor.editTitle') : t('editor.newTitle')}
      description={t('editor.text')}
      actions={id ? <StatusBadge status={status} label={t(`status.${status}`)} /> : undefined}
      back={
        <Link
          to={dashboardPaths.courses}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-teal-700 hover:text-teal-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('editor.back')}
        </Link>
      }
      width="medium"
      testId="course-editor"
    >
      {id && (
        <div role="tablist" aria-label={t('editor.sections')} className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1">
          {TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              onClick={() => setParams(key === 'details' ? {} : { tab: key }, { replace: true })}
              className={`flex-1 rounded-lg px-4 py-2 text-sm font-semibold transition ${tab === key ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {t(`editor.tabs.${key}`)}
            </button>
          ))}
        </div>
      )}

      {tab === 'details' && (
        <form onSubmit={(event) => void saveDetails(event)} className="space-y-6" noValidate>
          <Card className="space-y-5 p-6">
            <BilingualField
              id="title"
              label={t('editor.fields.title')}
              value={form.title}
              onChange={set('title')}
              errors={fe.title}
              maxLength={limits.title}
              required
            />
            <FormRow label={t('editor.fields.slug')} htmlFor="slug" error={fe.slug} hint={t('editor.hints.slug')}>
              <input
                id="slug"
                value={form.slug}
                maxLength={limits.slug}
                onChange={(e) => set('slug')(e.target.value)}
                className={input(Boolean(fe.slug))}
              />
            </FormRow>
            <BilingualField
              id="description"
              label={t('editor.fields.description')}
              value={form.description}
              onChange={set('description')}
              errors={fe.description}
              maxLength={limits.description}
              multiline
              rows={5}
            />
            <BilingualField
              id="outcomes"
              label={t('editor.fields.outcomes')}
              value={form.outcomes}
              onChange={set('outcomes')}
              errors={{ vi: fe.outcomes }}
              multiline
              rows={4}
              hint={t('editor.hints.lines')}
            />
            <BilingualField
              id="requirements"
              label={t('editor.fields.requirements')}
              value={form.requirements}
              onChange={set('requirements')}
              errors={{ vi: fe.requirements }}
              multiline
              rows={3}
              hint={t('editor.hints.lines')}
            />
          </Card>

          <Card className="grid gap-5 p-6 sm:grid-cols-2">
            <FormRow label={t('editor.fields.category')} htmlFor="category" error={fe.categoryId}>
              <select
                id="category"
                value={form.categoryId}
                onChange={(e) => set('categoryId')(e.target.value)}
                className={input(Boolean(fe.categoryId))}
                required
              >
                <option value="">—</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.categoryName}
                  </option>
                ))}
              </select>
            </FormRow>
            <FormRow label={tm('courseEditor.type')} htmlFor="course-type" error={fe.typeId}>
              <select
                id="course-type"
                value={form.typeId}
                onChange={(e) => set('typeId')(e.target.value)}
                className={input()}
              >
                <option value="">{tm('courseEditor.noType')}</option>
                {(courseTypes.data ?? []).map((type) => (
                  <option key={type.id} value={type.id}>
                    {i18n.language === 'en' ? type.name.en || type.name.vi : type.name.vi || type.name.en}
                  </option>
                ))}
                {form.typeId && courseTypes.data && !courseTypes.data.some((type) => type.id === form.typeId) && (
                  <option value={form.typeId}>{form.typeId}</option>
                )}
              </select>
            </FormRow>
            <FormRow label={t('editor.fields.level')} htmlFor="level" error={fe.level}>
              <select
                id="level"
                value={form.level}
                onChange={(e) => set('level')(e.target.value)}
                className={input(Boolean(fe.level))}
              >
                {LEVEL_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {t(`levels.${key}`)}
                  </option>
                ))}
              </select>
            </FormRow>
            <FormRow label={t('editor.fields.currency')} htmlFor="currency" error={fe.currency}>
              <select
                id="currency"
                value={form.currency}
                onChange={(e) => set('currency')(e.target.value)}
                className={input(Boolean(fe.currency))}
              >
                {CURRENCY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </FormRow>
            <FormRow label={t('editor.fields.seats')} htmlFor="seats" error={fe.totalSeat}>
              <input
                id="seats"
                type="number"
                min={0}
                value={form.totalSeat}
                onChange={(e) => set('totalSeat')(e.target.value)}
                className={input(Boolean(fe.totalSeat))}
              />
            </FormRow>
            <FormRow
              label={t('editor.fields.price')}
              htmlFor="price"
              error={fe.price}
              hint={t('editor.hints.price', { value: preview(price) })}
            >
              <input
                id="price"
                type="number"
                min={0}
                step={1}
                value={form.price}
                onChange={(e) => set('price')(e.target.value)}
                className={input(Boolean(fe.price))}
              />
            </FormRow>
            <FormRow
              label={t('editor.fields.discount')}
              htmlFor="discount"
              error={fe.discount}
              hint={
                discount === null ? t('editor.hints.noDiscount') : t('editor.hints.price', { value: preview(discount) })
              }
            >
              <input
                id="discount"
                type="number"
                min={0}
                step={1}
                value={form.discount}
                onChange={(e) => set('discount')(e.target.value)}
                className={input(Boolean(fe.discount))}
              />
            </FormRow>
            <div className="sm:col-span-2">
              <BilingualField
                id="badge"
                label={t('editor.fields.badge')}
                value={form.badge}
                onChange={set('badge')}
                errors={fe.badge}
                maxLength={limits.title}
                hint={t('editor.hints.badge')}
              />
            </div>
            <div className="sm:col-span-2">
              <ImageInput
                label={t('editor.fields.thumbnail')}
                value={form.thumbnail}
                onChange={set('thumbnail')}
                prefix="thumbnail"
                fallback={placeholders.course}
                error={fe.thumbnail}
                wide
              />
            </div>
          </Card>

          <div className="flex justify-end">
            <button type="submit" disabled={saving} className={buttonClass('primary', 'lg')}>
              {saving ? (
                <Spinner className="size-4 border-2 border-white border-t-transparent" />
              ) : (
                <Save aria-hidden="true" className="size-4" />
              )}
              {id ? t('editor.save') : t('editor.create')}
            </button>
          </div>
        </form>
      )}

      {tab === 'curriculum' && (
        <div className="space-y-5">
          {fe.sections && (
            <p role="alert" className="rounded-xl bg-rose-50 p-4 text-sm text-rose-800">
              {fe.sections}
            </p>
          )}
          <CurriculumEditor courseId={id} sections={sections} onChange={setSections} errors={curriculum.errors} />
          <div className="flex justify-end border-t border-slate-200 pt-5">
            <button
              type="button"
              onClick={() => void saveSections()}
              disabled={saving}
              className={buttonClass('primary', 'lg')}
            >
              {saving ? (
                <Spinner className="size-4 border-2 border-white border-t-transparent" />
              ) : (
                <Save aria-hidden="true" className="size-4" />
              )}
              {t('editor.saveCurriculum')}
            </button>
          </div>
        </div>
      )}

      {tab === 'publish' && id && (
        <Card className="space-y-5 p-6">
          <div className="flex items-center gap-3">
            <span className="text-sm font-medium text-slate-700">{t('editor.currentStatus')}</span>
            <StatusBadge status={status} label={t(`status.${status}`)} />
          </div>
          <p className="text-sm text-slate-600">{t(`editor.statusHelp.${status}`, { defaultValue: '' })}</p>
          <div className="flex flex-wrap gap-3">
            {status !== 'published' && (
              <button
                type="button"
                disabled={saving}
                onClick={() => void changeStatus('published')}
                className={buttonClass('primary')}
              >
                {t('courses.publish')}
              </button>
            )}
            {status === 'published' && (
              <button
                type="button"
                disabled={saving}
                onClick={() => void changeStatus('draft')}
                className={buttonClass('secondary')}
              >
                {t('courses.unpublish')}
              </button>
            )}
            {status !== 'archived' && (
              <button
                type="button"
                disabled={saving}
                onClick={() => void changeStatus('archived')}
                className={buttonClass('ghost')}
              >
                {t('courses.archive')}
              </button>
            )}
            {status === 'published' && (
              <Link to={paths.courseDetails(id)} target="_blank" className={buttonClass('ghost')}>
                <Eye aria-hidden="true" className="size-4" />
                {t('editor.viewPublic')}
              </Link>
            )}
          </div>
        </Card>
      )}
    </PageFrame>
  );
}
