/** A teacher's week as the schedule rules read it, and the open times grouped for a person's calendar. */
import type { WeekView } from '@/lib/api/types';
import { dateFormats, dayKeyOf } from '@/lib/dates';
import type { Availability, DateOverride } from '@/lib/wasm-schedule';

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/** The week of `week` as the rules take it: the zone, seven days (Monday first), the buffer, the notice. */
export function availabilityOf(week: WeekView): Availability {
  return {
    zone: week.zone,
    weekly: DAYS.map((day) => (week.weekly[day] ?? []).map((i) => ({ start: i.start, end: i.end }))),
    bufferMinutes: week.bufferMinutes ?? 0,
    noticeMinutes: week.noticeMinutes ?? 120,
  };
}

/** The dated exceptions of `week` (no intervals: a day off). */
export function overridesOf(week: WeekView): DateOverride[] {
  return (week.overrides ?? []).map((o) => ({ date: o.date, intervals: o.intervals.map((i) => ({ ...i })) }));
}

/** The open times of one day in the viewer's zone. */
export interface SlotDay {
  /** `YYYY-MM-DD` in the viewer's zone. */
  key: string;
  /** The day as the viewer reads it ("Thứ Hai, 24/11"). */
  label: string;
  /** [start, end] instants (epoch ms), in order. */
  slots: [number, number][];
}

/**
 * `slots` grouped by their start's calendar day in `timeZone` (the viewer's), days in order, each named in
 * `language`. A time a few hours after midnight in Hanoi can be the evening before in Berlin: the viewer's day counts.
 */
export function slotDays(slots: [number, number][], language: string, timeZone?: string): SlotDay[] {
  const dates = dateFormats(language, timeZone);
  const days: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => a[0] - b[0])) {
    const key = dayKeyOf(slot[0], dates.zone);
    const last = days.at(-1);
    if (last?.key === key) last.slots.push(slot);
    else days.push({ key, label: dates.dayMonth(slot[0]), slots: [slot] });
  }
  return days;
}
