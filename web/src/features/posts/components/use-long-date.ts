import { useTranslation } from 'react-i18next';

const DATE_LOCALES: Record<string, string> = { vi: 'vi-VN', en: 'en-GB' };

/** Formats an ISO time as day, long month name and year in the active language. */
export function useLongDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(DATE_LOCALES[i18n.language] ?? i18n.language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (iso) => format.format(new Date(iso));
}
