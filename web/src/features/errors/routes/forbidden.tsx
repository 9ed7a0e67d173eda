import { ArrowLeft, Home, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';

const reasons = ['role', 'signedOut', 'restricted'] as const;

/** The 403 page, shown by the route guard to a signed-in user whose role is not allowed. */
export function ForbiddenPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  useDocumentMeta(t('forbidden.metaTitle'), t('forbidden.message'));

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 sm:py-24" data-testid="forbidden">
      <div className="rounded-3xl border border-rose-100 bg-white p-8 shadow-xl shadow-rose-900/5 sm:p-12">
        <span className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
        <p className="text-sm font-bold tracking-[0.18em] text-rose-600 uppercase">{t('forbidden.title')}</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{t('forbidden.subtitle')}</h1>
        <p className="mt-3 text-slate-600">{t('forbidden.message')}</p>

        <h2 className="mt-8 mb-3 font-semibold text-slate-800">{t('forbidden.reasonsTitle')}</h2>
        <ul className="list-disc space-y-1.5 pl-5 text-slate-600">
          {reasons.map((reason) => (
            <li key={reason}>{t(`forbidden.reasons.${reason}`)}</li>
          ))}
        </ul>

        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.home} className={buttonClass('primary')}>
            <Home aria-hidden="true" className="size-4" />
            {t('forbidden.home')}
          </Link>
          <button type="button" onClick={() => void navigate(-1)} className={buttonClass('secondary')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('goBack')}
          </button>
        </div>

        <p className="mt-8 border-t border-slate-100 pt-6 text-sm text-slate-600">
          <Link to={paths.login} className="font-semibold text-teal-700 hover:underline">
            {t('forbidden.loginLink')}
          </Link>
          <span className="mx-2 text-slate-300">·</span>
          <Link to={paths.contact} className="font-semibold text-teal-700 hover:underline">
            {t('forbidden.contactLink')}
          </Link>
        </p>
      </div>
    </section>
  );
}

export default ForbiddenPage;
