import { useTranslation } from 'react-i18next';

const stats = ['trained', 'classes', 'satisfaction', 'students'] as const;

/** 3K+ trained, 15K+ classes, 97K+ satisfaction, 102K+ students community. */
export function StatsBand() {
  const { t } = useTranslation('home');
  return (
    <section data-section="stats" aria-label={t('stats.label')} className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((key) => (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <p className="text-3xl font-extrabold text-teal-700 sm:text-4xl">{t(`stats.${key}.value`)}</p>
            <p className="mt-1 text-sm font-medium text-slate-600">{t(`stats.${key}.label`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
