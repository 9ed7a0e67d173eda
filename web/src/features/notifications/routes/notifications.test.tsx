import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import type { AppNotification } from '../types';
import NotificationsPage from './notifications';

const api = vi.hoisted(() => ({
  listNotificationPage: vi.fn(),
  countUnread: vi.fn(),
  markNotificationRead: vi.fn(),
  markAllNotificationsRead: vi.fn(),
}));
vi.mock('../api/notifications', () => api);

const note = (id: string, isRead = false): AppNotification => ({
  _id: id,
  type: 'CoursePurchase',
  title: `Title ${id}`,
  message: `Message ${id}`,
  isRead,
  createdAt: new Date().toISOString(),
});

describe('/notification', () => {
  beforeEach(async () => {
    for (const fn of Object.values(api)) fn.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('lists a page at a time, following the cursor', async () => {
    api.countUnread.mockResolvedValue(2);
    api.listNotificationPage.mockImplementation((_filter, cursor: string | null) =>
      Promise.resolve(
        cursor === null
          ? { status: 200, notifications: [note('a'), note('b', true)], nextCursor: 'c1' }
          : { status: 200, notifications: [note('c')], nextCursor: null },
      ),
    );
    renderAt(<NotificationsPage />);
    expect(await screen.findByText('Title a')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Title c')).toBeTruthy();
    expect(api.listNotificationPage).toHaveBeenLastCalledWith({ unreadOnly: false, type: '' }, 'c1', expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeTruthy();
  });

  it('filters by read state and by type, with their own empty states', async () => {
    api.countUnread.mockResolvedValue(0);
    api.listNotificationPage.mockResolvedValue({ status: 200, notifications: [], nextCursor: null });
    renderAt(<NotificationsPage />);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'BookMentorShip' } });
    expect(await screen.findByText('No notifications of this type')).toBeTruthy();
    await waitFor(() =>
      expect(api.listNotificationPage).toHaveBeenLastCalledWith(
        { unreadOnly: true, type: 'BookMentorShip' },
        null,
        expect.anything(),
      ),
    );
    expect(screen.getByRole('option', { name: 'Book Mentor Ship' })).toBeTruthy();
  });
});
