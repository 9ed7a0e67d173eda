import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

const points = ['one', 'two', 'three'] as const;
const skills = [
  { key: 'practice', value: 92 },
  { key: 'mentoring', value: 88 },
  { key: 'career', value: 81 },
] as const;

/** two intro blocks from translation keys and a link to /about. */
export function AboutSkills() {
  const { t } = useTranslation('home');
  return (
    <section
      data-section="about"
      aria-labelledby="about-title"
      className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-2"
    >
      <div className="rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10">
        <p className="text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">{t('about.eyebrow')}</p>
        <h2 id="about-title" className="mt-2 text-2xl font-extrabold text-slate-900 sm:text-3xl">
          {t('about.title')}
        </h2>
        <p className="mt-4 text-slate-600">{t('about.text')}</p>
        <ul className="mt-6 space-y-3">
          {points.map((key) => (
            <li key={key} className="flex gap-3 text-slate-700">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-600" />
              {t(`about.points.${key}`)}
            </li>
          ))}
        </ul>
        <Link to={paths.about} className={`${buttonClass('primary')} mt-8`}>
          {t('about.more')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="rounded-3xl bg-gradient-to-br from-amber-50 via-white to-teal-50 p-8 ring-1 ring-slate-200 sm:p-10">
        <p className="text-xs font-bold tracking-[0.18em] text-amber-700 uppercase">{t('skills.eyebrow')}</p>
        <h2 className="mt-2 text-2xl font-extrabold text-slate-900 sm:text-3xl">{t('skills.title')}</h2>
        <p className="mt-4 text-slate-600">{t('skills.text')}</p>
        <ul className="mt-8 space-y-6">
          {skills.map(({ key, value }) => (
            <li key={key}>
              <div className="mb-2 flex justify-between text-sm font-semibold text-slate-800">
                <span>{t(`skills.items.${key}`)}</span>
                <span className="text-teal-700">{value}%</span>
              </div>
              <div
                className="h-2.5 overflow-hidden rounded-full bg-slate-200"
                role="progressbar"
                aria-label={t(`skills.items.${key}`)}
                aria-valuenow={value}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div
                  className="h-full rounded-full bg-gradient-to-r from-teal-600 to-teal-400"
                  style={{ width: `${value}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
