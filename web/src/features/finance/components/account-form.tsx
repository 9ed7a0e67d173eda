import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { SubmitButton } from '@/lib/form';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { normalizeSearch } from '@/lib/wasm';
import { bankHolderName, checkPayoutAccount, payoutBanks } from '@/lib/wasm-dashboard';
import type { PayoutAccount } from '../api/finance';
import { useAddAccount, useChangeAccount } from '../api/queries';

type FieldName = 'bankBin' | 'accountNumber' | 'holderName' | 'password';

/** The name as banks print it while it is typed: a space just typed stays, so the next word can follow. */
function printedAsTyped(typed: string): string {
  const printed = bankHolderName(typed);
  return printed && /\s$/.test(typed) ? `${printed} ` : printed;
}

/**
 * Adds or changes a payout account: a bank from the list (searchable by short or full name), the number, the
 * holder's name written as banks print it while the teacher types (the shared rule, not while an input method is
 * composing a letter), and the current password. Checked by the server's own rules before it is sent; a refusal
 * is shown under its field, and the first field in error takes the focus.
 */
export function AccountForm({ account, onDone }: { account?: PayoutAccount; onDone: () => void }) {
  const { t, i18n } = useTranslation('finance');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const banks = useMemo(() => payoutBanks(), []);
  const [bankSearch, setBankSearch] = useState('');
  const [bankBin, setBankBin] = useState(account?.bankBin ?? '');
  const [accountNumber, setAccountNumber] = useState(account?.accountNumber ?? '');
  const [holderName, setHolderName] = useState(account?.holderName ?? '');
  const [password, setPassword] = useState('');
  const [composing, setComposing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const add = useAddAccount();
  const change = useChangeAccount();
  const busy = add.isPending || change.isPending;

  const shown = useMemo(() => {
    const query = normalizeSearch(bankSearch.trim());
    const matching = query
      ? banks.filter((b) => normalizeSearch(`${b.shortName} ${b.name} ${b.code} ${b.bin}`).includes(query))
      : banks;
    // The chosen bank stays listed whatever the search.
    const chosen = banks.find((b) => b.bin === bankBin);
    return chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching;
  }, [banks, bankSearch, bankBin]);

  const showErrors = (found: Partial<Record<FieldName, string>>) => {
    setErrors(found);
    const first = (['bankBin', 'accountNumber', 'holderName', 'password'] as const).find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = checkPayoutAccount({ bankBin, accountNumber, holderName }, i18n.language);
    const found: Partial<Record<FieldName, string>> = checked.ok ? {} : { ...checked.errors };
    if (!password) found.password = t('accounts.passwordHint');
    if (!checked.ok || found.password) return showErrors(found);
    setErrors({});
    const body = { ...checked.value, password };
    const handlers = {
      onSuccess: () => {
        toast.success(t('accounts.saved'));
        onDone();
      },
      onError: (e: unknown) => {
        if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0) showErrors(e.fields);
        else setError(refusalOf(e, t('failed')));
      },
    };
    if (account) change.mutate({ id: account.id, body }, handlers);
    else add.mutate(body, handlers);
  };

  const errorOf = (field: FieldName) =>
    errors[field] && (
      <span id={`${id}-${field}-error`} className="text-xs text-rose-700">
        {errors[field]}
      </span>
    );
  const described = (field: FieldName) => (errors[field] ? `${id}-${field}-error` : undefined);
  const labelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700';

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="account-form"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={labelClass}>
          {t('accounts.bankSearch')}
          <input
            type="search"
            value={bankSearch}
            onChange={(e) => setBankSearch(e.target.value)}
            className={`${inputClass} ${inputStateClass(false)}`}
          />
        </label>
        <div className={labelClass}>
          <label htmlFor={`${id}-bank`}>{t('accounts.bank')}</label>
          <select
            id={`${id}-bank`}
            name="bankBin"
            value={bankBin}
            onChange={(e) => setBankBin(e.target.value)}
            aria-invalid={Boolean(errors.bankBin) || undefined}
            aria-describedby={described('bankBin')}
            className={`${inputClass} ${inputStateClass(Boolean(errors.bankBin))}`}
          >
            <option value="">{t('accounts.chooseBank')}</option>
            {shown.map((bank) => (
              <option key={bank.bin} value={bank.bin}>
                {bank.shortName} — {bank.name}
              </option>
            ))}
          </select>
          {errorOf('bankBin')}
        </div>
        <label className={labelClass}>
          {t('accounts.number')}
          <input
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.target.value)}
            aria-invalid={Boolean(errors.accountNumber) || undefined}
            aria-describedby={described('accountNumber')}
            className={`${inputClass} ${inputStateClass(Boolean(errors.accountNumber))}`}
          />
          {errorOf('accountNumber')}
        </label>
        <label className={labelClass}>
          {t('accounts.holder')}
          <input
            name="holderName"
            autoComplete="off"
            value={holderName}
            onCompositionStart={() => setComposing(true)}
            onCompositionEnd={(e) => {
              setComposing(false);
              setHolderName(printedAsTyped(e.currentTarget.value));
            }}
            onChange={(e) => setHolderName(composing ? e.target.value : printedAsTyped(e.target.value))}
            aria-invalid={Boolean(errors.holderName) || undefined}
            aria-describedby={errors.holderName ? described('holderName') : `${id}-holder-hint`}
            className={`${inputClass} ${inputStateClass(Boolean(errors.holderName))} uppercase`}
            data-testid="holder-name"
          />
          {errorOf('holderName') ?? (
            <span id={`${id}-holder-hint`} className="text-xs font-normal text-slate-500">
              {t('accounts.holderHint')}
            </span>
          )}
        </label>
      </div>
      <label className={labelClass}>
        {t('accounts.password')}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(errors.password) || undefined}
          aria-describedby={errors.password ? described('password') : `${id}-password-hint`}
          className={`${inputClass} ${inputStateClass(Boolean(errors.password))} sm:max-w-sm`}
        />
        {errorOf('password') ?? (
          <span id={`${id}-password-hint`} className="text-xs font-normal text-slate-500">
            {t('accounts.passwordHint')}
          </span>
        )}
      </label>
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass('ghost')} onClick={onDone}>
          {t('accounts.cancel')}
        </button>
        <SubmitButton busy={busy}>{t('accounts.save')}</SubmitButton>
      </div>
    </form>
  );
}
