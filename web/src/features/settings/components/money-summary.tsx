import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { settingsQueries } from '../api/queries';

function Card({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-slate-900">{title}</h3>
        <Link to={to} className="inline-flex items-center gap-1 text-sm font-semibold text-teal-700 hover:underline">
          {t('money.change')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-t border-slate-100 py-2 text-sm first:border-t-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The payment and payout settings as they are now, each with a link to the page that edits them
 * (/dashboard/payment-method, /dashboard/withdraw-getway): kept there, shown here, written in the same history.
 */
export function MoneySummary() {
  const { t, i18n } = useTranslation('settings');
  const payment = useQuery(settingsQueries.payment());
  const payouts = useQuery(settingsQueries.payouts());
  const vnd = (amount: number) =>
    `${new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'vi-VN').format(amount)} ₫`;
  if (payment.isError || payouts.isError) {
    return <LoadError onRetry={() => void Promise.all([payment.refetch(), payouts.refetch()])} />;
  }
  if (!payment.data || !payouts.data) return <Skeleton className="h-48 rounded-2xl" />;
  const p = payment.data;
  const rules = payouts.data.rules;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title={t('money.payment')} to="/dashboard/payment-method">
        <dl>
          <Line
            label={t('money.bank')}
            value={p.configured ? `${p.bankName ?? ''} · ${p.accountName ?? ''}` : t('money.notSet')}
          />
          <Line label={t('money.commission')} value={`${p.commissionPercent}%`} />
          <Line label={t('money.timeToPay')} value={t('money.minutes', { count: p.orderExpiryMinutes })} />
        </dl>
      </Card>
      <Card title={t('money.payouts')} to="/dashboard/withdraw-getway">
        <dl>
          <Line label={t('money.holdingDays')} value={t('money.days', { count: rules.holdingDays })} />
          <Line label={t('money.accountWait')} value={t('money.hours', { count: rules.accountWaitHours })} />
          <Line label={t('money.minimumPayout')} value={vnd(rules.minimumPayout)} />
          <Line label={t('money.withholdTax')} value={rules.withholdTax ? t('money.on') : t('money.off')} />
        </dl>
      </Card>
    </div>
  );
}
