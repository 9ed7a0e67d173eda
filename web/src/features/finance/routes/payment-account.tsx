import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { PayoutAccount } from '../api/finance';
import { financeQueries, useMakeDefault, useRemoveAccount } from '../api/queries';
import { AccountForm } from '../components/account-form';
import { useFinanceFormat } from '../components/format';

function AccountCard({ account, own, onEdit }: { account: PayoutAccount; own: boolean; onEdit: () => void }) {
  const { t } = useTranslation('finance');
  const { dayTime } = useFinanceFormat();
  const remove = useRemoveAccount();
  const makeDefault = useMakeDefault();
  const onRemove = () => {
    if (!window.confirm(t('accounts.removeConfirm', { account: `${account.bankName} ${account.maskedNumber}` })))
      return;
    remove.mutate(account.id, {
      onSuccess: () => toast.success(t('accounts.removed')),
      onError: (e) => toast.error(refusalOf(e, t('failed'))),
    });
  };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="payout-account">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-slate-900">{account.bankName}</p>
        {account.isDefault && (
          <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">
            {t('accounts.default')}
          </span>
        )}
      </div>
      <p className="mt-1 font-mono text-slate-800 tabular-nums">{account.accountNumber}</p>
      <p className="text-sm text-slate-700">{account.holderName}</p>
      <p className={`mt-1 text-xs ${account.ready ? 'text-emerald-700' : 'text-amber-700'}`}>
        {account.ready ? t('accounts.ready') : t('accounts.waiting', { date: dayTime(account.readyAt) })}
      </p>
      {own && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={onEdit}>
            {t('accounts.edit')}
          </button>
          {!account.isDefault && (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={makeDefault.isPending}
              onClick={() => makeDefault.mutate(account.id, { onError: (e) => toast.error(refusalOf(e, t('failed'))) })}
            >
              {t('accounts.makeDefault')}
            </button>
          )}
          <button type="button" className={buttonClass('ghost', 'sm')} disabled={remove.isPending} onClick={onRemove}>
            {t('accounts.remove')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * /dashboard/payment-account: the bank accounts a teacher's payouts go to — add, change (with the current
 * password; a new or changed account waits before it can receive money, shown on each), remove, choose the
 * default. An administrator opens a teacher's accounts with `?teacherId=` (read only).
 */
export default function PaymentAccountPage() {
  const { t } = useTranslation('finance');
  const [params] = useSearchParams();
  const teacherId = params.get('teacherId') ?? '';
  const own = !teacherId;
  const accounts = useQuery(financeQueries.accounts(teacherId));
  // The balance page's terms say how long a new account waits.
  const balance = useQuery(financeQueries.balance(teacherId));
  const [editing, setEditing] = useState<PayoutAccount | 'new' | null>(null);
  useDocumentMeta(t('accounts.title'), t('accounts.title'));
  return (
    <PageFrame
      title={t('accounts.title')}
      description={
        balance.data
          ? t('accounts.description', { hours: balance.data.accountWaitHours })
          : t('accounts.descriptionShort')
      }
      actions={
        own &&
        editing === null && (
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
            {t('accounts.add')}
          </button>
        )
      }
      width="medium"
      testId="payment-account-page"
    >
      <div className="space-y-4">
        {editing !== null && (
          <AccountForm account={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
        {accounts.isError ? (
          <LoadError onRetry={() => void accounts.refetch()} />
        ) : !accounts.data ? (
          <Skeleton className="h-40 rounded-2xl" />
        ) : accounts.data.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{t('accounts.none')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {accounts.data.map((account) => (
              <AccountCard key={account.id} account={account} own={own} onEdit={() => setEditing(account)} />
            ))}
          </ul>
        )}
      </div>
    </PageFrame>
  );
}
