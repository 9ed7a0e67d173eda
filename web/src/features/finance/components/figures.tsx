import { useTranslation } from 'react-i18next';
import type { Figures } from '../api/finance';
import { useFinanceFormat } from './format';

/**
 * A teacher's figures in one currency: available (owed when below zero, never clamped), maturing, requested, paid
 * out, lifetime earnings and the income tax withheld this year.
 */
export function FigureCards({ figures, holdingDays }: { figures: Figures; holdingDays: number }) {
  const { t } = useTranslation('finance');
  const { money } = useFinanceFormat();
  const owed = figures.available < 0;
  const card = (label: string, value: string, hint?: string, tone = 'text-slate-900') => (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-lg font-bold whitespace-nowrap tabular-nums sm:text-xl ${tone}`}>{value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid={`figures-${figures.currency}`}>
      <div
        className={`col-span-2 rounded-2xl p-4 lg:col-span-1 ${owed ? 'bg-rose-50 ring-1 ring-rose-200' : 'bg-teal-700 text-white'}`}
        data-testid="available"
      >
        <dt className={`text-sm ${owed ? 'text-rose-800' : 'text-teal-50'}`}>{t('figures.available')}</dt>
        <dd className={`mt-1 text-2xl font-bold tabular-nums ${owed ? 'text-rose-800' : ''}`}>
          {owed
            ? t('owed', { amount: money(-figures.available, figures.currency) })
            : money(figures.available, figures.currency)}
        </dd>
        {owed && <dd className="mt-1 text-xs text-rose-800">{t('owedHint')}</dd>}
      </div>
      {card(
        t('figures.maturing'),
        money(figures.maturing, figures.currency),
        t('figures.maturingHint', { days: holdingDays }),
      )}
      {card(t('figures.reserved'), money(figures.reserved, figures.currency))}
      {card(t('figures.paidOut'), money(figures.paidOut, figures.currency))}
      {card(t('figures.lifetime'), money(figures.lifetime, figures.currency))}
      {card(t('figures.tax'), money(figures.taxWithheldThisYear, figures.currency))}
    </dl>
  );
}
