import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';
import { ApiError } from '@/lib/api-client';
import { fieldsOf, messagesOf, SubmitButton, useForm } from '@/lib/form';
import { useDates } from '@/lib/dates';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { fromLocalInput, toLocalInput } from '@/lib/zoned-input';
import { imageTypeError, validatePromotion, type PromotionRulesInput } from '@/lib/wasm-dashboard';
import { uploadPromotionPicture, type Promotion } from '../api/admin';
import { commerceAdminQueries, useDeletePromotion, useSavePromotion } from '../api/queries';
import { refusal } from '../components/note-action';
import { CouponsPanel } from './coupons';

const PLACEMENTS = ['home', 'courses', 'cart'] as const;

interface Draft {
  couponId: string;
  placements: string[];
  pictureUrl: string;
  titleVi: string;
  titleEn: string;
  textVi: string;
  textEn: string;
  startsAt: string;
  endsAt: string;
  priority: string;
  active: boolean;
}

const empty: Draft = {
  couponId: '',
  placements: ['home'],
  pictureUrl: '',
  titleVi: '',
  titleEn: '',
  textVi: '',
  textEn: '',
  startsAt: '',
  endsAt: '',
  priority: '0',
  active: true,
};

export { fromLocalInput, toLocalInput };

/** What the form sends (and the shared rule checks). */
export function promotionBody(draft: Draft, zone: string): PromotionRulesInput & { active: boolean } {
  return {
    couponId: draft.couponId,
    placements: draft.placements,
    pictureUrl: draft.pictureUrl.trim(),
    titleVi: draft.titleVi,
    titleEn: draft.titleEn,
    textVi: draft.textVi,
    textEn: draft.textEn,
    startsAt: fromLocalInput(draft.startsAt, zone),
    endsAt: fromLocalInput(draft.endsAt, zone),
    priority: draft.priority.trim() === '' ? 0 : Number(draft.priority),
    active: draft.active,
  };
}

function draftOf(promotion: Promotion, zone: string): Draft {
  return {
    couponId: promotion.couponId,
    placements: promotion.placements,
    pictureUrl: promotion.pictureUrl ?? '',
    titleVi: promotion.titleVi,
    titleEn: promotion.titleEn,
    textVi: promotion.textVi,
    textEn: promotion.textEn,
    startsAt: toLocalInput(promotion.startsAt, zone),
    endsAt: toLocalInput(promotion.endsAt, zone),
    priority: String(promotion.priority),
    active: promotion.active,
  };
}

/** A picture's address, filled by uploading a file (the site's picture checks) or by pasting a link. */
function PictureField({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const { t, i18n } = useTranslation('commerceAdmin');
  const id = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const notImage = imageTypeError(file.type, i18n.language);
    if (notImage) return setProblem(notImage);
    setProblem(null);
    setBusy(0);
    try {
      onChange(await uploadPromotionPicture(file, setBusy));
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 404 ? e.message : t('promotions.uploadFailed'));
    } finally {
      setBusy(null);
    }
  };
  const shown = error ?? problem;
  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:col-span-2">
      <label htmlFor={id}>{t('promotions.field.pictureUrl')}</label>
      <div className="flex flex-wrap items-center gap-3">
        {value && <img src={value} alt="" className="size-12 rounded-lg object-cover" />}
        <input
          id={id}
          name="pictureUrl"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(shown) || undefined}
          className={`${inputClass} ${inputStateClass(Boolean(shown))} min-w-0 flex-1`}
        />
        <label className={buttonClass('secondary', 'sm')}>
          {busy !== null ? `${busy}%` : t('promotions.upload')}
          <input type="file" accept="image/*" className="sr-only" onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
      </div>
      {shown && (
        <span data-field-error className="text-xs text-rose-700">
          {shown}
        </span>
      )}
    </div>
  );
}

/** Creates a promotion, or edits `editing`; checked by the shared rule before it is sent. */
function PromotionForm({ editing, onDone }: { editing: Promotion | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('commerceAdmin');
  const zone = usePersonTimeZone();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing, zone) : empty);
  const [error, setError] = useState<string | null>(null);
  const coupons = useQuery(commerceAdminQueries.coupons());
  const save = useSavePromotion();
  const form = useForm({ check: () => messagesOf(validatePromotion(promotionBody(draft, zone), i18n.language)) });
  const errors = form.errors;
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  const submit = form.submit(
    async () => {
      setError(null);
      await save.mutateAsync({ id: editing?.id, body: promotionBody(draft, zone) });
      toast.success(t(editing ? 'promotions.saved' : 'promotions.created'));
      setDraft(empty);
      onDone();
    },
    { onError: (e) => !fieldsOf(e) && setError(refusal(e, t('failed'))) },
  );

  const field = (
    key: 'titleVi' | 'titleEn' | 'textVi' | 'textEn' | 'startsAt' | 'endsAt' | 'priority',
    type = 'text',
  ) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {t(`promotions.field.${key}`)}
      <input
        type={type}
        name={key}
        value={draft[key]}
        onChange={set(key)}
        aria-invalid={Boolean(errors[key]) || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(errors[key]))}`}
      />
      {errors[key] && (
        <span data-field-error className="text-xs text-rose-700">
          {errors[key]}
        </span>
      )}
    </label>
  );

  const togglePlace = (place: string) =>
    setDraft({
      ...draft,
      placements: draft.placements.includes(place)
        ? draft.placements.filter((p) => p !== place)
        : [...draft.placements, place],
    });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="promotion-form"
    >
      <h2 className="mb-4 font-bold text-slate-900">{t(editing ? 'promotions.edit' : 'promotions.new')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('promotions.field.couponId')}
          <select
            name="couponId"
            value={draft.couponId}
            onChange={set('couponId')}
            aria-invalid={Boolean(errors.couponId) || undefined}
            className={`${inputClass} ${inputStateClass(Boolean(errors.couponId))}`}
          >
            <option value="">{t('promotions.chooseCoupon')}</option>
            {coupons.data?.map((coupon) => (
              <option key={coupon._id} value={coupon._id}>
                {coupon.code} ({coupon.kind === 'percent' ? `${coupon.value}%` : coupon.value})
              </option>
            ))}
          </select>
          {errors.couponId && (
            <span data-field-error className="text-xs text-rose-700">
              {errors.couponId}
            </span>
          )}
        </label>
        <fieldset className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          <legend className="mb-1">{t('promotions.field.placements')}</legend>
          <div className="flex flex-wrap gap-3">
            {PLACEMENTS.map((place) => (
              <label key={place} className="inline-flex items-center gap-2 font-normal">
                <input
                  type="checkbox"
                  name="placements"
                  value={place}
                  checked={draft.placements.includes(place)}
                  onChange={() => togglePlace(place)}
                  className="size-4 accent-teal-700"
                />
                {t(`promotions.placement.${place}`)}
              </label>
            ))}
          </div>
          {errors.placements && (
            <span data-field-error className="text-xs text-rose-700">
              {errors.placements}
            </span>
          )}
        </fieldset>
        {field('titleVi')}
        {field('titleEn')}
        {field('textVi')}
        {field('textEn')}
        {field('startsAt', 'datetime-local')}
        {field('endsAt', 'datetime-local')}
        {field('priority', 'number')}
        <label className="inline-flex items-center gap-2 self-end text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
            className="size-4 accent-teal-700"
          />
          {t('promotions.field.active')}
        </label>
        <PictureField
          value={draft.pictureUrl}
          onChange={(pictureUrl) => setDraft({ ...draft, pictureUrl })}
          error={errors.pictureUrl}
        />
      </div>
      <p className="mt-2 text-xs text-slate-500">{t('promotions.zone', { zone })}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex gap-3">
        <SubmitButton busy={form.busy}>{t(editing ? 'promotions.save' : 'promotions.create')}</SubmitButton>
        {editing && (
          <button type="button" className={buttonClass('ghost')} onClick={onDone}>
            {t('promotions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The promotions tab: the form and the table with where each shows, its period and what it counted. */
export function PromotionsPanel() {
  const { t, i18n } = useTranslation('commerceAdmin');
  const promotions = useQuery(commerceAdminQueries.promotions());
  const remove = useDeletePromotion();
  const dates = useDates();
  const [editing, setEditing] = useState<Promotion | null>(null);
  const when = (ms?: number | null) => (ms === null || ms === undefined ? '…' : dates.dateTime(ms));
  const title = (p: Promotion) => (i18n.language === 'en' && p.titleEn) || p.titleVi;
  return (
    <div className="space-y-6">
      <PromotionForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <DataTable
        caption={t('promotions.title')}
        rows={promotions.data}
        rowKey={(p) => p.id}
        rowTestId={() => 'promotion-row'}
        error={promotions.isError}
        onRetry={() => void promotions.refetch()}
        pageSize={20}
        fit
        columns={[
          {
            id: 'title',
            header: t('promotions.promotion'),
            primary: true,
            sortValue: (p) => title(p),
            cell: (p) => (
              <span className="block min-w-36">
                <span className="font-semibold">{title(p)}</span>{' '}
                <span className="font-mono text-xs text-slate-500">{p.couponCode}</span>
                <span className="block text-xs text-slate-500">
                  {p.placements.map((place) => t(`promotions.placement.${place}`)).join(', ')} ·{' '}
                  <span className={p.showing ? 'text-emerald-700' : 'text-slate-500'}>
                    {p.showing ? t('promotions.showing') : t('promotions.hidden')}
                  </span>
                </span>
              </span>
            ),
          },
          {
            id: 'period',
            header: t('promotions.period'),
            cell: (p) =>
              p.startsAt || p.endsAt ? (
                <span className="tabular-nums">
                  <span className="whitespace-nowrap">{when(p.startsAt)} –</span>{' '}
                  <span className="whitespace-nowrap">{when(p.endsAt)}</span>
                </span>
              ) : (
                t('coupons.always')
              ),
          },
          {
            id: 'priority',
            header: t('promotions.field.priority'),
            align: 'end',
            sortValue: (p) => p.priority,
            cell: (p) => p.priority,
          },
          { id: 'views', header: t('promotions.views'), align: 'end', sortValue: (p) => p.views, cell: (p) => p.views },
          {
            id: 'clicks',
            header: t('promotions.clicks'),
            align: 'end',
            sortValue: (p) => p.clicks,
            cell: (p) => p.clicks,
          },
          {
            id: 'redemptions',
            header: t('promotions.redemptions'),
            align: 'end',
            sortValue: (p) => p.redemptions,
            cell: (p) => p.redemptions,
          },
          {
            id: 'left',
            header: t('promotions.left'),
            align: 'end',
            cell: (p) => (p.remainingUses === null || p.remainingUses === undefined ? '∞' : p.remainingUses),
          },
        ]}
        actions={(p) => (
          <div className="flex gap-2">
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setEditing(p)}>
              {t('promotions.editAction')}
            </button>
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              disabled={remove.isPending}
              onClick={() =>
                window.confirm(t('promotions.confirmDelete')) &&
                remove.mutate(p.id, { onError: (e) => toast.error(refusal(e, t('failed'))) })
              }
            >
              {t('promotions.delete')}
            </button>
          </div>
        )}
      />
    </div>
  );
}

/** /dashboard/ads-promo (administrators): the promotions the site shows, and the coupons they promote. */
export default function AdsPromoPage() {
  const { t } = useTranslation('commerceAdmin');
  const [tab, setTab] = useState<'promotions' | 'coupons'>('promotions');
  useDocumentMeta(t('adsPromo.title'), t('adsPromo.title'));
  const tabs = ['promotions', 'coupons'] as const;
  return (
    <PageFrame title={t('adsPromo.title')} testId="ads-promo-page">
      <div role="tablist" aria-label={t('adsPromo.title')} className="mb-6 flex gap-2 border-b border-slate-200">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              tab === name ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {t(`adsPromo.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'promotions' ? <PromotionsPanel /> : <CouponsPanel />}
      </div>
    </PageFrame>
  );
}
