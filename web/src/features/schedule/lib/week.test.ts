import { describe, expect, it } from 'vitest';
import type { WeekView } from '@/lib/api/types';
import { availabilityOf, overridesOf, slotDays } from './week';

const HOUR = 60 * 60 * 1000;

describe('slotDays', () => {
  // 2026-11-24 23:00 UTC is Wednesday 06:00 in Hanoi and still Tuesday 18:00 in New York.
  const lateTuesday = Date.UTC(2026, 10, 24, 23);
  const slots: [number, number][] = [
    [lateTuesday + 2 * HOUR, lateTuesday + 3 * HOUR],
    [lateTuesday, lateTuesday + HOUR],
    [lateTuesday - 12 * HOUR, lateTuesday - 11 * HOUR],
  ];

  it('groups by the viewer’s own calendar day, in time order', () => {
    const hanoi = slotDays(slots, 'en', 'Asia/Ho_Chi_Minh');
    expect(hanoi.map((d) => [d.key, d.slots.length])).toEqual([
      ['2026-11-24', 1],
      ['2026-11-25', 2],
    ]);
    expect(hanoi[1]?.slots.map((s) => s[0])).toEqual([lateTuesday, lateTuesday + 2 * HOUR]);

    const newYork = slotDays(slots, 'en', 'America/New_York');
    expect(newYork.map((d) => [d.key, d.slots.length])).toEqual([['2026-11-24', 3]]);
  });

  it('names the day in the viewer’s language', () => {
    expect(slotDays(slots, 'vi', 'Asia/Ho_Chi_Minh')[1]?.label).toMatch(/thứ tư/i);
    expect(slotDays(slots, 'en', 'Asia/Ho_Chi_Minh')[1]?.label).toMatch(/Wednesday/);
    expect(slotDays([], 'vi', 'Asia/Ho_Chi_Minh')).toEqual([]);
  });
});

describe('availabilityOf', () => {
  it('gives the rules seven days, the buffer and the notice, with defaults for an unsaved week', () => {
    const week = { zone: 'Europe/Berlin', weekly: [[{ start: 540, end: 720 }]] } as WeekView;
    expect(availabilityOf(week)).toEqual({
      zone: 'Europe/Berlin',
      weekly: [[{ start: 540, end: 720 }], [], [], [], [], [], []],
      bufferMinutes: 0,
      noticeMinutes: 120,
    });
    expect(overridesOf(week)).toEqual([]);
  });
});
