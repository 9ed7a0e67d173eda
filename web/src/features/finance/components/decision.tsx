import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import type { PayoutRequest } from '../api/finance';
import { useFail, usePay, useReject, useSendThroughPayos } from '../api/queries';
import { today } from './format';

const REASONS = ['invalid_account', 'invalid_request', 'other'] as const;

/** A button that opens a small form under it; the form's send closes it, a refusal stays shown in it. */
function Opening({
  label,
  danger,
  children,
}: {
  label: string;
  danger?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={buttonClass(danger ? 'ghost' : 'primary', 'sm')} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return <div className="w-full">{children(() => setOpen(false))}</div>;
}

/** A decision form's last line: its send and its cancel. */
function FormFooter({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('finance');
  return (
    <div className="flex gap-2">
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={busy}>
        {label}
      </button>
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={onCancel}>
        {t('queue.cancel')}
      </button>
    </div>
  );
}

/**
 * An administrator's decisions on a request: a pending one is paid (the bank's reference and the day) or rejected
 * (a reason, and a note the teacher reads); a paid one that came back is marked failed (its money is the teacher's
 * again). Each is made once: a second decision is refused by the server and its refusal shown.
 */
export function Decisions({ request }: { request: PayoutRequest }) {
  const { t } = useTranslation('finance');
  const id = useId();
  const pay = usePay();
  const reject = useReject();
  const fail = useFail();
  const payos = useSendThroughPayos();
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [reason, setReason] = useState<string>('invalid_account');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = `${inputClass} ${inputStateClass(false)}`;

  const run = (mutation: Promise<unknown>, close: () => void) => {
    setError(null);
    mutation
      .then(() => {
        toast.success(t('queue.done'));
        close();
      })
      .catch((e: unknown) => setError(refusalOf(e, t('failed'))));
  };
  const errorLine = error && (
    <p role="alert" className="text-sm text-rose-700">
      {error}
    </p>
  );

  if (request.status === 'pending') {
    return (
      <div className="flex flex-wrap gap-2">
        {request.method === 'payos' && (
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={payos.isPending}
            aria-busy={payos.isPending || undefined}
            onClick={() => run(payos.mutateAsync(request.id), () => undefined)}
          >
            {request.payosState ? t('queue.payosAgain') : t('queue.payos')}
          </button>
        )}
        {request.payosState && (
          <p className="w-full text-xs text-slate-600">{t('queue.payosState', { state: request.payosState })}</p>
        )}
        {errorLine}
        <Opening label={t('queue.pay')}>
          {(close) => (
            <form
              className="space-y-2"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                run(pay.mutateAsync({ id: request.id, reference: reference.trim(), paidOn }), close);
              }}
            >
              <label className="block text-sm text-slate-700" htmlFor={`${id}-ref`}>
                {t('queue.reference')}
              </label>
              <input
                id={`${id}-ref`}
                required
                maxLength={100}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
                className={field}
              />
              <label className="block text-sm text-slate-700" htmlFor={`${id}-day`}>
                {t('queue.paidOn')}
              </label>
              <input
                id={`${id}-day`}
                type="date"
                required
                value={paidOn}
                onChange={(e) => setPaidOn(e.target.value)}
                className={field}
              />
              {errorLine}
              <FormFooter label={t('queue.confirmPay')} busy={pay.isPending} onCancel={close} />
            </form>
          )}
        </Opening>
        <Opening label={t('queue.reject')} danger>
          {(close) => (
            <form
              className="space-y-2"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                run(reject.mutateAsync({ id: request.id, reason, note: note.trim() }), close);
              }}
            >
              <label className="block text-sm text-slate-700" htmlFor={`${id}-reason`}>
                {t('queue.reason')}
              </label>
              <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} className={field}>
                {REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`queue.reason.${r}`)}
                  </option>
                ))}
              </select>
              <label className="block text-sm text-slate-700" htmlFor={`${id}-note`}>
                {t('queue.note')}
              </label>
              <textarea
                id={`${id}-note`}
                rows={2}
                maxLength={1000}
                required={reason === 'other'}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                className={field}
              />
              {errorLine}
              <FormFooter label={t('queue.confirmReject')} busy={reject.isPending} onCancel={close} />
            </form>
          )}
        </Opening>
      </div>
    );
  }
  if (request.status === 'paid') {
    return (
      <Opening label={t('queue.fail')} danger>
        {(close) => (
          <form
            className="space-y-2"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              run(fail.mutateAsync({ id: request.id, note: note.trim() }), close);
            }}
          >
            <label className="block text-sm text-slate-700" htmlFor={`${id}-fail`}>
              {t('queue.note')}
            </label>
            <textarea
              id={`${id}-fail`}
              rows={2}
              required
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={field}
            />
            {errorLine}
            <FormFooter label={t('queue.confirmFail')} busy={fail.isPending} onCancel={close} />
          </form>
        )}
      </Opening>
    );
  }
  return null;
}
