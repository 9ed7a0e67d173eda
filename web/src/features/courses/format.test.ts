import { describe, expect, it } from 'vitest';
import { clockDuration, hoursMinutes } from './format';

describe('lesson and course lengths', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [252, '4:12'],
    [3600, '1:00:00'],
    [3852, '1:04:12'],
  ])('%i seconds read %s', (seconds, text) => {
    expect(clockDuration(seconds)).toBe(text);
  });

  it('splits a course length into hours and rounded minutes', () => {
    expect(hoursMinutes(4230)).toEqual({ hours: 1, minutes: 11 });
    expect(hoursMinutes(1770)).toEqual({ hours: 0, minutes: 30 });
  });
});
