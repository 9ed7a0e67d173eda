import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { DataTable } from '@/components/ui/data-table';
import { fieldsOf, SubmitButton, useForm } from '@/lib/form';
import { useDates } from '@/lib/dates';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { fromLocalInput } from '@/lib/zoned-input';
import { formatPrice } from '@/lib/wasm';
import type { Coupon, CouponBody } from '../api/admin';
import { commerceAdminQueries, useCreateCoupon, useSetCouponActive } from '../api/queries';
import { CoursePicker } from '../components/course-picker';
import { refusal } from '../components/note-action';

interface Draft {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  currency: string;
  courseId: string;
  startsAt: string;
  endsAt: string;
  minOrder: string;
  maxUses: string;
  maxUsesPerUser: string;
  descriptionVi: string;
  descriptionEn: string;
}

const empty: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  currency: 'VND',
  courseId: '',
  startsAt: '',
  endsAt: '',
  minOrder: '',
  maxUses: '',
  maxUsesPerUser: '',
  descriptionVi: '',
  descriptionEn: '',
};

const count = (text: string) => (text.trim() ? Number(text) : null);

/** What the form sends: numbers where numbers go, absent limits as null, its times read in `zone`. */
export function couponBody(draft: Draft, zone: string): CouponBody {
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    value: Number(draft.value),
    currency: draft.kind === 'fixed' || draft.minOrder.trim() ? draft.currency : null,
    courseId: draft.courseId.trim() || null,
    startsAt: fromLocalInput(draft.startsAt, zone),
    endsAt: fromLocalInput(draft.endsAt, zone),
    minOrder: count(draft.minOrder) ?? 0,
    maxUses: count(draft.maxUses),
    maxUsesPerUser: count(draft.maxUsesPerUser),
    descriptionVi: draft.descriptionVi,
    descriptionEn: draft.descriptionEn,
  };
}

function CouponForm() {
  const { t } = useTranslation('commerceAdmin');
  const [draft, setDraft] = useState<Draft>(empty);
  const [error, setError] = useState<string | null>(null);
  const form = useForm();
  const errors = form.errors;
  const create = useCreateCoupon();
  const zone = usePersonTimeZone();
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  const submit = form.submit(
    async () => {
      setError(null);
      const coupon = await create.mutateAsync(couponBody(draft, zone));
      toast.success(t('coupons.created', { code: coupon.code }));
      setDraft(empty);
    },
    // A refused field says so under itself; only a refusal of no field is said below the form.
    { onError: (e) => !fieldsOf(e) && setError(refusal(e, t('failed'))) },
  );

  const field = (key: keyof Draft, type = 'text', extra: Record<string, unknown> = {}) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {t(`coupons.field.${key}`)}
      <input
        type={type}
        value={draft[key]}
        onChange={set(key)}
        aria-invalid={Boolean(errors[key]) || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(errors[key]))}`}
        {...extra}
      />
      {errors[key] && (
        <span data-field-error className="text-xs text-rose-700">
          {errors[key]}
        </span>
      )}
    </label>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="coupon-form"
    >
      <h2 className="mb-4 font-bold text-slate-900">{t('coupons.new')}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {field('code', 'text', { required: true, maxLength: 32 })}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('coupons.field.kind')}
          <select value={draft.kind} onChange={set('kind')} className={`${inputClass} ${inputStateClass(false)}`}>
            <option value="percent">{t('coupons.percent')}</option>
            <option value="fixed">{t('coupons.fixed')}</option>
          </select>
        </label>
        {field('value', 'number', { required: true, min: 1 })}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('coupons.field.currency')}
          <select
            value={draft.currency}
            onChange={set('currency')}
            className={`${inputClass} ${inputStateClass(false)}`}
          >
            <option value="VND">VND</option>
            <option value="USD">USD</option>
          </select>
        </label>
        <CoursePicker
          value={draft.courseId}
          onChange={(courseId) => setDraft({ ...draft, courseId })}
          error={errors.courseId}
        />
        {field('minOrder', 'number', { min: 0 })}
        {field('startsAt', 'datetime-local')}
        {field('endsAt', 'datetime-local')}
        {field('maxUses', 'number', { min: 1 })}
        {field('maxUsesPerUser', 'number', { min: 1 })}
        {field('descriptionVi')}
        {field('descriptionEn')}
      </div>
      <p className="mt-2 text-xs text-slate-500">{t('promotions.zone', { zone })}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          {error}
        </p>
      )}
      <SubmitButton busy={form.busy} className="mt-4">
        {t('coupons.create')}
      </SubmitButton>
    </form>
  );
}

/** Switches a coupon on or off; switched back with a message when the server refuses. */
function CouponSwitch({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('commerceAdmin');
  const toggle = useSetCouponActive();
  return (
    <button
      type="button"
      className={buttonClass(coupon.active ? 'secondary' : 'ghost', 'sm')}
      aria-pressed={coupon.active}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { id: coupon._id, active: !coupon.active },
          { onError: (e) => toast.error(refusal(e, t('failed'))) },
        )
      }
    >
      {coupon.active ? t('coupons.active') : t('coupons.inactive')}
    </button>
  );
}

/** The coupons tab of /dashboard/ads-promo: the coupons with their course, period and uses, switching them on or off,
 * and new ones. Dates are in the person's time zone. */
export function CouponsPanel() {
  const { t, i18n } = useTranslation('commerceAdmin');
  const coupons = useQuery(commerceAdminQueries.coupons());
  const dates = useDates();
  const when = (iso?: string | null) => (iso ? dates.dateTime(iso) : '…');
  const courseName = (coupon: Coupon): string => {
    if (!coupon.courseId) return t('coupons.everyCourse');
    const english = i18n.language === 'en' ? coupon.courseTitleEn : null;
    return english || coupon.courseTitleVi || coupon.courseId;
  };
  return (
    <div className="space-y-6">
      <CouponForm />
      <DataTable
        caption={t('coupons.title')}
        rows={coupons.data}
        rowKey={(coupon) => coupon._id}
        rowTestId={() => 'coupon-row'}
        error={coupons.isError}
        onRetry={() => void coupons.refetch()}
        pageSize={20}
        columns={[
          {
            id: 'code',
            header: t('coupons.field.code'),
            primary: true,
            sortValue: (coupon) => coupon.code,
            cell: (coupon) => <span className="font-mono font-semibold">{coupon.code}</span>,
          },
          {
            id: 'value',
            header: t('coupons.field.value'),
            cell: (coupon) =>
              coupon.kind === 'percent'
                ? `${coupon.value}%`
                : formatPrice(coupon.value, coupon.currency ?? 'VND', i18n.language),
          },
          {
            id: 'course',
            header: t('coupons.field.courseId'),
            cell: (coupon) => <span className="break-words">{courseName(coupon)}</span>,
          },
          {
            id: 'period',
            header: t('coupons.period'),
            cell: (coupon) =>
              coupon.startsAt || coupon.endsAt ? (
                <span className="whitespace-nowrap tabular-nums">
                  {when(coupon.startsAt)} – {when(coupon.endsAt)}
                </span>
              ) : (
                t('coupons.always')
              ),
          },
          {
            id: 'uses',
            header: t('coupons.uses'),
            align: 'end',
            sortValue: (coupon) => coupon.usedCount,
            cell: (coupon) => (
              <span className="tabular-nums">
                {coupon.usedCount}
                {coupon.maxUses !== null && coupon.maxUses !== undefined && ` / ${coupon.maxUses}`}
              </span>
            ),
          },
        ]}
        actions={(coupon) => <CouponSwitch coupon={coupon} />}
      />
    </div>
  );
}
