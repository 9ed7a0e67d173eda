import '../texts';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import { validateNamed } from '@/lib/wasm-dashboard';
import type { CategoryBody } from '../api/dashboard';
import type { CourseType } from '../api/material';
import { dashboardQueries, useDeleteCourseType, useSaveCourseType } from '../api/queries';
import { fieldErrors } from '../components/course-form';
import { EditDialog } from '../components/edit-dialog';
import { messagesOf, useForm } from '@/lib/form';
import { BilingualField, Card, FormRow, input } from '../components/ui';

const emptyBody: CategoryBody = {
  name: { vi: '', en: '' },
  slug: '',
  description: { vi: '', en: '' },
  image: null,
  order: 0,
};

/** /dashboard/course-type (ADMIN): the kinds of course (video, live, blended…), added, edited and deleted. */
export default function CourseTypesPage() {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  const { t: tm } = useTranslation('material');
  useDocumentMeta(`${t('types.title')} | ${t('brand')}`, t('types.text'));
  const types = useQuery(dashboardQueries.courseTypes());
  const saveType = useSaveCourseType();
  const deleteType = useDeleteCourseType();
  const [body, setBody] = useState<CategoryBody | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const form = useForm({ check: () => (body ? messagesOf(validateNamed(body, i18n.language)) : {}) });
  const fe = fieldErrors(form.errors);

  const save = async () => {
    if (!body || !form.validate()) return;
    try {
      await saveType.mutateAsync({ id: editingId ?? undefined, body });
      toast.success(t('saved'));
      setBody(null);
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      toast.error(t('editor.saveFailed'), { description: error instanceof ApiError ? error.message : undefined });
    }
  };

  const open = (type?: CourseType) => {
    form.reset();
    setEditingId(type?.id ?? null);
    setBody(
      type ? { name: type.name, slug: type.slug, description: type.description, image: null, order: 0 } : emptyBody,
    );
  };

  const remove = async (type: CourseType, name: string) => {
    if (!window.confirm(tm('courseTypes.confirmDelete', { name }))) return;
    try {
      await deleteType.mutateAsync(type.id);
      toast.success(tm('deleted'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? tm('courseTypes.inUse') : tm('actionFailed'), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  };

  return (
    <PageFrame
      title={t('types.title')}
      description={t('types.text')}
      actions={
        <button type="button" onClick={() => open()} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('types.add')}
        </button>
      }
      testId="course-types"
      width="medium"
    >
      {types.isError && !types.data ? (
        <LoadError onRetry={() => void types.refetch()} />
      ) : !types.data ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : types.data.length === 0 ? (
        <EmptyState title={tm('courseTypes.empty')} text={t('types.text')} />
      ) : (
        <Card className="divide-y divide-slate-100">
          {types.data.map((type) => {
            const name = i18n.language === 'en' ? type.name.en || type.name.vi : type.name.vi || type.name.en;
            const other = i18n.language === 'en' ? type.name.vi : type.name.en;
            return (
              <div key={type.id} className="flex flex-wrap items-center justify-between gap-4 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{name}</span>
                  {other && <span className="block text-sm text-slate-500">{other}</span>}
                </span>
                <span className="flex items-center gap-3">
                  <code className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{type.slug}</code>
                  <span className="text-sm text-slate-600 tabular-nums">
                    {tm('courseTypes.courses', { count: type.courseCount })}
                  </span>
                  <span className="flex gap-1">
                    <button
                      type="button"
                      onClick={() => open(type)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={tm('actions.editNamed', { name })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => void remove(type, name)}
                      className={`${buttonClass('ghost', 'sm')} text-rose-700 hover:bg-rose-50`}
                      aria-label={tm('actions.deleteNamed', { name })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </span>
                </span>
              </div>
            );
          })}
        </Card>
      )}

      <EditDialog
        open={body !== null}
        onOpenChange={(o) => !o && setBody(null)}
        title={editingId ? tm('courseTypes.edit') : t('types.add')}
        onSubmit={() => void save()}
        saving={saveType.isPending}
      >
        {body && (
          <>
            <BilingualField
              id="type-name"
              label={t('categories.fields.name')}
              value={body.name}
              onChange={(name) => setBody({ ...body, name })}
              errors={fe.name}
              maxLength={textLimits().title}
              required
            />
            <FormRow label={t('editor.fields.slug')} htmlFor="type-slug" error={fe.slug} hint={t('editor.hints.slug')}>
              <input
                id="type-slug"
                value={body.slug}
                maxLength={textLimits().slug}
                onChange={(e) => setBody({ ...body, slug: e.target.value })}
                className={input(Boolean(fe.slug))}
              />
            </FormRow>
            <BilingualField
              id="type-description"
              label={t('categories.fields.description')}
              value={body.description}
              onChange={(description) => setBody({ ...body, description })}
              errors={fe.description}
              maxLength={textLimits().description}
              multiline
            />
          </>
        )}
      </EditDialog>
    </PageFrame>
  );
}
