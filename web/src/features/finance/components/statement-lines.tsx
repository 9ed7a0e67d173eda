import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementLine } from '../api/finance';
import { useFinanceFormat } from './format';

/** Where a payout's line leads: its request on the payment page. */
function lineLink(line: StatementLine): string | null {
  return line.payoutRequestId ? `/dashboard/payment#request-${line.payoutRequestId}` : null;
}

/**
 * Statement lines as a person reads a bank statement: on a phone each line is a card (date, kind, what it was for,
 * net and the balance after); from the small breakpoint up, a table with the gross and commission too. The table
 * scrolls inside its own box, never the page.
 */
export function StatementLines({ lines, withBreakdown = true }: { lines: StatementLine[]; withBreakdown?: boolean }) {
  const { t } = useTranslation('finance');
  const { money, day } = useFinanceFormat();
  // A sale still maturing shows when it becomes available (read once, when the lines are shown).
  const [now] = useState(Date.now);
  const what = (line: StatementLine) => line.items.map((item) => item.title).join(', ') || line.orderCode || '—';
  const net = (line: StatementLine) => (
    <span className={line.net < 0 ? 'text-rose-700' : 'text-emerald-700'}>
      {line.net > 0 ? '+' : ''}
      {money(line.net, line.currency)}
    </span>
  );
  return (
    <>
      <ul className="space-y-2 sm:hidden" data-testid="statement-cards">
        {lines.map((line) => (
          <li key={line.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{line.kindLabel}</span>
              <span className="font-bold tabular-nums">{net(line)}</span>
            </div>
            <p className="mt-1 line-clamp-2 text-slate-700">{what(line)}</p>
            {line.orderCode && <p className="text-xs text-slate-500">{line.orderCode}</p>}
            <div className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
              <span>{day(line.at)}</span>
              <span className="tabular-nums">
                {t('col.balance')}: {money(line.balanceAfter, line.currency)}
              </span>
            </div>
            {line.availableAt && new Date(line.availableAt).getTime() > now && (
              <p className="mt-1 text-xs text-amber-700">{t('latest.availableOn', { date: day(line.availableAt) })}</p>
            )}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm" data-testid="statement-table">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('col.date')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('col.kind')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('col.item')}
              </th>
              {withBreakdown && (
                <>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('col.gross')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('col.commission')}
                  </th>
                </>
              )}
              <th scope="col" className="px-3 py-2 text-right">
                {t('col.net')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('col.balance')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => {
              const link = lineLink(line);
              return (
                <tr key={line.id}>
                  <td className="px-3 py-2 whitespace-nowrap">{day(line.at)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {line.kindLabel}
                    {line.availableAt && new Date(line.availableAt).getTime() > now && (
                      <span className="block text-xs text-amber-700">
                        {t('latest.availableOn', { date: day(line.availableAt) })}
                      </span>
                    )}
                  </td>
                  <td className="max-w-64 truncate px-3 py-2" title={what(line)}>
                    {link ? (
                      <a href={link} className="text-teal-700 hover:underline">
                        {what(line)}
                      </a>
                    ) : (
                      what(line)
                    )}
                    {line.orderCode && <span className="block text-xs text-slate-500">{line.orderCode}</span>}
                  </td>
                  {withBreakdown && (
                    <>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {line.gross == null ? '—' : money(line.gross, line.currency)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {line.commission == null ? '—' : money(line.commission, line.currency)}
                      </td>
                    </>
                  )}
                  <td className="px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums">{net(line)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {money(line.balanceAfter, line.currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
