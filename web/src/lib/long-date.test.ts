import { describe, expect, it } from 'vitest';
import { longDate, monthYear } from './long-date';

describe('longDate', () => {
  it('writes every month of the year as vi-VN and en-GB long dates do', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2025, month, day, 23, 30);
        const options = { day: 'numeric', month: 'long', year: 'numeric' } as const;
        expect(longDate('vi', date)).toBe(new Intl.DateTimeFormat('vi-VN', options).format(date));
        expect(longDate('en', date)).toBe(new Intl.DateTimeFormat('en-GB', options).format(date));
        const monthOptions = { month: 'long', year: 'numeric' } as const;
        expect(monthYear('vi', date)).toBe(new Intl.DateTimeFormat('vi-VN', monthOptions).format(date));
        expect(monthYear('en', date)).toBe(new Intl.DateTimeFormat('en-GB', monthOptions).format(date));
      }
    }
  });

  it('takes the day in the device time zone', () => {
    expect(longDate('vi', new Date(2025, 2, 5, 0, 0))).toBe('5 tháng 3, 2025');
    expect(longDate('en', new Date(2024, 11, 31, 23, 59))).toBe('31 December 2024');
  });
});
