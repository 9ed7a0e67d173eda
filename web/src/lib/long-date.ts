const DATE_LOCALES: Record<string, string> = { vi: 'vi-VN', en: 'en-GB' };

/** Long-date formats per language, each made once: making one costs a phone tens of milliseconds. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** `date` as day, long month name and year in `language` ("5 tháng 3, 2025", "5 March 2025"). */
export function longDate(language: string, date: Date): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language] ?? language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    formats.set(language, format);
  }
  return format.format(date);
}
