import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
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
// it stands. Otherwise (no HTML, or another language chosen since) React renders the first page as a transition, in
// slices, so a slow phone stays responsive while it does.
if (container.dataset.rendered === storedLanguage()) {
  // After the browser has painted the server's HTML (the frame after this one): hydrating first would hold that
  // paint until React is done.
  requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(container, app))));
} else {
  startTransition(() => createRoot(container).render(app));
}
