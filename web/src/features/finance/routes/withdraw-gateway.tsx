import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/lib/form';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { refusalOf } from '@/lib/refusal';
import type { PayoutFee } from '@/lib/rules';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { MethodTerms, PayoutSettings } from '../api/finance';
import { financeQueries, useSaveSettings } from '../api/queries';

/** A method's terms as the form holds them. */
interface TermsDraft {
  minimum: string;
  feeKind: PayoutFee['kind'];
  /** ₫ for a fixed fee, % (two decimals) for a percent. */
  feeAmount: string;
  noteVi: string;
  noteEn: string;
}

interface Draft {
  holdingDays: string;
  accountWaitHours: string;
  minimumPayout: string;
  withholdTax: boolean;
  bank: TermsDraft;
  /** Null when the server has no payOS keys (the method is not offered). */
  payos: (TermsDraft & { enabled: boolean }) | null;
  payerName: string;
  payerTaxCode: string;
  payerAddress: string;
}

function termsDraftOf(terms: MethodTerms): TermsDraft {
  const fee = terms.fee;
  return {
    minimum: String(terms.minimum),
    feeKind: fee.kind,
    feeAmount: fee.kind === 'fixed' ? String(fee.amount) : fee.kind === 'percent' ? String(fee.basisPoints / 100) : '',
    noteVi: terms.noteVi,
    noteEn: terms.noteEn,
  };
}

function termsOf(draft: TermsDraft): MethodTerms {
  const amount = Number(draft.feeAmount.replace(',', '.'));
  const fee: PayoutFee =
    draft.feeKind === 'fixed'
      ? { kind: 'fixed', amount: Math.round(amount) }
      : draft.feeKind === 'percent'
        ? { kind: 'percent', basisPoints: Math.round(amount * 100) }
        : { kind: 'none' };
  return { minimum: Number(draft.minimum), fee, noteVi: draft.noteVi.trim(), noteEn: draft.noteEn.trim() };
}

function draftOf(settings: PayoutSettings): Draft {
  return {
    holdingDays: String(settings.rules.holdingDays),
    accountWaitHours: String(settings.rules.accountWaitHours),
    minimumPayout: String(settings.rules.minimumPayout),
    withholdTax: settings.rules.withholdTax,
    bank: termsDraftOf(settings.bankManual),
    payos: settings.payos ? { ...termsDraftOf(settings.payos), enabled: settings.payos.enabled } : null,
    payerName: settings.payer.name,
    payerTaxCode: settings.payer.taxCode,
    payerAddress: settings.payer.address,
  };
}

function settingsOf(draft: Draft): PayoutSettings {
  return {
    rules: {
      holdingDays: Number(draft.holdingDays),
      accountWaitHours: Number(draft.accountWaitHours),
      minimumPayout: Number(draft.minimumPayout),
      withholdTax: draft.withholdTax,
    },
    bankManual: termsOf(draft.bank),
    payos: draft.payos ? { ...termsOf(draft.payos), enabled: draft.payos.enabled } : null,
    payer: { name: draft.payerName.trim(), taxCode: draft.payerTaxCode.trim(), address: draft.payerAddress.trim() },
  };
}

/** A method's minimum, fee and notes for teachers. */
function TermsFields({
  terms,
  onChange,
  errors,
}: {
  terms: TermsDraft;
  onChange: (terms: TermsDraft) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('finance');
  const field = (invalid: boolean) => `${inputClass} ${inputStateClass(invalid)} mt-1`;
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-700">
          {t('settings.methodMinimum')}
          <input
            inputMode="numeric"
            value={terms.minimum}
            onChange={(e) => onChange({ ...terms, minimum: e.target.value })}
            aria-invalid={Boolean(errors.minimumPayout) || undefined}
            className={field(Boolean(errors.minimumPayout))}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('settings.fee')}
          <select
            value={terms.feeKind}
            onChange={(e) => onChange({ ...terms, feeKind: e.target.value as PayoutFee['kind'] })}
            className={field(false)}
          >
            <option value="none">{t('settings.fee.none')}</option>
            <option value="fixed">{t('settings.fee.fixed')}</option>
            <option value="percent">{t('settings.fee.percent')}</option>
          </select>
        </label>
        {terms.feeKind !== 'none' && (
          <label className="text-sm font-medium text-slate-700">
            {t('settings.feeAmount')}
            <input
              inputMode="decimal"
              value={terms.feeAmount}
              onChange={(e) => onChange({ ...terms, feeAmount: e.target.value })}
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
              value={terms[key]}
              onChange={(e) => onChange({ ...terms, [key]: e.target.value })}
              aria-invalid={Boolean(errors.note) || undefined}
              className={field(Boolean(errors.note))}
            />
          </label>
        ))}
      </div>
      <span className="block min-h-4 text-xs text-rose-700">{errors.note}</span>
    </>
  );
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
  const number = (key: 'holdingDays' | 'accountWaitHours' | 'minimumPayout', label: string) => (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <input
        inputMode="numeric"
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        aria-invalid={Boolean(errors[key]) || undefined}
        className={field(Boolean(errors[key]))}
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
        <TermsFields terms={draft.bank} onChange={(bank) => setDraft({ ...draft, bank })} errors={errors} />
      </section>
      {draft.payos && (
        <section className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="payos-method">
          <h2 className="font-bold text-slate-900">{t('settings.payos')}</h2>
          <p className="mb-3 text-sm text-slate-600">{t('settings.payosText')}</p>
          <label className="mb-3 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={draft.payos.enabled}
              onChange={(e) =>
                draft.payos && setDraft({ ...draft, payos: { ...draft.payos, enabled: e.target.checked } })
              }
            />
            {t('settings.payosEnabled')}
          </label>
          <TermsFields
            terms={draft.payos}
            onChange={(terms) =>
              draft.payos && setDraft({ ...draft, payos: { ...terms, enabled: draft.payos.enabled } })
            }
            errors={errors}
          />
        </section>
      )}
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="font-bold text-slate-900">{t('settings.payer')}</h2>
        <p className="mb-3 text-sm text-slate-600">{t('settings.payerText')}</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {(['payerName', 'payerTaxCode'] as const).map((key) => (
            <label key={key} className="text-sm font-medium text-slate-700">
              {t(`settings.${key}`)}
              <input
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                aria-invalid={Boolean(errors.payer) || undefined}
                className={`${inputClass} ${inputStateClass(false)} mt-1`}
              />
            </label>
          ))}
          <label className="text-sm font-medium text-slate-700 sm:col-span-2">
            {t('settings.payerAddress')}
            <input
              value={draft.payerAddress}
              onChange={(e) => setDraft({ ...draft, payerAddress: e.target.value })}
              className={`${inputClass} ${inputStateClass(false)} mt-1`}
            />
          </label>
        </div>
        <span className="block min-h-4 text-xs text-rose-700">{errors.payer}</span>
      </section>
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <SubmitButton busy={save.isPending}>{t('settings.save')}</SubmitButton>
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
