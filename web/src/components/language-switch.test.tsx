import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, LANGUAGE_STORAGE_KEY, storedLanguage } from '@/lib/language';
import { renderAt } from '@/testing/render';
import { LanguageSwitch } from './language-switch';

describe('LanguageSwitch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the current code, opens on hover and closes 300 ms after the pointer leaves', () => {
    renderAt(<LanguageSwitch />);
    const trigger = screen.getByTestId('language-switch');
    expect(trigger.textContent).toContain('VI');

    const container = trigger.parentElement as HTMLElement;
    fireEvent.pointerEnter(container, { pointerType: 'mouse' });
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['VITiếng Việt', 'ENEnglish']);

    fireEvent.pointerLeave(container, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.queryByRole('menu')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('coming back before 300 ms keeps the menu open', () => {
    renderAt(<LanguageSwitch />);
    const container = screen.getByTestId('language-switch').parentElement as HTMLElement;
    fireEvent.pointerEnter(container, { pointerType: 'mouse' });
    fireEvent.pointerLeave(container, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.pointerEnter(container, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('menu')).toBeTruthy();
  });
});

describe('chooseLanguage', () => {
  it('stores the choice and reloads', () => {
    const reload = vi.fn();
    chooseLanguage('en', reload);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
    localStorage.clear();
    expect(storedLanguage()).toBe('vi');
  });

  it('reads anything unknown as Vietnamese', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('vi');
    localStorage.clear();
  });
});
