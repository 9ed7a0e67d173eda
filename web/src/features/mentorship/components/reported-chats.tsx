import { useMutation, useQuery } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { personName } from '@/lib/person-name';
import { useDates } from '@/lib/dates';
import { MessageText } from '@/components/message-text';
import {
  fetchReportedConversation,
  reportedChatQueries,
  type ChatReport,
  type ReportedConversation,
} from '../api/reported-chats';

type Person = ChatReport['mentee'];

function nameOf(person: Person, language: string): string {
  return personName(person, language) || person.fullName || person.username;
}

function useDateTime(): (iso: string) => string {
  return useDates().dateTime;
}

/**
 * The conversations a mentee or mentor reported (administrators only, above the bookings): who, how many reports,
 * the latest reason, and the conversation itself to read — read-only, nothing marked read. Nothing shows while
 * no conversation is reported.
 */
export function ReportedChats() {
  const { t, i18n } = useTranslation('mentorship');
  const reports = useQuery(reportedChatQueries.list());
  const [open, setOpen] = useState<string | null>(null);
  const when = useDateTime();

  if (reports.isError) return <LoadError onRetry={() => void reports.refetch()} />;
  if (!reports.data || reports.data.length === 0) return null;
  return (
    <section aria-labelledby="reported-chats" className="mb-6" data-testid="reported-chats">
      <h2 id="reported-chats" className="mb-2 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Flag aria-hidden="true" className="size-4 text-rose-600" />
        {t('reported.title', { count: reports.data.length })}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('reported.text')}</p>
      <ul className="space-y-3">
        {reports.data.map((report) => (
          <li key={report.bookingId} className="rounded-lg border border-rose-200 bg-rose-50/40 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {t('reported.between', {
                    mentee: nameOf(report.mentee, i18n.language),
                    mentor: nameOf(report.mentor, i18n.language),
                  })}
                </p>
                <p className="text-xs text-slate-600">
                  {t('reported.count', { count: report.reports })} · {when(report.lastReportedAt)}
                </p>
                {report.reason && (
                  <p className="mt-1 text-sm break-words text-slate-700">
                    {t('reported.reason')}: {report.reason}
                  </p>
                )}
              </div>
              <button
                type="button"
                aria-expanded={open === report.bookingId}
                onClick={() => setOpen(open === report.bookingId ? null : report.bookingId)}
                className={buttonClass('secondary', 'sm')}
              >
                {open === report.bookingId ? t('reported.close') : t('reported.read')}
              </button>
            </div>
            {open === report.bookingId && <Conversation bookingId={report.bookingId} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A reported conversation, oldest first, with its older pages on demand. */
function Conversation({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation('mentorship');
  const latest = useQuery(reportedChatQueries.conversation(bookingId));
  const [older, setOlder] = useState<ReportedConversation | null>(null);
  const when = useDateTime();
  const loadOlder = useMutation({
    mutationFn: (before: string) => fetchReportedConversation(bookingId, before),
    onSuccess: (page) => setOlder((had) => ({ ...page, messages: [...page.messages, ...(had?.messages ?? [])] })),
  });

  if (latest.isError) return <LoadError onRetry={() => void latest.refetch()} />;
  if (!latest.data) return <Skeleton className="mt-3 h-24 w-full" />;
  const data = latest.data;
  const messages = [...(older?.messages ?? []), ...data.messages];
  const hasMore = older ? older.hasMore : data.hasMore;
  const sender = (id: string) =>
    id === data.mentor.id ? nameOf(data.mentor, i18n.language) : nameOf(data.mentee, i18n.language);

  return (
    <div className="mt-3 rounded-md bg-white p-3" data-testid="reported-conversation">
      {hasMore && (
        <button
          type="button"
          disabled={loadOlder.isPending}
          onClick={() => messages[0] && loadOlder.mutate(messages[0].id)}
          className={`${buttonClass('ghost', 'sm')} mb-2`}
        >
          {t('reported.older')}
        </button>
      )}
      {messages.length === 0 ? (
        <p className="text-sm text-slate-500">{t('reported.empty')}</p>
      ) : (
        <ol className="space-y-2">
          {messages.map((message) => (
            <li key={message.id} className="text-sm" data-testid="reported-message">
              <p className="text-xs text-slate-500">
                <span className="font-semibold text-slate-700">{sender(message.senderId)}</span> ·{' '}
                {when(message.sentAt)}
              </p>
              <div className="break-words text-slate-800">
                <MessageText body={message.body} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
