import { ArrowRight, CalendarDays, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import type { Post } from '@/lib/api/types';
import { truncateTitle } from '@/lib/wasm';
import { useDates } from '@/lib/dates';

/**
 * first image, date of createdAt, title cut at 50 characters plus an ellipsis
 * (the shared rule), the fixed "Comment (06)" placeholder, and Read More → /popular-post/page?id={_id}.
 */
export function BlogPosts({ posts }: { posts: Post[] }) {
  const { t } = useTranslation('home');
  const dates = useDates();
  if (posts.length === 0) return null;
  return (
    <section data-section="blog" aria-labelledby="blog-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="blog-title"
        eyebrow={t('blog.eyebrow')}
        title={t('blog.title')}
        actions={
          <Link
            to={paths.popularPost}
            className="inline-flex items-center gap-1 text-sm font-semibold text-teal-700 hover:text-teal-900"
          >
            {t('blog.all')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post._id}>
            <article
              className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-xl hover:shadow-slate-900/5"
              data-testid="blog-card"
            >
              <div className="aspect-[16/9] overflow-hidden bg-slate-100">
                <FallbackImage
                  src={post.image?.[0]}
                  fallback={placeholders.post}
                  width={800}
                  height={450}
                  className="size-full object-cover transition duration-500 group-hover:scale-105"
                />
              </div>
              <div className="flex flex-1 flex-col p-6">
                <div className="mb-3 flex items-center gap-4 text-xs font-medium text-slate-500">
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarDays aria-hidden="true" className="size-4 text-teal-600" />
                    <time dateTime={post.createdAt}>{dates.long(post.createdAt)}</time>
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <MessageCircle aria-hidden="true" className="size-4 text-teal-600" />
                    {t('blog.comments')}
                  </span>
                </div>
                <h3 className="text-lg leading-snug font-bold text-slate-900" title={post.title}>
                  {truncateTitle(post.title)}
                </h3>
                <Link
                  to={paths.post(post._id)}
                  className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-teal-700 hover:text-teal-900"
                  aria-label={`${t('blog.readMore')}: ${post.title}`}
                >
                  {t('blog.readMore')}
                  <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-1" />
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
