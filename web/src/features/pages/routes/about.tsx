import { Handshake, Eye, Hammer, Smartphone, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { InfoHeader, InfoPage, useInfoT } from '../components/info-page';

const values = [
  { key: 'practice', Icon: Hammer },
  { key: 'people', Icon: Handshake },
  { key: 'honesty', Icon: Eye },
  { key: 'access', Icon: Smartphone },
] as const;

function Body() {
  const t = useInfoT();
  return (
    <div className="flex-1" data-testid="about">
      <InfoHeader eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')} />
      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:px-6">
        <section className="grid items-center gap-10 md:grid-cols-2">
          <div>
            <h2 className="mb-3 text-2xl font-extrabold text-slate-900">{t('about.storyTitle')}</h2>
            <p className="leading-relaxed text-slate-700">{t('about.story')}</p>
          </div>
          <img src="/demo/hero.svg" alt="" width={600} height={600} className="mx-auto w-full max-w-sm" />
        </section>
        <section>
          <h2 className="mb-6 text-2xl font-extrabold text-slate-900">{t('about.valuesTitle')}</h2>
          <ul className="grid gap-5 sm:grid-cols-2">
            {values.map(({ key, Icon }) => (
              <li key={key} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span>
                  <span className="block font-bold text-slate-900">{t(`about.values.${key}.title`)}</span>
                  <span className="mt-1 block text-sm text-slate-600">{t(`about.values.${key}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:p-10">
          <div>
            <h2 className="text-2xl font-bold">{t('about.teachTitle')}</h2>
            <p className="mt-2 max-w-xl text-slate-300">{t('about.teachText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.contact} className={buttonClass('accent', 'lg')}>
              {t('about.teachCta')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link
              to={paths.courseList}
              className={`${buttonClass('ghost', 'lg')} text-white ring-1 ring-white/30 hover:bg-white/10`}
            >
              {t('about.coursesCta')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

export default function AboutPage() {
  return <InfoPage page="about">{() => <Body />}</InfoPage>;
}
