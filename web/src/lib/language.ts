import { getCookie, setCookie } from './cookies';

/** The two languages of the product: Vietnamese first, then English. */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

/** localStorage key holding the visitor's choice (choice cached in local storage). */
export const LANGUAGE_STORAGE_KEY = 'academy.lang';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, or vi when nothing (or something unknown) is stored. */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The cookie telling the server the page's language (its `<html lang>` and first view). */
const LANGUAGE_COOKIE = 'academy.lang';

/** Keeps the language cookie equal to the stored choice. */
export function rememberLanguage(language: Language = storedLanguage()): void {
  if (getCookie(LANGUAGE_COOKIE) !== language) setCookie(LANGUAGE_COOKIE, language, 365);
}

/** Saves the choice and reloads the page so every text and every request follows it. */
export function chooseLanguage(language: Language, reload: () => void = () => window.location.reload()): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    rememberLanguage(language);
  } catch {
    // Private mode without storage: the reload still shows the default language.
  }
  reload();
}
