// First: the libraries' chunk is evaluated in a task of its own, the app's modules in later ones.
import './lib/yield-to-page';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydratingServerHtml } from './components/hydrate-when-near';
import { shellTexts } from './lib/i18n';
import { rememberLanguage, storedLanguage } from './lib/language';
import './index.css';

rememberLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server sent the page's HTML (src/ssr, for visitors) in the language chosen here: React takes it over where
// it stands (the page has been painted: src/start.ts). Otherwise (no HTML, or another language chosen since)
// React renders the first page. Either as a transition, in slices, so a slow phone stays responsive meanwhile;
// once the shell's texts are there (at once in Vietnamese; a chunk the start script preloaded in English). Taking
// HTML over, it leaves the parts below the first screen to when they come near (components/hydrate-when-near).
const rendered = container.dataset.rendered === storedLanguage();
if (rendered) hydratingServerHtml();
void shellTexts()
  .catch(() => undefined) // rendered all the same: what lacks its texts suspends (react-i18next)
  .then(() => startTransition(() => void (rendered ? hydrateRoot(container, app) : createRoot(container).render(app))));
