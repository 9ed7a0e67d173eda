import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice } from '@/lib/wasm';
import type { AdminOrder } from '../api/admin';
import {
  commerceAdminQueries,
  useConfirmOrder,
  useRefundOrder,
  useRefundTransaction,
  useApplyTransaction,
  useResolveTransaction,
} from '../api/queries';
import { NoteAction } from '../components/note-action';
import { useDates } from '@/lib/dates';

const STATUSES = ['', 'pending', 'paid', 'expired', 'cancelled', 'refunded'] as const;
const REVIEWS = ['open', 'resolved', ''] as const;

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('commerceAdmin');
  if (pages <= 1) return null;
  return (
    <div className="mt-4 flex items-center justify-end gap-2 text-sm">
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('previous')}
      </button>
      <span>
        {page} / {pages}
      </span>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </button>
    </div>
  );
}

function useWhen() {
  const dates = useDates();
  return (iso?: string | null) => (iso ? dates.dateTime(iso) : '—');
}

function OrderRow({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation('commerceAdmin');
  const when = useWhen();
  const confirm = useConfirmOrder();
  const refund = useRefundOrder();
  const money = (minor: number) => formatPrice(minor, order.currency, i18n.language);
  return (
    <li data-testid="admin-order" className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-mono text-sm font-bold">{order.code}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold">
          {t(`status.${order.status}`, { defaultValue: order.status })}
        </span>
        <span className="text-sm text-slate-600">{order.buyer?.name || order.buyer?.username}</span>
        <span className="ml-auto font-bold">{money(order.totalAmount)}</span>
      </div>
      <p className="mt-1 truncate text-sm text-slate-600">{order.items.map((item) => item.title).join(', ')}</p>
      <p className="mt-1 text-xs text-slate-500">
        {t('created')} {when(order.createdAt)} · {t('received')} {money(order.amountReceived)}
        {order.amountRefunded > 0 && ` · ${t('refunded')} ${money(order.amountRefunded)}`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {order.status === 'pending' && (
          <NoteAction
            label={t('confirm')}
            submitLabel={t('confirmSubmit')}
            onSubmit={(note) =>
              confirm
                .mutateAsync({ id: order._id, note })
                .then(() => toast.success(t('confirmed', { code: order.code })))
            }
          />
        )}
        {order.status === 'paid' && (
          <NoteAction
            danger
            label={t('refund')}
            submitLabel={t('refundSubmit')}
            onSubmit={(note) =>
              refund
                .mutateAsync({ id: order._id, note })
                .then(() => toast.success(t('refundDone', { code: order.code })))
            }
          />
        )}
      </div>
    </li>
  );
}

function OrdersTab() {
  const { t } = useTranslation('commerceAdmin');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...commerceAdminQueries.orders(status, page), placeholderData: keepPreviousData });
  return (
    <>
      <label className="mb-4 flex max-w-xs flex-col gap-1 text-sm font-medium text-slate-700">
        {t('filterStatus')}
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          className={`${inputClass} ${inputStateClass(false)}`}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`status.${s}`) : t('all')}
            </option>
          ))}
        </select>
      </label>
      {orders.isError ? (
        <LoadError onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-28 rounded-2xl" />
        </div>
      ) : orders.data.items.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-8 text-center text-slate-600">{t('noOrders')}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {orders.data.items.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </ul>
          <Pager page={page} pages={orders.data.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
}

function TransfersTab() {
  const { t, i18n } = useTranslation('commerceAdmin');
  const when = useWhen();
  const [review, setReview] = useState('open');
  const [page, setPage] = useState(1);
  const transactions = useQuery({
    ...commerceAdminQueries.transactions(review, page),
    placeholderData: keepPreviousData,
  });
  const resolve = useResolveTransaction();
  const refund = useRefundTransaction();
  const apply = useApplyTransaction();
  return (
    <>
      <label className="mb-4 flex max-w-xs flex-col gap-1 text-sm font-medium text-slate-700">
        {t('filterReview')}
        <select
          value={review}
          onChange={(e) => {
            setReview(e.target.value);
            setPage(1);
          }}
          className={`${inputClass} ${inputStateClass(false)}`}
        >
          {REVIEWS.map((r) => (
            <option key={r} value={r}>
              {r ? t(`review.${r}`) : t('all')}
            </option>
          ))}
        </select>
      </label>
      {transactions.isError ? (
        <LoadError onRetry={() => void transactions.refetch()} />
      ) : !transactions.data ? (
        <Skeleton className="h-28 rounded-2xl" />
      ) : transactions.data.items.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-8 text-center text-slate-600">{t('noTransfers')}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {transactions.data.items.map((tx) => (
              <li
                key={tx._id}
                data-testid="admin-transfer"
                className="rounded-2xl border border-slate-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  <span className="font-bold">{formatPrice(tx.amount, tx.currency, i18n.language)}</span>
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {t(`outcome.${tx.outcome}`, { defaultValue: tx.outcome })}
                  </span>
                  <span className="font-mono text-xs text-slate-500">{tx.orderCode ?? '—'}</span>
                  <span className="ml-auto text-xs text-slate-500">{when(tx.receivedAt)}</span>
                </div>
                <p className="mt-1 text-sm break-words text-slate-700">{tx.content}</p>
                {tx.reviewNote && <p className="mt-1 text-xs text-slate-500">{tx.reviewNote}</p>}
                {tx.reviewStatus === 'open' && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {tx.transferType === 'in' && tx.outcome !== 'amount_out_of_range' && (
                      <NoteAction
                        label={t('refundTransfer')}
                        submitLabel={t('refundTransferSubmit')}
                        onSubmit={(note) => refund.mutateAsync({ id: tx._id, note })}
                      />
                    )}
                    {tx.transferType === 'in' && tx.outcome !== 'amount_out_of_range' && (
                      <NoteAction
                        label={t('applyTransfer')}
                        submitLabel={t('applyTransferSubmit')}
                        field={{ label: t('applyOrderCode'), placeholder: 'DH…', maxLength: 40 }}
                        onSubmit={(note, orderCode) => apply.mutateAsync({ id: tx._id, orderCode, note })}
                      />
                    )}
                    <NoteAction
                      label={t('resolve')}
                      submitLabel={t('resolveSubmit')}
                      onSubmit={(note) => resolve.mutateAsync({ id: tx._id, note })}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={transactions.data.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
}

/**
 * /dashboard/transection (administrators): every order with a status filter, confirming a transfer by hand and
 * refunding (each with a note, logged with who), and the bank transfers an administrator must look at.
 */
export default function CommerceOrdersPage() {
  const { t } = useTranslation('commerceAdmin');
  const [tab, setTab] = useState<'orders' | 'transfers'>('orders');
  useDocumentMeta(t('orders.title'), t('orders.title'));
  const tabClass = (on: boolean) =>
    `border-b-2 px-4 py-2 text-sm font-semibold ${on ? 'border-teal-700 text-teal-700' : 'border-transparent text-slate-500'}`;
  return (
    <PageFrame title={t('orders.title')} testId="commerce-orders">
      <div role="tablist" className="mb-4 flex gap-2 border-b border-slate-200">
        <button
          role="tab"
          type="button"
          aria-selected={tab === 'orders'}
          className={tabClass(tab === 'orders')}
          onClick={() => setTab('orders')}
        >
          {t('orders.tab')}
        </button>
        <button
          role="tab"
          type="button"
          aria-selected={tab === 'transfers'}
          className={tabClass(tab === 'transfers')}
          onClick={() => setTab('transfers')}
        >
          {t('transfers.tab')}
        </button>
      </div>
      <div role="tabpanel">{tab === 'orders' ? <OrdersTab /> : <TransfersTab />}</div>
    </PageFrame>
  );
}
