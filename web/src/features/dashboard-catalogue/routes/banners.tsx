import '../texts';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { placeholders } from '@/config/placeholders';
import { ApiError } from '@/lib/api-client';
import type { ManagedBanner } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import { validateBanner } from '@/lib/wasm-dashboard';
import type { BannerBody } from '../api/dashboard';
import { dashboardQueries, useDeleteBanner, useSaveBanner, useSetBannerActive } from '../api/queries';
import { fieldErrors } from '../components/course-form';
import { EditDialog } from '../components/edit-dialog';
import { ImageInput } from '../components/image-input';
import { messagesOf, useForm } from '@/lib/form';
import { BilingualField, Card, FormRow, StatusBadge, input } from '../components/ui';

const emptyBody: BannerBody = {
  title: { vi: '', en: '' },
  subtitle: { vi: '', en: '' },
  slug: '',
  image: '',
  link: '/',
  active: true,
  order: 1,
};

/** The form of a saved banner: its texts in both languages and its other fields as they are. */
function bodyOf(banner: ManagedBanner): BannerBody {
  return {
    title: banner.texts.title,
    subtitle: banner.texts.subtitle,
    slug: banner.slug,
    image: banner.image,
    link: banner.link,
    active: banner.active,
    order: banner.order,
  };
}

/** /dashboard/banners (ADMIN): every banner, active or not; create, edit, switch on/off, delete. */
export default function BannersPage() {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  useDocumentMeta(`${t('banners.title')} | ${t('brand')}`, t('banners.text'));
  const banners = useQuery(dashboardQueries.banners());
  const saveBanner = useSaveBanner();
  const setActive = useSetBannerActive(bodyOf);
  const deleteBanner = useDeleteBanner();
  const [editing, setEditing] = useState<{ id?: string; body: BannerBody } | null>(null);
  const form = useForm({ check: () => (editing ? messagesOf(validateBanner(editing.body, i18n.language)) : {}) });
  const fe = fieldErrors(form.errors);

  const persist = async (id: string | undefined, body: BannerBody) => {
    try {
      await saveBanner.mutateAsync({ id, body });
      toast.success(t('saved'));
      setEditing(null);
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      toast.error(t('editor.saveFailed'), { description: error instanceof ApiError ? error.message : undefined });
    }
  };

  /** Switched at once in the list; switched back with a message when the server refuses. */
  const toggle = (banner: ManagedBanner) =>
    setActive.mutate(
      { banner, active: !banner.active },
      {
        onSuccess: () => toast.success(t('saved')),
        onError: (error) =>
          toast.error(t('editor.saveFailed'), { description: error instanceof ApiError ? error.message : undefined }),
      },
    );

  const remove = async (banner: ManagedBanner) => {
    if (!window.confirm(t('banners.confirmDelete', { name: banner.title }))) return;
    try {
      await deleteBanner.mutateAsync(banner.id);
      toast.success(t('deleted'));
    } catch {
      toast.error(t('actionFailed'));
    }
  };

  const body = editing?.body;
  const setBody = (next: Partial<BannerBody>) => setEditing((e) => (e ? { ...e, body: { ...e.body, ...next } } : e));

  return (
    <PageFrame
      title={t('banners.title')}
      description={t('banners.text')}
      actions={
        <button
          type="button"
          onClick={() => {
            form.reset();
            setEditing({ body: { ...emptyBody, order: (banners.data?.length ?? 0) + 1 } });
          }}
          className={buttonClass('primary')}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('banners.add')}
        </button>
      }
      testId="dashboard-banners"
    >
      {banners.isError && !banners.data ? (
        <LoadError onRetry={() => void banners.refetch()} />
      ) : !banners.data ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : banners.data.length === 0 ? (
        <EmptyState title={t('banners.empty')} />
      ) : (
        <ul className="grid grid-cols-1 gap-5 md:grid-cols-2">
          {banners.data.map((banner) => (
            <li key={banner.id}>
              <Card className="overflow-hidden">
                <FallbackImage
                  src={banner.image}
                  fallback={placeholders.post}
                  className="aspect-[8/3] w-full bg-slate-100 object-cover"
                />
                <div className="flex items-start justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <div className="flex items-center gap-2">
                      <StatusBadge
                        status={banner.active ? 'visible' : 'hidden'}
                        label={banner.active ? t('banners.active') : t('banners.inactive')}
                      />
                      <span className="text-xs text-slate-500">
                        #{banner.order} · {banner.link}
                      </span>
                    </div>
                    <p className="mt-1 truncate font-semibold text-slate-900">{banner.title}</p>
                    <p className="truncate text-sm text-slate-500">{banner.subtitle}</p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <button
                      type="button"
                      disabled={saveBanner.isPending}
                      onClick={() => toggle(banner)}
                      className={buttonClass('secondary', 'sm')}
                    >
                      {banner.active ? t('banners.deactivate') : t('banners.activate')}
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        form.reset();
                        setEditing({ id: banner.id, body: bodyOf(banner) });
                      }}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('editNamed', { name: banner.title })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => void remove(banner)}
                      className={`${buttonClass('ghost', 'sm')} text-rose-700 hover:bg-rose-50`}
                      aria-label={t('deleteNamed', { name: banner.title })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <EditDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing?.id ? t('banners.edit') : t('banners.add')}
        onSubmit={() => editing && form.validate() && void persist(editing.id, editing.body)}
        saving={saveBanner.isPending}
      >
        {body && (
          <>
            <BilingualField
              id="banner-title"
              label={t('banners.fields.title')}
              value={body.title}
              onChange={(title) => setBody({ title })}
              errors={fe.name}
              maxLength={textLimits().title}
              required
            />
            <BilingualField
              id="banner-subtitle"
              label={t('banners.fields.subtitle')}
              value={body.subtitle}
              onChange={(subtitle) => setBody({ subtitle })}
              errors={fe.subtitle}
              maxLength={textLimits().description}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <FormRow label={t('banners.fields.link')} htmlFor="banner-link" error={fe.link}>
                <input
                  id="banner-link"
                  value={body.link}
                  maxLength={textLimits().url}
                  onChange={(e) => setBody({ link: e.target.value })}
                  className={input(Boolean(fe.link))}
                />
              </FormRow>
              <FormRow label={t('categories.fields.order')} htmlFor="banner-order">
                <input
                  id="banner-order"
                  type="number"
                  value={body.order}
                  onChange={(e) => setBody({ order: Number(e.target.value) || 0 })}
                  className={input()}
                />
              </FormRow>
              <label className="flex items-center gap-2 self-end pb-2.5 text-sm font-medium text-slate-700">
                <input
                  type="checkbox"
                  checked={body.active}
                  onChange={(e) => setBody({ active: e.target.checked })}
                  className="size-4 accent-teal-700"
                />
                {t('banners.active')}
              </label>
            </div>
            <ImageInput
              label={t('banners.fields.image')}
              value={body.image}
              onChange={(image) => setBody({ image })}
              prefix="banner"
              fallback={placeholders.post}
              wide
            />
            {fe.image && (
              <p role="alert" className="text-sm text-rose-700">
                {fe.image}
              </p>
            )}
          </>
        )}
      </EditDialog>
    </PageFrame>
  );
}
