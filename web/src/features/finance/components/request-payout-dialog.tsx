import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { SubmitButton } from '@/lib/form';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { quotePayout } from '@/lib/wasm-dashboard';
import type { Balance, Figures } from '../api/finance';
import { financeQueries, useAskPayout } from '../api/queries';
import { refusalOf } from '@/lib/refusal';
import { useFinanceFormat } from './format';

/** A fresh key for one payout the teacher is asking for: a second send of the same form is the same request. */
function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * "Request payout": a modal dialog to choose one of the teacher's accounts (those still waiting show when they are
 * ready), the method and the amount; the fee, the tax withheld and what reaches the bank are computed as the
 * teacher types by the rule the server applies (shared, through wasm), and the request is sent once with its
 * `Idempotency-Key`.
 */
export function RequestPayoutDialog({ balance, figures }: { balance: Balance; figures: Figures }) {
  const { t } = useTranslation('finance');
  const { money, dayTime, language } = useFinanceFormat();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const accounts = useQuery(financeQueries.accounts());
  const ask = useAskPayout();
  const [key, setKey] = useState(newKey);
  const [chosenAccount, setAccountId] = useState('');
  const [method, setMethod] = useState(balance.methods[0]?.method ?? 'bank_manual');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  // The default account when it is ready, else the first ready one, until the teacher picks another.
  const ready = (accounts.data ?? []).filter((a) => a.ready);
  const accountId = chosenAccount || (ready.find((a) => a.isDefault) ?? ready[0])?.id || '';

  const terms = balance.methods.find((m) => m.method === method) ?? balance.methods[0];
  const value = Number(amount.replace(/[.,\s]/g, ''));
  const quote =
    amount.trim() && terms
      ? quotePayout(
          Number.isFinite(value) ? value : 0,
          {
            available: figures.available,
            minimum: terms.minimum,
            fee: terms.fee,
            withholdTax: balance.withholdTax,
            committed: balance.taxCommitmentThisYear,
          },
          language,
        )
      : null;

  const open = () => {
    setError(null);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!quote?.ok || !accountId) return;
    setError(null);
    ask.mutate(
      { body: { accountId, amount: quote.value.amount, method }, key },
      {
        onSuccess: (request) => {
          toast.success(t('dialog.sent', { amount: money(request.amount) }));
          setAmount('');
          setKey(newKey());
          close();
        },
        onError: (e) => setError(refusalOf(e, t('failed'))),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={open}
        disabled={figures.available <= 0}
        data-testid="request-payout"
      >
        {t('requestPayout')}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <form onSubmit={submit} className="space-y-4 p-5" noValidate>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {t('dialog.title')}
          </h2>
          {accounts.data && accounts.data.length === 0 ? (
            <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
              {t('dialog.noAccount')}{' '}
              <Link to="/dashboard/payment-account" className="font-semibold underline">
                {t('dialog.addAccount')}
              </Link>
            </p>
          ) : (
            <div className="text-sm font-medium text-slate-700">
              <label htmlFor={`${titleId}-account`}>{t('dialog.account')}</label>
              <select
                id={`${titleId}-account`}
                value={accountId}
                onChange={(e) => setAccountId(e.target.value)}
                className={`${inputClass} ${inputStateClass(false)} mt-1`}
                required
              >
                {(accounts.data ?? []).map((account) => (
                  <option key={account.id} value={account.id} disabled={!account.ready}>
                    {account.bankName} {account.maskedNumber} · {account.holderName}
                    {!account.ready && ` (${t('dialog.notReady', { date: dayTime(account.readyAt) })})`}
                  </option>
                ))}
              </select>
            </div>
          )}
          {balance.methods.length > 1 && (
            <div className="text-sm font-medium text-slate-700">
              <label htmlFor={`${titleId}-method`}>{t('dialog.method')}</label>
              <select
                id={`${titleId}-method`}
                value={method}
                onChange={(e) => setMethod(e.target.value)}
                className={`${inputClass} ${inputStateClass(false)} mt-1`}
              >
                {balance.methods.map((m) => (
                  <option key={m.method} value={m.method}>
                    {t(`method.${m.method}`, { defaultValue: m.method })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor={`${titleId}-amount`} className="block text-sm font-medium text-slate-700">
              {t('dialog.amount')}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${titleId}-amount`}
                inputMode="numeric"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={quote?.ok === false || undefined}
                aria-describedby={`${titleId}-quote`}
                className={`${inputClass} ${inputStateClass(quote?.ok === false)}`}
                data-testid="payout-amount"
              />
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => setAmount(String(Math.max(0, figures.available)))}
              >
                {t('dialog.max')}
              </button>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {t('dialog.availableNow', { amount: money(figures.available, figures.currency) })}
            </p>
          </div>
          <div id={`${titleId}-quote`} aria-live="polite">
            {quote?.ok === false && <p className="text-sm text-rose-700">{quote.message}</p>}
            {quote?.ok && (
              <dl className="space-y-1 rounded-xl bg-slate-50 p-3 text-sm" data-testid="payout-quote">
                <div className="flex justify-between">
                  <dt>{t('dialog.fee')}</dt>
                  <dd className="tabular-nums">{money(quote.value.fee)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>{t('dialog.tax')}</dt>
                  <dd className="tabular-nums">{money(quote.value.tax)}</dd>
                </div>
                <div className="flex justify-between border-t border-slate-200 pt-1 font-bold text-slate-900">
                  <dt>{t('dialog.net')}</dt>
                  <dd className="tabular-nums" data-testid="payout-net">
                    {money(quote.value.net)}
                  </dd>
                </div>
              </dl>
            )}
          </div>
          {terms?.note && <p className="text-xs text-slate-600">{terms.note}</p>}
          {balance.withholdTax && !balance.taxCommitmentThisYear && (
            <p className="text-xs text-slate-500">{t('dialog.taxNote')}</p>
          )}
          {error && (
            <p role="alert" className="text-sm text-rose-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass('ghost')} onClick={close}>
              {t('dialog.cancel')}
            </button>
            <SubmitButton busy={ask.isPending} disabled={!quote?.ok || !accountId}>
              {t('dialog.confirm')}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
