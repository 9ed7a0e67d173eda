import { useInfiniteQuery } from '@tanstack/react-query';
import { Heart, MessagesSquare, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { useAuth } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { feedQueries } from '../api/queries';
import { useDates } from '@/lib/dates';

/** /post-feed: the community feed, newest first, with more loaded on demand. */
export default function FeedPage() {
  const { t } = useTranslation(['posts', 'pages', 'common']);
  const title = t('pages:postFeed.title');
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('pages:postFeed.description'));
  const { isAuthenticated } = useAuth();
  const feed = useInfiniteQuery(feedQueries.pages());
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const when = useDates().dateTime;

  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-amber-50/60">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">{t('posts:feed.eyebrow')}</p>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t('pages:postFeed.description')}</p>
        </div>
      </header>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <section aria-label={title}>
          {feed.isError && !feed.data ? (
            <LoadError onRetry={() => void feed.refetch()} />
          ) : !feed.data ? (
            <div className="space-y-4" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <span key={i} aria-hidden="true" className="block h-48 animate-pulse rounded-3xl bg-slate-200/70" />
              ))}
            </div>
          ) : items.length === 0 ? (
            <EmptyState title={t('posts:feed.empty')} icon={<MessagesSquare aria-hidden="true" className="size-7" />} />
          ) : (
            <>
              <ul className="space-y-5" data-testid="feed">
                {items.map((post) => {
                  const role = post.author.roleName.toLowerCase();
                  return (
                    <li key={post._id}>
                      <article className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                        <header className="flex items-center gap-3">
                          <FallbackImage
                            src={post.author.avatar}
                            fallback={placeholders.avatar}
                            width={44}
                            height={44}
                            className="size-11 rounded-full bg-slate-100"
                          />
                          <div className="min-w-0">
                            <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
                              {post.author.name}
                              {['teacher', 'student', 'admin', 'staff'].includes(role) && (
                                <span
                                  className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${role === 'teacher' ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-600'}`}
                                >
                                  {t(`posts:feed.roles.${role}`)}
                                </span>
                              )}
                            </p>
                            <time dateTime={post.createdAt} className="text-xs text-slate-500">
                              {when(post.createdAt)}
                            </time>
                          </div>
                        </header>
                        <p className="mt-4 leading-relaxed whitespace-pre-line text-slate-700">{post.text}</p>
                        {post.image && (
                          <FallbackImage
                            src={post.image}
                            fallback={placeholders.post}
                            width={800}
                            height={450}
                            className="mt-4 aspect-video w-full rounded-2xl bg-slate-100 object-cover"
                          />
                        )}
                        <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-slate-500">
                          <Heart aria-hidden="true" className="size-4 text-rose-500" />
                          {t('posts:feed.likes', { count: post.likes })}
                        </p>
                      </article>
                    </li>
                  );
                })}
              </ul>
              {feed.hasNextPage && (
                <div className="mt-8 flex justify-center">
                  <button
                    type="button"
                    onClick={() => void feed.fetchNextPage()}
                    disabled={feed.isFetchingNextPage}
                    className={buttonClass('secondary')}
                  >
                    {feed.isFetchingNextPage && <Spinner className="size-4 border-2" />}
                    {t('posts:feed.more')}
                  </button>
                </div>
              )}
            </>
          )}
        </section>
        <aside className="space-y-5">
          {!isAuthenticated && (
            <div className="rounded-3xl bg-teal-800 p-6 text-white">
              <h2 className="text-lg font-bold">{t('posts:feed.join')}</h2>
              <p className="mt-2 text-sm text-teal-100">{t('posts:feed.joinText')}</p>
              <Link to={`${paths.login}?redirect=%2Fpost-feed`} className={`${buttonClass('accent')} mt-5 w-full`}>
                {t('posts:feed.login')}
              </Link>
            </div>
          )}
          <div className="rounded-3xl border border-slate-200 bg-white p-6">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <ShieldCheck aria-hidden="true" className="size-5 text-teal-600" />
              {t('posts:feed.guidelines')}
            </h2>
            <p className="mt-2 text-sm text-slate-600">{t('posts:feed.guidelinesText')}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
