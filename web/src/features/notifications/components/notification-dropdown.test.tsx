import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import type { AppNotification } from '../types';
import { NotificationDropdown } from './notification-dropdown';

const api = vi.hoisted(() => ({
  loadHeaderNotifications: vi.fn(),
  markNotificationRead: vi.fn(),
  markAllNotificationsRead: vi.fn(),
}));
vi.mock('../api/notifications', () => api);

const note = (id: string, type: string, isRead: boolean): AppNotification => ({
  _id: id,
  type,
  title: `Title ${id}`,
  message: `Message ${id}`,
  isRead,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  imageUrl: null,
  actionLink: null,
});

function open() {
  const trigger = screen.getByRole('button', { name: /Notifications/ });
  fireEvent.pointerEnter(trigger.parentElement as HTMLElement, { pointerType: 'mouse' });
}

describe('NotificationDropdown', () => {
  beforeEach(() => {
    for (const fn of Object.values(api)) fn.mockReset();
    api.loadHeaderNotifications.mockResolvedValue([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('shows the empty state, no badge and no Mark All Read when there is nothing', async () => {
    await i18n.changeLanguage('en');
    renderAt(<NotificationDropdown />);
    open();
    expect(screen.getByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText("When you have new notifications, they'll appear here to keep you updated.")).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
  });

  it('shows the unread count, Mark All Read, and type labels from the shared rule', async () => {
    await i18n.changeLanguage('en');
    renderAt(<NotificationDropdown initial={[note('a', 'CoursePurchase', false), note('b', 'Mystery', true)]} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    open();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeTruthy();
    expect(screen.getByText('Course Purchase')).toBeTruthy();
    expect(screen.getByText('Other')).toBeTruthy();
    expect(screen.getByText('Title a')).toBeTruthy();
    expect(screen.getByText('Message b')).toBeTruthy();
    expect(screen.getAllByText('1 hour ago')).toHaveLength(2);
  });

  it('hides Mark All Read when everything is read', async () => {
    await i18n.changeLanguage('en');
    renderAt(<NotificationDropdown initial={[note('a', 'Referral', true)]} />);
    open();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
  });

  it('shows a notification read at once, and unread again when the server refuses', async () => {
    await i18n.changeLanguage('en');
    let refuse: (error: Error) => void = () => undefined;
    api.markNotificationRead.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    api.loadHeaderNotifications.mockReturnValue(new Promise(() => undefined));
    renderAt(<NotificationDropdown initial={[note('a', 'Referral', false), note('b', 'Referral', false)]} />);
    open();
    fireEvent.click(screen.getAllByRole('button', { name: 'Mark as read' })[0]!);
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    expect(api.markNotificationRead).toHaveBeenCalledWith('a');

    refuse(new Error('refused'));
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));
  });

  it('shows every notification read at once with Mark All Read', async () => {
    await i18n.changeLanguage('en');
    api.markAllNotificationsRead.mockReturnValue(new Promise(() => undefined));
    renderAt(<NotificationDropdown initial={[note('a', 'Referral', false), note('b', 'Referral', false)]} />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
  });
});
