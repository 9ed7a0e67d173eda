import { isValidElement, memo, Suspense, use, useLayoutEffect, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React takes over only when it comes near the screen, or when the person
 * acts on it first (a tap, a key, focus): until then it stays the server's HTML, shown and working as links, and a
 * phone spends its first seconds on what it shows. Each part is a Suspense boundary that suspends while the page
 * is being hydrated; React keeps a suspended boundary's HTML and hydrates it when the boundary's promise settles.
 *
 * `target` is a CSS selector of the part's root element in the server's HTML (one element on the page). A page
 * rendered in the browser (no server HTML) renders every part at once.
 */
export const HydrateWhenNear = memo(function HydrateWhenNear({
  target,
  children,
}: {
  target: string;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={<Release target={target} />}>
      <Gate target={target}>{children}</Gate>
    </Suspense>
  );
}, sameProps);

/**
 * Whether a part would show the same as before: the same elements, with the same values (objects by reference, as
 * the queries keep unchanged data). A page re-renders its waiting parts with equal elements on its own updates (a
 * list refetching in the background); those must not take the parts over, or every part would be on the first one.
 */
function sameProps(before: object, after: object): boolean {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]));
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isValidElement(a) && isValidElement(b)) {
    return a.type === b.type && a.key === b.key && sameProps(a.props as object, b.props as object);
  }
  return false;
}

/** How far ahead of the screen a part is taken over: half a screen, so it is live before it is reached. */
const AHEAD = '50% 0px';
/** What the person does to a part before it is live: the part is taken over before the event reaches React. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** The parts that waited to be taken over, and those that did not have to, by target. */
const parts = new Map<string, { promise: Promise<void>; release: () => void }>();
const settled = new Set<string>();
let fromServer = false;

/** Called before `hydrateRoot` when the page came with the server's HTML: parts wait until they are near. */
export function hydratingServerHtml() {
  fromServer = true;
}

/**
 * Suspends the first time React tries to hydrate the part. React renders a waiting part again only for an update
 * that reaches it (new props, a context it reads): it is taken over then, instead of being rendered anew.
 */
function Gate({ target, children }: { target: string; children: ReactNode }) {
  const part = parts.get(target);
  if (part) {
    releasePart(target);
    use(part.promise); // settled: React reads it at once (a part that suspended calls `use` on every render)
  } else if (fromServer && !settled.has(target)) {
    const element = document.querySelector(target);
    if (element) use(waitFor(target, element));
    else settled.add(target);
  }
  return children;
}

/** Shown only if React had to render a waiting part itself (it never does while hydrating): renders it now. */
function Release({ target }: { target: string }) {
  useLayoutEffect(() => releasePart(target), [target]);
  return null;
}

function releasePart(target: string) {
  if (settled.has(target)) return;
  settled.add(target);
  parts.get(target)?.release();
}

function waitFor(target: string, element: Element): Promise<void> {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) releasePart(target);
    },
    { rootMargin: AHEAD },
  );
  const onInput = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) releasePart(target);
  };
  parts.set(target, {
    promise,
    release() {
      observer.disconnect();
      for (const type of INPUT_EVENTS) document.removeEventListener(type, onInput, true);
      // Marked as React marks a promise it has seen settle, so a render right after reads it without suspending.
      void Object.assign(promise, { status: 'fulfilled', value: undefined });
      resolve();
    },
  });
  observer.observe(element);
  for (const type of INPUT_EVENTS) document.addEventListener(type, onInput, true);
  return promise;
}
