import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { refusalOf } from '@/lib/refusal';
import type { PayoutFee } from '@/lib/rules';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { PayoutSettings } from '../api/finance';
import { financeQueries, useSaveSettings } from '../api/queries';

interface Draft {
  holdingDays: string;
  accountWaitHours: string;
  minimumPayout: string;
  withholdTax: boolean;
  minimum: string;
  feeKind: PayoutFee['kind'];
  /** ₫ for a fixed fee, % (two decimals) for a percent. */
  feeAmount: string;
  noteVi: string;
  noteEn: string;
}

function draftOf(settings: PayoutSettings): Draft {
  const fee = settings.bankManual.fee;
  return {
    holdingDays: String(settings.rules.holdingDays),
    accountWaitHours: String(settings.rules.accountWaitHours),
    minimumPayout: String(settings.rules.minimumPayout),
    withholdTax: settings.rules.withholdTax,
    minimum: String(settings.bankManual.minimum),
    feeKind: fee.kind,
    feeAmount: fee.kind === 'fixed' ? String(fee.amount) : fee.kind === 'percent' ? String(fee.basisPoints / 100) : '',
    noteVi: settings.bankManual.noteVi,
    noteEn: settings.bankManual.noteEn,
  };
}

function settingsOf(draft: Draft): PayoutSettings {
  const amount = Number(draft.feeAmount.replace(',', '.'));
  const fee: PayoutFee =
    draft.feeKind === 'fixed'
      ? { kind: 'fixed', amount: Math.round(amount) }
      : draft.feeKind === 'percent'
        ? { kind: 'percent', basisPoints: Math.round(amount * 100) }
        : { kind: 'none' };
  return {
    rules: {
      holdingDays: Number(draft.holdingDays),
      accountWaitHours: Number(draft.accountWaitHours),
      minimumPayout: Number(draft.minimumPayout),
      withholdTax: draft.withholdTax,
    },
    bankManual: { minimum: Number(draft.minimum), fee, noteVi: draft.noteVi.trim(), noteEn: draft.noteEn.trim() },
  };
}

function SettingsForm({ settings }: { settings: PayoutSettings }) {
  const { t } = useTranslation('finance');
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSettings();
  const field = (invalid: boolean) => `${inputClass} ${inputStateClass(invalid)} mt-1`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    save.mutate(settingsOf(draft), {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success(t('settings.saved'));
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) setErrors(e.fields);
        else setError(refusalOf(e, t('failed')));
      },
    });
  };
  const number = (key: 'holdingDays' | 'accountWaitHours' | 'minimumPayout' | 'minimum', label: string) => (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <input
        inputMode="numeric"
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        aria-invalid={Boolean(errors[key === 'minimum' ? 'minimumPayout' : key]) || undefined}
        className={field(Boolean(errors[key === 'minimum' ? 'minimumPayout' : key]))}
      />
      <span className="block min-h-4 text-xs text-rose-700">{errors[key]}</span>
    </label>
  );

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="payout-settings">
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-bold text-slate-900">{t('settings.rules')}</h2>
        <div className="grid gap-2 sm:grid-cols-3">
          {number('holdingDays', t('settings.holdingDays'))}
          {number('accountWaitHours', t('settings.accountWaitHours'))}
          {number('minimumPayout', t('settings.minimumPayout'))}
        </div>
        <label className="mt-2 flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-1"
            checked={draft.withholdTax}
            onChange={(e) => setDraft({ ...draft, withholdTax: e.target.checked })}
          />
          {t('settings.withholdTax')}
        </label>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="font-bold text-slate-900">{t('settings.bankManual')}</h2>
        <p className="mb-3 text-sm text-slate-600">{t('settings.bankManualText')}</p>
        <div className="grid gap-2 sm:grid-cols-3">
          {number('minimum', t('settings.methodMinimum'))}
          <label className="text-sm font-medium text-slate-700">
            {t('settings.fee')}
            <select
              value={draft.feeKind}
              onChange={(e) => setDraft({ ...draft, feeKind: e.target.value as PayoutFee['kind'] })}
              className={field(false)}
            >
              <option value="none">{t('settings.fee.none')}</option>
              <option value="fixed">{t('settings.fee.fixed')}</option>
              <option value="percent">{t('settings.fee.percent')}</option>
            </select>
          </label>
          {draft.feeKind !== 'none' && (
            <label className="text-sm font-medium text-slate-700">
              {t('settings.feeAmount')}
              <input
                inputMode="decimal"
                value={draft.feeAmount}
                onChange={(e) => setDraft({ ...draft, feeAmount: e.target.value })}
                aria-invalid={Boolean(errors.fee) || undefined}
                className={field(Boolean(errors.fee))}
              />
              <span className="block min-h-4 text-xs text-rose-700">{errors.fee}</span>
            </label>
          )}
        </div>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(['noteVi', 'noteEn'] as const).map((key) => (
            <label key={key} className="text-sm font-medium text-slate-700">
              {t(`settings.${key}`)}
              <textarea
                rows={2}
                maxLength={500}
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                aria-invalid={Boolean(errors.note) || undefined}
                className={field(Boolean(errors.note))}
              />
            </label>
          ))}
        </div>
        <span className="block min-h-4 text-xs text-rose-700">{errors.note}</span>
      </section>
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={buttonClass('primary')}
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}

/** /dashboard/withdraw-getway (administrators): the payout rules and the payout methods' terms. */
export default function WithdrawGatewayPage() {
  const { t } = useTranslation('finance');
  const settings = useQuery(financeQueries.settings());
  useDocumentMeta(t('settings.title'), t('settings.description'));
  return (
    <PageFrame
      title={t('settings.title')}
      description={t('settings.description')}
      width="narrow"
      testId="withdraw-gateway-page"
    >
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
