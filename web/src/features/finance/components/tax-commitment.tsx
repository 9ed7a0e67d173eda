import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { refusalOf } from '@/lib/refusal';
import { calendarDay } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { useRecordCommitment } from '../api/queries';
import { today } from './format';

/**
 * An administrator records the day a teacher signed the 08/CK-TNCN commitment for this year (no tax is withheld
 * from their payouts of the year), or takes it back.
 */
export function TaxCommitment({ teacherId, declared }: { teacherId: string; declared: boolean }) {
  const { t } = useTranslation('finance');
  const record = useRecordCommitment();
  const [day, setDay] = useState(today);
  const year = calendarDay(new Date()).year;
  const save = (declaredOn: string | null) =>
    record.mutate(
      { teacherId, year, declaredOn },
      {
        onSuccess: () => toast.success(t('commitment.saved')),
        onError: (e) => toast.error(refusalOf(e, t('failed'))),
      },
    );
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 text-sm" data-testid="tax-commitment">
      <h2 className="font-bold text-slate-900">{t('commitment.title', { year })}</h2>
      {declared ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-emerald-800">{t('commitment.declared')}</p>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            disabled={record.isPending}
            onClick={() => save(null)}
          >
            {t('commitment.takeBack')}
          </button>
        </div>
      ) : (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            save(day);
          }}
        >
          <label className="text-slate-700">
            {t('commitment.signedOn')}
            <input
              type="date"
              required
              value={day}
              onChange={(e) => setDay(e.target.value)}
              className={`${inputClass} ${inputStateClass(false)} mt-1`}
            />
          </label>
          <button type="submit" className={buttonClass('secondary', 'sm')} disabled={record.isPending}>
            {t('commitment.record')}
          </button>
        </form>
      )}
      <p className="mt-2 text-xs text-slate-500">{t('commitment.hint')}</p>
    </section>
  );
}
