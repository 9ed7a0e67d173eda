import { Award, PlayCircle, Sparkles } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/search-box';

/** The hero animation: stagger 0.1 s, duration 0.6 s. */
const STAGGER_S = 0.1;
const DURATION_S = 0.6;
const rise = (step: number): CSSProperties => ({
  animation: `hero-rise ${DURATION_S}s ease-out ${step * STAGGER_S}s both`,
});

const avatars = [1, 2, 3, 4].map((n) => `/demo/hero-instructor-${n}.svg`);

/** Home hero: headline, course search (the header's rule), the 200+ instructors claim. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section data-section="hero" className="relative overflow-hidden bg-gradient-to-b from-teal-50 via-white to-white">
      <style>{'@keyframes hero-rise{from{opacity:0;transform:translateY(24px)}to{opacity:1;transform:none}}'}</style>
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-[28rem] rounded-full bg-amber-200/40 blur-3xl"
      />
      <div aria-hidden="true" className="absolute top-40 -left-40 size-[24rem] rounded-full bg-teal-200/40 blur-3xl" />

      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:py-24">
        <div>
          <p
            style={rise(0)}
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-teal-800 shadow-sm ring-1 ring-teal-100"
          >
            <Sparkles aria-hidden="true" className="size-4 text-amber-500" />
            {t('hero.eyebrow')}
          </p>
          <h1
            style={rise(1)}
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl xl:text-6xl"
          >
            {t('hero.titleStart')} <span className="text-teal-700">{t('hero.titleHighlight')}</span>{' '}
            {t('hero.titleEnd')}
          </h1>
          <p style={rise(2)} className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            {t('hero.subtitle')}
          </p>
          <div style={rise(3)} className="mt-8 max-w-xl">
            <SearchBox variant="hero" />
          </div>
          <div style={rise(4)} className="mt-8 flex items-center gap-4">
            <ul className="flex -space-x-3" aria-hidden="true">
              {avatars.map((src) => (
                <li key={src}>
                  <img
                    src={src}
                    alt=""
                    width={44}
                    height={44}
                    className="size-11 rounded-full bg-slate-100 ring-4 ring-white"
                  />
                </li>
              ))}
            </ul>
            <p className="text-sm text-slate-600">
              <strong className="block text-lg text-slate-900">{t('hero.instructorsCount')}</strong>
              {t('hero.instructorsText')}
            </p>
          </div>
        </div>

        <div style={rise(3)} className="relative hidden lg:block">
          <div className="aspect-[4/5] rounded-[2.5rem] bg-gradient-to-br from-teal-700 via-teal-600 to-slate-800 p-10 text-white shadow-2xl shadow-teal-900/30">
            <div className="flex h-full flex-col justify-between">
              <PlayCircle aria-hidden="true" className="size-16 text-amber-300" />
              <div>
                <p className="text-3xl leading-snug font-bold">{t('hero.cardTitle')}</p>
                <p className="mt-3 text-teal-100">{t('hero.cardText')}</p>
              </div>
            </div>
          </div>
          <div className="absolute -bottom-6 -left-8 flex items-center gap-3 rounded-2xl bg-white p-4 shadow-xl">
            <span className="flex size-11 items-center justify-center rounded-xl bg-amber-100 text-amber-600">
              <Award aria-hidden="true" className="size-6" />
            </span>
            <span className="text-sm">
              <strong className="block text-slate-900">{t('hero.badgeTitle')}</strong>
              <span className="text-slate-500">{t('hero.badgeText')}</span>
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
