import { useTranslation } from 'react-i18next';
import { dayKeyOf, useDates } from '@/lib/dates';
import { ACADEMY_TIME_ZONE } from '@/lib/time-zone';
import { formatPrice } from '@/lib/wasm';

/** Money, dates and times of the finance pages in the page's language (dates in the person's time zone). */
export function useFinanceFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const dates = useDates();
  return {
    language,
    money: (amount: number, currency = 'VND') => formatPrice(amount, currency, language),
    day: dates.date,
    dayTime: dates.dateTime,
  };
}

/** Today in the academy's time zone, `YYYY-MM-DD` (a date input's value). */
export function today(): string {
  return dayKeyOf(Date.now(), ACADEMY_TIME_ZONE);
}
