import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useRole } from '@/lib/auth';
import { personName } from '@/lib/person-name';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { Balances } from '../api/finance';
import { financeQueries } from '../api/queries';
import { FigureCards } from '../components/figures';
import { useFinanceFormat } from '../components/format';
import { RequestList } from '../components/request-list';
import { RequestPayoutDialog } from '../components/request-payout-dialog';
import { StatementLines } from '../components/statement-lines';

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
          <StatementLines lines={data.latest} withBreakdown={false} />
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
  const [byAvailable, setByAvailable] = useState(true);
  const rows = useMemo(() => {
    const folded = search.trim().toLocaleLowerCase();
    const named = balances.items.map((item) => ({ ...item, name: personName(item, i18n.language) || item.username }));
    const matching = folded
      ? named.filter((item) => `${item.name} ${item.username}`.toLocaleLowerCase().includes(folded))
      : named;
    return byAvailable ? [...matching].sort((a, b) => b.balance - a.balance) : matching;
  }, [balances.items, search, byAvailable, i18n.language]);
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
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={byAvailable} onChange={(e) => setByAvailable(e.target.checked)} />
          {t('balances.sortAvailable')}
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('balances.none')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="teacher-balances">
            <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('col.teacher')}
                </th>
                <th scope="col" className="px-3 py-2 text-right" aria-sort={byAvailable ? 'descending' : 'none'}>
                  {t('col.available')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('col.reserved')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('col.tax')}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.teacherId}>
                  <td className="px-3 py-2">
                    <span className="font-semibold text-slate-900">{row.name}</span>
                    <span className="block text-xs text-slate-500">@{row.username}</span>
                  </td>
                  <td
                    className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${row.balance < 0 ? 'text-rose-700' : ''}`}
                  >
                    {row.balance < 0 ? t('owed', { amount: money(-row.balance) }) : money(row.balance)}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(row.reserved)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(row.taxWithheld)}</td>
                  <td className="px-3 py-2 text-right">
                    <Link
                      to={`/dashboard/payment?teacherId=${encodeURIComponent(row.teacherId)}`}
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`${t('balances.open')}: ${row.name}`}
                    >
                      {t('balances.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function AdminView() {
  const { t, i18n } = useTranslation('finance');
  const [params] = useSearchParams();
  const teacherId = params.get('teacherId') ?? '';
  const balances = useQuery(financeQueries.balances());
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
    <div className="max-w-5xl space-y-4 px-4 py-6 sm:px-6 lg:px-8" data-testid="payment-page">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('payment.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {admin ? t('payment.adminDescription') : t('payment.description')}
        </p>
      </header>
      {admin ? <AdminView /> : <TeacherBalance teacherId="" />}
    </div>
  );
}
