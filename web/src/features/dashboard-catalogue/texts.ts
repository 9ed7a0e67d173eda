/**
 * The dashboard pages' texts (namespace `dashboardCatalogue`) load with those pages rather than with the app:
 * visitors never download them. Every route module of this feature imports this file, whose top-level await
 * finishes before the page renders.
 */
import { i18n } from '@/lib/i18n';

export const DASHBOARD_NS = 'dashboardCatalogue';

const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  vi: () => import('./locales/vi.json'),
  en: () => import('./locales/en.json'),
};

async function load(): Promise<void> {
  const languages = [...new Set([i18n.language in loaders ? i18n.language : 'vi', 'en'])];
  await Promise.all(
    languages.map(async (language) => {
      if (i18n.hasResourceBundle(language, DASHBOARD_NS)) return;
      i18n.addResourceBundle(language, DASHBOARD_NS, (await loaders[language]!()).default, true, true);
    }),
  );
}

await load();
