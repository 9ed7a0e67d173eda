import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_INTERVAL_MS, Autoplay, EMBLA_DURATION } from './autoplay';

describe('carousel autoplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves every 2000 ms once started', () => {
    const tick = vi.fn();
    new Autoplay(tick).start();
    vi.advanceTimersByTime(1999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AUTOPLAY_INTERVAL_MS * 3);
    expect(tick).toHaveBeenCalledTimes(4);
  });

  it('does not move while hovered and moves again a full interval after the pointer leaves', () => {
    const tick = vi.fn();
    const autoplay = new Autoplay(tick);
    autoplay.start();
    vi.advanceTimersByTime(1500);
    autoplay.pause('hover');
    vi.advanceTimersByTime(10_000);
    expect(tick).not.toHaveBeenCalled();
    autoplay.resume('hover');
    vi.advanceTimersByTime(1999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('stays paused until every reason is gone (hover and focus)', () => {
    const tick = vi.fn();
    const autoplay = new Autoplay(tick);
    autoplay.start();
    autoplay.pause('hover');
    autoplay.pause('focus');
    autoplay.resume('hover');
    vi.advanceTimersByTime(5000);
    expect(tick).not.toHaveBeenCalled();
    expect(autoplay.paused).toBe(true);
    autoplay.resume('focus');
    vi.advanceTimersByTime(2000);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('ignores a resume for a reason that was never paused', () => {
    const tick = vi.fn();
    const autoplay = new Autoplay(tick);
    autoplay.start();
    vi.advanceTimersByTime(1000);
    autoplay.resume('focus');
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('waits a full interval after a manual move', () => {
    const tick = vi.fn();
    const autoplay = new Autoplay(tick);
    autoplay.start();
    vi.advanceTimersByTime(1500);
    autoplay.restart();
    vi.advanceTimersByTime(1500);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('stops for good when stopped', () => {
    const tick = vi.fn();
    const autoplay = new Autoplay(tick);
    autoplay.start();
    autoplay.stop();
    autoplay.resume('hover');
    vi.advanceTimersByTime(10_000);
    expect(tick).not.toHaveBeenCalled();
  });

  it('maps the 500 ms transition onto embla’s duration steps', () => {
    expect(EMBLA_DURATION).toBe(30);
  });
});
