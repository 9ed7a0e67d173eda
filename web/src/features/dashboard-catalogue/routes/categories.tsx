import '../texts';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { placeholders } from '@/config/placeholders';
import { ApiError } from '@/lib/api-client';
import type { ManagedCategory } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import { validateNamed } from '@/lib/wasm-dashboard';
import type { CategoryBody } from '../api/dashboard';
import { dashboardQueries, useDeleteCategory, useSaveCategory } from '../api/queries';
import { fieldErrors } from '../components/course-form';
import { EditDialog } from '../components/edit-dialog';
import { ImageInput } from '../components/image-input';
import { messagesOf, useForm } from '@/lib/form';
import { BilingualField, FormRow, input } from '../components/ui';

const emptyBody: CategoryBody = {
  name: { vi: '', en: '' },
  slug: '',
  description: { vi: '', en: '' },
  image: '',
  order: 0,
};

/** /dashboard/category (ADMIN): categories with image, names in both languages, order; create, edit, delete. */
export default function CategoriesPage() {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  useDocumentMeta(`${t('categories.title')} | ${t('brand')}`, t('categories.text'));
  const categories = useQuery(dashboardQueries.categories());
  const saveCategory = useSaveCategory();
  const deleteCategory = useDeleteCategory();
  const [editing, setEditing] = useState<{ id?: string; body: CategoryBody } | null>(null);
  const form = useForm({ check: () => (editing ? messagesOf(validateNamed(editing.body, i18n.language)) : {}) });
  const fe = fieldErrors(form.errors);

  const open = (category?: ManagedCategory) => {
    form.reset();
    if (!category) return setEditing({ body: { ...emptyBody, order: (categories.data?.length ?? 0) + 1 } });
    setEditing({
      id: category.id,
      body: {
        name: category.texts.name,
        slug: category.slug,
        description: category.texts.description,
        image: category.image ?? '',
        order: category.order,
      },
    });
  };

  const save = async () => {
    if (!editing || !form.validate()) return;
    try {
      await saveCategory.mutateAsync({ id: editing.id, body: { ...editing.body, image: editing.body.image || null } });
      toast.success(t('saved'));
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      toast.error(t('editor.saveFailed'), { description: error instanceof ApiError ? error.message : undefined });
    }
  };

  const remove = async (category: ManagedCategory) => {
    if (!window.confirm(t('categories.confirmDelete', { name: category.categoryName }))) return;
    try {
      await deleteCategory.mutateAsync(category.id);
      toast.success(t('deleted'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? t('categories.inUse') : t('actionFailed'));
    }
  };

  const body = editing?.body;
  const setBody = (next: Partial<CategoryBody>) => setEditing((e) => (e ? { ...e, body: { ...e.body, ...next } } : e));

  return (
    <PageFrame
      title={t('categories.title')}
      description={t('categories.text')}
      actions={
        <button type="button" onClick={() => open()} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('categories.add')}
        </button>
      }
      testId="dashboard-categories"
    >
      <DataTable
        caption={t('categories.title')}
        rows={categories.data}
        rowKey={(category) => category.id}
        error={categories.isError}
        onRetry={() => void categories.refetch()}
        empty={t('categories.empty')}
        columns={[
          {
            id: 'category',
            header: t('categories.columns.category'),
            primary: true,
            sortValue: (category) => category.categoryName,
            cell: (category) => (
              <span className="flex items-center gap-3">
                <FallbackImage
                  src={category.image}
                  fallback={placeholders.category}
                  className="size-10 shrink-0 rounded-lg bg-slate-100 object-cover"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{category.categoryName}</span>
                  <span className="block text-xs font-normal break-all text-slate-500">{category.slug}</span>
                </span>
              </span>
            ),
          },
          {
            id: 'english',
            header: t('categories.columns.english'),
            sortValue: (category) => category.texts.name.en || category.texts.name.vi,
            cell: (category) => (
              <span className="text-slate-600">{category.texts.name.en || category.texts.name.vi}</span>
            ),
          },
          {
            id: 'courses',
            header: t('categories.columns.courses'),
            align: 'end',
            sortValue: (category) => category.courseCount,
            cell: (category) => <span className="tabular-nums">{category.courseCount}</span>,
          },
          {
            id: 'order',
            header: t('categories.columns.order'),
            align: 'end',
            sortValue: (category) => category.order,
            cell: (category) => <span className="tabular-nums">{category.order}</span>,
          },
        ]}
        actions={(category) => (
          <>
            <button
              type="button"
              onClick={() => open(category)}
              className={buttonClass('ghost', 'sm')}
              aria-label={t('editNamed', { name: category.categoryName })}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              onClick={() => void remove(category)}
              className={`${buttonClass('ghost', 'sm')} text-rose-700 hover:bg-rose-50`}
              aria-label={t('deleteNamed', { name: category.categoryName })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </>
        )}
      />

      <EditDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing?.id ? t('categories.edit') : t('categories.add')}
        onSubmit={() => void save()}
        saving={saveCategory.isPending}
      >
        {body && (
          <>
            <BilingualField
              id="cat-name"
              label={t('categories.fields.name')}
              value={body.name}
              onChange={(name) => setBody({ name })}
              errors={fe.name}
              maxLength={textLimits().title}
              required
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormRow label={t('editor.fields.slug')} htmlFor="cat-slug" error={fe.slug} hint={t('editor.hints.slug')}>
                <input
                  id="cat-slug"
                  value={body.slug}
                  maxLength={textLimits().slug}
                  onChange={(e) => setBody({ slug: e.target.value })}
                  className={input(Boolean(fe.slug))}
                />
              </FormRow>
              <FormRow label={t('categories.fields.order')} htmlFor="cat-order">
                <input
                  id="cat-order"
                  type="number"
                  value={body.order}
                  onChange={(e) => setBody({ order: Number(e.target.value) || 0 })}
                  className={input()}
                />
              </FormRow>
            </div>
            <BilingualField
              id="cat-description"
              label={t('categories.fields.description')}
              value={body.description}
              onChange={(description) => setBody({ description })}
              errors={fe.description}
              maxLength={textLimits().description}
              multiline
            />
            <ImageInput
              label={t('categories.fields.image')}
              value={body.image ?? ''}
              onChange={(image) => setBody({ image })}
              prefix="category"
              fallback={placeholders.category}
              error={fe.image}
            />
          </>
        )}
      </EditDialog>
    </PageFrame>
  );
}
