import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { calendarDay } from '@/lib/time-zone';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { financeApi, type Withholding } from '../api/finance';
import { financeQueries } from '../api/queries';
import { useFinanceFormat } from '../components/format';
import { saveCsv } from '@/lib/save-file';

type Item = Withholding['items'][number];

/**
 * /dashboard/payment/withholding?year= (teachers; administrators add `teacherId`): the yearly statement of the
 * personal income tax the academy withheld from a teacher's payouts — payer and payee, each payout's gross, tax,
 * fee and net, the totals — to print (the page prints without the dashboard around it) or download as CSV.
 */
export default function WithholdingPage() {
  const { t } = useTranslation('finance');
  const { money, day } = useFinanceFormat();
  const [params, setParams] = useSearchParams();
  const thisYear = calendarDay(new Date()).year;
  const year = Number(params.get('year')) || thisYear;
  const teacherId = params.get('teacherId') ?? '';
  const statement = useQuery(financeQueries.withholding(year, teacherId));
  const [downloading, setDownloading] = useState(false);
  useDocumentMeta(t('withholding.title'), t('withholding.description'));
  const data = statement.data;

  const download = () => {
    setDownloading(true);
    financeApi
      .withholdingCsv(year, teacherId)
      .then((text) => saveCsv(text, `withholding-${year}.csv`))
      .catch((e: unknown) => toast.error(refusalOf(e, t('failed'))))
      .finally(() => setDownloading(false));
  };
  const columns: DataTableColumn<Item>[] = [
    { id: 'code', header: t('withholding.code'), primary: true, cell: (item) => item.code },
    { id: 'paidOn', header: t('withholding.paidOn'), cell: (item) => (item.paidOn ? day(item.paidOn) : '—') },
    { id: 'gross', header: t('withholding.gross'), align: 'end', cell: (item) => money(item.gross, data?.currency) },
    { id: 'tax', header: t('withholding.tax'), align: 'end', cell: (item) => money(item.tax, data?.currency) },
    { id: 'fee', header: t('withholding.fee'), align: 'end', cell: (item) => money(item.fee, data?.currency) },
    { id: 'net', header: t('withholding.net'), align: 'end', cell: (item) => money(item.net, data?.currency) },
  ];
  const years = Array.from({ length: 5 }, (_, i) => thisYear - i);

  return (
    <PageFrame
      title={t('withholding.title')}
      description={t('withholding.description')}
      width="medium"
      testId="withholding-page"
      back={
        <Link to="/dashboard/payment" className="font-semibold text-teal-700 hover:underline print:hidden">
          ← {t('withholding.back')}
        </Link>
      }
      actions={
        <div className="flex flex-wrap items-end gap-2 print:hidden">
          <label className="text-sm text-slate-700">
            {t('withholding.year')}
            <select
              value={year}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                next.set('year', e.target.value);
                setParams(next, { replace: true });
              }}
              className={`${inputClass} ${inputStateClass(false)} mt-1`}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={buttonClass('secondary')} onClick={() => window.print()}>
            {t('withholding.print')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={download}
            disabled={downloading}
            data-testid="withholding-csv"
          >
            {t('withholding.csv')}
          </button>
        </div>
      }
    >
      {statement.isError ? (
        <LoadError onRetry={() => void statement.refetch()} />
      ) : !data ? (
        <Skeleton className="h-72 rounded-2xl" />
      ) : (
        <div className="space-y-4">
          <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs font-bold tracking-wider text-slate-500 uppercase">{t('withholding.payer')}</dt>
              <dd className="mt-1 font-semibold text-slate-900">{data.payerName}</dd>
              {data.payerTaxCode && <dd>{t('withholding.taxCode', { code: data.payerTaxCode })}</dd>}
              {data.payerAddress && <dd className="text-slate-600">{data.payerAddress}</dd>}
            </div>
            <div>
              <dt className="text-xs font-bold tracking-wider text-slate-500 uppercase">{t('withholding.payee')}</dt>
              <dd className="mt-1 font-semibold text-slate-900">{data.teacherName || data.teacherUsername}</dd>
              <dd className="text-slate-600">@{data.teacherUsername}</dd>
            </div>
          </dl>
          {data.commitmentDeclaredOn && (
            <p className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
              {t('withholding.committed', { date: day(data.commitmentDeclaredOn) })}
            </p>
          )}
          <DataTable
            caption={t('withholding.title')}
            columns={columns}
            rows={data.items}
            rowKey={(item) => item.requestId}
            empty={t('withholding.none', { year })}
            testId="withholding-table"
          />
          {data.items.length > 0 && (
            <dl
              className="grid grid-cols-2 gap-3 rounded-2xl bg-slate-50 p-4 text-sm sm:grid-cols-4"
              data-testid="withholding-totals"
            >
              {(['gross', 'tax', 'fee', 'net'] as const).map((key) => (
                <div key={key}>
                  <dt className="text-slate-600">
                    {t('withholding.total')} · {t(`withholding.${key}`)}
                  </dt>
                  <dd className="font-bold text-slate-900 tabular-nums">{money(data[key], data.currency)}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </PageFrame>
  );
}
