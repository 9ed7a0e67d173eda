import { i18n } from '@/lib/i18n';

/** The namespace of the information pages' texts. They are long, so they load with these pages, not up front. */
export const INFO_NS = 'info';

const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
};

/** Adds the `info` namespace for the active language (and English, the fallback) to i18next. */
export async function loadInfoTexts(): Promise<true> {
  const languages = [...new Set([i18n.language in loaders ? i18n.language : 'vi', 'en'])];
  await Promise.all(
    languages.map(async (language) => {
      if (i18n.hasResourceBundle(language, INFO_NS)) return;
      const texts = await loaders[language]!();
      i18n.addResourceBundle(language, INFO_NS, texts.default, true, true);
    }),
  );
  return true;
}
