import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToPage } from './yield-to-page';

describe('yieldToPage', () => {
  afterEach(() => vi.useRealTimers());

  it('goes on only in a later task: after the timers, not after the microtasks', async () => {
    vi.useFakeTimers();
    let resumed = false;
    void yieldToPage()?.then(() => (resumed = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.runAllTimersAsync();
    expect(resumed).toBe(true);
  });

  it('does not wait where there is no page (the page renderer in Node.js)', () => {
    vi.stubGlobal('window', undefined);
    try {
      expect(yieldToPage()).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
