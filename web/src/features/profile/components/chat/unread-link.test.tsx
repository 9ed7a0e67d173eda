import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import type * as ChatApi from '../../api/chat';
import type { ChatUnread } from '../../api/chat';
import ChatUnreadLink, { ChatUnreadBadge } from './unread-link';

const unread = vi.hoisted(() => vi.fn());
vi.mock('../../api/chat', async (original) => {
  const real = await original<typeof ChatApi>();
  return {
    ...real,
    chatQueries: {
      ...real.chatQueries,
      unread: () => queryOptions({ queryKey: real.chatKeys.unread(), queryFn: () => unread() as Promise<ChatUnread> }),
    },
  };
});

describe('ChatUnreadLink', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    unread.mockReset();
  });

  it('shows the unread total and leads to the first conversation with unread messages', async () => {
    unread.mockResolvedValue({
      total: 3,
      conversations: [
        { bookingId: 'b0', unread: 0 },
        { bookingId: 'b2', unread: 3 },
      ],
    });
    renderAt(<ChatUnreadLink />, { auth: { user: user('STUDENT') } });
    const link = await screen.findByRole('link', { name: '3 unread messages' });
    expect(link.getAttribute('href')).toBe('/profile/chat/b2');
    expect(link.textContent).toBe('3');
  });

  it("gives the phone's bottom bar the same total as a badge", async () => {
    unread.mockResolvedValue({ total: 120, conversations: [{ bookingId: 'b1', unread: 120 }] });
    renderAt(<ChatUnreadBadge />, { auth: { user: user('STUDENT') } });
    const badge = await screen.findByTestId('chat-unread-badge');
    expect(badge.textContent).toBe('120 unread messages99+');
  });

  it('shows nothing while no message waits', async () => {
    unread.mockResolvedValue({ total: 0, conversations: [] });
    renderAt(<ChatUnreadLink />, { auth: { user: user('STUDENT') } });
    await waitFor(() => expect(unread).toHaveBeenCalled());
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });
});
