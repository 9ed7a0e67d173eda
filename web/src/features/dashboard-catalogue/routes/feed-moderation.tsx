import '../texts';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Pagination } from '@/components/pagination';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { placeholders } from '@/lib/catalogue-types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { invalidateResources, useResource } from '@/lib/use-resource';
import { listFeedForModeration, moderateFeedPost } from '../api/dashboard';
import { Card, PageHeader, StatusBadge } from '../components/ui';

/** /dashboard/post-feed (ADMIN): every community post, hidden ones included; hide or show each. */
export default function FeedModerationPage() {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  useDocumentMeta(`${t('feed.title')} | ${t('brand')}`, t('feed.text'));
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const feed = useResource(`dash:feed:${page}`, (signal) => listFeedForModeration(page, signal));
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'vi-VN', { dateStyle: 'medium', timeStyle: 'short' });

  const toggle = async (id: string, status: 'visible' | 'hidden') => {
    setBusy(id);
    try {
      await moderateFeedPost(id, status);
      toast.success(status === 'hidden' ? t('feed.hidden') : t('feed.shown'));
      invalidateResources('feed:');
      feed.reload();
    } catch {
      toast.error(t('actionFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8" data-testid="feed-moderation">
      <PageHeader title={t('feed.title')} text={t('feed.text')} />
      {feed.error !== undefined && !feed.data ? (
        <LoadError onRetry={feed.reload} />
      ) : !feed.data ? (
        <div className="flex justify-center py-16"><Spinner /></div>
      ) : feed.data.items.length === 0 ? (
        <EmptyState title={t('feed.empty')} />
      ) : (
        <ul className="space-y-3">
          {feed.data.items.map((post) => (
            <li key={post._id}>
              <Card className={`flex flex-col gap-4 p-4 sm:flex-row ${post.status === 'hidden' ? 'opacity-70' : ''}`}>
                <FallbackImage src={post.author.avatar} fallback={placeholders.avatar} className="size-10 shrink-0 rounded-full bg-slate-100" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-semibold text-slate-900">{post.author.name}</span>
                    <span className="text-slate-500">{when.format(new Date(post.createdAt))}</span>
                    <StatusBadge status={post.status} label={t(`feed.status.${post.status === 'hidden' ? 'hidden' : 'visible'}`)} />
                  </div>
                  <p className="mt-2 line-clamp-4 text-sm whitespace-pre-line text-slate-700">{post.text}</p>
                </div>
                <div className="shrink-0">
                  {post.status === 'hidden' ? (
                    <button type="button" disabled={busy !== null} onClick={() => void toggle(post._id, 'visible')} className={buttonClass('secondary', 'sm')}><Eye aria-hidden="true" className="size-4" />{t('feed.show')}</button>
                  ) : (
                    <button type="button" disabled={busy !== null} onClick={() => void toggle(post._id, 'hidden')} className={buttonClass('secondary', 'sm')}><EyeOff aria-hidden="true" className="size-4" />{t('feed.hide')}</button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {feed.data && <Pagination page={feed.data.page} totalPages={feed.data.totalPages} onPage={setPage} />}
    </div>
  );
}
