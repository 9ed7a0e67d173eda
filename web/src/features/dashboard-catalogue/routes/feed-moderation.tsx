import '../texts';
import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { toast } from '@/lib/toast';
import { Pagination } from '@/components/pagination';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { placeholders } from '@/config/placeholders';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { FeedStatus } from '../api/dashboard';
import { dashboardQueries, useModerateFeedPost } from '../api/queries';
import { Card, StatusBadge } from '../components/ui';
import { useDates } from '@/lib/dates';

/** /dashboard/post-feed (ADMIN): every community post, hidden ones included; hide or show each. */
export default function FeedModerationPage() {
  const { t } = useTranslation('dashboardCatalogue');
  useDocumentMeta(`${t('feed.title')} | ${t('brand')}`, t('feed.text'));
  const [page, setPage] = useState(1);
  const feed = useQuery(dashboardQueries.feedPage(page));
  const moderate = useModerateFeedPost();
  const when = useDates().dateTime;

  /** Shown or hidden at once in the list; turned back with a message when the server refuses. */
  const toggle = (id: string, status: FeedStatus) =>
    moderate.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(status === 'hidden' ? t('feed.hidden') : t('feed.shown')),
        onError: () => toast.error(t('actionFailed')),
      },
    );

  return (
    <PageFrame title={t('feed.title')} description={t('feed.text')} testId="feed-moderation" width="medium">
      {feed.isError && !feed.data ? (
        <LoadError onRetry={() => void feed.refetch()} />
      ) : !feed.data ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : feed.data.items.length === 0 ? (
        <EmptyState title={t('feed.empty')} />
      ) : (
        <ul className="space-y-3">
          {feed.data.items.map((post) => (
            <li key={post._id}>
              <Card className={`flex flex-col gap-4 p-4 sm:flex-row ${post.status === 'hidden' ? 'opacity-70' : ''}`}>
                <FallbackImage
                  src={post.author.avatar}
                  fallback={placeholders.avatar}
                  className="size-10 shrink-0 rounded-full bg-slate-100"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold text-slate-900">{post.author.name}</span>
                    <span className="text-slate-500">{when(post.createdAt)}</span>
                    <StatusBadge
                      status={post.status}
                      label={t(`feed.status.${post.status === 'hidden' ? 'hidden' : 'visible'}`)}
                    />
                  </div>
                  <p className="mt-2 line-clamp-4 text-sm whitespace-pre-line text-slate-700">{post.text}</p>
                </div>
                <div className="shrink-0">
                  {post.status === 'hidden' ? (
                    <button
                      type="button"
                      onClick={() => toggle(post._id, 'visible')}
                      className={buttonClass('secondary', 'sm')}
                    >
                      <Eye aria-hidden="true" className="size-4" />
                      {t('feed.show')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => toggle(post._id, 'hidden')}
                      className={buttonClass('secondary', 'sm')}
                    >
                      <EyeOff aria-hidden="true" className="size-4" />
                      {t('feed.hide')}
                    </button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {feed.data && <Pagination page={feed.data.page} totalPages={feed.data.totalPages} onPage={setPage} />}
    </PageFrame>
  );
}
