import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import type { StatementLine } from '../api/finance';
import { useFinanceFormat } from './format';

/**
 * Statement lines as a person reads a bank statement, on the dashboard's table: date, kind (a sale still maturing
 * says when it becomes available), what it was for (a payout's line opens its request), the gross and commission
 * (left out of a phone's cards when `withBreakdown` is off), net and the balance after. `rows` undefined while
 * loading; with `page`, `total` and `onPageChange`, the rows are one page of the server's.
 */
export function StatementLines({
  rows,
  withBreakdown = true,
  empty,
  page,
  total,
  pageSize,
  onPageChange,
  error,
  onRetry,
}: {
  rows: StatementLine[] | undefined;
  withBreakdown?: boolean;
  empty?: string;
  page?: number;
  total?: number;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  error?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('finance');
  const { money, day } = useFinanceFormat();
  // A sale still maturing shows when it becomes available (read once, when the lines are shown).
  const [now] = useState(Date.now);
  const what = (line: StatementLine) => line.items.map((item) => item.title).join(', ') || line.orderCode || '—';
  const columns: DataTableColumn<StatementLine>[] = [
    { id: 'date', header: t('col.date'), cell: (line) => day(line.at), className: 'whitespace-nowrap' },
    {
      id: 'kind',
      header: t('col.kind'),
      primary: true,
      cell: (line) => (
        <>
          {line.kindLabel}
          {line.referred && (
            <span
              className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800 ring-1 ring-teal-200"
              data-testid="referred"
            >
              {t('referred')}
            </span>
          )}
          {line.availableAt && new Date(line.availableAt).getTime() > now && (
            <span className="block text-xs font-normal text-amber-700">
              {t('latest.availableOn', { date: day(line.availableAt) })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'item',
      header: t('col.item'),
      cell: (line) => (
        <span className="block max-w-72 min-w-0">
          {line.payoutRequestId ? (
            <a href={`/dashboard/payment#request-${line.payoutRequestId}`} className="text-teal-700 hover:underline">
              {what(line)}
            </a>
          ) : (
            <span className="line-clamp-2">{what(line)}</span>
          )}
          {line.orderCode && <span className="block text-xs text-slate-500">{line.orderCode}</span>}
        </span>
      ),
    },
    ...(withBreakdown
      ? [
          {
            id: 'gross',
            header: t('col.gross'),
            align: 'end' as const,
            hideOnPhone: true,
            className: 'whitespace-nowrap tabular-nums',
            cell: (line: StatementLine) => (line.gross == null ? '—' : money(line.gross, line.currency)),
          },
          {
            id: 'commission',
            header: t('col.commission'),
            align: 'end' as const,
            hideOnPhone: true,
            className: 'whitespace-nowrap tabular-nums',
            cell: (line: StatementLine) => (line.commission == null ? '—' : money(line.commission, line.currency)),
          },
        ]
      : []),
    {
      id: 'net',
      header: t('col.net'),
      align: 'end',
      className: 'whitespace-nowrap font-semibold tabular-nums',
      cell: (line) => (
        <span className={line.net < 0 ? 'text-rose-700' : 'text-emerald-700'}>
          {line.net > 0 ? '+' : ''}
          {money(line.net, line.currency)}
        </span>
      ),
    },
    {
      id: 'balance',
      header: t('col.balance'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (line) => money(line.balanceAfter, line.currency),
    },
  ];
  return (
    <DataTable
      caption={t('latest.title')}
      columns={columns}
      rows={rows}
      rowKey={(line) => line.id}
      empty={empty ?? t('statement.none')}
      page={page}
      total={total}
      pageSize={pageSize}
      onPageChange={onPageChange}
      error={error}
      onRetry={onRetry}
      testId="statement-table"
    />
  );
}
