import { describe, expect, it } from 'vitest';
import { calendarDay } from './time-zone';
import { formatCount, longDate, monthYear } from './wasm';

// The rule module writes counts and dates itself (shared/src/format.rs) so the server's renderer and every browser
// agree; here it is held to what the browser's own Intl writes for vi-VN and en-GB.
describe('counts and dates from the rule module', () => {
  it('group digits as Intl.NumberFormat does in Vietnamese and English', () => {
    for (const value of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1234567]) {
      expect(formatCount(value, 'vi')).toBe(new Intl.NumberFormat('vi').format(value));
      expect(formatCount(value, 'en')).toBe(new Intl.NumberFormat('en').format(value));
    }
  });

  it('write every month of the year as vi-VN and en-GB long dates do', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(Date.UTC(2025, month, day, 3, 30));
        const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' } as const;
        expect(longDate(calendarDay(date), 'vi')).toBe(new Intl.DateTimeFormat('vi-VN', options).format(date));
        expect(longDate(calendarDay(date), 'en')).toBe(new Intl.DateTimeFormat('en-GB', options).format(date));
        const monthOptions = { month: 'long', year: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' } as const;
        expect(monthYear(calendarDay(date), 'vi')).toBe(new Intl.DateTimeFormat('vi-VN', monthOptions).format(date));
        expect(monthYear(calendarDay(date), 'en')).toBe(new Intl.DateTimeFormat('en-GB', monthOptions).format(date));
      }
    }
  });
});
