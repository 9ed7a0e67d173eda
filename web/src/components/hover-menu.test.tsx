import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_DELAY_MS, useHoverMenu } from './hover-menu';

function Menu() {
  const menu = useHoverMenu();
  return (
    <div>
      <div data-testid="container" {...menu.containerProps}>
        <button type="button" {...menu.triggerProps}>
          Trigger
        </button>
        {menu.open && (
          <div role="menu">
            <button type="button">Item</button>
            <p>Text</p>
          </div>
        )}
      </div>
      <button type="button">Elsewhere</button>
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Trigger' });
const container = () => screen.getByTestId('container');
const menu = () => screen.queryByRole('menu');
const hover = () => fireEvent.pointerEnter(container(), { pointerType: 'mouse' });
const leave = () => fireEvent.pointerLeave(container(), { pointerType: 'mouse' });

describe('useHoverMenu', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Menu />);
  });
  afterEach(() => vi.useRealTimers());

  it('stays open when the trigger of a menu opened by hovering is clicked', () => {
    hover();
    expect(menu()).toBeTruthy();
    fireEvent.pointerDown(trigger());
    fireEvent.click(trigger());
    expect(menu()).toBeTruthy();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger());
    act(() => {
      vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS * 2);
    });
    expect(menu()).toBeTruthy();
  });

  it('opens on a click when closed (touch and keyboard have no hover)', () => {
    fireEvent.pointerEnter(container(), { pointerType: 'touch' });
    expect(menu()).toBeNull();
    fireEvent.click(trigger());
    expect(menu()).toBeTruthy();
  });

  it('closes 300 ms after the pointer leaves, unless it comes back', () => {
    hover();
    leave();
    act(() => {
      vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS - 1);
    });
    hover();
    act(() => {
      vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS);
    });
    expect(menu()).toBeTruthy();
    leave();
    act(() => {
      vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS);
    });
    expect(menu()).toBeNull();
  });

  it('closes on Escape', () => {
    fireEvent.click(trigger());
    fireEvent.keyDown(trigger(), { key: 'Escape' });
    expect(menu()).toBeNull();
  });

  it('closes on a press outside it, not on one inside it', () => {
    fireEvent.click(trigger());
    fireEvent.pointerDown(screen.getByText('Text'));
    expect(menu()).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(menu()).toBeNull();
  });

  it('closes when focus moves outside it, not when it moves within it or nowhere', () => {
    fireEvent.click(trigger());
    fireEvent.focusOut(trigger(), { relatedTarget: screen.getByRole('button', { name: 'Item' }) });
    fireEvent.focusOut(trigger(), { relatedTarget: null });
    expect(menu()).toBeTruthy();
    fireEvent.focusOut(trigger(), { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(menu()).toBeNull();
  });
});
