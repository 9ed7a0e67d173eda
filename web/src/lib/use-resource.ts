import { useCallback, useEffect, useRef, useState } from 'react';

/** Results kept for the session by key, so going back to a page shows it at once while it refreshes. */
const cache = new Map<string, unknown>();

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer (or while a new key loads without a cached value). */
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `key` with `load`, cancelling the request when the key changes or the component goes away.
 * A null key loads nothing. The loader is read when the key changes, so it may close over the key's parts.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: unknown; loading: boolean }>(
    () => ({ key, data: key ? (cache.get(key) as T | undefined) : undefined, error: undefined, loading: key !== null && !cache.has(key) }),
  );
  const [version, setVersion] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ key, data: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    const cached = cache.get(key) as T | undefined;
    setState((previous) => ({
      key,
      data: cached ?? (previous.key === key ? previous.data : undefined),
      error: undefined,
      loading: cached === undefined,
    }));
    loader
      .current(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        cache.set(key, data);
        setState({ key, data, error: undefined, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ ...previous, key, error, loading: false }));
      });
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => {
    if (key) cache.delete(key);
    setVersion((v) => v + 1);
  }, [key]);

  const current = state.key === key;
  return {
    data: current ? state.data : key ? (cache.get(key) as T | undefined) : undefined,
    error: current ? state.error : undefined,
    loading: current ? state.loading : key !== null && !cache.has(key),
    reload,
  };
}

/** Forgets cached results whose key starts with `prefix` (after a change in the dashboard). */
export function invalidateResources(prefix: string): void {
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}
