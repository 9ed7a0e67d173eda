import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '@/components/pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { postQueries } from '../api/queries';
import { useDates } from '@/lib/dates';

/** /popular-post: news and blog posts, newest first, with pagination. */
export default function PostListPage() {
  const { t } = useTranslation(['posts', 'pages', 'common']);
  const title = t('pages:popularPost.title');
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('pages:popularPost.description'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const posts = useQuery(postQueries.page(page));
  const date = useDates().long;
  const [first, ...rest] = posts.data?.items ?? [];

  return (
    <div className="flex-1">
      <header className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-amber-50/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">{t('posts:eyebrow')}</p>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t('pages:popularPost.description')}</p>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {posts.isError && !posts.data ? (
          <LoadError onRetry={() => void posts.refetch()} />
        ) : !posts.data ? (
          <div className="grid gap-6 md:grid-cols-3" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <span key={i} aria-hidden="true" className="h-80 animate-pulse rounded-3xl bg-slate-200/70" />
            ))}
          </div>
        ) : !first ? (
          <EmptyState title={t('posts:empty')} />
        ) : (
          <>
            {page === 1 && (
              <Link
                to={paths.post(first._id)}
                className="group mb-10 grid overflow-hidden rounded-3xl border border-slate-200 bg-white transition hover:shadow-xl lg:grid-cols-2"
                data-testid="featured-post"
              >
                <FallbackImage
                  src={first.image?.[0]}
                  fallback={placeholders.post}
                  width={800}
                  height={450}
                  loading="eager"
                  className="aspect-video size-full bg-slate-100 object-cover"
                />
                <span className="flex flex-col justify-center p-8 lg:p-12">
                  <span className="text-xs font-bold tracking-wider text-amber-600 uppercase">{t('posts:latest')}</span>
                  <span className="mt-3 text-2xl font-extrabold text-slate-900 group-hover:text-teal-700 sm:text-3xl">
                    {first.title}
                  </span>
                  {first.excerpt && <span className="mt-3 line-clamp-3 text-slate-600">{first.excerpt}</span>}
                  <span className="mt-5 flex items-center gap-3 text-sm text-slate-500">
                    <FallbackImage
                      src={first.author?.avatar}
                      fallback={placeholders.avatar}
                      width={32}
                      height={32}
                      className="size-8 rounded-full bg-slate-100"
                    />
                    {first.author?.name}
                    <span aria-hidden="true">·</span>
                    <time dateTime={first.createdAt}>{date(first.createdAt)}</time>
                  </span>
                </span>
              </Link>
            )}
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
              {(page === 1 ? rest : posts.data.items).map((post) => (
                <li key={post._id}>
                  <article className="group flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white transition hover:shadow-xl hover:shadow-slate-900/5">
                    <FallbackImage
                      src={post.image?.[0]}
                      fallback={placeholders.post}
                      width={800}
                      height={450}
                      className="aspect-video w-full bg-slate-100 object-cover"
                    />
                    <div className="flex flex-1 flex-col p-6">
                      <p className="mb-2 inline-flex items-center gap-1.5 text-xs font-medium text-slate-500">
                        <CalendarDays aria-hidden="true" className="size-4 text-teal-600" />
                        <time dateTime={post.createdAt}>{date(post.createdAt)}</time>
                      </p>
                      <h2 className="text-lg leading-snug font-bold text-slate-900">
                        <Link to={paths.post(post._id)} className="hover:text-teal-700">
                          {post.title}
                        </Link>
                      </h2>
                      {post.excerpt && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>}
                      <Link
                        to={paths.post(post._id)}
                        className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-teal-700"
                        aria-label={`${t('posts:readMore')}: ${post.title}`}
                      >
                        {t('posts:readMore')}
                        <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-1" />
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
            <Pagination
              page={posts.data.page}
              totalPages={posts.data.totalPages}
              onPage={(n) => setParams(n > 1 ? { page: String(n) } : {})}
            />
          </>
        )}
      </div>
    </div>
  );
}
