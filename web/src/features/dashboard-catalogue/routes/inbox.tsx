import '../texts';
import { useQuery } from '@tanstack/react-query';
import { Mail, MailOpen, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { toast } from '@/lib/toast';
import { Pagination } from '@/components/pagination';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import type { InboxMessage, InboxName } from '../api/dashboard';
import { dashboardQueries, useMarkMessage } from '../api/queries';
import { Card, input } from '../components/ui';
import { useDates } from '@/lib/dates';

type ReadFilter = 'all' | 'unread' | 'read';
const FILTERS: ReadFilter[] = ['all', 'unread', 'read'];

/**
 * The contact and admission inboxes (/dashboard/contact-message, /dashboard/admission-message): search, a
 * read/unread filter, each message opened in place (which marks it read), and mark as unread again.
 */
export function InboxPage({ inbox }: { inbox: InboxName }) {
  const { t } = useTranslation('dashboardCatalogue');
  const key = inbox === 'contact-messages' ? 'contact' : 'admission';
  useDocumentMeta(`${t(`inbox.${key}.title`)} | ${t('brand')}`, t(`inbox.${key}.text`));
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const read = filter === 'all' ? undefined : filter === 'read';
  const messages = useQuery(dashboardQueries.inboxPage(inbox, { search: search || undefined, read, page }));
  const markMessage = useMarkMessage(inbox);
  const when = useDates().dateTime;

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  /** Shown at once (the list and the unread count); turned back with a message when the server refuses. */
  const mark = (message: InboxMessage, value: boolean) =>
    markMessage.mutate({ id: message.id, read: value }, { onError: () => toast.error(t('actionFailed')) });

  const toggleOpen = (message: InboxMessage) => {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.isRead) mark(message, true);
  };

  return (
    <PageFrame
      title={t(`inbox.${key}.title`)}
      description={t(`inbox.${key}.text`)}
      actions={
        messages.data ? (
          <span className="rounded-full bg-teal-50 px-3 py-1 text-sm font-semibold text-teal-800">
            {t('inbox.unread', { count: messages.data.unread })}
          </span>
        ) : undefined
      }
      testId={`inbox-${key}`}
      width="medium"
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">{t('inbox.search')}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={text}
            maxLength={textLimits().search}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('inbox.search')}
            className={`${input()} pl-9`}
          />
        </label>
        <div role="group" aria-label={t('inbox.filter')} className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setPage(1);
              }}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${filter === value ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600'}`}
            >
              {t(`inbox.filters.${value}`)}
            </button>
          ))}
        </div>
      </div>

      {messages.isError && !messages.data ? (
        <LoadError onRetry={() => void messages.refetch()} />
      ) : !messages.data ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : messages.data.items.length === 0 ? (
        <EmptyState title={t('inbox.empty')} icon={<MailOpen aria-hidden="true" className="size-7" />} />
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100">
            {messages.data.items.map((message) => {
              const open = openId === message.id;
              return (
                <li key={message.id} className={message.isRead ? '' : 'bg-teal-50/40'}>
                  <button
                    type="button"
                    aria-expanded={open}
                    onClick={() => toggleOpen(message)}
                    className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50"
                  >
                    {message.isRead ? (
                      <MailOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                    ) : (
                      <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className={`truncate ${message.isRead ? 'text-slate-700' : 'font-bold text-slate-900'}`}>
                          {message.name}
                        </span>
                        <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-500">
                          {when(message.createdAt)}
                        </time>
                      </span>
                      <span className="block truncate text-sm text-slate-600">
                        {message.subject && <strong className="font-semibold">{message.subject} · </strong>}
                        {message.message}
                      </span>
                      <span className="sr-only">{message.isRead ? t('inbox.read') : t('inbox.unreadOne')}</span>
                    </span>
                  </button>
                  {open && (
                    <div className="border-t border-slate-100 bg-white px-11 py-4 text-sm">
                      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
                        <dt className="text-slate-500">{t('inbox.email')}</dt>
                        <dd>
                          <a href={`mailto:${message.email}`} className="font-medium text-teal-700 hover:underline">
                            {message.email}
                          </a>
                        </dd>
                        {message.phone && (
                          <>
                            <dt className="text-slate-500">{t('inbox.phone')}</dt>
                            <dd>
                              <a href={`tel:${message.phone}`} className="font-medium text-teal-700 hover:underline">
                                {message.phone}
                              </a>
                            </dd>
                          </>
                        )}
                        {message.subject && (
                          <>
                            <dt className="text-slate-500">{t(`inbox.${key}.subject`)}</dt>
                            <dd className="font-medium text-slate-800">{message.subject}</dd>
                          </>
                        )}
                      </dl>
                      {message.message && <p className="mt-3 whitespace-pre-line text-slate-700">{message.message}</p>}
                      <button
                        type="button"
                        onClick={() => mark(message, false)}
                        className={`${buttonClass('secondary', 'sm')} mt-4`}
                      >
                        {t('inbox.markUnread')}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      {messages.data && <Pagination page={messages.data.page} totalPages={messages.data.totalPages} onPage={setPage} />}
    </PageFrame>
  );
}

export function ContactInboxPage() {
  return <InboxPage inbox="contact-messages" />;
}

export function AdmissionInboxPage() {
  return <InboxPage inbox="admission-messages" />;
}
