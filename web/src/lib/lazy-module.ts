/**
 * A module fetched on first use and kept: the rule modules that only some pages need (`./wasm-account`,
 * `./wasm-checkout`) are loaded through it, so a page draws at once, at its full size, and uses the rules when
 * they arrive.
 */
import { useEffect, useState } from 'react';

/** A module fetched on the first {@link LazyModule.load}, then kept. */
export interface LazyModule<T> {
  /** The module: fetched on the first call, the same promise after. A failed fetch is not kept (the next call tries again). */
  load(): Promise<T>;
  /** The module when it has arrived, else null. */
  current(): T | null;
}

export function lazyModule<T>(fetch: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= fetch().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

/**
 * The module for a component being drawn: null until it has arrived (the first render of the first page that
 * asks), then the module. A module that cannot be fetched is thrown to the route's error boundary.
 */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  const [ready, setReady] = useState<{ module: T } | null>(() => {
    const current = module.current();
    return current === null ? null : { module: current };
  });
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void module.load().then(
      (loaded) => {
        if (live) setReady({ module: loaded });
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [module, ready]);
  if (failure) throw failure.error instanceof Error ? failure.error : new Error('a module could not be loaded');
  return ready?.module ?? null;
}
