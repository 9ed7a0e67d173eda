/**
 * The academy's details every public page shows (name, contact bar, footer, social links, the home's promotion, the
 * default currency of new courses): `GET /api/site`, kept by administrators on /dashboard/settings.
 *
 * The shell renders without the query library (its first download stays small), so this is a small store of its
 * own: the server writes the answer into the public pages' first view (and renders their HTML from it), the first
 * render here takes it from there, and pages without one ask the server once. Until an answer arrives the academy's
 * built-in details stand in (same shape, so nothing moves). After the settings are saved, `refreshSite()` asks again.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { site } from '@/config/paths';
import { api, firstResult } from './api-client';
import type { SiteView } from './api/types';
import { isSuccess } from './wasm';
import { peekRenderedAnswer } from './first-view';

/** The built-in details, shown until the server's arrive. */
export const builtInSite: SiteView = {
  academyName: 'Academy',
  phone: site.phone,
  phoneHref: site.phoneHref,
  email: site.email,
  address: site.address,
  addressHref: site.addressHref,
  facebook: site.social.facebook,
  instagram: '',
  linkedin: site.social.linkedin,
  youtube: site.social.youtube,
  defaultCurrency: 'VND',
  promoTitleVi: '',
  promoTitleEn: '',
  promoTextVi: '',
  promoTextEn: '',
};

const PATH = '/api/site';
let current: SiteView | undefined;
let tookFirstView = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): SiteView | undefined {
  if (!tookFirstView) {
    tookFirstView = true;
    current = firstResult<SiteView>(PATH) ?? current;
  }
  return current;
}

/**
 * On the server, each page renders from its own first view; in the browser, hydration starts from the same answer
 * (taken from the page's first view).
 */
function renderedSnapshot(): SiteView | undefined {
  if (typeof window !== 'undefined') return snapshot();
  const envelope = peekRenderedAnswer(PATH) as { code: number; result?: SiteView } | undefined;
  return envelope && isSuccess(envelope.code) ? envelope.result : undefined;
}

function load(): Promise<void> {
  loading ??= api
    .get<SiteView>(PATH, { publicRoute: true })
    .then((envelope) => {
      if (envelope.result) {
        current = envelope.result;
        listeners.forEach((listener) => listener());
      }
    })
    .catch(() => undefined)
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** Reads the details again (after an administrator saved them). */
export function refreshSite(): Promise<void> {
  return load();
}

/** The academy's details now (the built-in ones until the server's arrive). */
export function useSite(): SiteView {
  const value = useSyncExternalStore(subscribe, snapshot, renderedSnapshot);
  useEffect(() => {
    if (!value) void load();
  }, [value]);
  return value ?? builtInSite;
}

/** A text of the settings in the page's language: its English value on English pages, else the Vietnamese one. */
export function inLanguage(vi: string, en: string, language: string): string {
  return language.startsWith('en') ? en || vi : vi;
}
