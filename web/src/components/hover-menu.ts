import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §9: hover menus and the language menu close 300 ms after the pointer leaves. */
export const HOVER_CLOSE_DELAY_MS = 300;

/**
 * A menu that opens when the pointer enters its trigger or panel and closes 300 ms after it leaves both.
 * Keyboard users toggle it with the trigger button and close it with Escape.
 */
export function useHoverMenu(delayMs = HOVER_CLOSE_DELAY_MS) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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

  /** Spread on the element wrapping both the trigger and the panel. */
  const containerProps = {
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType !== 'touch') show();
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType !== 'touch') scheduleClose();
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    },
  };

  /** Spread on the trigger button. */
  const triggerProps = {
    'aria-expanded': open,
    'aria-haspopup': true as const,
    onClick: () => (open ? close() : show()),
  };

  return { open, show, close, scheduleClose, containerProps, triggerProps };
}
