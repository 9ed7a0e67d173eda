import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import type { AppNotification } from '../types';
import { NotificationDropdown } from './notification-dropdown';

const api = vi.hoisted(() => ({
  listNotifications: vi.fn(),
  countUnread: vi.fn(),
  markNotificationRead: vi.fn(),
  markAllNotificationsRead: vi.fn(),
}));
vi.mock('../api/notifications', () => api);
// The live stream is tested on its own (live-connection.test.ts).
vi.mock('../live/live-connection', () => ({ connectLive: () => () => undefined }));

const note = (id: string, type: string, isRead: boolean, actionLink: string | null = null): AppNotification => ({
  _id: id,
  type,
  title: `Title ${id}`,
  message: `Message ${id}`,
  isRead,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  imageUrl: null,
  actionLink,
});

function given(items: AppNotification[]) {
  api.listNotifications.mockResolvedValue(items);
  api.countUnread.mockResolvedValue(items.filter((item) => !item.isRead).length);
}

async function open() {
  const trigger = await screen.findByRole('button', { name: /Notifications/ });
  fireEvent.pointerEnter(trigger.parentElement as HTMLElement, { pointerType: 'mouse' });
}

const badge = () => screen.queryByTestId('notification-badge')?.textContent ?? null;

describe('NotificationDropdown', () => {
  beforeEach(async () => {
    for (const fn of Object.values(api)) fn.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('en');
  });

  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('shows the empty state, no badge and no Mark All Read when there is nothing', async () => {
    given([]);
    renderAt(<NotificationDropdown />);
    await open();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText("When you have new notifications, they'll appear here to keep you updated.")).toBeTruthy();
    expect(badge()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
  });

  it('shows the unread count, Mark All Read, and type labels from the shared rule', async () => {
    given([note('a', 'CoursePurchase', false), note('b', 'Mystery', true)]);
    renderAt(<NotificationDropdown />);
    await waitFor(() => expect(badge()).toBe('1'));
    await open();
    expect(await screen.findByText('Course Purchase')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeTruthy();
    expect(screen.getByText('Other')).toBeTruthy();
    expect(screen.getByText('Title a')).toBeTruthy();
    expect(screen.getByText('Message b')).toBeTruthy();
    expect(screen.getAllByText('1 hour ago')).toHaveLength(2);
  });

  it('names the types in Vietnamese in the Vietnamese interface, never by their codes', async () => {
    await i18n.changeLanguage('vi');
    given([note('a', 'CoursePurchase', false), note('b', 'BookMentorShip', false), note('c', 'Mystery', true)]);
    renderAt(<NotificationDropdown />);
    fireEvent.pointerEnter((await screen.findByRole('button', { name: /Thông báo/ })).parentElement as HTMLElement, {
      pointerType: 'mouse',
    });
    expect(await screen.findByText('Mua khóa học')).toBeTruthy();
    expect(screen.getByText('Đặt lịch cố vấn')).toBeTruthy();
    expect(screen.getByText('Khác')).toBeTruthy();
    expect(screen.queryByText(/Course Purchase|Book Mentor Ship|CoursePurchase/)).toBeNull();
  });

  it('hides the badge and Mark All Read when everything is read', async () => {
    given([note('a', 'Referral', true)]);
    renderAt(<NotificationDropdown />);
    await open();
    expect(await screen.findByText('Title a')).toBeTruthy();
    expect(badge()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
  });

  it('shows a notification read at once with its check button, and unread again when the server refuses', async () => {
    let refuse: (error: Error) => void = () => undefined;
    given([note('a', 'Referral', false), note('b', 'Referral', false)]);
    api.markNotificationRead.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    const { queryClient } = renderAt(<NotificationDropdown />);
    await open();
    await screen.findByText('Title a');
    api.countUnread.mockReturnValue(new Promise(() => undefined));
    fireEvent.click(screen.getAllByRole('button', { name: 'Mark as read' })[0]!);
    await waitFor(() => expect(badge()).toBe('1'));
    expect(api.markNotificationRead).toHaveBeenCalledWith('a');

    refuse(new Error('refused'));
    await waitFor(() => expect(badge()).toBe('2'));
    expect(queryClient.isMutating()).toBe(0);
  });

  it('shows every notification read at once with Mark All Read, which then hides itself', async () => {
    given([note('a', 'Referral', false), note('b', 'Referral', false)]);
    api.markAllNotificationsRead.mockReturnValue(new Promise(() => undefined));
    renderAt(<NotificationDropdown />);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark All Read' }));
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0);
  });

  it('marks an unread notification read when it is clicked, then follows its link', async () => {
    given([note('a', 'CoursePurchase', false, '/course/details/7')]);
    api.markNotificationRead.mockResolvedValue(undefined);
    renderAt(<NotificationDropdown />);
    await open();
    fireEvent.click(await screen.findByText('Title a'));
    await waitFor(() => expect(api.markNotificationRead).toHaveBeenCalledWith('a'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/course/details/7'));
  });

  it('follows the link of a read notification without marking it again', async () => {
    given([note('a', 'Referral', true, '/courselist')]);
    renderAt(<NotificationDropdown />);
    await open();
    fireEvent.click(await screen.findByText('Title a'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/courselist'));
    expect(api.markNotificationRead).not.toHaveBeenCalled();
  });
});
