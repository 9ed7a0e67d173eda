import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { InfoHeader, InfoPage, useInfoT } from '../components/info-page';

interface LegalSection {
  title: string;
  text: string;
}

function LegalBody({ doc }: { doc: 'terms' | 'privacy' }) {
  const t = useInfoT();
  const sections = t(`${doc}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <div className="flex-1" data-testid={`legal-${doc}`}>
      <InfoHeader title={t(`${doc}.title`)} lead={t(`${doc}.intro`)} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('common.contents')} className="hidden lg:block">
          <ol className="sticky top-24 space-y-2 border-l border-slate-200 text-sm">
            {sections.map((section, i) => (
              <li key={section.title}>
                <a
                  href={`#${doc}-${i}`}
                  className="-ml-px block border-l-2 border-transparent pl-4 text-slate-600 hover:border-teal-600 hover:text-teal-700"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl">
          <p className="mb-8 text-sm text-slate-500">{t('common.updated')}</p>
          {sections.map((section, i) => (
            <section key={section.title} id={`${doc}-${i}`} className="mb-8 scroll-mt-24">
              <h2 className="mb-2 text-xl font-bold text-slate-900">{section.title}</h2>
              <p className="leading-relaxed text-slate-700">{section.text}</p>
            </section>
          ))}
          <Link to={paths.contact} className="font-semibold text-teal-700 hover:underline">
            {t('common.questions')}
          </Link>
        </div>
      </div>
    </div>
  );
}

export function TermsPage() {
  return <InfoPage page="terms">{() => <LegalBody doc="terms" />}</InfoPage>;
}

export function PrivacyPage() {
  return <InfoPage page="privacy">{() => <LegalBody doc="privacy" />}</InfoPage>;
}
