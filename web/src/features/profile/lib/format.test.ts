import { describe, expect, it } from 'vitest';
import { dateInputValue, formatDate, relativeTime, toMs } from './format';

const NOW = Date.UTC(2025, 5, 15, 12);

describe('profile formats', () => {
  it('reads epoch ms, digit strings and ISO strings', () => {
    expect(toMs(NOW)).toBe(NOW);
    expect(toMs(String(NOW))).toBe(NOW);
    expect(toMs('2025-06-15T12:00:00Z')).toBe(NOW);
    expect(toMs('soon')).toBeNull();
    expect(toMs(null)).toBeNull();
  });

  it.each([
    ['en-US', NOW - 3 * 86_400_000, '3 days ago'],
    ['vi-VN', NOW - 3 * 86_400_000, '3 ngày trước'],
    ['en-US', NOW - 2 * 3_600_000, '2 hours ago'],
    ['en-US', NOW - 400 * 86_400_000, '1 year ago'],
  ])('relative time in %s', (locale, at, text) => {
    expect(relativeTime(at, locale, NOW)).toBe(text);
  });

  it('shows a calendar date as written, in the locale', () => {
    expect(formatDate('1998-03-15', 'en-US')).toBe('March 15, 1998');
    expect(formatDate('1998-03-15', 'vi-VN')).toBe('15 tháng 3, 1998');
    expect(formatDate('1998-03-15T00:00:00Z', 'en-US')).toBe('March 15, 1998');
    expect(dateInputValue('1998-03-15T00:00:00Z')).toBe('1998-03-15');
    expect(dateInputValue(null)).toBe('');
  });
});
