import { useCallback, useEffect, useRef, useState } from 'react';

/** hover menus and the language menu close 300 ms after the pointer leaves. */
export const HOVER_CLOSE_DELAY_MS = 300;

/**
 * The header's hover menus (language, cart, notifications, user). The menu opens when the pointer enters its
 * trigger or panel, or when the trigger is clicked (touch, keyboard); a click on the trigger of an open menu keeps
 * it open, so a person who hovers and then clicks still sees it. It closes 300 ms after the pointer leaves both,
 * on Escape, on a press outside it, and when focus moves to something outside it.
 */
export function useHoverMenu(delayMs = HOVER_CLOSE_DELAY_MS) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const container = useRef<HTMLDivElement>(null);

  const cancelClose = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const show = useCallback(() => {
    cancelClose();
    setOpen(true);
  }, [cancelClose]);

  const scheduleClose = useCallback(() => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), delayMs);
  }, [cancelClose, delayMs]);

  const close = useCallback(() => {
    cancelClose();
    setOpen(false);
  }, [cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);

  // The header's menus load their panels' code after the page shows: a pointer that came over the trigger before
  // it was there opens the menu now, as entering would have (otherwise only leaving and coming back would). The
  // browser tells an element that just replaced another under a still pointer that it is hovered only after the
  // next frame, so it is asked again then.
  useEffect(() => {
    if (isHovered(container.current)) return show();
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (isHovered(container.current)) show();
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [show]);

  useEffect(() => {
    if (!open) return;
    const pressedOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', pressedOutside);
    return () => document.removeEventListener('pointerdown', pressedOutside);
  }, [open, close]);

  /** Spread on the element wrapping both the trigger and the panel. */
  const containerProps = {
    ref: container,
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType !== 'touch') show();
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType !== 'touch') scheduleClose();
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    },
    // Tabbing out closes the menu; a click on a part of it that takes no focus (no `relatedTarget`) does not.
    onBlur: (event: React.FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !container.current?.contains(next)) close();
    },
  };

  /** Spread on the trigger button: a click opens the menu and never closes it. */
  const triggerProps = {
    'aria-expanded': open,
    'aria-haspopup': true as const,
    onClick: show,
  };

  return { open, show, close, scheduleClose, containerProps, triggerProps };
}

function isHovered(element: Element | null): boolean {
  try {
    return element?.matches(':hover') ?? false;
  } catch {
    return false;
  }
}
