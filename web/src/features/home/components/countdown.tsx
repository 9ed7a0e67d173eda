import { useTranslation } from 'react-i18next';
import { useCountdown } from './use-countdown';

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

/** The contact section's countdown: days, hours, minutes, seconds, ticking each second to zero. */
export function Countdown() {
  const { t } = useTranslation('home');
  const remaining = useCountdown();
  return (
    <div role="timer" aria-label={t('admission.countdownLabel')} data-testid="countdown" data-done={remaining.done}>
      <ul className="grid grid-cols-4 gap-2 sm:gap-3">
        {units.map((unit) => (
          <li key={unit} className="rounded-2xl bg-white/10 px-2 py-4 text-center ring-1 ring-white/15 backdrop-blur">
            <span className="block text-2xl font-extrabold text-white tabular-nums sm:text-4xl" data-unit={unit}>
              {String(remaining[unit]).padStart(2, '0')}
            </span>
            <span className="mt-1 block text-[11px] font-semibold tracking-wider text-teal-100 uppercase sm:text-xs">
              {t(`admission.units.${unit}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
