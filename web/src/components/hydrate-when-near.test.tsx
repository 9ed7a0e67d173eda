import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** jsdom has no IntersectionObserver: this one reports what the test says comes near. */
class NearObserver {
  static all: NearObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    NearObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  static comeNear(element: Element) {
    for (const observer of NearObserver.all.filter((o) => o.observed.includes(element))) {
      observer.callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], observer as never);
    }
  }
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/**
 * The server's HTML of a page with a part below its first screen, in the document, taken over by React as the app
 * does it. Each test has the module afresh: what it remembers of parts lives as long as the page.
 */
async function hydrated() {
  vi.resetModules();
  const { HydrateWhenNear, hydratingServerHtml } = await import('./hydrate-when-near');
  function Page({ label = 'below' }: { label?: string }) {
    return (
      <main>
        <Counter label="top" />
        <HydrateWhenNear target="[data-part=below]">
          <section data-part="below">
            <Counter label={label} />
          </section>
        </HydrateWhenNear>
      </main>
    );
  }
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  hydratingServerHtml();
  let root: Root | undefined;
  // An act whose callback returns a promise also waits for what React schedules after it.
  await act(() => {
    root = hydrateRoot(container, <Page />);
    return Promise.resolve();
  });
  return { Page, container, root: root!, section: container.querySelector('[data-part=below]')! };
}

const isLive = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

describe('HydrateWhenNear', () => {
  beforeAll(() => {
    vi.stubGlobal('IntersectionObserver', NearObserver);
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps a part as the server sent it until it comes near, then makes it live in place', async () => {
    const { container, root, section } = await hydrated();
    const [top, below] = container.querySelectorAll('button');
    expect(isLive(section)).toBe(false);
    fireEvent.click(top!);
    expect(top!.textContent).toBe('top 1');
    expect(section.textContent).toBe('below 0');
    expect(isLive(section)).toBe(false);

    await act(() => {
      NearObserver.comeNear(section);
      return Promise.resolve();
    });
    expect(container.querySelector('[data-part=below]')).toBe(section); // the same node: hydrated, not redrawn
    expect(isLive(section)).toBe(true);
    fireEvent.click(below!);
    expect(below!.textContent).toBe('below 1');
    root.unmount();
  });

  it('makes a part live when the person acts on it before it comes near', async () => {
    const { root, section } = await hydrated();
    const below = section.querySelector('button')!;
    expect(isLive(section)).toBe(false);
    await act(() => {
      fireEvent.pointerDown(below);
      return Promise.resolve();
    });
    fireEvent.click(below);
    expect(below.textContent).toBe('below 1');
    root.unmount();
  });

  it('leaves a waiting part as it is when the page renders again with the same content', async () => {
    const { Page, root, section } = await hydrated();
    await act(() => {
      root.render(<Page label="below" />);
      return Promise.resolve();
    });
    expect(isLive(section)).toBe(false);
    NearObserver.comeNear(section);
    await act(() => Promise.resolve());
    expect(isLive(section)).toBe(true);
    root.unmount();
  });

  it('takes a waiting part over when an update reaches it, keeping its HTML', async () => {
    const { Page, container, root, section } = await hydrated();
    expect(isLive(section)).toBe(false);
    await act(() => {
      root.render(<Page label="changed" />);
      return Promise.resolve();
    });
    expect(container.querySelector('[data-part=below]')).toBe(section);
    expect(section.textContent).toBe('changed 0');
    root.unmount();
  });
});
