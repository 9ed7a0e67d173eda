import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { rememberLanguage } from './lib/language';
import './index.css';

rememberLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// A transition: React renders the first page in slices, so a slow phone stays responsive while it does.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
