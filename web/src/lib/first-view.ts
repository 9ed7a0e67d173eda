import { ACCESS_TOKEN_COOKIE, getCookie } from './cookies';
import { storedLanguage } from './language';

/**
 * The answers the server wrote into the page for its first requests (`<script id="first-view">`, see
 * server/src/http/first_view.rs), keyed by path with sorted query parameters. Each is used once, in the page's
 * language, during its first seconds and while the same person is signed in; everything else goes to the network.
 */
let answers: Record<string, unknown> | undefined;
const token = () => getCookie(ACCESS_TOKEN_COOKIE);
let readAs: string | undefined;
/** How long after the page started its answers are used (the whole render on the server). */
let freshFor = 10_000;

function read(): Record<string, unknown> {
  try {
    const view = JSON.parse(document.getElementById('first-view')?.textContent ?? '{}') as {
      lang?: string;
      answers?: Record<string, unknown>;
    };
    return view.lang === storedLanguage() ? (view.answers ?? {}) : {};
  } catch {
    return {};
  }
}

/**
 * On the server: the answers the page being rendered starts from (the same the page will carry), so its HTML is
 * what the browser's first render makes of them.
 */
export function renderFrom(view: Record<string, unknown>): void {
  [answers, readAs, freshFor] = [{ ...view }, undefined, Infinity];
}

function keyOf(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://page');
  searchParams.sort();
  const query = searchParams.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The first view's answer of a GET of `url` (used up), or undefined. */
export function takeFirstAnswer(url: string): unknown {
  if (performance.now() > freshFor) return undefined;
  if (!answers) [answers, readAs] = [read(), token()];
  if (token() !== readAs) return undefined;
  const key = keyOf(url);
  const answer = answers[key];
  delete answers[key];
  return answer;
}

/** On the server: the answer of the page being rendered, left for the other parts of the page that read it. */
export function peekRenderedAnswer(url: string): unknown {
  return freshFor === Infinity ? answers?.[keyOf(url)] : undefined;
}
