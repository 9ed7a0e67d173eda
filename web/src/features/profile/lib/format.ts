/** Display helpers of the profile: localized dates and relative times (Intl, in the active language). */
import type { Instant } from '../types';

/** Epoch ms of a server time (epoch ms, or an ISO string); null when unreadable. */
export function toMs(value: Instant | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (/^\d+$/.test(value)) return Number(value);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 days ago" / "3 ngày trước" for a past time (or "in 2 days" for a future one), in `locale`. */
export function relativeTime(value: Instant | null | undefined, locale: string, now = Date.now()): string | null {
  const ms = toMs(value);
  if (ms === null) return null;
  const diff = ms - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return format.format(Math.round(diff / size), unit);
  }
  return null;
}

/**
 * A calendar date in the locale's long form ("15 tháng 3, 1998" / "March 15, 1998"). A bare YYYY-MM-DD (or that
 * date at midnight UTC) is a date, not an instant: it is shown as written, whatever the viewer's time zone.
 */
export function formatDate(value: Instant | null | undefined, locale: string): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?)?$/.test(value)) {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
  }
  const ms = toMs(value);
  return ms === null ? null : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(ms);
}

/** The `YYYY-MM-DD` a date input takes, from a date or date-time string. */
export function dateInputValue(value: string | null | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

/** The locale tag Intl wants for a language code. */
export function localeOf(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'vi-VN';
}
