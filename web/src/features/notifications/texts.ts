/**
 * The notification pages' texts (namespace `notifications`) load with those pages rather than with the app. The
 * header's dropdown and the sidebar's link, on every page, use the `layout` namespace. Every route module of this
 * feature imports this file, whose top-level await finishes before the page renders.
 */
import { i18n } from '@/lib/i18n';

export const NOTIFICATIONS_NS = 'notifications';

const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  vi: () => import('./locales/vi.json'),
  en: () => import('./locales/en.json'),
};

async function load(): Promise<void> {
  const languages = [...new Set([i18n.language in loaders ? i18n.language : 'vi', 'en'])];
  await Promise.all(
    languages.map(async (language) => {
      if (i18n.hasResourceBundle(language, NOTIFICATIONS_NS)) return;
      i18n.addResourceBundle(language, NOTIFICATIONS_NS, (await loaders[language]!()).default, true, true);
    }),
  );
}

await load();
