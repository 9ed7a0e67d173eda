/**
 * The app's first evaluation in pieces a phone runs without keeping a visitor waiting. The modules the entry
 * imports are evaluated in one go, in the order they are imported, and on a phone that took 140–230 ms of main
 * thread in one task after the first paint (the libraries' set-up, React's DOM library, the texts, the components):
 * a tap meanwhile waits, and Lighthouse counts it all as blocking time. A module's top-level `await yieldToPage()`
 * ends the task, and the modules after it are evaluated in the next one. The entry imports this module first, so
 * the libraries' chunk is evaluated in a task before the app's; the texts (lib/i18n.ts) are set up in one of their
 * own. In Node.js (the page renderer) it does not wait.
 */
export function yieldToPage(): Promise<void> | undefined {
  return typeof window === 'undefined' ? undefined : new Promise((resolve) => setTimeout(resolve));
}

await yieldToPage();
