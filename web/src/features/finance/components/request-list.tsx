import { useTranslation } from 'react-i18next';
import type { PayoutRequest } from '../api/finance';
import { useFinanceFormat } from './format';

const STATUS_TONES: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  paid: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-rose-50 text-rose-800',
  failed: 'bg-rose-50 text-rose-800',
};

/** A payout request's status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('finance');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status] ?? 'bg-slate-100'}`}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

/** A teacher's own payout requests, newest first: amount, where it goes, its status and what decided it. */
export function RequestList({ requests }: { requests: PayoutRequest[] }) {
  const { t } = useTranslation('finance');
  const { money, dayTime, day } = useFinanceFormat();
  return (
    <ul className="space-y-2" data-testid="my-requests">
      {requests.map((request) => (
        <li
          key={request.id}
          id={`request-${request.id}`}
          className="rounded-xl border border-slate-200 bg-white p-3 text-sm target:ring-2 target:ring-teal-600"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-bold text-slate-900 tabular-nums">{money(request.amount, request.currency)}</span>
            <StatusBadge status={request.status} />
          </div>
          <p className="mt-1 text-slate-600">
            {request.bankName} {request.maskedNumber} ·{' '}
            {t(`method.${request.method}`, { defaultValue: request.method })}
          </p>
          <p className="text-xs text-slate-500">
            {dayTime(request.createdAt)}
            {(request.fee > 0 || request.tax > 0) &&
              ` · ${t('col.fee')} ${money(request.fee)} · ${t('col.tax')} ${money(request.tax)} · ${t('col.netToSend')} ${money(request.net)}`}
          </p>
          {request.status === 'paid' && request.bankReference && (
            <p className="text-xs text-emerald-800">
              {t('queue.paidWith', { reference: request.bankReference })}
              {request.paidOn && ` · ${day(request.paidOn)}`}
            </p>
          )}
          {request.reasonText && <p className="mt-1 text-xs text-rose-800">{request.reasonText}</p>}
        </li>
      ))}
    </ul>
  );
}
