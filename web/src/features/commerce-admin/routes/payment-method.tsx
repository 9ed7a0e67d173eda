import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { PageFrame } from '@/components/ui/page-frame';
import { fieldsOf, SubmitButton, useForm } from '@/lib/form';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { PaymentSettings, PaymentSettingsBody } from '../api/admin';
import { commerceAdminQueries, useSaveSettings } from '../api/queries';
import { refusal } from '../components/note-action';

type Draft = Record<
  'bankBin' | 'bankName' | 'accountNumber' | 'accountName' | 'commissionPercent' | 'orderExpiryMinutes',
  string
>;

function draftOf(settings: PaymentSettings): Draft {
  return {
    bankBin: settings.bankBin ?? '',
    bankName: settings.bankName ?? '',
    accountNumber: settings.accountNumber ?? '',
    accountName: settings.accountName ?? '',
    commissionPercent: String(settings.commissionPercent),
    orderExpiryMinutes: String(settings.orderExpiryMinutes),
  };
}

function bodyOf(draft: Draft): PaymentSettingsBody {
  return {
    bankBin: draft.bankBin.trim(),
    bankName: draft.bankName.trim(),
    accountNumber: draft.accountNumber.trim(),
    accountName: draft.accountName.trim(),
    commissionPercent: Number(draft.commissionPercent),
    orderExpiryMinutes: Number(draft.orderExpiryMinutes),
  };
}

function SettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation('commerceAdmin');
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [error, setError] = useState<string | null>(null);
  const form = useForm();
  const errors = form.errors;
  const save = useSaveSettings();

  const submit = form.submit(
    async () => {
      setError(null);
      const saved = await save.mutateAsync(bodyOf(draft));
      setDraft(draftOf(saved));
      toast.success(t('settings.saved'));
    },
    // A refused field says so under itself; only a refusal of no field is said below the form.
    { onError: (e) => !fieldsOf(e) && setError(refusal(e, t('failed'))) },
  );

  const field = (key: keyof Draft, extra: Record<string, unknown> = {}) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {t(`settings.field.${key}`)}
      <input
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        aria-invalid={Boolean(errors[key]) || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(errors[key]))}`}
        {...extra}
      />
      <span data-field-error={errors[key] ? '' : undefined} className="min-h-4 text-xs text-rose-700">
        {errors[key]}
      </span>
    </label>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="payment-settings"
    >
      <h2 className="mb-1 font-bold text-slate-900">{t('settings.bank')}</h2>
      <p className="mb-4 text-sm text-slate-600">{t('settings.bankText')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {field('bankBin', { required: true, inputMode: 'numeric', maxLength: 6 })}
        {field('bankName', { required: true })}
        {field('accountNumber', { required: true, maxLength: 19 })}
        {field('accountName', { required: true })}
      </div>
      <h2 className="mt-4 mb-1 font-bold text-slate-900">{t('settings.terms')}</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        {field('commissionPercent', { type: 'number', min: 0, max: 100 })}
        {field('orderExpiryMinutes', { type: 'number', min: 1 })}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {error}
        </p>
      )}
      <SubmitButton busy={form.busy} className="mt-4">
        {form.busy ? t('settings.saving') : t('settings.save')}
      </SubmitButton>
    </form>
  );
}

/** /dashboard/payment-method (administrators): the receiving bank of VietQR transfers and the terms of sale. */
export default function PaymentMethodPage() {
  const { t } = useTranslation('commerceAdmin');
  const settings = useQuery(commerceAdminQueries.settings());
  useDocumentMeta(t('settings.title'), t('settings.title'));
  return (
    <PageFrame title={t('settings.title')} width="narrow" testId="payment-method-page">
      {settings.data && !settings.data.configured && (
        <p role="status" className="mb-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          {t('settings.notConfigured')}
        </p>
      )}
      {settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Skeleton className="h-96 rounded-2xl" />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </PageFrame>
  );
}
