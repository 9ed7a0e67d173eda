import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatQueries } from '../../api/chat';

const badgeClass =
  'absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] leading-5 font-bold text-white';

function useUnread() {
  const unread = useQuery(chatQueries.unread()).data;
  const first = unread?.conversations.find((c) => c.unread > 0);
  return unread && unread.total > 0 && first ? { total: unread.total, first } : null;
}

/**
 * The header's unread chat messages (from 640 px; a phone shows them on the bottom bar's profile item): nothing
 * while none wait; otherwise a chat icon with their total, leading to the first conversation with unread
 * messages. Loaded after sign-in only; the live stream's `chat` events refresh the count.
 */
export default function ChatUnreadLink() {
  const { t } = useTranslation('layout');
  const unread = useUnread();
  if (!unread) return null;
  return (
    <Link
      to={`/profile/chat/${encodeURIComponent(unread.first.bookingId)}`}
      data-testid="chat-unread"
      aria-label={t('chat.unread', { count: unread.total })}
      className="relative hidden size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 sm:flex"
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      <span className={badgeClass}>{unread.total > 99 ? '99+' : unread.total}</span>
    </Link>
  );
}

/** The unread total as a badge over the phone's bottom-bar profile item (its page lists the conversations). */
export function ChatUnreadBadge() {
  const { t } = useTranslation('layout');
  const unread = useUnread();
  if (!unread) return null;
  return (
    <span
      data-testid="chat-unread-badge"
      className="absolute top-0.5 left-1/2 ml-1 flex min-w-4 items-center justify-center rounded-full bg-rose-600 px-1 text-[10px] leading-4 font-bold text-white"
    >
      <span className="sr-only">{t('chat.unread', { count: unread.total })}</span>
      <span aria-hidden="true">{unread.total > 99 ? '99+' : unread.total}</span>
    </span>
  );
}
