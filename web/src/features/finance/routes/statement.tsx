import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { financeApi, type StatementFilter } from '../api/finance';
import { financeQueries } from '../api/queries';
import { saveCsv } from '@/lib/save-file';
import { StatementLines } from '../components/statement-lines';
import { DayRange, useUrlFilter } from '../components/url-filter';

const KINDS = ['sale', 'refund', 'payout', 'adjustment'] as const;

/**
 * A teacher's statement (/dashboard/transection for teachers; administrators open a teacher's with `?teacherId=`):
 * every sale, refund, payout and adjustment with its gross, commission, net and the balance after, filtered by
 * days (in the academy's time zone, the end day included) and kind, paged, and downloadable as CSV. The filter
 * lives in the address.
 */
export default function StatementPage() {
  const { t } = useTranslation('finance');
  const { get, set, page } = useUrlFilter();
  const [downloading, setDownloading] = useState(false);
  const filter: StatementFilter = {
    teacherId: get('teacherId'),
    from: get('from'),
    to: get('to'),
    kind: get('kind'),
    courseId: get('courseId'),
    page,
  };
  const statement = useQuery(financeQueries.statement(filter));
  useDocumentMeta(t('statement.title'), t('statement.description'));
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
    <PageFrame
      title={t('statement.title')}
      description={t('statement.description')}
      actions={
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={download}
          disabled={downloading}
          data-testid="statement-csv"
        >
          {t('statement.csv')}
        </button>
      }
      testId="statement-page"
    >
      <div className="space-y-4">
        <div className="grid gap-2 sm:grid-cols-3">
          <DayRange from={filter.from ?? ''} to={filter.to ?? ''} onChange={set} />
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
        <StatementLines
          rows={data?.items}
          page={data?.page ?? filter.page}
          total={data?.total}
          pageSize={data?.pageSize ?? 20}
          onPageChange={(page) => set({ page: String(page) })}
          error={statement.isError}
          onRetry={() => void statement.refetch()}
        />
      </div>
    </PageFrame>
  );
}
