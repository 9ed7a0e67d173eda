/** `use-sync-external-store/shim` for libraries written for older Reacts: React 19's own hook (vite.config.ts). */
export { useSyncExternalStore } from 'react';
