import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it('groups digits as Intl.NumberFormat does in Vietnamese and English', () => {
    for (const value of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1234567]) {
      expect(formatCount('vi', value)).toBe(new Intl.NumberFormat('vi').format(value));
      expect(formatCount('en', value)).toBe(new Intl.NumberFormat('en').format(value));
    }
  });
});
