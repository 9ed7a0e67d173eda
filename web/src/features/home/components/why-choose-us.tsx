import { BadgeCheck, CalendarClock, Laptop, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const reasons = [
  { key: 'experts', Icon: BadgeCheck },
  { key: 'flexible', Icon: CalendarClock },
  { key: 'practice', Icon: Laptop },
  { key: 'support', Icon: MessagesSquare },
] as const;

/** The home page's Why choose us section. */
export function WhyChooseUs() {
  const { t } = useTranslation('home');
  return (
    <section data-section="why" aria-labelledby="why-title" className="bg-slate-900 text-white">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <div className="mb-10 max-w-2xl">
          <p className="mb-2 text-xs font-bold tracking-[0.18em] text-amber-400 uppercase">{t('why.eyebrow')}</p>
          <h2 id="why-title" className="text-2xl font-extrabold sm:text-3xl">
            {t('why.title')}
          </h2>
          <p className="mt-3 text-slate-300">{t('why.text')}</p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 transition hover:bg-white/10">
              <span className="mb-5 flex size-12 items-center justify-center rounded-xl bg-teal-600 text-white">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="text-lg font-bold">{t(`why.items.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{t(`why.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
