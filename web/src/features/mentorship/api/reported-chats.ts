/** The conversations a mentee or mentor reported, as administrators read them (read-only). */
import { queryOptions } from '@tanstack/react-query';
import { api, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { mentorshipKeys } from './keys';

export type ChatReport = components['schemas']['ChatReportView'];
export type ReportedConversation = components['schemas']['ChatReportedConversationView'];

const path = (bookingId: string) => `/api/admin/chat/reports/${encodeURIComponent(bookingId)}`;

/** GET /api/admin/chat/reports/{bookingId}?before=: a page of the conversation, older than `before` when given. */
export async function fetchReportedConversation(bookingId: string, before?: string): Promise<ReportedConversation> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return resultOf(await api.get<ReportedConversation>(`${path(bookingId)}${query}`));
}

export const reportedChatQueries = {
  list: () =>
    queryOptions({
      queryKey: [...mentorshipKeys.all(), 'reported-chats'] as const,
      queryFn: async () => resultOf(await api.get<ChatReport[]>('/api/admin/chat/reports')),
    }),
  conversation: (bookingId: string) =>
    queryOptions({
      queryKey: [...mentorshipKeys.all(), 'reported-chats', bookingId] as const,
      queryFn: () => fetchReportedConversation(bookingId),
    }),
};
