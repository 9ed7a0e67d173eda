/**
 * A teacher's week in the browser: the only module that imports the schedule's wasm package
 * (`academy-wasm-schedule`, built from the `schedule` feature of wasm/): the check of a week, the bookable session
 * times and the time zone names. Only the schedule page downloads it (the time zone database is in this module
 * alone), through a dynamic `import()` ({@link useScheduleRules}, {@link loadScheduleRules}).
 *
 * The checks, their messages and the session times are the ones the server uses (shared/src/schedule); TypeScript
 * never re-implements a rule.
 */
import type * as ScheduleWasm from 'academy-wasm-schedule';
import { lazyModule, useLazyModule } from './lazy-module';
import type { LangCode, Validation } from './wasm';

/** Part of a local day: minutes after midnight, `start` included, `end` excluded (1440: the day's end). */
export interface Interval {
  start: number;
  end: number;
}

/** A week as the rules read it: an IANA zone, seven days of intervals (Monday first), buffer and notice. */
export interface Availability {
  zone: string;
  weekly: Interval[][];
  bufferMinutes: number;
  noticeMinutes: number;
}

/** A local date (`YYYY-MM-DD`) with other hours than its weekday's; none: a day off. */
export interface DateOverride {
  date: string;
  intervals: Interval[];
}

/** The fields a week's check names. */
export type AvailabilityField = 'zone' | `weekly.${number}` | 'overrides' | 'bufferMinutes' | 'noticeMinutes';

/** The schedule's rules, once their module has arrived. */
export interface ScheduleRules {
  /** The zone's name, or each broken field's message (intervals in order on quarter hours, buffer, notice…). */
  validateAvailability(
    availability: Availability,
    overrides: DateOverride[],
    lang: LangCode,
  ): Validation<string, AvailabilityField>;
  /** The bookable `[start, end]` instants (epoch ms) starting in [fromMs, toMs), in order. */
  openSlots(
    availability: Availability,
    overrides: DateOverride[],
    busy: [number, number][],
    fromMs: number,
    toMs: number,
    nowMs: number,
    sessionMinutes: number,
  ): [number, number][];
  /** The IANA zone names a teacher can choose, in alphabetical order. */
  timeZones(): string[];
}

type ScheduleModule = typeof ScheduleWasm;

function rulesOf(wasm: ScheduleModule): ScheduleRules {
  return {
    validateAvailability: (availability, overrides, lang) =>
      wasm.validateAvailability(availability, overrides, lang) as Validation<string, AvailabilityField>,
    openSlots: (availability, overrides, busy, fromMs, toMs, nowMs, sessionMinutes) =>
      wasm.openSlots(availability, overrides, busy, fromMs, toMs, nowMs, sessionMinutes) as [number, number][],
    timeZones: () => wasm.timeZones() as string[],
  };
}

const schedule = lazyModule(() => import('academy-wasm-schedule').then(rulesOf));

/** The schedule rules, fetched on the first call and kept (a failed fetch is tried again on the next call). */
export function loadScheduleRules(): Promise<ScheduleRules> {
  return schedule.load();
}

/** The schedule rules for a component being drawn: `null` until the module has arrived, then the rules. */
export function useScheduleRules(): ScheduleRules | null {
  return useLazyModule(schedule);
}
