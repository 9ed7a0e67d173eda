import { zonedInstant, zonedParts } from './time-zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in `zone`. */
export function toLocalInput(ms: number | null | undefined, zone: string): string {
  if (ms === null || ms === undefined) return '';
  const p = zonedParts(ms, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A `datetime-local` value read in `zone`; null when empty. */
export function fromLocalInput(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return zonedInstant({ year, month, day, hour, minute }, zone);
}
