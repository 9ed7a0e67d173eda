import { useTranslation } from 'react-i18next';
import { longDate } from '@/lib/wasm';

/** Formats an ISO time as day, long month name and year in the active language. */
export function useLongDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => longDate(new Date(iso), i18n.language);
}
