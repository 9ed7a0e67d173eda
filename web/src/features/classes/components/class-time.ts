import { useDates } from '@/lib/dates';
import type { ClassView } from '../api/classes';

/** Where a class stands now: cancelled, ended, live or upcoming. */
export type ClassPhase = 'cancelled' | 'ended' | 'live' | 'scheduled';

export function phaseOf(item: Pick<ClassView, 'status' | 'startsAt' | 'endsAt'>, now = Date.now()): ClassPhase {
  if (item.status === 'cancelled') return 'cancelled';
  if (Date.parse(item.endsAt) <= now) return 'ended';
  return Date.parse(item.startsAt) <= now ? 'live' : 'scheduled';
}

export const phaseBadge: Record<ClassPhase, string> = {
  scheduled: 'bg-teal-100 text-teal-800',
  live: 'bg-rose-100 text-rose-700',
  ended: 'bg-slate-200 text-slate-600',
  cancelled: 'bg-amber-100 text-amber-800',
};

/** A class's time in the person's zone and language: "Thứ Ba, 24/11/2026, 19:00 – 20:30". */
export function useClassTime(): (item: Pick<ClassView, 'startsAt' | 'endsAt'>) => string {
  const dates = useDates();
  return (item) => dates.span(item.startsAt, item.endsAt);
}
