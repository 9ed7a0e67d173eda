/**
 * Every date and time the app shows, in one place: a few named formats per language, always in the person's time
 * zone (their profile's, the academy's for a visitor — the zone the server renders public pages in, so a first
 * view hydrates to the same text).
 *
 * | format          | vi                                  | en                                    |
 * |-----------------|-------------------------------------|---------------------------------------|
 * | date            | 28/11/2026                          | 28 Nov 2026                           |
 * | dateTime        | 28/11/2026 14:30                    | 28 Nov 2026, 14:30                    |
 * | time            | 14:30                               | 14:30                                 |
 * | timeRange       | 14:30 – 15:30                       | 14:30 – 15:30                         |
 * | weekdayDate     | Thứ Bảy, 28/11/2026                 | Saturday, 28 Nov 2026                 |
 * | weekdayDateTime | Thứ Bảy, 28/11/2026, 14:30          | Saturday, 28 Nov 2026, 14:30          |
 * | span            | Thứ Bảy, 28/11/2026, 14:30 – 15:30  | Saturday, 28 Nov 2026, 14:30 – 15:30  |
 * | dayMonth        | Thứ Bảy, 28/11                      | Saturday, 28 Nov                      |
 * | shortDay        | Thứ 7, ngày 28                      | Sat 28                                |
 * | weekday         | Thứ Bảy                             | Saturday                              |
 * | long            | 28 tháng 11, 2026                   | 28 November 2026                      |
 * | month           | tháng 11 năm 2026                   | November 2026                         |
 * | relative        | 2 giờ trước                         | 2 hours ago                           |
 *
 * A value is an instant (epoch ms, an ISO string or a Date), or a calendar day written `YYYY-MM-DD` (a date of
 * birth, a day of a calendar), which is shown as written whatever the zone.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonTimeZone } from './person-time-zone';
import { ACADEMY_TIME_ZONE, calendarDay, zonedParts, type CalendarDay } from './time-zone';
import { longDate, monthYear } from './wasm';

/** An instant (epoch ms, ISO string, Date) or a calendar day (`YYYY-MM-DD`). */
export type DateValue = number | string | Date;

type Lang = 'vi' | 'en';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The language a date is written in: English for `en…`, Vietnamese otherwise. */
function langOf(language: string): Lang {
  return language.startsWith('en') ? 'en' : 'vi';
}

/** Epoch ms of an instant (epoch ms, digits, ISO string or Date); null when unreadable. */
export function toMs(value: DateValue | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (/^\d+$/.test(value)) return Number(value);
  const day = DAY_ONLY.exec(value);
  if (day) return Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Today's `YYYY-MM-DD` in `zone`, by the device's clock (the rules never read a clock; forms hand them this). */
export function todayIn(zone: string = ACADEMY_TIME_ZONE): string {
  return dayKeyOf(Date.now(), zone);
}

/** `YYYY-MM-DD` of the day `ms` falls on in `zone`: a key, never shown. */
export function dayKeyOf(ms: number, zone: string = ACADEMY_TIME_ZONE): string {
  const { year, month, day } = calendarDay(new Date(ms), zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

const intlCache = new Map<string, Intl.DateTimeFormat>();

/** Cached `Intl.DateTimeFormat` of the academy's two languages (the only place the app builds one to show). */
function intl(lang: Lang, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${zone}|${JSON.stringify(options)}`;
  let format = intlCache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { ...options, timeZone: zone });
    intlCache.set(key, format);
  }
  return format;
}

const relativeCache = new Map<Lang, Intl.RelativeTimeFormat>();

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** The named formats in one language and zone; each returns '' for a missing or unreadable value. */
export interface DateFormats {
  /** 'vi' or 'en'. */
  lang: Lang;
  /** The IANA zone instants are shown in. */
  zone: string;
  date: (value: DateValue | null | undefined) => string;
  dateTime: (value: DateValue | null | undefined) => string;
  time: (value: DateValue | null | undefined) => string;
  timeRange: (start: DateValue, end: DateValue) => string;
  weekdayDate: (value: DateValue | null | undefined) => string;
  weekdayDateTime: (value: DateValue | null | undefined) => string;
  span: (start: DateValue, end: DateValue) => string;
  dayMonth: (value: DateValue | null | undefined) => string;
  shortDay: (value: DateValue | null | undefined) => string;
  weekday: (value: DateValue | null | undefined) => string;
  long: (value: DateValue | null | undefined) => string;
  month: (value: DateValue | null | undefined) => string;
  relative: (value: DateValue | null | undefined, now?: number) => string;
}

/** The named formats of `language` with instants in `zone` (the academy's by default). */
export function dateFormats(language: string, zone: string = ACADEMY_TIME_ZONE): DateFormats {
  const lang = langOf(language);
  /** The instant and the zone it is read in: a calendar day is read in UTC, where it was written. */
  const read = (value: DateValue | null | undefined): [number, string] | null => {
    const ms = toMs(value);
    if (ms === null) return null;
    return [ms, typeof value === 'string' && DAY_ONLY.test(value) ? 'UTC' : zone];
  };
  const by =
    (write: (ms: number, zone: string) => string) =>
    (value: DateValue | null | undefined): string => {
      const at = read(value);
      return at ? write(...at) : '';
    };

  const dateOf = (ms: number, z: string): string => {
    if (lang === 'en') return intl(lang, z, { day: 'numeric', month: 'short', year: 'numeric' }).format(ms);
    const p = zonedParts(ms, z);
    return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
  };
  const timeOf = (ms: number, z: string): string => {
    const p = zonedParts(ms, z);
    return `${pad(p.hour)}:${pad(p.minute)}`;
  };
  const weekdayOf = (ms: number, z: string): string => intl(lang, z, { weekday: 'long' }).format(ms);
  const dayMonthOf = (ms: number, z: string): string => {
    if (lang === 'en') return intl(lang, z, { day: 'numeric', month: 'short' }).format(ms);
    const p = zonedParts(ms, z);
    return `${pad(p.day)}/${pad(p.month)}`;
  };
  const dayOf = (ms: number, z: string): CalendarDay => calendarDay(new Date(ms), z);
  const range = (start: DateValue, end: DateValue): string => {
    const [a, b] = [read(start), read(end)];
    return a && b ? `${timeOf(...a)} – ${timeOf(...b)}` : '';
  };

  return {
    lang,
    zone,
    date: by(dateOf),
    dateTime: by((ms, z) =>
      lang === 'en' ? `${dateOf(ms, z)}, ${timeOf(ms, z)}` : `${dateOf(ms, z)} ${timeOf(ms, z)}`,
    ),
    time: by(timeOf),
    timeRange: range,
    weekdayDate: by((ms, z) => `${weekdayOf(ms, z)}, ${dateOf(ms, z)}`),
    weekdayDateTime: by((ms, z) => `${weekdayOf(ms, z)}, ${dateOf(ms, z)}, ${timeOf(ms, z)}`),
    span: (start, end) => {
      const at = read(start);
      return at ? `${weekdayOf(...at)}, ${dateOf(...at)}, ${range(start, end)}` : '';
    },
    dayMonth: by((ms, z) => `${weekdayOf(ms, z)}, ${dayMonthOf(ms, z)}`),
    shortDay: by((ms, z) => intl(lang, z, { weekday: 'short', day: '2-digit' }).format(ms)),
    weekday: by(weekdayOf),
    long: by((ms, z) => longDate(dayOf(ms, z), lang)),
    month: by((ms, z) => monthYear(dayOf(ms, z), lang)),
    relative: (value, now = Date.now()) => {
      const ms = toMs(value);
      if (ms === null) return '';
      let format = relativeCache.get(lang);
      if (!format) {
        format = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
        relativeCache.set(lang, format);
      }
      // A time up to a minute ahead (the server's clock a little ahead of the device's) is just now, in the past.
      const diff = ms - now < 60_000 ? Math.min(ms - now, 0) : ms - now;
      const [unit, size] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? ['second', 1000];
      const count = Math.round(diff / size);
      return format.format(count === 0 ? -0 : count, unit);
    },
  };
}

/** The named formats of the page's language, instants in the person's time zone. */
export function useDates(): DateFormats {
  const { i18n } = useTranslation();
  const zone = usePersonTimeZone();
  const language = i18n.language;
  return useMemo(() => dateFormats(language, zone), [language, zone]);
}
