import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { VietQrPanel } from '@/components/payments/vietqr-panel';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { OrderView, Plan } from '@/lib/api/types';
import { bookPlan } from '../api/mentors';

/**
 * Book: checks the plan out as one order (the same checkout, coupons and payments as courses) and shows the
 * VietQR transfer to pay it; once the transfer arrives the booking shows on the profile's mentors tab. One
 * key per opened dialog: a double click answers the same order.
 */
export function BookPlanButton({ plan, className }: { plan: Plan; className: string }) {
  const { t } = useTranslation('mentors');
  const [order, setOrder] = useState<OrderView | null>(null);
  const book = useMutation({
    mutationFn: () => bookPlan(plan.id, `plan-${plan.id}-${crypto.randomUUID()}`),
    onSuccess: setOrder,
    onError: (error) => toast.error(error instanceof Error ? error.message : t('plan.bookFailed')),
  });
  const payment = order?.payment;
  return (
    <>
      <button type="button" disabled={book.isPending} onClick={() => book.mutate()} className={className}>
        {book.isPending ? t('plan.booking') : t('plan.book')}
      </button>
      <Dialog.Root open={order !== null} onOpenChange={(open) => !open && setOrder(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <Dialog.Content
            data-testid="book-plan-dialog"
            data-order-code={order?.code}
            className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <div>
                <Dialog.Title className="text-lg font-bold text-slate-900">{t('plan.payTitle')}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-slate-600">
                  {t('plan.payText', { title: plan.title, code: order?.code ?? '' })}
                </Dialog.Description>
              </div>
              <Dialog.Close aria-label={t('plan.close')} className="rounded-full p-1 text-slate-500 hover:bg-slate-100">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            {payment ? (
              <VietQrPanel
                bank={{
                  bin: payment.bankBin,
                  name: payment.bankName,
                  accountNumber: payment.accountNumber,
                  accountName: payment.accountName,
                }}
                amount={payment.amount}
                currency={payment.currency}
                note={payment.note}
                expiresAt={payment.expiresAt}
              />
            ) : (
              <p className="text-sm text-emerald-700">{t('plan.paid')}</p>
            )}
            <Link to={`${paths.profile}?tab=mentors`} className={`${buttonClass('secondary')} mt-5 w-full`}>
              {t('plan.myMentorships')}
            </Link>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
