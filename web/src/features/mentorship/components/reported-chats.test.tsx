import { queryOptions } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderRoutes, user } from '@/testing/render';
import type * as ReportedApi from '../api/reported-chats';
import type { ChatReport, ReportedConversation } from '../api/reported-chats';
import { ReportedChats } from './reported-chats';

const api = vi.hoisted(() => ({ list: vi.fn(), page: vi.fn() }));
vi.mock('../api/reported-chats', async (original) => {
  const real = await original<typeof ReportedApi>();
  return {
    ...real,
    reportedChatQueries: {
      list: () => queryOptions({ queryKey: ['reported'], queryFn: () => api.list() as Promise<ChatReport[]> }),
      conversation: (bookingId: string) =>
        queryOptions({
          queryKey: ['reported', bookingId],
          queryFn: () => api.page(bookingId) as Promise<ReportedConversation>,
        }),
    },
    fetchReportedConversation: (bookingId: string, before?: string) =>
      api.page(bookingId, before) as Promise<ReportedConversation>,
  };
});

const mentee = { id: 'u1', username: 'phanthiyen', fullName: 'Phan Thị Yến', firstName: 'Yến', lastName: 'Phan Thị' };
const mentor = {
  id: 'u2',
  username: 'nguyenminhkhoa',
  fullName: 'Nguyễn Minh Khoa',
  firstName: 'Khoa',
  lastName: 'Nguyễn Minh',
};
const report: ChatReport = {
  bookingId: 'b1',
  mentee,
  mentor,
  reports: 2,
  reason: 'Lời lẽ thô lỗ',
  lastReportedAt: '2026-11-20T03:00:00Z',
};
const message = (n: number) => ({
  id: `m${String(n).padStart(3, '0')}`,
  bookingId: 'b1',
  senderId: n % 2 ? 'u2' : 'u1',
  body: `Tin nhắn ${n}`,
  sentAt: new Date(Date.UTC(2026, 10, 1, 8, n)).toISOString(),
});
const page = (from: number, to: number, hasMore: boolean): ReportedConversation => ({
  bookingId: 'b1',
  hasMore,
  mentee,
  mentor,
  messages: Array.from({ length: to - from + 1 }, (_, i) => message(from + i)),
});

function show() {
  renderRoutes([{ path: '/dashboard/mentorship/booked-mentorship', element: <ReportedChats /> }], {
    at: '/dashboard/mentorship/booked-mentorship',
    auth: { user: user('ADMIN') },
  });
}

describe('ReportedChats', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('vi');
    api.list.mockReset();
    api.page.mockReset();
  });

  it('lists a reported conversation with both names family name first, its reports and reason', async () => {
    api.list.mockResolvedValue([report]);
    show();
    expect(await screen.findByText('Phan Thị Yến và Nguyễn Minh Khoa')).toBeTruthy();
    expect(screen.getByText(/2 lượt báo cáo/)).toBeTruthy();
    expect(screen.getByText('Lý do: Lời lẽ thô lỗ')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cuộc trò chuyện bị báo cáo (1)' })).toBeTruthy();
  });

  it('shows nothing while no conversation is reported', async () => {
    api.list.mockResolvedValue([]);
    show();
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    expect(screen.queryByTestId('reported-chats')).toBeNull();
  });

  it('reads the conversation with who wrote each message, and older pages above it', async () => {
    api.list.mockResolvedValue([report]);
    api.page.mockImplementation((_id: string, before?: string) =>
      Promise.resolve(before ? page(1, 50, false) : page(51, 100, true)),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Đọc cuộc trò chuyện' }));
    expect(await screen.findAllByTestId('reported-message')).toHaveLength(50);
    const first = screen.getAllByTestId('reported-message')[0]!.textContent;
    expect(first).toContain('Nguyễn Minh Khoa');
    expect(first).toContain('Tin nhắn 51');

    fireEvent.click(screen.getByRole('button', { name: 'Xem tin nhắn cũ hơn' }));
    await waitFor(() => expect(screen.getAllByTestId('reported-message')).toHaveLength(100));
    expect(api.page).toHaveBeenLastCalledWith('b1', 'm051');
    const [oldest, second] = screen.getAllByTestId('reported-message').map((m) => m.textContent);
    expect(oldest).toContain('Nguyễn Minh Khoa');
    expect(oldest).toContain('Tin nhắn 1');
    expect(second).toContain('Phan Thị Yến');
    expect(screen.queryByRole('button', { name: 'Xem tin nhắn cũ hơn' })).toBeNull();
  });
});
