import { ArrowRight, Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { Hero } from '../components/hero';

const stats = ['trained', 'classes', 'satisfaction', 'students'] as const;
const upcoming = ['courses', 'categories', 'instructors', 'testimonials', 'admission', 'blog'] as const;

/** The home page: hero with search, instructor call and statistics; catalogue sections arrive later. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  useDocumentMeta(t('meta.title'), t('meta.description'));

  return (
    <>
      <Hero />

      <section className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-slate-900 px-8 py-10 text-white sm:flex-row sm:items-center sm:px-12">
          <div>
            <h2 className="text-2xl font-bold">{t('instructorCall.title')}</h2>
            <p className="mt-2 max-w-xl text-slate-300">{t('instructorCall.text')}</p>
          </div>
          <Link to={paths.contact} className={buttonClass('accent', 'lg')}>
            {t('instructorCall.cta')}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </section>

      <section aria-label={t('stats.label')} className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((key) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <p className="text-3xl font-extrabold text-teal-700 sm:text-4xl">{t(`stats.${key}.value`)}</p>
              <p className="mt-1 text-sm font-medium text-slate-600">{t(`stats.${key}.label`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto w-full max-w-7xl px-4 pb-20 sm:px-6">
        <div className="rounded-3xl border border-dashed border-teal-300 bg-teal-50/50 p-8 sm:p-10">
          <div className="flex items-center gap-3">
            <Construction aria-hidden="true" className="size-6 text-teal-700" />
            <h2 className="text-xl font-bold text-slate-900">{t('upcoming.title')}</h2>
          </div>
          <p className="mt-2 max-w-2xl text-slate-600">{t('upcoming.text')}</p>
          <ul className="mt-6 flex flex-wrap gap-2">
            {upcoming.map((key) => (
              <li key={key} className="rounded-full bg-white px-4 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
                {t(`upcoming.sections.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
