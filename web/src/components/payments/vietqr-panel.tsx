import { Check, Clock, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice, type Currency, type Remaining } from '@/lib/wasm';
import { useCheckoutRules, type CheckoutRules } from '@/lib/wasm-checkout';

/** How long a copy button says "Copied". */
export const COPIED_MS = 2000;
const TICK_MS = 1000;

/** The account a transfer goes to. */
export interface VietQrBank {
  /** The bank's six-digit NAPAS BIN. */
  bin: string;
  /** The bank's name as the buyer knows it, e.g. "Vietcombank". */
  name: string;
  accountNumber: string;
  /** The account holder's name, as the banking app shows it once the account is entered. */
  accountName: string;
}

export interface VietQrPanelProps {
  bank: VietQrBank;
  /** In minor units of `currency` (VND has none: whole đồng). */
  amount: number;
  currency: Currency | (string & {});
  /** The transfer note the payment is matched to the order by. */
  note: string;
  /** When the order stops waiting for the transfer: an RFC 3339 instant, epoch milliseconds or a Date. */
  expiresAt: string | number | Date;
}

/** "mm:ss", or "h:mm:ss" from an hour on. */
function clock({ days, hours, minutes, seconds }: Remaining): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = days * 24 + hours;
  return h > 0 ? `${h}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The time left until `expiresAtMs`, ticking each second until zero (null until the rules arrive). */
function useTimeLeft(rules: CheckoutRules | null, expiresAtMs: number): Remaining | null {
  const [now, setNow] = useState(() => Date.now());
  const remaining = rules ? rules.expiryRemaining(expiresAtMs, now) : null;
  const done = remaining?.done ?? false;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [done]);
  return remaining;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** A button that puts `value` on the clipboard and says so for {@link COPIED_MS}. */
function CopyButton({ value, field }: { value: string; field: string }) {
  const { t } = useTranslation('checkout');
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let next: CopyState = 'copied';
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      next = 'failed';
    }
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={t('vietqr.copyLabel', { field })}
      data-state={state}
      className="inline-flex min-w-28 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 transition hover:border-teal-600 hover:text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
    >
      {state === 'copied' ? (
        <Check aria-hidden="true" className="size-3.5 text-emerald-600" />
      ) : (
        <Copy aria-hidden="true" className="size-3.5" />
      )}
      <span aria-live="polite">
        {state === 'copied' ? t('vietqr.copied') : state === 'failed' ? t('vietqr.copyFailed') : t('vietqr.copy')}
      </span>
    </button>
  );
}

/** The QR code drawn from the payload, or why there is none. */
type Drawing = { svg: { side: number; path: string } } | { error: string };

/**
 * What a buyer paying by bank transfer sees: the VietQR code their banking app scans (drawn as SVG by the
 * checkout's rule module, loaded on first use; its square is kept while the module loads, so nothing moves), the
 * bank, account number, account holder, amount and transfer note, each with a copy button, and the time left
 * before the order expires (then the code is faded under the notice that the order has expired).
 */
export function VietQrPanel({ bank, amount, currency, note, expiresAt }: VietQrPanelProps) {
  const { t, i18n } = useTranslation('checkout');
  const titleId = useId();
  const rules = useCheckoutRules();
  const lang = i18n.language;
  const expiresAtMs = new Date(expiresAt).getTime();
  const remaining = useTimeLeft(rules, expiresAtMs);
  const expired = remaining?.done ?? false;
  const shownAmount = formatPrice(amount, currency, lang);

  const drawing = useMemo<Drawing | null>(() => {
    if (!rules) return null;
    try {
      const payload = rules.vietqrPayload(
        { bin: bank.bin, accountNumber: bank.accountNumber, amount, currency, note },
        lang,
      );
      if (!payload.ok) return { error: Object.values(payload.errors).join(' ') };
      return { svg: rules.qrSvgPath(payload.value) };
    } catch (error) {
      console.error('The VietQR code could not be drawn', error);
      return { error: t('vietqr.qrUnavailable') };
    }
  }, [rules, bank.bin, bank.accountNumber, amount, currency, note, lang, t]);

  const rows: { key: string; label: string; shown: string; copied: string; hint?: string }[] = [
    { key: 'bank', label: t('vietqr.bank'), shown: bank.name, copied: bank.name },
    { key: 'accountNumber', label: t('vietqr.accountNumber'), shown: bank.accountNumber, copied: bank.accountNumber },
    { key: 'accountName', label: t('vietqr.accountName'), shown: bank.accountName, copied: bank.accountName },
    { key: 'amount', label: t('vietqr.amount'), shown: shownAmount, copied: String(amount) },
    { key: 'note', label: t('vietqr.note'), shown: note, copied: note, hint: t('vietqr.noteHint') },
  ];

  return (
    <section
      data-testid="vietqr-panel"
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('vietqr.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('vietqr.instructions')}</p>

      <div className="mt-5 grid gap-6 md:grid-cols-[16rem_1fr] md:items-start">
        <div className="mx-auto w-full max-w-64">
          <div
            data-testid="vietqr-code"
            aria-busy={!drawing || undefined}
            className="relative aspect-square w-full overflow-hidden rounded-xl bg-white ring-1 ring-slate-200"
          >
            {!drawing && (
              <>
                <Skeleton className="absolute inset-3" />
                <span className="sr-only">{t('vietqr.qrLoading')}</span>
              </>
            )}
            {drawing && 'svg' in drawing && (
              <svg
                viewBox={`0 0 ${drawing.svg.side} ${drawing.svg.side}`}
                role="img"
                aria-label={t('vietqr.qrLabel', { amount: shownAmount, bank: bank.name })}
                shapeRendering="crispEdges"
                className={`absolute inset-0 size-full ${expired ? 'opacity-15' : ''}`}
              >
                <rect width={drawing.svg.side} height={drawing.svg.side} fill="#fff" />
                <path d={drawing.svg.path} fill="#0f172a" />
              </svg>
            )}
            {expired && (
              <p
                role="alert"
                className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm font-medium text-rose-800"
              >
                <TriangleAlert aria-hidden="true" className="size-6" />
                {t('vietqr.expired')}
              </p>
            )}
            {!expired && drawing && 'error' in drawing && (
              <p
                role="alert"
                className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-rose-700"
              >
                {drawing.error}
              </p>
            )}
          </div>
          <p
            data-testid="vietqr-countdown"
            aria-live="off"
            className={`mt-3 flex items-center justify-center gap-1.5 text-sm font-medium tabular-nums ${expired ? 'text-rose-700' : 'text-slate-700'}`}
          >
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {t('vietqr.expiresIn', { time: remaining ? clock(remaining) : '--:--' })}
          </p>
        </div>

        <dl className="divide-y divide-slate-100">
          {rows.map((row) => (
            <div
              key={row.key}
              data-testid={`vietqr-${row.key}`}
              className="flex items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
                <dd
                  className={`mt-0.5 font-semibold break-words text-slate-900 ${row.key === 'amount' ? 'text-lg text-teal-800' : 'text-sm'}`}
                >
                  {row.shown}
                </dd>
                {row.hint && <dd className="mt-0.5 text-xs text-slate-500">{row.hint}</dd>}
              </div>
              <CopyButton value={row.copied} field={row.label} />
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
