import { describe, expect, it } from 'vitest';
import { dateInputValue } from './format';

describe('a date input value', () => {
  it('is the calendar day of a date or date-time string', () => {
    expect(dateInputValue('1998-03-15T00:00:00Z')).toBe('1998-03-15');
    expect(dateInputValue('1998-03-15')).toBe('1998-03-15');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('soon')).toBe('');
  });
});
