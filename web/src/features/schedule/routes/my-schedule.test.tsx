import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import MySchedulePage from './my-schedule';

const api = vi.hoisted(() => ({
  fetchCalendar: vi.fn(),
  fetchFeed: vi.fn(),
  createFeed: vi.fn(),
  revokeFeed: vi.fn(),
  downloadCalendar: vi.fn(),
}));
vi.mock('../api/calendar', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** Tuesday 24 November 2026, 09:00 in Ho Chi Minh City. */
const NOW = Date.parse('2026-11-24T02:00:00Z');

const session = {
  kind: 'session',
  id: 's1',
  startAt: '2026-11-24T07:00:00.000Z',
  endAt: '2026-11-24T08:00:00.000Z',
  status: 'booked',
  studentName: 'Lê Bình',
  planTitle: 'Kèm cặp 1-1',
};
const lesson = {
  kind: 'class',
  id: 'c1',
  startAt: '2026-11-26T12:00:00.000Z',
  endAt: '2026-11-26T13:30:00.000Z',
  status: 'scheduled',
  topic: 'Ôn tập chương 3',
  audienceTitle: 'Giải tích',
  seats: 10,
  seatsTaken: 4,
};

function calendar(events: object[]) {
  return (from: number, to: number) =>
    Promise.resolve({
      teacherId: 't',
      zone: 'Asia/Ho_Chi_Minh',
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      events: events.filter((e) => {
        const { startAt, endAt } = e as { startAt: string; endAt: string };
        return Date.parse(startAt) < to && Date.parse(endAt) > from;
      }),
    });
}

describe('my schedule', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    await i18n.changeLanguage('en');
    api.fetchCalendar.mockReset().mockImplementation(calendar([session, lesson]));
    api.fetchFeed.mockReset().mockResolvedValue({ active: false, createdAt: null, path: null, url: null });
    api.createFeed.mockReset().mockResolvedValue({
      active: true,
      createdAt: '2026-11-24T02:00:00.000Z',
      path: '/calendar/abc.ics',
      url: 'http://x/calendar/abc.ics',
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the week in the teacher zone and the list grouped by day', async () => {
    renderAt(<MySchedulePage />);
    expect(await screen.findByText('Times shown in the Asia/Ho_Chi_Minh (GMT+7) time zone')).toBeTruthy();
    const week = await screen.findByTestId('week-view');
    const tuesday = week.querySelector('[data-day="2026-11-24"]') as HTMLElement;
    expect(within(tuesday).getByText('Lê Bình')).toBeTruthy();
    // 07:00Z is 14:00 in Ho Chi Minh City: 7 hours below the grid's first hour (07:00), 48 px each.
    expect(within(tuesday).getByTestId('week-event').style.top).toBe(`${7 * 48}px`);
    const thursday = week.querySelector('[data-day="2026-11-26"]') as HTMLElement;
    expect(within(thursday).getByText('4/10 seats taken')).toBeTruthy();
    const [from, to] = api.fetchCalendar.mock.calls.at(-1)! as [number, number];
    expect([new Date(from).toISOString(), new Date(to).toISOString()]).toEqual([
      '2026-11-22T17:00:00.000Z',
      '2026-11-29T17:00:00.000Z',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    const list = screen.getByTestId('list-view');
    const days = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toEqual(['Tuesday, 24 Nov', 'Thursday, 26 Nov']);
    expect(within(list).getByText('Kèm cặp 1-1')).toBeTruthy();
  });

  it('opens an event’s details, with Join once its room is open', async () => {
    const soon = {
      ...session,
      id: 's2',
      studentName: 'Phan Thị Yến',
      startAt: '2026-11-24T02:05:00.000Z',
      endAt: '2026-11-24T03:05:00.000Z',
    };
    api.fetchCalendar.mockImplementation(calendar([soon, session, lesson]));
    renderAt(<MySchedulePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'List' }));

    fireEvent.click(screen.getByRole('button', { name: 'See details: Lê Bình' }));
    let details = await screen.findByTestId('event-details');
    expect(within(details).getByRole('heading', { name: 'Lê Bình' })).toBeTruthy();
    expect(within(details).getByTestId('event-when').textContent).toBe('Tuesday, 24 Nov 2026, 14:00 – 15:00');
    expect(within(details).getByText('Kèm cặp 1-1')).toBeTruthy();
    expect(within(details).queryByRole('link', { name: 'Join' })).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('event-details')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'See details: Phan Thị Yến' }));
    details = await screen.findByTestId('event-details');
    expect(within(details).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/meeting?session=s2');

    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('event-details')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'See details: Ôn tập chương 3' }));
    details = await screen.findByTestId('event-details');
    expect(within(details).getByText('Giải tích')).toBeTruthy();
    expect(within(details).getByText('4/10 seats taken')).toBeTruthy();
  });

  it('moves a week ahead and back to today', async () => {
    renderAt(<MySchedulePage />);
    await screen.findByTestId('week-view');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await vi.waitFor(() =>
      expect(new Date(api.fetchCalendar.mock.calls.at(-1)![0] as number).toISOString()).toBe(
        '2026-11-29T17:00:00.000Z',
      ),
    );
    expect(await screen.findByText('No mentorship sessions or classes this week.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findAllByText('Lê Bình')).toBeTruthy();
  });

  it('says so when nothing is coming up', async () => {
    api.fetchCalendar.mockImplementation(calendar([]));
    renderAt(<MySchedulePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'List' }));
    expect(screen.getByText('Nothing coming up')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Available slots' }).getAttribute('href')).toBe('/dashboard/available');
    expect(screen.getByRole('link', { name: 'Register class' }).getAttribute('href')).toBe('/dashboard/class-register');
  });

  it('creates the subscription link and shows it once', async () => {
    renderAt(<MySchedulePage />);
    const create = await screen.findByRole('button', { name: 'Create link' });
    await vi.waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    await vi.waitFor(() => expect(api.createFeed).toHaveBeenCalledTimes(1));
    const field = await screen.findByLabelText<HTMLInputElement>('Calendar subscription link');
    expect(field.value).toBe(`${window.location.origin}/calendar/abc.ics`);
    expect(api.createFeed).toHaveBeenCalledTimes(1);
  });
});
