/** The `YYYY-MM-DD` a date input takes, from a date or date-time string. */
export function dateInputValue(value: string | null | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}
