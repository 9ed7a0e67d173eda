import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { postQueries } from '../api/queries';
import { sanitizeHtml } from '../components/sanitize';
import { useDates } from '@/lib/dates';

/** /popular-post/page?id={id}: one post, its sanitised HTML content rendered. */
export default function PostPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { t } = useTranslation(['posts', 'pages', 'common']);
  const post = useQuery(postQueries.detail(id));
  const data = post.data;
  const html = useMemo(() => (data ? sanitizeHtml(data.content) : ''), [data]);
  const date = useDates().long;
  useDocumentMeta(
    `${data?.title ?? t('pages:post.title')} | ${t('common:brand')}`,
    data?.excerpt || t('pages:post.description'),
  );

  if (!id || (post.isError && !data)) {
    const missing = !id || (post.error instanceof ApiError && post.error.status === 404);
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        {missing ? (
          <EmptyState
            title={t('posts:notFound')}
            action={
              <Link to={paths.popularPost} className={buttonClass('primary')}>
                {t('posts:back')}
              </Link>
            }
          />
        ) : (
          <LoadError onRetry={() => void post.refetch()} />
        )}
      </div>
    );
  }
  if (!data) return <PageSpinner />;

  return (
    <article className="flex-1 pb-16" data-testid="post">
      <header className="mx-auto max-w-3xl px-4 pt-10 sm:px-6 sm:pt-14">
        <Link
          to={paths.popularPost}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-teal-700 hover:text-teal-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('posts:back')}
        </Link>
        {data.tags && data.tags.length > 0 && (
          <ul className="mt-6 flex flex-wrap gap-2">
            {data.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-800">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {data.title}
        </h1>
        {data.excerpt && <p className="mt-4 text-lg text-slate-600">{data.excerpt}</p>}
        <p className="mt-6 flex items-center gap-3 text-sm text-slate-500">
          <FallbackImage
            src={data.author?.avatar}
            fallback={placeholders.avatar}
            width={40}
            height={40}
            className="size-10 rounded-full bg-slate-100"
          />
          <span>
            <span className="block font-semibold text-slate-800">{data.author?.name}</span>
            <time dateTime={data.createdAt}>{date(data.createdAt)}</time>
          </span>
        </p>
      </header>
      <FallbackImage
        src={data.image?.[0]}
        fallback={placeholders.post}
        width={1200}
        height={675}
        loading="eager"
        className="mx-auto mt-8 aspect-video w-full max-w-5xl bg-slate-100 object-cover sm:rounded-3xl"
      />
      <div
        className="mx-auto mt-10 max-w-3xl px-4 text-lg leading-relaxed text-slate-700 sm:px-6 [&_a]:font-semibold [&_a]:text-teal-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_li]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-teal-600"
        data-testid="post-content"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
