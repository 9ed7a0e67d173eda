import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** An honest placeholder for a page a later milestone builds: what it will hold, and where to go meanwhile. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-24">
      <div className="rounded-3xl border border-dashed border-teal-300 bg-gradient-to-br from-teal-50 via-white to-amber-50 p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-teal-700 text-white shadow-lg shadow-teal-900/20">
          <Construction aria-hidden="true" className="size-7" />
        </span>
        <p className="mb-2 text-xs font-bold tracking-[0.2em] text-teal-700 uppercase">{t('comingSoon.badge')}</p>
        <h1 className="mb-3 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mx-auto mb-8 max-w-xl text-slate-600">{description}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.home} className={buttonClass('primary')}>
            {t('comingSoon.home')}
          </Link>
          <Link to={paths.courseList} className={buttonClass('secondary')}>
            {t('comingSoon.courses')}
          </Link>
        </div>
      </div>
    </section>
  );
}
