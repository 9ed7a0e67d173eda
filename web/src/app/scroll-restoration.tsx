import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType, type Location } from 'react-router';

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
/** The location the document opened with (the one page not reached by navigating in the app). */
let documentLocation: Location | undefined;

function savePositions() {
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Private mode without storage: positions are kept for this page only.
  }
}

/**
 * The key a position is kept under: the history entry's, or for the first page the tab opened in this document
 * (whose key is "default" whatever its address) the address, so one page's position never reaches another's.
 */
const keyOf = ({ key, pathname, search }: Location) => (key === 'default' ? `default ${pathname}${search}` : key);

/** Whether the document was reloaded or returned to through the history (not opened afresh by a link or address). */
function documentReturnedTo(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
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
    const key = keyOf(location);
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location]);

  useLayoutEffect(() => {
    const saved = positions.get(keyOf(location));
    // The page a document opens with is a Pop too: its position is restored only when the tab returns to it.
    const documentStart = (documentLocation ??= location) === location;
    const returning = navigationType === NavigationType.Pop && (!documentStart || documentReturnedTo());
    if (returning && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
