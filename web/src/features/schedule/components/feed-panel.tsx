import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Link as LinkIcon, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { downloadCalendar } from '../api/calendar';
import { calendarQueries, useCreateFeed, useRevokeFeed } from '../api/calendar-queries';

/**
 * "Subscribe in your calendar": makes, rotates or revokes the secret address calendar applications poll (shown
 * once, when made: the server keeps only a hash of it), and downloads the calendar once as a file.
 */
export function FeedPanel({ dateTime }: { dateTime: (iso: string) => string }) {
  const { t } = useTranslation('calendar');
  const feed = useQuery(calendarQueries.feed());
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const active = Boolean(feed.data?.active);

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        if (made.path) setUrl(new URL(made.path, window.location.origin).href);
        toast.success(t('feed.created'));
      },
    });
  const remove = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success(t('feed.revoked'));
      },
    });
  const copy = () => {
    if (!url) return;
    navigator.clipboard.writeText(url).then(
      () => toast.success(t('feed.copied')),
      () => toast.error(t('feed.copyFailed')),
    );
  };
  const download = () => {
    setDownloading(true);
    downloadCalendar()
      .then((text) => saveFile(text, 'academy-schedule.ics', 'text/calendar'))
      .catch(() => toast.error(t('feed.downloadFailed')))
      .finally(() => setDownloading(false));
  };

  return (
    <section aria-labelledby="feed-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="feed-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <LinkIcon aria-hidden="true" className="size-5 text-teal-700" />
        {t('feed.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('feed.text')}</p>
      {url ? (
        <div className="mt-4 space-y-2">
          <label className="block text-sm font-medium text-slate-700" htmlFor="feed-url">
            {t('feed.url')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="feed-url"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputClass} font-mono text-xs`}
            />
            <button type="button" onClick={copy} className={buttonClass('secondary', 'sm')}>
              <Copy aria-hidden="true" className="size-4" />
              {t('feed.copy')}
            </button>
          </div>
          <p className="text-xs text-amber-800">{t('feed.secret')}</p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700" data-testid="feed-status">
          {active && feed.data?.createdAt ? t('feed.active', { date: dateTime(feed.data.createdAt) }) : t('feed.none')}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={make}
          disabled={create.isPending || feed.isPending}
          className={buttonClass('primary', 'sm')}
          title={active ? t('feed.rotateHint') : undefined}
        >
          {active ? (
            <RefreshCw aria-hidden="true" className="size-4" />
          ) : (
            <LinkIcon aria-hidden="true" className="size-4" />
          )}
          {active ? t('feed.rotate') : t('feed.create')}
        </button>
        {active && (
          <button type="button" onClick={remove} disabled={revoke.isPending} className={buttonClass('ghost', 'sm')}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('feed.revoke')}
          </button>
        )}
        <button type="button" onClick={download} disabled={downloading} className={buttonClass('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          {t('feed.download')}
        </button>
      </div>
      {active && <p className="mt-2 text-xs text-slate-500">{t('feed.rotateHint')}</p>}
    </section>
  );
}
