import { describe, expect, it } from 'vitest';
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
        expect(longDate(date, 'vi')).toBe(new Intl.DateTimeFormat('vi-VN', options).format(date));
        expect(longDate(date, 'en')).toBe(new Intl.DateTimeFormat('en-GB', options).format(date));
        const monthOptions = { month: 'long', year: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' } as const;
        expect(monthYear(date, 'vi')).toBe(new Intl.DateTimeFormat('vi-VN', monthOptions).format(date));
        expect(monthYear(date, 'en')).toBe(new Intl.DateTimeFormat('en-GB', monthOptions).format(date));
      }
    }
  });

  it("take the day in the academy's time zone (UTC+7), whatever the device's clock says", () => {
    // 20:00 UTC is 03:00 the next day in Vietnam: the server renders that day, so the browser must too.
    expect(longDate(new Date('2025-03-04T20:00:00Z'), 'vi')).toBe('5 tháng 3, 2025');
    expect(longDate(new Date('2024-12-31T16:59:00Z'), 'en')).toBe('31 December 2024');
    expect(longDate(new Date('2024-12-31T17:00:00Z'), 'en')).toBe('1 January 2025');
    expect(monthYear(new Date('2025-02-28T17:30:00Z'), 'vi')).toBe('tháng 3 năm 2025');
  });
});
