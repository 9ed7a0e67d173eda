import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { useRole } from '@/lib/auth';
import { refusalOf } from '@/lib/refusal';
import { saveCsv } from '@/lib/save-file';
import { calendarDay } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatCount, formatPrice } from '@/lib/wasm';
import {
  reportQueries,
  reportsApi,
  type RankedRow,
  type ReportFilter,
  type ReportKind,
  type SalesFigures,
  type SeriesPoint,
} from '../api/reports';
import { SalesChart } from '../components/sales-chart';

const GROUPS = ['day', 'week', 'month'] as const;

/** `YYYY-MM-DD` of a calendar day `days` before today in Vietnam. */
function dayBefore(days: number): string {
  const today = calendarDay(new Date());
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day - days));
  return date.toISOString().slice(0, 10);
}

/** The change from `before` to `now` in percent, or null when there was nothing before. */
function change(now: number, before: number): number | null {
  return before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

/** A ranking under its own heading (its table, or what says it is empty). */
function Ranking({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /dashboard/sales-report/course and /mentorship: sales over a range from the ledger — the figures against the
 * period before of the same length, a chart of gross, net and refunds with its numbers in a table beside it, and
 * rankings per course or plan (administrators: per teacher and category too; a row sets the filter). The range,
 * grouping and filters live in the address, so a view can be shared and reloaded; the series downloads as CSV.
 */
export default function SalesReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const admin = useRole() === 'ADMIN';
  const [params, setParams] = useSearchParams();
  const [downloading, setDownloading] = useState(false);
  const groupParam = params.get('group');
  const filter: ReportFilter = {
    kind,
    from: params.get('from') || dayBefore(29),
    to: params.get('to') || dayBefore(0),
    group: (GROUPS as readonly string[]).includes(groupParam ?? '') ? (groupParam as ReportFilter['group']) : 'day',
    courseId: params.get('courseId') ?? '',
    planId: params.get('planId') ?? '',
    teacherId: params.get('teacherId') ?? '',
    categoryId: params.get('categoryId') ?? '',
  };
  const report = useQuery(reportQueries.sales(filter));
  const title = kind === 'course' ? t('titleCourse') : t('titleMentorship');
  useDocumentMeta(title, t('description'));
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const money = useCallback((value: number) => formatPrice(value, 'VND', language), [language]);
  const data = report.data;
  const labels = useMemo(() => (data?.series ?? []).map((p) => p.label), [data]);
  const series = useMemo(
    () => [
      { label: t('figure.grossSales'), values: (data?.series ?? []).map((p) => p.grossSales), stroke: '#0f766e' },
      { label: t('figure.netSales'), values: (data?.series ?? []).map((p) => p.netSales), stroke: '#2563eb' },
      { label: t('figure.refunds'), values: (data?.series ?? []).map((p) => p.refunds), stroke: '#e11d48' },
    ],
    [data, t],
  );

  const download = () => {
    setDownloading(true);
    reportsApi
      .salesCsv(filter)
      .then((text) => saveCsv(text, `sales-${kind}-${filter.from}-${filter.to}.csv`))
      .catch((e: unknown) => toast.error(refusalOf(e, t('failed'))))
      .finally(() => setDownloading(false));
  };

  const figure = (key: keyof SalesFigures, isMoney = true) => {
    if (!data) return null;
    const now = data.totals[key];
    const delta = change(now, data.previous[key]);
    return (
      <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4">
        <dt className="text-sm text-slate-600">{t(`figure.${key}`)}</dt>
        <dd className="mt-1 text-lg font-bold whitespace-nowrap text-slate-900 tabular-nums sm:text-xl">
          {isMoney ? money(now) : formatCount(now, language)}
        </dd>
        <dd
          className={`text-xs ${delta == null ? 'text-slate-500' : delta >= 0 ? 'text-emerald-700' : 'text-rose-700'}`}
        >
          {delta == null ? t('noPrevious') : t('change', { value: `${delta > 0 ? '+' : ''}${delta}` })}
        </dd>
      </div>
    );
  };

  const seriesColumns: DataTableColumn<SeriesPoint>[] = [
    { id: 'label', header: t(`group.${filter.group}`), primary: true, cell: (p) => p.label },
    { id: 'gross', header: t('figure.grossSales'), align: 'end', cell: (p) => money(p.grossSales) },
    { id: 'discounts', header: t('figure.discounts'), align: 'end', cell: (p) => money(p.discounts) },
    { id: 'refunds', header: t('figure.refunds'), align: 'end', cell: (p) => money(p.refunds) },
    { id: 'net', header: t('figure.netSales'), align: 'end', cell: (p) => money(p.netSales) },
    { id: 'units', header: t('figure.unitsSold'), align: 'end', cell: (p) => formatCount(p.unitsSold, language) },
  ];
  const rankingColumns = (onPick: (row: RankedRow) => void): DataTableColumn<RankedRow>[] => [
    {
      id: 'name',
      header: t('col.name'),
      primary: true,
      sortValue: (r) => r.name,
      cell: (r) => (
        <button
          type="button"
          className="text-left font-semibold text-teal-700 hover:underline"
          onClick={() => onPick(r)}
        >
          {r.name}
        </button>
      ),
    },
    {
      id: 'units',
      header: t('figure.unitsSold'),
      align: 'end',
      sortValue: (r) => r.unitsSold,
      cell: (r) => formatCount(r.unitsSold, language),
    },
    {
      id: 'gross',
      header: t('figure.grossSales'),
      align: 'end',
      sortValue: (r) => r.grossSales,
      cell: (r) => money(r.grossSales),
    },
    {
      id: 'refunds',
      header: t('figure.refunds'),
      align: 'end',
      sortValue: (r) => r.refunds,
      cell: (r) => money(r.refunds),
    },
    {
      id: 'net',
      header: t('figure.netSales'),
      align: 'end',
      sortValue: (r) => r.netSales,
      cell: (r) => money(r.netSales),
    },
    {
      id: 'share',
      header: t('figure.teacherShare'),
      align: 'end',
      sortValue: (r) => r.teacherShare,
      cell: (r) => money(r.teacherShare),
    },
  ];
  const productKey = kind === 'course' ? 'courseId' : 'planId';
  const activeFilters = (['courseId', 'planId', 'teacherId', 'categoryId'] as const).filter((key) => filter[key]);
  const field = `${inputClass} ${inputStateClass(false)} mt-1`;

  return (
    <PageFrame
      title={title}
      description={t('description')}
      testId="sales-report"
      actions={
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={download}
          disabled={downloading}
          data-testid="report-csv"
        >
          {t('csv')}
        </button>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-2 sm:grid-cols-3">
          <label className="text-sm text-slate-700">
            {t('from')}
            <input type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} className={field} />
          </label>
          <label className="text-sm text-slate-700">
            {t('to')}
            <input type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} className={field} />
          </label>
          <label className="text-sm text-slate-700">
            {t('groupBy')}
            <select
              value={filter.group}
              onChange={(e) => set({ group: e.target.value })}
              className={field}
              data-testid="report-group"
            >
              {GROUPS.map((group) => (
                <option key={group} value={group}>
                  {t(`group.${group}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {activeFilters.length > 0 && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {activeFilters.map((key) => (
              <button
                key={key}
                type="button"
                className="rounded-full bg-teal-50 px-3 py-1 font-semibold text-teal-800 hover:bg-teal-100"
                onClick={() => set({ [key]: '' })}
              >
                {t(`filter.${key}`)}: {filter[key]?.slice(0, 8)} ×
              </button>
            ))}
          </p>
        )}
        {report.isError ? (
          <LoadError onRetry={() => void report.refetch()} />
        ) : !data ? (
          <Skeleton className="h-96 rounded-2xl" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="report-figures">
              {figure('grossSales')}
              {figure('discounts')}
              {figure('refunds')}
              {figure('netSales')}
              {figure('teacherShare')}
              {figure('commission')}
              {kind === 'course' ? figure('unitsSold', false) : figure('bookings', false)}
              {kind === 'mentorship' && figure('renewals', false)}
              {figure('newStudents', false)}
              {figure('averageOrderValue')}
            </dl>
            <p className="text-xs text-slate-500">
              {t('refundNote', { from: data.previousFrom, to: data.previousTo })}
            </p>
            <section className="rounded-2xl border border-slate-200 bg-white p-4">
              <h2 className="mb-2 font-bold text-slate-900">{t('chart')}</h2>
              <SalesChart labels={labels} series={series} format={money} title={t('chart')} />
            </section>
            <DataTable
              caption={t('chart')}
              showCaption
              columns={seriesColumns}
              rows={data.series}
              rowKey={(p) => p.label}
              phone="scroll"
              pageSize={31}
              testId="report-series"
            />
            <Ranking title={kind === 'course' ? t('byCourse') : t('byPlan')}>
              <DataTable
                caption={kind === 'course' ? t('byCourse') : t('byPlan')}
                columns={rankingColumns((row) => set({ [productKey]: row.id }))}
                rows={data.byProduct}
                rowKey={(r) => r.id}
                defaultSort={{ column: 'net', direction: 'desc' }}
                pageSize={10}
                empty={t('none')}
                testId="report-by-product"
              />
            </Ranking>
            {admin && data.byTeacher && (
              <Ranking title={t('byTeacher')}>
                <DataTable
                  caption={t('byTeacher')}
                  columns={rankingColumns((row) => set({ teacherId: row.id }))}
                  rows={data.byTeacher}
                  rowKey={(r) => r.id}
                  defaultSort={{ column: 'net', direction: 'desc' }}
                  pageSize={10}
                  empty={t('none')}
                />
              </Ranking>
            )}
            {admin && kind === 'course' && data.byCategory && (
              <Ranking title={t('byCategory')}>
                <DataTable
                  caption={t('byCategory')}
                  columns={rankingColumns((row) => set({ categoryId: row.id }))}
                  rows={data.byCategory}
                  rowKey={(r) => r.id}
                  defaultSort={{ column: 'net', direction: 'desc' }}
                  pageSize={10}
                  empty={t('none')}
                />
              </Ranking>
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}
