import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, site } from '@/config/paths';
import { longDate } from '@/lib/long-date';
import { Brand } from './brand';
import { SocialLinks } from './social-links';

/** A blog post, as the footer needs it. */
export interface RecentPost {
  _id: string;
  title: string;
  image?: string[];
  createdAt: string;
}

/** the footer lists at most 2 recent posts. */
export const FOOTER_RECENT_POSTS = 2;
/** Day, long month name, year, in the active language ("2 tháng 3, 2025", "2 March 2025"). */
const DEFAULT_POST_IMAGE = '/demo/post-placeholder.svg';

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

/** The public footer: four columns, recent posts (at most 2), copyright 2025. */
export function Footer({ posts = [] }: { posts?: RecentPost[] }) {
  const { t, i18n } = useTranslation('layout');

  return (
    <footer className="bg-slate-950 text-sm" data-testid="site-footer">
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
          {posts.length === 0 ? (
            <p className="text-slate-500">{t('footer.noPosts')}</p>
          ) : (
            <ul className="space-y-4" data-testid="footer-recent-posts">
              {posts.slice(0, FOOTER_RECENT_POSTS).map((post) => (
                <li key={post._id} className="flex gap-3">
                  <img
                    src={post.image?.[0] || DEFAULT_POST_IMAGE}
                    alt=""
                    className="size-16 shrink-0 rounded-lg bg-slate-800 object-cover"
                  />
                  <div className="min-w-0">
                    <time dateTime={post.createdAt} className="text-xs text-amber-400">
                      {longDate(i18n.language, new Date(post.createdAt))}
                    </time>
                    <Link
                      to={paths.post(post._id)}
                      className="mt-1 line-clamp-2 block font-semibold text-slate-200 hover:text-amber-400"
                    >
                      {post.title}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
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
