import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_POSITIONS_KEY, ScrollRestoration } from './scroll-restoration';

function Controls() {
  const navigate = useNavigate();
  return (
    <nav>
      <button type="button" onClick={() => void navigate('/b')}>
        to b
      </button>
      <button type="button" onClick={() => void navigate('/c#reviews')}>
        to reviews
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </nav>
  );
}

function renderPages() {
  render(
    <MemoryRouter initialEntries={['/a']}>
      <Controls />
      <Routes>
        <Route path="/a" element={<p>page a</p>} />
        <Route path="/b" element={<p>page b</p>} />
        <Route path="/c" element={<section id="reviews">reviews</section>} />
      </Routes>
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

/** Scrolls the window as a person would: the position changes, then the browser says so. */
function scrollTo(y: number) {
  act(() => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollRestoration', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('opens a new page at its top', () => {
    renderPages();
    scrollTo(500);
    fireEvent.click(screen.getByRole('button', { name: 'to b' }));
    expect(screen.getByText('page b')).toBeTruthy();
    expect(window.scrollY).toBe(0);
  });

  it('returns to where a page was left when going back', () => {
    renderPages();
    scrollTo(320);
    fireEvent.click(screen.getByRole('button', { name: 'to b' }));
    scrollTo(90);
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByText('page a')).toBeTruthy();
    expect(window.scrollY).toBe(320);
  });

  it('shows the element a #hash names', () => {
    const scrollIntoView = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrollIntoView);
    renderPages();
    fireEvent.click(screen.getByRole('button', { name: 'to reviews' }));
    expect(scrollIntoView).toHaveBeenCalledOnce();
  });

  describe("a document's first page", () => {
    /** A new document in a tab whose earlier pages were left scrolled to 700 px, opened as `how` says. */
    async function openDocument(how: 'navigate' | 'reload') {
      sessionStorage.setItem(
        SCROLL_POSITIONS_KEY,
        JSON.stringify({ default: 700, 'default /a': 700, 'default /b': 700 }),
      );
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: how } as PerformanceNavigationTiming]);
      vi.resetModules();
      const { ScrollRestoration: Fresh } = await import('./scroll-restoration');
      render(
        <MemoryRouter initialEntries={['/a']}>
          <Fresh />
        </MemoryRouter>,
      );
    }
    afterEach(() => {
      sessionStorage.clear();
      vi.restoreAllMocks();
    });

    it('opens at its top when the tab opens it afresh, whatever its last page was scrolled to', async () => {
      await openDocument('navigate');
      expect(window.scrollY).toBe(0);
    });

    it('returns to where it was left when the tab reloads it', async () => {
      await openDocument('reload');
      expect(window.scrollY).toBe(700);
    });
  });
});
