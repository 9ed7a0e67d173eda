import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  dayStart,
  groupByDay,
  mondayOf,
  placeInWeek,
  visibleHours,
  weekFrom,
  zonedInstant,
  zonedParts,
} from './calendar-layout';

const HCM = 'Asia/Ho_Chi_Minh';
const BERLIN = 'Europe/Berlin';

const event = (id: string, startAt: string, endAt: string) => ({ id, startAt, endAt });

describe('local time in a zone', () => {
  it('reads the wall clock of an instant in the zone', () => {
    expect(zonedParts(Date.parse('2026-11-23T20:30:00Z'), HCM)).toEqual({
      year: 2026,
      month: 11,
      day: 24,
      hour: 3,
      minute: 30,
    });
    expect(dayKey(Date.parse('2026-11-23T20:30:00Z'), HCM)).toBe('2026-11-24');
    expect(dayKey(Date.parse('2026-11-23T20:30:00Z'), BERLIN)).toBe('2026-11-23');
  });

  it('finds the instant of a local time, also across a clock change', () => {
    expect(new Date(dayStart('2026-11-24', HCM)).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026 at 02:00.
    expect(new Date(dayStart('2026-03-29', BERLIN)).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(dayStart('2026-03-30', BERLIN)).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    const noon = zonedInstant({ year: 2026, month: 7, day: 1, hour: 12, minute: 0 }, BERLIN);
    expect(new Date(noon).toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('weeks', () => {
  it('start on Monday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-12-02')).toBe('2026-11-30');
  });

  it('have seven local days and the instants of their bounds', () => {
    const week = weekFrom('2026-11-23', HCM);
    expect(week.days).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(new Date(week.from).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(week.to - week.from).toBe(7 * 24 * 3600 * 1000);
    const spring = weekFrom('2026-03-23', BERLIN);
    expect(spring.to - spring.from).toBe((7 * 24 - 1) * 3600 * 1000);
  });
});

describe('placing events on the week', () => {
  const week = weekFrom('2026-11-23', HCM).days;

  it('puts an event on its local day at its local minutes', () => {
    // 02:00Z is 09:00 in Ho Chi Minh City, on Tuesday.
    const [piece] = placeInWeek([event('a', '2026-11-24T02:00:00Z', '2026-11-24T03:30:00Z')], week, HCM);
    expect(piece).toMatchObject({ day: 1, startMinute: 540, endMinute: 630, lane: 0, lanes: 1 });
  });

  it('places the same instant on another day in another zone', () => {
    const berlin = weekFrom('2026-11-23', BERLIN).days;
    const [piece] = placeInWeek([event('a', '2026-11-23T23:30:00Z', '2026-11-24T00:30:00Z')], berlin, BERLIN);
    expect(piece).toMatchObject({ day: 1, startMinute: 30, endMinute: 90 });
  });

  it('splits an event crossing midnight into a piece on each day', () => {
    const pieces = placeInWeek([event('a', '2026-11-24T16:00:00Z', '2026-11-24T18:00:00Z')], week, HCM);
    expect(pieces.map((p) => [p.day, p.startMinute, p.endMinute])).toEqual([
      [1, 23 * 60, 24 * 60],
      [2, 0, 60],
    ]);
  });

  it('leaves out events outside the week', () => {
    expect(placeInWeek([event('a', '2026-12-01T02:00:00Z', '2026-12-01T03:00:00Z')], week, HCM)).toEqual([]);
  });

  it('shares the width between overlapping events and not with the others', () => {
    const pieces = placeInWeek(
      [
        event('a', '2026-11-24T02:00:00Z', '2026-11-24T04:00:00Z'),
        event('b', '2026-11-24T03:00:00Z', '2026-11-24T05:00:00Z'),
        event('c', '2026-11-24T04:30:00Z', '2026-11-24T05:30:00Z'),
        event('d', '2026-11-24T08:00:00Z', '2026-11-24T09:00:00Z'),
      ],
      week,
      HCM,
    );
    const lanes = Object.fromEntries(pieces.map((p) => [p.event.id, [p.lane, p.lanes]]));
    expect(lanes).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });

  it('shows 7:00 to 22:00, widened for early and late events', () => {
    expect(visibleHours([])).toEqual({ first: 7, last: 22 });
    const pieces = placeInWeek(
      [
        event('a', '2026-11-23T23:00:00Z', '2026-11-24T00:00:00Z'),
        event('b', '2026-11-24T15:30:00Z', '2026-11-24T16:30:00Z'),
      ],
      week,
      HCM,
    );
    expect(visibleHours(pieces)).toEqual({ first: 6, last: 24 });
  });
});

describe('grouping events by day', () => {
  it('groups by the local start day in time order', () => {
    const groups = groupByDay(
      [
        event('late', '2026-11-24T16:30:00Z', '2026-11-24T17:30:00Z'),
        event('morning', '2026-11-24T02:00:00Z', '2026-11-24T03:00:00Z'),
        event('next', '2026-11-25T02:00:00Z', '2026-11-25T03:00:00Z'),
      ],
      HCM,
    );
    expect(groups.map((g) => [g.day, g.events.map((e) => e.id)])).toEqual([
      ['2026-11-24', ['morning', 'late']],
      ['2026-11-25', ['next']],
    ]);
  });

  it('has no groups without events', () => {
    expect(groupByDay([], HCM)).toEqual([]);
  });
});
