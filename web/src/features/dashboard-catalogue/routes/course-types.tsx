import '../texts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useResource } from '@/lib/use-resource';
import { validateNamed } from '@/lib/wasm-dashboard';
import { createCourseType, getBoth, type CategoryBody } from '../api/dashboard';
import { fieldErrors } from '../components/course-form';
import { EditDialog } from '../components/edit-dialog';
import { messagesOf, useFieldErrors } from '../components/use-field-errors';
import { BilingualField, Card, FormRow, PageHeader, input } from '../components/ui';

interface CourseType {
  id: string;
  slug?: string;
  name: string;
  description?: string;
}

const emptyBody: CategoryBody = { name: { vi: '', en: '' }, slug: '', description: { vi: '', en: '' }, image: null, order: 0 };

/** /dashboard/course-type (ADMIN): the kinds of course (video, live, blended…) and a form to add one. */
export default function CourseTypesPage() {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  useDocumentMeta(`${t('types.title')} | ${t('brand')}`, t('types.text'));
  const types = useResource('dash:course-types', (signal) => getBoth<CourseType[]>('/api/dashboard/course-types', signal));
  const [body, setBody] = useState<CategoryBody | null>(null);
  const form = useFieldErrors(() => (body ? messagesOf(validateNamed(body, i18n.language)) : {}));
  const [saving, setSaving] = useState(false);
  const fe = fieldErrors(form.errors);

  const save = async () => {
    if (!body || !form.validate()) return;
    setSaving(true);
    try {
      await createCourseType(body);
      toast.success(t('saved'));
      setBody(null);
      types.reload();
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      toast.error(t('editor.saveFailed'), { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8" data-testid="course-types">
      <PageHeader title={t('types.title')} text={t('types.text')} actions={<button type="button" onClick={() => { form.reset(); setBody(emptyBody); }} className={buttonClass('primary')}><Plus aria-hidden="true" className="size-4" />{t('types.add')}</button>} />
      {types.data ? (
        <Card className="divide-y divide-slate-100">
          {types.data.vi.map((type) => (
            <div key={type.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <span>
                <span className="block font-semibold text-slate-900">{type.name}</span>
                <span className="block text-sm text-slate-500">{types.data?.en.find((e) => e.id === type.id)?.name}</span>
              </span>
              {type.slug && <code className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{type.slug}</code>}
            </div>
          ))}
        </Card>
      ) : types.loading ? (
        <div className="flex justify-center py-16"><Spinner /></div>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">{t('types.listUnavailable')}</p>
      )}

      <EditDialog open={body !== null} onOpenChange={(o) => !o && setBody(null)} title={t('types.add')} onSubmit={() => void save()} saving={saving}>
        {body && (
          <>
            <BilingualField id="type-name" label={t('categories.fields.name')} value={body.name} onChange={(name) => setBody({ ...body, name })} errors={fe.name} required />
            <FormRow label={t('editor.fields.slug')} htmlFor="type-slug" error={fe.slug} hint={t('editor.hints.slug')}>
              <input id="type-slug" value={body.slug} onChange={(e) => setBody({ ...body, slug: e.target.value })} className={input(Boolean(fe.slug))} />
            </FormRow>
            <BilingualField id="type-description" label={t('categories.fields.description')} value={body.description} onChange={(description) => setBody({ ...body, description })} multiline />
          </>
        )}
      </EditDialog>
    </div>
  );
}
