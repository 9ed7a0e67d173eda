import { ArrowLeft, BookOpen, Home, Info, MessagesSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';

const destinations = [
  { key: 'courses', to: paths.courseList, icon: BookOpen },
  { key: 'mentors', to: paths.mentorList, icon: Users },
  { key: 'community', to: paths.postFeed, icon: MessagesSquare },
  { key: 'information', to: paths.informations, icon: Info },
] as const;

/** The 404 page. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  useDocumentMeta(t('notFound.metaTitle'), t('notFound.message'));

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-16 text-center sm:py-24" data-testid="not-found">
      <p className="bg-gradient-to-r from-teal-700 to-amber-500 bg-clip-text text-7xl font-black text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mx-auto mt-3 max-w-xl text-slate-600">{t('notFound.message')}</p>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass('primary', 'lg')}>
          <Home aria-hidden="true" className="size-5" />
          {t('notFound.backHome')}
        </Link>
        <button type="button" onClick={() => void navigate(-1)} className={buttonClass('secondary', 'lg')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('goBack')}
        </button>
      </div>

      <h2 className="mt-14 mb-5 text-sm font-bold tracking-[0.18em] text-slate-500 uppercase">
        {t('notFound.popular')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {destinations.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-5 font-semibold text-slate-800 transition hover:-translate-y-0.5 hover:border-teal-600 hover:shadow-lg"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {t(`notFound.destinations.${key}`)}
            </Link>
          </li>
        ))}
      </ul>

      <p className="mt-10 text-sm text-slate-600">
        {t('notFound.helpPrefix')}{' '}
        <Link to={paths.contact} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
          {t('notFound.contactLink')}
        </Link>{' '}
        {t('notFound.helpOr')}{' '}
        <Link to={paths.informations} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
          {t('notFound.infoLink')}
        </Link>
        .
      </p>
    </section>
  );
}

export default NotFoundPage;
