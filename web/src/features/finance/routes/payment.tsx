import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { useRole } from '@/lib/auth';
import { personName } from '@/lib/person-name';
import { calendarDay } from '@/lib/time-zone';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { normalizeSearch } from '@/lib/wasm';
import type { Balances } from '../api/finance';
import { financeQueries } from '../api/queries';
import { FigureCards } from '../components/figures';
import { useFinanceFormat } from '../components/format';
import { RequestList } from '../components/request-list';
import { RequestPayoutDialog } from '../components/request-payout-dialog';
import { StatementLines } from '../components/statement-lines';
import { TaxCommitment } from '../components/tax-commitment';

/** One teacher's money: the figures, the latest statement lines, their requests and (their own) the payout action. */
function TeacherBalance({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation('finance');
  const own = !teacherId;
  const balance = useQuery(financeQueries.balance(teacherId));
  const requests = useQuery(financeQueries.requests({ teacherId }));
  if (balance.isError) return <LoadError onRetry={() => void balance.refetch()} />;
  if (!balance.data) return <Skeleton className="h-72 rounded-2xl" />;
  const data = balance.data;
  const hasMoney = data.figures.some((f) => f.lifetime !== 0 || f.available !== 0 || f.reserved !== 0);
  return (
    <div className="space-y-6">
      {data.figures.map((figures) => (
        <section key={figures.currency} className="space-y-3">
          <FigureCards figures={figures} holdingDays={data.holdingDays} />
          {own && figures.currency === 'VND' && <RequestPayoutDialog balance={data} figures={figures} />}
        </section>
      ))}
      {!hasMoney && <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{t('figures.none')}</p>}
      {hasMoney && (
        <Link
          to={`/dashboard/payment/withholding?year=${calendarDay(new Date()).year}${own ? '' : `&teacherId=${encodeURIComponent(teacherId)}`}`}
          className="inline-block text-sm font-semibold text-teal-700 hover:underline"
          data-testid="withholding-link"
        >
          {t('withholding.link', { year: calendarDay(new Date()).year })}
        </Link>
      )}
      {data.latest.length > 0 && (
        <section>
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-bold text-slate-900">{t('latest.title')}</h2>
            <Link
              to={own ? '/dashboard/transection' : `/dashboard/transection?teacherId=${encodeURIComponent(teacherId)}`}
              className="text-sm font-semibold text-teal-700 hover:underline"
            >
              {t('latest.all')}
            </Link>
          </div>
          <StatementLines rows={data.latest} withBreakdown={false} />
        </section>
      )}
      <section>
        <h2 className="mb-2 text-lg font-bold text-slate-900">{t('requests.title')}</h2>
        {requests.data && requests.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('requests.none')}</p>
        ) : requests.data ? (
          <RequestList requests={requests.data.items} />
        ) : (
          <Skeleton className="h-24 rounded-xl" />
        )}
      </section>
    </div>
  );
}

/** The academy's totals and every teacher's balance: search, sort by what is available, open a teacher. */
function AllBalances({ balances }: { balances: Balances }) {
  const { t, i18n } = useTranslation('finance');
  const { money } = useFinanceFormat();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const folded = normalizeSearch(search.trim());
    const named = balances.items.map((item) => ({ ...item, name: personName(item, i18n.language) || item.username }));
    return folded ? named.filter((item) => normalizeSearch(`${item.name} ${item.username}`).includes(folded)) : named;
  }, [balances.items, search, i18n.language]);
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    {
      id: 'teacher',
      header: t('col.teacher'),
      primary: true,
      sortValue: (row) => row.name,
      cell: (row) => (
        <>
          <span className="font-semibold text-slate-900">{row.name}</span>
          <span className="block text-xs font-normal text-slate-500">@{row.username}</span>
        </>
      ),
    },
    {
      id: 'available',
      header: t('col.available'),
      align: 'end',
      sortValue: (row) => row.balance,
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) =>
        row.balance < 0 ? (
          <span className="text-rose-700">{t('owed', { amount: money(-row.balance) })}</span>
        ) : (
          money(row.balance)
        ),
    },
    {
      id: 'reserved',
      header: t('col.reserved'),
      align: 'end',
      sortValue: (row) => row.reserved,
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => money(row.reserved),
    },
    {
      id: 'tax',
      header: t('col.tax'),
      align: 'end',
      sortValue: (row) => row.taxWithheld,
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => money(row.taxWithheld),
    },
  ];
  const total = (label: string, value: number) => (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums">{money(value)}</dd>
    </div>
  );
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="academy-totals">
        {total(t('balances.owed'), balances.owedToTeachers)}
        {total(t('balances.revenue'), balances.platformRevenue)}
        {total(t('balances.tax'), balances.taxWithheld)}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('balances.search')}
          aria-label={t('balances.search')}
          className={`${inputClass} ${inputStateClass(false)} max-w-xs`}
        />
      </div>
      <DataTable
        caption={t('payment.title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.teacherId}
        defaultSort={{ column: 'available', direction: 'desc' }}
        empty={t('balances.none')}
        pageSize={20}
        testId="teacher-balances"
        actions={(row) => (
          <Link
            to={`/dashboard/payment?teacherId=${encodeURIComponent(row.teacherId)}`}
            className={buttonClass('secondary', 'sm')}
            aria-label={`${t('balances.open')}: ${row.name}`}
          >
            {t('balances.open')}
          </Link>
        )}
      />
    </div>
  );
}

function AdminView() {
  const { t, i18n } = useTranslation('finance');
  const [params] = useSearchParams();
  const teacherId = params.get('teacherId') ?? '';
  const balances = useQuery(financeQueries.balances());
  const balance = useQuery({ ...financeQueries.balance(teacherId), enabled: Boolean(teacherId) });
  if (balances.isError) return <LoadError onRetry={() => void balances.refetch()} />;
  if (!balances.data) return <Skeleton className="h-72 rounded-2xl" />;
  if (!teacherId) return <AllBalances balances={balances.data} />;
  const teacher = balances.data.items.find((item) => item.teacherId === teacherId);
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <Link to="/dashboard/payment" className={buttonClass('secondary', 'sm')}>
          ← {t('payment.backToAll')}
        </Link>
        {teacher && t('payment.viewing', { name: personName(teacher, i18n.language) || teacher.username })}
      </p>
      <TeacherBalance teacherId={teacherId} />
      {balance.data && <TaxCommitment teacherId={teacherId} declared={balance.data.taxCommitmentThisYear} />}
    </div>
  );
}

/**
 * /dashboard/payment: a teacher's balance from the ledger (figures, latest entries, their payout requests, the
 * "Request payout" dialog); administrators see every teacher's balance with the academy's totals and open any
 * teacher's page (`?teacherId=`).
 */
export default function PaymentPage() {
  const { t } = useTranslation('finance');
  const admin = useRole() === 'ADMIN';
  useDocumentMeta(t('payment.title'), t('payment.description'));
  return (
    <PageFrame
      title={t('payment.title')}
      description={admin ? t('payment.adminDescription') : t('payment.description')}
      width="medium"
      testId="payment-page"
    >
      {admin ? <AdminView /> : <TeacherBalance teacherId="" />}
    </PageFrame>
  );
}
