import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '@/testing/render';
import type { InboxPage } from './dashboard';
import { dashboardKeys } from './keys';
import { markedRead, useMarkMessage } from './queries';

const api = vi.hoisted(() => ({ markMessage: vi.fn(), listInbox: vi.fn() }));
vi.mock('./dashboard', () => api);

const message = (id: string, isRead: boolean) => ({
  id,
  name: 'Lan',
  email: 'lan@example.com',
  phone: '',
  subject: 'Hỏi',
  message: 'Xin chào',
  isRead,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const page = (): InboxPage => ({
  items: [message('m1', false), message('m2', true)],
  page: 1,
  pageSize: 20,
  total: 2,
  totalPages: 1,
  totalExact: true,
  unread: 1,
});

describe('markedRead', () => {
  it('marks one message and moves the unread count with it', () => {
    expect(markedRead(page(), 'm1', true)).toMatchObject({
      unread: 0,
      items: [
        { id: 'm1', isRead: true },
        { id: 'm2', isRead: true },
      ],
    });
    expect(markedRead(page(), 'm2', false)).toMatchObject({
      unread: 2,
      items: [{ isRead: false }, { id: 'm2', isRead: false }],
    });
  });

  it('leaves the page alone when nothing changes', () => {
    const before = page();
    expect(markedRead(before, 'm2', true)).toBe(before);
    expect(markedRead(before, 'nope', true)).toBe(before);
  });
});

describe('useMarkMessage', () => {
  const key = dashboardKeys.inboxPage('contact-messages', { page: 1 });

  function setup() {
    const client = testQueryClient();
    client.setQueryData(key, page());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return { client, ...renderHook(() => useMarkMessage('contact-messages'), { wrapper }) };
  }

  beforeEach(() => {
    api.markMessage.mockReset();
    api.listInbox.mockReset().mockImplementation(() => new Promise(() => undefined));
  });

  it('shows a message read before the server answers', async () => {
    let answer: () => void = () => undefined;
    api.markMessage.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));
    const { client, result } = setup();
    act(() => result.current.mutate({ id: 'm1', read: true }));
    await waitFor(() => expect(client.getQueryData<InboxPage>(key)?.unread).toBe(0));
    expect(api.markMessage).toHaveBeenCalledWith('contact-messages', 'm1', true);
    act(() => answer());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('shows it unread again when the server refuses', async () => {
    api.markMessage.mockRejectedValue(new Error('refused'));
    const { client, result } = setup();
    act(() => result.current.mutate({ id: 'm1', read: true }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData<InboxPage>(key)).toMatchObject({
      unread: 1,
      items: [{ id: 'm1', isRead: false }, { id: 'm2' }],
    });
  });
});
