// Starts the app once the page has shown (see startAfterFirstPaint in vite.config.ts, which builds this file into
// /start.js): preloads the app's modules, its rule module (.wasm) and, for a page in a language whose shell texts
// are not in the entry (`data-texts-en`; the server writes the visitor's language into <html lang>), their chunks;
// then imports the entry. The signal is the first contentful paint of the server's HTML; in a browser that does not
// report it, the frame after the first one; at once when the page came without HTML.
const { entry, preload, ...texts } = document.querySelector<HTMLElement>('script[data-entry]')?.dataset ?? {};
const language = document.documentElement.lang;
const pageTexts = texts[`texts${language.charAt(0).toUpperCase()}${language.slice(1)}`];
let started = false;

function start() {
  if (started || !entry) return;
  started = true;
  for (const href of `${preload ?? ''} ${pageTexts ?? ''}`.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    if (href.endsWith('.wasm')) Object.assign(link, { rel: 'preload', as: 'fetch' });
    else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

// A page the server sent without its HTML (a signed-in person's, a form's) has nothing to paint before the app.
if (!document.getElementById('root')?.hasChildNodes()) start();
else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) start();
  }).observe({ type: 'paint', buffered: true });
  // A page that was in a background tab before it painted may have none reported.
  requestAnimationFrame(() => setTimeout(start, 3000));
} else requestAnimationFrame(() => setTimeout(start));
