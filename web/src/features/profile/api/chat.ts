/** The mentorship chat's calls and queries: a conversation of a booking, sending, reading, the unread counts. */
import { queryOptions } from '@tanstack/react-query';
import { api, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { sharedKeys } from '@/lib/query-client';

export type ChatConversation = components['schemas']['ChatConversationView'];
export type ChatMessage = components['schemas']['ChatMessageView'];
export type ChatUnread = components['schemas']['ChatUnreadView'];

/** Under the shared `chat` key, so a `chat` event of the live stream refreshes every one of them. */
export const chatKeys = {
  all: () => sharedKeys.chat,
  unread: () => [...sharedKeys.chat, 'unread'] as const,
  conversation: (bookingId: string) => [...sharedKeys.chat, 'conversation', bookingId] as const,
};

const path = (bookingId: string) => `/api/chat/${encodeURIComponent(bookingId)}`;

export const chatQueries = {
  unread: () =>
    queryOptions({
      queryKey: chatKeys.unread(),
      queryFn: async () => resultOf(await api.get<ChatUnread>('/api/chat/unread')),
    }),
  conversation: (bookingId: string) =>
    queryOptions({
      queryKey: chatKeys.conversation(bookingId),
      queryFn: async () => resultOf(await api.get<ChatConversation>(path(bookingId))),
    }),
};

/** GET /api/chat/{bookingId}?before=: the page of messages older than the message `before`. */
export async function olderChatMessages(bookingId: string, before: string): Promise<ChatConversation> {
  return resultOf(await api.get<ChatConversation>(`${path(bookingId)}?before=${encodeURIComponent(before)}`));
}

/** POST /api/chat/{bookingId}/report: administrators may then read the conversation. */
export async function reportChat(bookingId: string, reason: string): Promise<void> {
  resultOf(await api.post(`${path(bookingId)}/report`, { reason }));
}

/** POST /api/chat/{bookingId}/messages. */
export async function sendChatMessage(bookingId: string, body: string): Promise<ChatMessage> {
  return resultOf(await api.post<ChatMessage>(`${path(bookingId)}/messages`, { body }));
}

/** POST /api/chat/{bookingId}/read: the unread counts after it. */
export async function readChat(bookingId: string): Promise<ChatUnread> {
  return resultOf(await api.post<ChatUnread>(`${path(bookingId)}/read`));
}
