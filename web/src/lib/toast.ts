import type * as sonner from 'sonner';

type Sonner = typeof sonner;
type Toast = Sonner['toast'];

let loading: Promise<Sonner> | undefined;
const whenWanted = new Set<() => void>();

/**
 * The toast library, loaded with the first toast: a page that raises none never fetches or runs it (its module
 * runs for 15 ms on a fast machine, inside the first seconds of every page that can raise one).
 */
export function loadToasts(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const listener of whenWanted) listener();
  }
  return loading;
}

/** Calls `listener` when the first toast is raised (at once if one was); returns the unsubscription. */
export function onToastsWanted(listener: () => void): () => void {
  if (loading) listener();
  whenWanted.add(listener);
  return () => void whenWanted.delete(listener);
}

function later<K extends 'success' | 'error' | 'info' | 'loading'>(kind: K) {
  return (...args: Parameters<Toast[K]>) =>
    void loadToasts().then(({ toast }) => (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args));
}

/** sonner's `toast`, shown once the library has loaded (a few milliseconds after the first call). */
export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  loading: later('loading'),
};
