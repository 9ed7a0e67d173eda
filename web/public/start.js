// Starts the app after the first paint (see startAfterFirstPaint in vite.config.ts).
const entry = document.querySelector('script[data-entry]')?.dataset.entry;
if (entry) requestAnimationFrame(() => setTimeout(() => import(entry)));
