import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** sessionStorage key of the saved positions, kept across a reload of the tab. */
export const SCROLL_POSITIONS_KEY = 'academy.scroll-positions';

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(saved));
  } catch {
    return new Map();
  }
}

/** Where each visited entry of the history was scrolled to, by its location key. */
const positions = readPositions();

function savePositions() {
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Private mode without storage: positions are kept for this page only.
  }
}

/**
 * Scroll positions as a person expects them in a single-page app: a new page (a link, a redirect) opens at its top
 * or at the element its `#hash` names; going back or forward returns to where that page was left, also after a
 * reload of the tab.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', savePositions);
    return () => {
      window.removeEventListener('pagehide', savePositions);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const remember = () => positions.set(location.key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (navigationType === NavigationType.Pop && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
