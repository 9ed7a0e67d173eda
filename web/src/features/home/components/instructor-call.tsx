import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** a link to /contact labelled Start Teaching Today. */
export function InstructorCall() {
  const { t } = useTranslation('home');
  return (
    <section data-section="instructor-call" className="mx-auto w-full max-w-7xl px-4 sm:px-6">
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
  );
}
