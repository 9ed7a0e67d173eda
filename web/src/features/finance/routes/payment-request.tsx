import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { personName } from '@/lib/person-name';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { financeApi, type PayoutRequest, type RequestFilter } from '../api/finance';
import { financeQueries } from '../api/queries';
import { CopyButton } from '../components/copy-button';
import { Decisions } from '../components/decision';
import { useFinanceFormat } from '../components/format';
import { saveCsv } from '@/lib/save-file';
import { StatusBadge } from '../components/request-list';
import { DayRange, useUrlFilter } from '../components/url-filter';

const TABS = ['pending', 'paid', 'rejected', 'failed'] as const;

/** One request of the queue: who, when, where the money goes (each part copyable), the amounts, the decisions. */
function RequestCard({ request }: { request: PayoutRequest }) {
  const { t, i18n } = useTranslation('finance');
  const { money, dayTime, day } = useFinanceFormat();
  const name =
    personName({ firstName: request.teacherFirstName, lastName: request.teacherLastName }, i18n.language) ||
    request.teacherUsername;
  const part = (label: string, value: string, copy = true) => (
    <div className="flex min-w-0 items-center gap-1">
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 truncate font-mono text-sm">{value}</dd>
      {copy && <CopyButton value={value} what={label} />}
    </div>
  );
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="queue-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-bold text-slate-900">{name}</p>
          <p className="text-xs text-slate-500">
            @{request.teacherUsername} · {dayTime(request.createdAt)} ·{' '}
            {t(`method.${request.method}`, { defaultValue: request.method })}
          </p>
        </div>
        <StatusBadge status={request.status} />
      </div>
      <dl className="mt-3 grid gap-1 rounded-xl bg-slate-50 p-3 sm:grid-cols-3">
        {part(t('accounts.bank'), `${request.bankName} (${request.bankBin})`)}
        {part(t('accounts.number'), request.accountNumber)}
        {part(t('accounts.holder'), request.holderName)}
      </dl>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">{t('col.amount')}</dt>
          <dd className="font-semibold tabular-nums">{money(request.amount, request.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('col.fee')}</dt>
          <dd className="tabular-nums">{money(request.fee, request.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('col.tax')}</dt>
          <dd className="tabular-nums">{money(request.tax, request.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('col.netToSend')}</dt>
          <dd className="flex items-center gap-1 font-bold text-slate-900 tabular-nums" data-testid="net-to-send">
            {money(request.net, request.currency)}
            <CopyButton value={String(request.net)} what={t('col.netToSend')} />
          </dd>
        </div>
      </dl>
      {request.status === 'paid' && request.bankReference && (
        <p className="mt-2 text-xs text-emerald-800">
          {t('queue.paidWith', { reference: request.bankReference })}
          {request.paidOn && ` · ${day(request.paidOn)}`}
        </p>
      )}
      {request.reasonText && <p className="mt-2 text-xs text-rose-800">{request.reasonText}</p>}
      <div className="mt-3">
        <Decisions request={request} />
      </div>
    </li>
  );
}

/**
 * /dashboard/payment-request (administrators): the payout queue — tabs pending, paid, rejected and failed with
 * their counts, a date range and a search by teacher (all kept in the address, so a view can be shared); each
 * request with its account's parts to copy into the bank's screen and its decisions.
 */
export default function PaymentRequestPage() {
  const { t } = useTranslation('finance');
  const { get, set, page } = useUrlFilter();
  const filter: RequestFilter = {
    status: get('status') || 'pending',
    from: get('from'),
    to: get('to'),
    search: get('search'),
    page,
  };
  const requests = useQuery(financeQueries.requests(filter));
  const [batching, setBatching] = useState(false);
  // Every pending request but those payOS sends, oldest first, for the bank's bulk transfer screen.
  const downloadBatch = () => {
    setBatching(true);
    financeApi
      .batchCsv()
      .then((text) => saveCsv(text, 'payout-batch.csv'))
      .catch((e: unknown) => toast.error(refusalOf(e, t('failed'))))
      .finally(() => setBatching(false));
  };
  useDocumentMeta(t('queue.title'), t('queue.description'));
  const field = `${inputClass} ${inputStateClass(false)}`;
  const data = requests.data;
  return (
    <PageFrame
      title={t('queue.title')}
      description={t('queue.description')}
      width="medium"
      testId="payment-request-page"
      actions={
        filter.status === 'pending' &&
        (data?.counts.pending ?? 0) > 0 && (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={batching}
            onClick={downloadBatch}
            data-testid="payout-batch"
          >
            {t('queue.batch')}
          </button>
        )
      }
    >
      <div className="space-y-4">
        <div
          role="tablist"
          aria-label={t('col.status')}
          className="flex gap-1 overflow-x-auto border-b border-slate-200"
        >
          {TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={filter.status === tab}
              onClick={() => set({ status: tab })}
              className={`shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${filter.status === tab ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {t(`status.${tab}`)}
              {data && (
                <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs tabular-nums">{data.counts[tab]}</span>
              )}
            </button>
          ))}
        </div>
        <div className="grid gap-2 sm:grid-cols-3">
          <label className="text-sm text-slate-700">
            {t('queue.search')}
            <input
              type="search"
              defaultValue={filter.search}
              onChange={(e) => set({ search: e.target.value.trim() })}
              className={`${field} mt-1`}
            />
          </label>
          <DayRange from={filter.from ?? ''} to={filter.to ?? ''} onChange={set} />
        </div>
        {requests.isError ? (
          <LoadError onRetry={() => void requests.refetch()} />
        ) : !data ? (
          <Skeleton className="h-60 rounded-2xl" />
        ) : data.items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{t('queue.none')}</p>
        ) : (
          <ul className="space-y-3" aria-busy={requests.isFetching || undefined}>
            {data.items.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
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
    </PageFrame>
  );
}
