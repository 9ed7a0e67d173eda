/**
 * Where a teacher's events go on their calendar, in the teacher's IANA zone: the local days of a week (Monday
 * first), each event's minutes on its day (split at midnight), side-by-side lanes for overlapping events, the
 * hours the week view shows, and events grouped by local day. Zone arithmetic goes through `Intl`.
 */

import { zonedInstant, zonedParts, type LocalParts } from '@/lib/time-zone';

export { zonedInstant, zonedParts, type LocalParts } from '@/lib/time-zone';

const MINUTE_MS = 60 * 1000;

/** What the layout needs of an event (instants as RFC 3339 text). */
export interface Timed {
  id: string;
  startAt: string;
  endAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant's local day in `zone`. */
export function dayKey(ms: number, zone: string): string {
  const p = zonedParts(ms, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function keyParts(key: string): LocalParts {
  const [year, month, day] = key.split('-').map(Number);
  return { year: year!, month: month!, day: day!, hour: 0, minute: 0 };
}

/** The day `n` days after `key` (calendar arithmetic, no zone). */
export function addDays(key: string, n: number): string {
  const p = keyParts(key);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day + n));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The instant local midnight of `key` begins in `zone`. */
export function dayStart(key: string, zone: string): number {
  return zonedInstant(keyParts(key), zone);
}

/** The Monday of the week (Monday to Sunday) holding the day `key`. */
export function mondayOf(key: string): string {
  const p = keyParts(key);
  return addDays(key, -((new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7));
}

/** The local week starting on `monday` in `zone`: its seven days and the instants it begins and ends. */
export function weekFrom(monday: string, zone: string): { days: string[]; from: number; to: number } {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return { days, from: dayStart(monday, zone), to: dayStart(addDays(monday, 7), zone) };
}

/** An event's piece on one day column: minutes after local midnight, and its lane among overlapping pieces. */
export interface Placed<E extends Timed> {
  event: E;
  day: number;
  startMinute: number;
  endMinute: number;
  lane: number;
  lanes: number;
}

/**
 * The pieces of `events` on the columns of `days` (local to `zone`): an event crossing midnight has a piece on
 * each day; pieces that overlap on a day share its width in lanes.
 */
export function placeInWeek<E extends Timed>(events: E[], days: string[], zone: string): Placed<E>[] {
  const columns: Placed<E>[][] = days.map(() => []);
  days.forEach((key, index) => {
    const start = dayStart(key, zone);
    const end = dayStart(addDays(key, 1), zone);
    const length = Math.round((end - start) / MINUTE_MS);
    for (const event of events) {
      const from = Math.max(Date.parse(event.startAt), start);
      const to = Math.min(Date.parse(event.endAt), end);
      if (to <= from) continue;
      columns[index]!.push({
        event,
        day: index,
        startMinute: Math.round((from - start) / MINUTE_MS),
        endMinute: Math.min(length, Math.round((to - start) / MINUTE_MS)),
        lane: 0,
        lanes: 1,
      });
    }
  });
  return columns.flatMap(assignLanes);
}

/** Gives overlapping pieces of one day their own lanes; every piece of a cluster of overlaps gets its count. */
function assignLanes<E extends Timed>(pieces: Placed<E>[]): Placed<E>[] {
  const sorted = [...pieces].sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute);
  let cluster: Placed<E>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const piece of cluster) piece.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const piece of sorted) {
    if (piece.startMinute >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= piece.startMinute);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(piece.endMinute);
    } else {
      laneEnds[lane] = piece.endMinute;
    }
    piece.lane = lane;
    cluster.push(piece);
    clusterEnd = Math.max(clusterEnd, piece.endMinute);
  }
  close();
  return sorted;
}

/** The hours the week view shows: 7:00 to 22:00, widened to hold every piece. */
export function visibleHours(pieces: Placed<Timed>[]): { first: number; last: number } {
  let first = 7;
  let last = 22;
  for (const piece of pieces) {
    first = Math.min(first, Math.floor(piece.startMinute / 60));
    last = Math.max(last, Math.ceil(piece.endMinute / 60));
  }
  return { first, last };
}

/** Events grouped by the local day they start on in `zone`, days and events in time order. */
export function groupByDay<E extends Timed>(events: E[], zone: string): { day: string; events: E[] }[] {
  const sorted = [...events].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  const groups: { day: string; events: E[] }[] = [];
  for (const event of sorted) {
    const day = dayKey(Date.parse(event.startAt), zone);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}
