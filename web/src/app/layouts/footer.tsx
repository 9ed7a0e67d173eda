import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSite } from '@/lib/site';
import { Brand } from './brand';
import { SocialLinks } from './social-links';

const usefulLinks = [
  { key: 'about', to: paths.about },
  { key: 'instructor', to: paths.mentorList },
  { key: 'becomeTeacher', to: paths.contact },
  { key: 'allCourses', to: paths.courseList },
  { key: 'news', to: paths.popularPost },
  { key: 'resourceCenter', to: paths.home },
  { key: 'careers', to: paths.home },
] as const;

const categoryLinks = ['digitalMarketing', 'designBranding', 'storytelling'] as const;

function ColumnTitle({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-5 text-base font-bold text-white">{children}</h2>;
}

const linkClass = 'text-slate-400 transition hover:text-amber-400';

/**
 * The public footer: four columns, recent posts (`recentPosts`, read by the footer-with-recent-posts chunk; "no
 * posts" without), copyright 2025.
 */
export function Footer({ recentPosts }: { recentPosts?: ReactNode }) {
  const { t } = useTranslation('layout');
  const site = useSite();

  return (
    <footer
      className="deferred bg-slate-950 text-sm [--deferred-height:82rem] md:[--deferred-height:29rem]"
      data-testid="site-footer"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <Brand tone="dark" />
          <p className="mt-4 mb-5 leading-relaxed text-slate-400">{t('footer.getInTouchText')}</p>
          <ColumnTitle>{t('footer.getInTouch')}</ColumnTitle>
          <ul className="space-y-3">
            <li>
              <a href={site.phoneHref} className={`flex items-center gap-2 ${linkClass}`}>
                <Phone aria-hidden="true" className="size-4 text-amber-400" /> {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className={`flex items-center gap-2 ${linkClass}`}>
                <Mail aria-hidden="true" className="size-4 text-amber-400" /> {site.email}
              </a>
            </li>
            <li>
              <a
                href={site.addressHref}
                target="_blank"
                rel="noreferrer"
                className={`flex items-start gap-2 ${linkClass}`}
              >
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-400" /> {site.address}
              </a>
            </li>
          </ul>
        </section>

        <section>
          <ColumnTitle>{t('footer.companyInfo')}</ColumnTitle>
          <p className="leading-relaxed text-slate-400">{t('footer.companyText')}</p>
          <h3 className="mt-6 mb-3 font-semibold text-white">{t('footer.categories')}</h3>
          <ul className="space-y-2">
            {categoryLinks.map((key) => (
              <li key={key}>
                <Link to={paths.home} className={linkClass}>
                  {t(`footer.category.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section>
          <ColumnTitle>{t('footer.usefulLinks')}</ColumnTitle>
          <ul className="space-y-2.5">
            {usefulLinks.map(({ key, to }) => (
              <li key={key}>
                <Link to={to} className={linkClass}>
                  {t(`footer.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section>
          <ColumnTitle>{t('footer.recentPost')}</ColumnTitle>
          {recentPosts ?? <p className="text-slate-500">{t('footer.noPosts')}</p>}
          <div className="mt-6">
            <SocialLinks className="text-slate-400" />
          </div>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-6 py-5 text-center text-slate-400">
          {t('footer.copyright', { year: 2025 })}
        </p>
      </div>
    </footer>
  );
}
