/**
 * A whole number with the language's digit grouping, as `Intl.NumberFormat` writes it: 1.234.567 (vi),
 * 1,234,567 (en). Written out for the counts the public pages show as they start: the first `Intl` format a page
 * makes loads the locale's data, tens of milliseconds on a phone inside the page's start.
 */
export function formatCount(language: string, value: number): string {
  return Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, language === 'en' ? ',' : '.');
}
