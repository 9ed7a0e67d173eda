/**
 * Playwright's `test` for the academy's browser tests. A visitor's public page arrives as HTML rendered by the server
 * and React takes it over a moment later (hydration): until then its buttons and fields do nothing, as for a person
 * on a slow phone. Each navigation of a test's pages (`goto`, `reload`) waits for that moment, so tests act on the
 * page React runs.
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request } from '@playwright/test';

/** Resolves once React runs the page's header and main content (at once for a page rendered in the browser). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.dataset.rendered) return true;
    const live = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const main = document.querySelector('main');
    return live(document.querySelector('header')) && (main === null || [...main.children].every(live));
  });
}

function waitingForHydration(page: Page): Page {
  const [goto, reload] = [page.goto.bind(page), page.reload.bind(page)];
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  // Every page of the test's context, the `page` fixture's included.
  context: async ({ context }, use) => {
    context.on('page', waitingForHydration);
    await use(context);
  },
});
