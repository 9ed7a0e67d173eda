import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { financeApi, type StatementFilter } from '../api/finance';
import { financeQueries } from '../api/queries';
import { StatementLines } from '../components/statement-lines';

const KINDS = ['sale', 'refund', 'payout', 'adjustment'] as const;

/** Saves the statement's CSV; the byte order mark (which a text read drops) is put back so Excel reads Vietnamese. */
function saveCsv(text: string, name: string) {
  const body = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * A teacher's statement (/dashboard/transection for teachers; administrators open a teacher's with `?teacherId=`):
 * every sale, refund, payout and adjustment with its gross, commission, net and the balance after, filtered by
 * days (in the academy's time zone, the end day included) and kind, paged, and downloadable as CSV. The filter
 * lives in the address.
 */
export default function StatementPage() {
  const { t } = useTranslation('finance');
  const [params, setParams] = useSearchParams();
  const [downloading, setDownloading] = useState(false);
  const filter: StatementFilter = {
    teacherId: params.get('teacherId') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    kind: params.get('kind') ?? '',
    courseId: params.get('courseId') ?? '',
    page: Number(params.get('page') ?? 1) || 1,
  };
  const statement = useQuery(financeQueries.statement(filter));
  useDocumentMeta(t('statement.title'), t('statement.description'));
  const set = (changes: Partial<Record<keyof StatementFilter, string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const download = () => {
    setDownloading(true);
    financeApi
      .statementCsv(filter)
      .then((text) => saveCsv(text, 'statement.csv'))
      .catch((e: unknown) => toast.error(refusalOf(e, t('failed'))))
      .finally(() => setDownloading(false));
  };
  const field = `${inputClass} ${inputStateClass(false)}`;
  const data = statement.data;
  return (
    <div className="max-w-6xl space-y-4 px-4 py-6 sm:px-6 lg:px-8" data-testid="statement-page">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('statement.title')}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('statement.description')}</p>
        </div>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={download}
          disabled={downloading}
          data-testid="statement-csv"
        >
          {t('statement.csv')}
        </button>
      </header>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="text-sm text-slate-700">
          {t('statement.from')}
          <input
            type="date"
            value={filter.from}
            onChange={(e) => set({ from: e.target.value })}
            className={`${field} mt-1`}
          />
        </label>
        <label className="text-sm text-slate-700">
          {t('statement.to')}
          <input
            type="date"
            value={filter.to}
            onChange={(e) => set({ to: e.target.value })}
            className={`${field} mt-1`}
          />
        </label>
        <label className="text-sm text-slate-700">
          {t('col.kind')}
          <select value={filter.kind} onChange={(e) => set({ kind: e.target.value })} className={`${field} mt-1`}>
            <option value="">{t('statement.kindAll')}</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {statement.isError ? (
        <LoadError onRetry={() => void statement.refetch()} />
      ) : !data ? (
        <Skeleton className="h-72 rounded-2xl" />
      ) : data.items.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{t('statement.none')}</p>
      ) : (
        <div aria-busy={statement.isFetching || undefined}>
          <StatementLines lines={data.items} />
        </div>
      )}
      {data && data.totalPages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-sm">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={data.page <= 1}
            onClick={() => set({ page: String(data.page - 1) })}
          >
            {t('prev')}
          </button>
          <span>{t('pageOf', { page: data.page, pages: data.totalPages })}</span>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={data.page >= data.totalPages}
            onClick={() => set({ page: String(data.page + 1) })}
          >
            {t('next')}
          </button>
        </nav>
      )}
    </div>
  );
}
