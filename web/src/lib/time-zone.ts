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
