import { useTranslation } from 'react-i18next';
import { ACADEMY_TIME_ZONE } from '@/lib/time-zone';
import { formatPrice } from '@/lib/wasm';

/** Money, dates and times of the finance pages in the page's language (days in the academy's time zone). */
export function useFinanceFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const locale = language === 'en' ? 'en-GB' : 'vi-VN';
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: ACADEMY_TIME_ZONE });
  const dayTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ACADEMY_TIME_ZONE,
  });
  return {
    language,
    money: (amount: number, currency = 'VND') => formatPrice(amount, currency, language),
    day: (iso: string) => day.format(new Date(iso)),
    dayTime: (iso: string) => dayTime.format(new Date(iso)),
  };
}

/** Today in the academy's time zone, `YYYY-MM-DD` (a date input's value). */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ACADEMY_TIME_ZONE }).format(new Date());
}
