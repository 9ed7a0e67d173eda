import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it.each([
    ['?redirect=%2Fprofile%3Ftab%3Dmentors', null, '/profile?tab=mentors'],
    ['', { from: '/dashboard/user' }, '/dashboard/user'],
    ['', null, '/'],
    ['?redirect=https%3A%2F%2Fevil.example', null, '/'],
    ['?redirect=%2F%2Fevil.example', null, '/'],
    ['?redirect=%2F%5Cevil.example', null, '/'],
    ['?redirect=%2Flogin', null, '/'],
  ])('%s (state %o) → %s', (search, state, target) => {
    expect(redirectTarget(search, state)).toBe(target);
  });
});
