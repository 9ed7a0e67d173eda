import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
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

function SettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation('commerceAdmin');
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    const body: PaymentSettingsBody = {
      bankBin: draft.bankBin.trim(),
      bankName: draft.bankName.trim(),
      accountNumber: draft.accountNumber.trim(),
      accountName: draft.accountName.trim(),
      commissionPercent: Number(draft.commissionPercent),
      orderExpiryMinutes: Number(draft.orderExpiryMinutes),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success(t('settings.saved'));
      },
      onError: (e) => {
        // A refused field says so under itself; only a refusal of no field is said below the form.
        if (e instanceof ApiError && e.fields) setErrors(e.fields);
        else setError(refusal(e, t('failed')));
      },
    });
  };

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
      <span className="min-h-4 text-xs text-rose-700">{errors[key]}</span>
    </label>
  );

  return (
    <form onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="payment-settings">
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
      <button type="submit" disabled={save.isPending} className={`${buttonClass('primary')} mt-4`}>
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}

/** /dashboard/payment-method (administrators): the receiving bank of VietQR transfers and the terms of sale. */
export default function PaymentMethodPage() {
  const { t } = useTranslation('commerceAdmin');
  const settings = useQuery(commerceAdminQueries.settings());
  useDocumentMeta(t('settings.title'), t('settings.title'));
  return (
    <div className="max-w-3xl space-y-4 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('settings.title')}</h1>
      {settings.data && !settings.data.configured && (
        <p role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
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
    </div>
  );
}
