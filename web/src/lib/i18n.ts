/**
 * i18next set-up: Vietnamese by default, the choice read from localStorage. There is no fallback language: every
 * text exists in both (src/locales/locales.test.ts), so a page loads its texts in one language only.
 *
 * The texts of src/locales/<lang>/<namespace>.json load per namespace. Vietnamese `common` (loading, search,
 * language and error-screen texts) and `layout` (header, footer, menus) are bundled: the shell renders with them at
 * once. In English they are a chunk each, which the start script preloads for an English page and the entry
 * awaits before it renders (`shellTexts`). Every other namespace is a chunk of its own, loaded with the routes that
 * use it (`loadNamespaces`, which a lazy route awaits with its module), so a visitor downloads only the texts of
 * their language and of the pages they open. A component whose namespace is not there yet suspends
 * (react-i18next) rather than showing keys.
 */
import { createInstance, type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, storedLanguage } from './language';
import { yieldToPage } from './yield-to-page';

type Texts = Record<string, unknown>;

// The glob patterns name the default language, vi (DEFAULT_LANGUAGE): Vite reads them as written.
const bundled = import.meta.glob<Texts>(['../locales/vi/common.json', '../locales/vi/layout.json'], {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Texts>(
  ['../locales/*/*.json', '!../locales/vi/common.json', '!../locales/vi/layout.json'],
  { import: 'default' },
);

const fileOf = (language: string, namespace: string) => `../locales/${language}/${namespace}.json`;

/** The namespaces the shell renders with (bundled in Vietnamese); `common` is the default one. */
export const BUNDLED_NAMESPACES = ['common', 'layout'] as const;

/** Every namespace under src/locales, e.g. for tests that render any page. */
export const namespaces = [
  ...new Set(Object.keys({ ...bundled, ...lazyFiles }).map((file) => file.replace(/^.*\/|\.json$/g, ''))),
].sort();

/** Reads a namespace's texts from its chunk. Namespaces added by features themselves are not files here. */
const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyFiles[fileOf(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

// Setting the texts up is a task of its own on a phone: what the entry's modules do before it (the libraries'
// set-up) and after it (the components, the routes) is evaluated in other tasks (see lib/yield-to-page).
await yieldToPage();

export const i18n = createInstance();

void i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    resources: {
      [DEFAULT_LANGUAGE]: Object.fromEntries(
        BUNDLED_NAMESPACES.map((namespace) => [namespace, bundled[fileOf(DEFAULT_LANGUAGE, namespace)]!]),
      ),
    },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Loads namespaces in the visitor's language; resolves when they are there (at once when they
 * already are) and rejects when one could not be downloaded, so the page shows the error screen, not keys.
 */
export async function loadNamespaces(names: readonly string[]): Promise<void> {
  if (!names.length) return;
  await i18n.loadNamespaces([...names]);
  const missing = names.filter((namespace) => !i18n.hasResourceBundle(i18n.language, namespace));
  if (missing.length) throw new Error(`Texts could not be loaded: ${missing.join(', ')}`);
}

/** The shell's texts in the visitor's language: at once in Vietnamese, from their chunks in English. */
export function shellTexts(): Promise<void> {
  return loadNamespaces(BUNDLED_NAMESPACES);
}

// Only when it differs: writing `lang`, even the same value, makes the browser restyle every element of the page
// (a server-rendered page already has it).
function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined' && document.documentElement.lang !== language)
    document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

await yieldToPage();
