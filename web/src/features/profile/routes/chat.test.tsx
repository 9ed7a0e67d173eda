import { queryOptions } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderRoutes, user } from '@/testing/render';
import type * as ChatApi from '../api/chat';
import type { ChatConversation, ChatMessage } from '../api/chat';
import ChatPage from './chat';

const api = vi.hoisted(() => ({ latest: vi.fn(), olderChatMessages: vi.fn(), readChat: vi.fn(), reportChat: vi.fn() }));
vi.mock('../api/chat', async (original) => {
  const real = await original<typeof ChatApi>();
  return {
    ...real,
    chatQueries: {
      ...real.chatQueries,
      conversation: (bookingId: string) =>
        queryOptions({
          queryKey: real.chatKeys.conversation(bookingId),
          queryFn: () => api.latest() as Promise<ChatConversation>,
        }),
    },
    olderChatMessages: api.olderChatMessages,
    readChat: api.readChat,
    reportChat: api.reportChat,
  };
});

const message = (n: number): ChatMessage => ({
  id: `m${String(n).padStart(3, '0')}`,
  bookingId: 'b1',
  senderId: n % 2 ? 'mentor' : 'me',
  body: `Message ${n}`,
  sentAt: new Date(Date.UTC(2026, 10, 1, 8, n)).toISOString(),
  readAt: '2026-11-02T00:00:00Z',
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const page = (messages: ChatMessage[], hasMore: boolean): ChatConversation => ({
  asMentor: false,
  bookingId: 'b1',
  endsAt: '2026-12-01T00:00:00Z',
  hasMore,
  me: 'me',
  messages,
  open: false,
  other: {
    id: 'mentor',
    username: 'nguyenminhkhoa',
    fullName: 'Nguyễn Minh Khoa',
    firstName: 'Khoa',
    lastName: 'Nguyễn Minh',
  },
});

describe('ChatPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    for (const fn of Object.values(api)) fn.mockReset();
  });

  it('loads older messages above the latest ones, page by page, until there are none', async () => {
    api.latest.mockResolvedValue(page(range(101, 150), true));
    api.olderChatMessages
      .mockResolvedValueOnce(page(range(51, 100), true))
      .mockResolvedValueOnce(page(range(1, 50), false));
    renderRoutes([{ path: '/profile/chat/:bookingId', element: <ChatPage /> }], {
      at: '/profile/chat/b1',
      auth: { user: user('STUDENT', { userId: 'me' }) },
    });

    expect(await screen.findAllByTestId('chat-message')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(100));
    expect(api.olderChatMessages).toHaveBeenLastCalledWith('b1', 'm101');
    expect(screen.getAllByTestId('chat-message')[0]!.textContent).toBe('Message 51');

    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(150));
    expect(api.olderChatMessages).toHaveBeenLastCalledWith('b1', 'm051');
    const texts = screen.getAllByTestId('chat-message').map((m) => m.textContent);
    expect(texts[0]).toBe('Message 1');
    expect(texts.at(-1)).toBe('Message 150');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('offers no older messages when the first page is the whole conversation', async () => {
    api.latest.mockResolvedValue(page(range(1, 3), false));
    renderRoutes([{ path: '/profile/chat/:bookingId', element: <ChatPage /> }], {
      at: '/profile/chat/b1',
      auth: { user: user('STUDENT', { userId: 'me' }) },
    });
    expect(await screen.findAllByTestId('chat-message')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('reports the conversation with the reason given, then closes the panel', async () => {
    api.latest.mockResolvedValue(page(range(1, 3), false));
    api.reportChat.mockResolvedValue(undefined);
    renderRoutes([{ path: '/profile/chat/:bookingId', element: <ChatPage /> }], {
      at: '/profile/chat/b1',
      auth: { user: user('STUDENT', { userId: 'me' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Report this conversation' }));
    fireEvent.change(screen.getByPlaceholderText('Reason (optional)'), { target: { value: 'Rude messages' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.reportChat).toHaveBeenCalledWith('b1', 'Rude messages'));
    await waitFor(() => expect(screen.queryByTestId('chat-report-panel')).toBeNull());
  });
});
