import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadScheduleRules } from '@/lib/wasm-schedule';
import { renderRoutes, user } from '@/testing/render';
import BookSessionPage from './book-session';
import { dateFormats } from '@/lib/dates';

const api = vi.hoisted(() => ({
  fetchWeek: vi.fn(),
  saveWeek: vi.fn(),
  fetchSlots: vi.fn(),
  fetchSessions: vi.fn(),
  fetchBookings: vi.fn(),
  bookSession: vi.fn(),
  cancelSession: vi.fn(),
  rescheduleSession: vi.fn(),
}));
vi.mock('../api/schedule', () => api);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// Monday 2026-11-23 07:00 in Hanoi.
const NOW = Date.UTC(2026, 10, 23, 0);
const DAY = 86_400_000;

function booking(active: boolean) {
  return {
    _id: 'b1',
    active,
    planId: 'p1',
    startDate: '2026-11-01T00:00:00.000Z',
    endDate: active ? '2026-12-31T00:00:00.000Z' : '2026-11-20T00:00:00.000Z',
    mentor: { userId: 'm1', firstName: 'Nguyễn', lastName: 'Minh Khoa', avatar: null },
    mentee: { userId: 'u1', firstName: 'Yến', lastName: 'Phan', avatar: null },
    menteeUsername: 'phanthiyen',
    package: { title: 'Rust mentoring', price: 1_000_000, currency: 'VND', short_description: '', services: [] },
  };
}

/** The mentor's Mondays 09:00–11:00 in Hanoi, the first 09:00 already taken. */
const slotsView = {
  mentorId: 'm1',
  enrollmentId: 'b1',
  sessionMinutes: 60,
  from: new Date(NOW).toISOString(),
  to: new Date(NOW + 14 * DAY).toISOString(),
  slots: [],
  busy: [{ start: '2026-11-23T02:00:00.000Z', end: '2026-11-23T03:00:00.000Z' }],
  week: {
    zone: 'Asia/Ho_Chi_Minh',
    weekly: [[{ start: 540, end: 660 }], [], [], [], [], [], []],
    overrides: [],
    bufferMinutes: 0,
    noticeMinutes: 120,
  },
};

/** The student's profile zone: every time on the page is in it, whatever the device's clock says. */
const STUDENT_ZONE = 'Europe/Berlin';

const openPage = () =>
  renderRoutes([{ path: '/profile/sessions', element: <BookSessionPage /> }], {
    at: '/profile/sessions?booking=b1',
    auth: { user: user('STUDENT', { timeZone: STUDENT_ZONE }) },
  });

const timeOf = (iso: string) => dateFormats('en', STUDENT_ZONE).time(iso);

describe('booking a session', () => {
  beforeEach(async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    await i18n.changeLanguage('en');
    await loadScheduleRules();
    api.fetchBookings.mockReset().mockResolvedValue([booking(true)]);
    api.fetchSlots.mockReset().mockResolvedValue(slotsView);
    api.fetchSessions.mockReset().mockResolvedValue([]);
    api.bookSession.mockReset();
    toast.error.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the open times the shared rule gives, and books the one chosen', { timeout: 20_000 }, async () => {
    api.bookSession.mockResolvedValue({});
    openPage();

    expect(await screen.findByText('Book a session with Nguyễn Minh Khoa')).toBeTruthy();
    const days = await screen.findAllByTestId('slot-day');
    const times = days.map((day) =>
      within(day)
        .getAllByRole('button')
        .map((b) => b.textContent),
    );
    expect(times).toEqual([
      [timeOf('2026-11-23T03:00:00Z')],
      [timeOf('2026-11-30T02:00:00Z'), timeOf('2026-11-30T03:00:00Z')],
    ]);
    expect(api.fetchSlots.mock.calls[0]?.[0]).toBe('m1');
    expect(api.fetchSlots.mock.calls[0]?.[3]).toBe('b1');

    fireEvent.click(within(days[1]!).getAllByRole('button')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    await vi.waitFor(() => expect(api.bookSession).toHaveBeenCalledTimes(1));
    expect(api.bookSession.mock.calls[0]?.[0]).toEqual({ enrollmentId: 'b1', startAt: '2026-11-30T03:00:00.000Z' });
  });

  it("shows the server's reason when the time was taken meanwhile", { timeout: 20_000 }, async () => {
    api.bookSession.mockRejectedValue(new Error('This time was just booked by someone else.'));
    openPage();
    const [first] = await screen.findAllByTestId('slot-day');
    fireEvent.click(within(first!).getAllByRole('button')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('This time was just booked by someone else.'));
  });

  it('offers renewal instead of times for an expired mentorship', async () => {
    api.fetchBookings.mockResolvedValue([booking(false)]);
    openPage();
    expect(await screen.findByText('This mentorship has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/mentor?id=m1');
    expect(api.fetchSlots).not.toHaveBeenCalled();
  });
});
