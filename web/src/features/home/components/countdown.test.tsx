import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Countdown } from './countdown';

function shown() {
  const timer = screen.getByTestId('countdown');
  const value = (unit: string) => Number(timer.querySelector(`[data-unit="${unit}"]`)?.textContent);
  return {
    days: value('days'),
    hours: value('hours'),
    minutes: value('minutes'),
    seconds: value('seconds'),
    done: timer.dataset.done,
  };
}

describe('admission countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 120 days 2 h 1 min 10 s', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Countdown />
      </I18nextProvider>,
    );
    expect(shown()).toEqual({ days: 120, hours: 2, minutes: 1, seconds: 10, done: 'false' });
  });

  it('ticks down once a second', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Countdown />
      </I18nextProvider>,
    );
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toMatchObject({ minutes: 1, seconds: 9 });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(shown()).toMatchObject({ hours: 2, minutes: 0, seconds: 59 });
  });

  it('stops at zero and stays there', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Countdown />
      </I18nextProvider>,
    );
    const total = ((120 * 24 + 2) * 60 + 1) * 60 + 10;
    // Jump the clock to one second before the end, then let the last tick run.
    vi.setSystemTime(Date.now() + (total - 1) * 1000);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: 'true' });
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(shown()).toMatchObject({ seconds: 0, done: 'true' });
  });
});
