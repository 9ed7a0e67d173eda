/**
 * The time zone a person's dates and times are shown in. Every page shows the academy's zone (Vietnam) unless the
 * signed-in person chose another: the server renders public pages in the academy's zone, so a visitor's browser,
 * whatever its clock says, shows the same day the server wrote and the page hydrates without a mismatch.
 */
export const ACADEMY_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** A day of the calendar: `month` 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day `date` falls on in `zone` (the academy's by default). */
export function calendarDay(date: Date, zone: string = ACADEMY_TIME_ZONE): CalendarDay {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormats.set(zone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(date).find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The zone as a person reads it: its IANA name and its offset from GMT at `at` ("Asia/Ho_Chi_Minh, GMT+7"). */
export function zoneLabel(zone: string, locale: string, at: number = Date.now()): string {
  const offset = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zone} (${offset})` : zone;
}

const MINUTE_MS = 60 * 1000;

/** A wall-clock date and time: `month` 1–12, `hour` 0–23. */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partFormats.set(zone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in `zone`. */
export function zonedParts(ms: number, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of partFormat(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

/** How far `zone`'s wall clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const p = zonedParts(ms, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wall - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** The instant a wall-clock time of `zone` names (a time skipped by a clock change moves forward). */
export function zonedInstant(local: LocalParts, zone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let instant = wall - offsetAt(wall, zone);
  instant = wall - offsetAt(instant, zone);
  return instant;
}
