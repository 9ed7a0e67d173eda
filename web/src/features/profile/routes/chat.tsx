import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Flag, Lock, SendHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { personName } from '@/lib/person-name';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { LangCode } from '@/lib/wasm';
import { useAccountRules } from '@/lib/wasm-account';
import {
  chatKeys,
  chatQueries,
  olderChatMessages,
  readChat,
  reportChat,
  sendChatMessage,
  type ChatConversation,
  type ChatMessage,
} from '../api/chat';
import { MessageText } from '@/components/message-text';
import { AVATAR_PLACEHOLDER, Img } from '../components/image';
import { useDates } from '@/lib/dates';

/**
 * /profile/chat/:bookingId: the conversation between a mentee and the mentor of a booking. Full screen on a phone,
 * a page-sized panel on wider screens. New messages arrive through the live stream (the `chat` key is refreshed);
 * what the reader received is marked read while the page is open. Once the booking ended the history stays
 * readable and the text box gives way to a notice.
 */
export default function ChatPage() {
  const { bookingId = '' } = useParams();
  const { t, i18n } = useTranslation('profile');
  const dates = useDates();
  const client = useQueryClient();
  const conversation = useQuery(chatQueries.conversation(bookingId));
  const data = conversation.data;
  const otherName = data ? personName(data.other, i18n.language) || data.other.username : '';
  useDocumentMeta(otherName ? t('chat.titleWith', { name: otherName }) : t('chat.title'), t('chat.title'));

  const [reporting, setReporting] = useState(false);
  const unreadForMe = Boolean(data?.messages.some((m) => m.senderId !== data.me && !m.readAt));
  const read = useMutation({
    mutationFn: () => readChat(bookingId),
    onSuccess: (unread) => {
      client.setQueryData(chatKeys.unread(), unread);
      void client.invalidateQueries({ queryKey: chatKeys.conversation(bookingId) });
    },
  });
  const { mutate: markRead, isPending: marking } = read;
  useEffect(() => {
    if (unreadForMe && !marking) markRead();
  }, [unreadForMe, marking, markRead]);

  return (
    <div
      data-testid="chat-page"
      className="fixed inset-0 z-50 flex flex-col bg-white sm:static sm:z-auto sm:mx-auto sm:my-8 sm:h-[min(80vh,760px)] sm:w-full sm:max-w-3xl sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-sm"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5 sm:px-4">
        <Link
          to={paths.profile}
          aria-label={t('chat.back')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        {data ? (
          <>
            <Img
              src={data.other.avatar ?? undefined}
              fallback={AVATAR_PLACEHOLDER}
              className="size-10 shrink-0 rounded-full object-cover"
            />
            <div className="min-w-0 flex-1">
              <h1 className="truncate font-semibold text-slate-900" data-testid="chat-with">
                {otherName}
              </h1>
              <p className="truncate text-xs text-slate-500">
                {data.asMentor ? t('chat.yourMentee') : t('chat.yourMentor')} ·{' '}
                {data.open ? t('chat.openUntil', { time: dates.dateTime(data.endsAt) }) : t('chat.closedShort')}
              </p>
            </div>
            <button
              type="button"
              data-testid="chat-report"
              aria-label={t('chat.report')}
              title={t('chat.report')}
              onClick={() => setReporting(true)}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-rose-600"
            >
              <Flag aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : (
          <Skeleton className="h-10 flex-1 rounded-lg" />
        )}
      </header>

      {reporting && <ReportPanel bookingId={bookingId} onDone={() => setReporting(false)} />}
      {conversation.isError ? (
        <div className="flex-1 p-4">
          <LoadError onRetry={() => void conversation.refetch()} />
        </div>
      ) : !data ? (
        <div className="flex-1 space-y-3 p-4" aria-busy="true">
          <Skeleton className="h-12 w-2/3 rounded-2xl" />
          <Skeleton className="ml-auto h-12 w-1/2 rounded-2xl" />
        </div>
      ) : (
        <>
          <MessageList key={bookingId} bookingId={bookingId} conversation={data} />
          {data.open ? (
            <Composer bookingId={bookingId} />
          ) : (
            <p
              data-testid="chat-closed"
              className="flex items-center gap-2 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600"
            >
              <Lock aria-hidden="true" className="size-4 shrink-0" />
              {t('chat.closed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The conversation's messages, oldest first: the latest page (kept live by its query) after the older pages the
 * reader asked for with "Load older messages" (each asked with the first message's id; the view stays where it
 * was while they are added above). The view follows the newest message when one arrives.
 */
function MessageList({ bookingId, conversation }: { bookingId: string; conversation: ChatConversation }) {
  const { t } = useTranslation('profile');
  const dates = useDates();
  const end = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [older, setOlder] = useState<{ messages: ChatMessage[]; hasMore: boolean } | null>(null);
  const latest = new Set(conversation.messages.map((m) => m.id));
  const messages = [...(older?.messages.filter((m) => !latest.has(m.id)) ?? []), ...conversation.messages];
  const hasMore = older ? older.hasMore : conversation.hasMore;
  const count = messages.length;
  const newest = conversation.messages.at(-1)?.id;
  useLayoutEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  // Older messages added above: the view keeps its place (by the distance from the bottom).
  const fromBottom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (element && fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [older]);
  const loadOlder = useMutation({
    mutationFn: () => olderChatMessages(bookingId, messages[0]!.id),
    onSuccess: (page) => {
      const element = box.current;
      fromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
      setOlder((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], hasMore: page.hasMore }));
    },
  });
  const lastMine = [...messages].reverse().find((m) => m.senderId === conversation.me);

  return (
    <div ref={box} className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5" aria-live="polite">
      {hasMore && count > 0 && (
        <div className="mb-3 flex flex-col items-center gap-1">
          <button
            type="button"
            data-testid="chat-older"
            onClick={() => loadOlder.mutate()}
            disabled={loadOlder.isPending}
            className={buttonClass('secondary', 'sm')}
          >
            {t('chat.older')}
          </button>
          {loadOlder.isError && (
            <p role="alert" className="text-xs text-rose-600">
              {t('chat.olderFailed')}
            </p>
          )}
        </div>
      )}
      {count === 0 ? (
        <p className="mt-8 text-center text-sm text-slate-500">{t('chat.empty')}</p>
      ) : (
        <ol className="space-y-2" data-testid="chat-messages">
          {messages.map((message: ChatMessage) => {
            const mine = message.senderId === conversation.me;
            return (
              <li key={message.id} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
                <div
                  data-testid="chat-message"
                  data-mine={mine}
                  className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm sm:max-w-[70%] ${
                    mine ? 'rounded-br-md bg-teal-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900'
                  }`}
                >
                  <MessageText body={message.body} />
                </div>
                <span className="mt-0.5 px-1 text-[11px] text-slate-500">
                  {dates.dateTime(message.sentAt)}
                  {message === lastMine && message.readAt ? ` · ${t('chat.seen')}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div ref={end} />
    </div>
  );
}

function Composer({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation('profile');
  const client = useQueryClient();
  const rules = useAccountRules();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lang = (i18n.language === 'en' ? 'en' : 'vi') as LangCode;
  const max = rules?.chatMessageMaxChars() ?? null;

  const send = useMutation({
    mutationFn: (body: string) => sendChatMessage(bookingId, body),
    onSuccess: (message) => {
      setText('');
      setProblem(null);
      client.setQueryData<ChatConversation>(chatKeys.conversation(bookingId), (current) =>
        current && !current.messages.some((m) => m.id === message.id)
          ? { ...current, messages: [...current.messages, message] }
          : current,
      );
    },
    onError: (error) => setProblem(refusalOf(error, t('chat.sendFailed'))),
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!rules || send.isPending) return;
    const refused = rules.chatMessageError(text, lang);
    if (refused) {
      setProblem(refused);
      return;
    }
    send.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form onSubmit={submit} className="border-t border-slate-200 px-3 py-2.5 sm:px-4">
      {problem && (
        <p role="alert" className="mb-1.5 text-sm text-rose-600" data-testid="chat-problem">
          {problem}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor="chat-text">
          {t('chat.placeholder')}
        </label>
        <textarea
          id="chat-text"
          rows={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          className="max-h-36 min-h-11 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2.5 text-base focus:border-teal-500 focus:ring-2 focus:ring-teal-200 focus:outline-none sm:text-sm"
        />
        <button
          type="submit"
          disabled={!rules || send.isPending || text.trim() === ''}
          className={`${buttonClass('primary')} size-11 shrink-0 !px-0`}
          aria-label={t('chat.send')}
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      {max !== null && text.length > max * 0.9 && (
        <p className="mt-1 text-right text-xs text-slate-500">
          {[...text.trim()].length}/{max}
        </p>
      )}
    </form>
  );
}

/** Reporting the conversation: a reason (optional), then administrators may read it. */
function ReportPanel({ bookingId, onDone }: { bookingId: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: () => reportChat(bookingId, reason),
    onSuccess: () => {
      toast.success(t('chat.reported'));
      onDone();
    },
  });
  return (
    <section
      data-testid="chat-report-panel"
      aria-labelledby="chat-report-title"
      className="border-b border-slate-200 bg-rose-50 px-4 py-3 text-sm"
    >
      <h2 id="chat-report-title" className="font-semibold text-slate-900">
        {t('chat.reportTitle')}
      </h2>
      <p className="mt-1 text-slate-600">{t('chat.reportText')}</p>
      <label className="mt-2 block">
        <span className="sr-only">{t('chat.reportReason')}</span>
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={1000}
          rows={2}
          placeholder={t('chat.reportReason')}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20"
        />
      </label>
      {report.isError && (
        <p role="alert" className="mt-1 text-rose-700">
          {refusalOf(report.error, t('chat.reportFailed'))}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass('ghost', 'sm')}>
          {t('chat.reportCancel')}
        </button>
        <button
          type="button"
          onClick={() => report.mutate()}
          disabled={report.isPending}
          className={buttonClass('primary', 'sm')}
        >
          {t('chat.reportSend')}
        </button>
      </div>
    </section>
  );
}
