import { useTranslation } from 'react-i18next';

const tones: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-sky-100 text-sky-900',
  cancelled: 'bg-slate-200 text-slate-700',
  expired: 'bg-rose-100 text-rose-900',
};

/** An order's state as a badge. */
export function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation('checkout');
  return (
    <span
      data-testid="order-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status] ?? tones.cancelled}`}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
