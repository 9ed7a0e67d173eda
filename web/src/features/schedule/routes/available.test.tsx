import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadScheduleRules } from '@/lib/wasm-schedule';
import { renderAt } from '@/testing/render';
import AvailablePage, { clock, minutesOf } from './available';

const api = vi.hoisted(() => ({
  fetchWeek: vi.fn(),
  saveWeek: vi.fn(),
  fetchSlots: vi.fn(),
  fetchSessions: vi.fn(),
  bookSession: vi.fn(),
  cancelSession: vi.fn(),
  rescheduleSession: vi.fn(),
}));
vi.mock('../api/schedule', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const week = {
  zone: 'Asia/Ho_Chi_Minh',
  weekly: [[{ start: 540, end: 720 }], [], [], [], [], [], []],
  overrides: [],
  bufferMinutes: 0,
  noticeMinutes: 120,
  updatedAt: null,
};

describe('times of day', () => {
  it('reads and writes HH:MM, the end of the day included', () => {
    expect(clock(570)).toBe('09:30');
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('nine')).toBeNaN();
  });
});

describe('the week editor', () => {
  beforeEach(() => {
    api.fetchWeek.mockReset().mockResolvedValue(week);
    api.fetchSessions.mockReset().mockResolvedValue([
      {
        id: 's1',
        enrollmentId: 'e1',
        teacherId: 't',
        studentId: 'u',
        teacherName: 'Khoa',
        studentName: 'Phan Thị Yến',
        startAt: '2026-12-01T02:00:00.000Z',
        endAt: '2026-12-01T03:00:00.000Z',
        status: 'booked',
        createdAt: '2026-11-20T00:00:00.000Z',
        updatedAt: '2026-11-20T00:00:00.000Z',
      },
    ]);
    api.saveWeek.mockReset().mockImplementation((body: object) => Promise.resolve({ ...body, updatedAt: null }));
  });

  it(
    "shows the shared rule's message for overlapping hours before anything is sent, then sends the week",
    { timeout: 20_000 },
    async () => {
      await i18n.changeLanguage('en');
      await loadScheduleRules();
      renderAt(<AvailablePage />);
      const save = await screen.findByRole('button', { name: 'Save availability' });
      expect(screen.getByText('with Phan Thị Yến')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Monday: add an interval' }));
      fireEvent.change(screen.getByLabelText('Monday: start of interval 2'), { target: { value: '11:00' } });
      fireEvent.change(screen.getByLabelText('Monday: end of interval 2'), { target: { value: '13:00' } });
      fireEvent.change(screen.getByLabelText('Minutes free between sessions'), { target: { value: '500' } });
      fireEvent.click(save);
      expect(await screen.findByText('Intervals must be in order and must not overlap')).toBeTruthy();
      expect(screen.getByText('Enter a whole number from 0 to 120')).toBeTruthy();
      expect(api.saveWeek).not.toHaveBeenCalled();

      fireEvent.change(screen.getByLabelText('Monday: start of interval 2'), { target: { value: '14:00' } });
      fireEvent.change(screen.getByLabelText('Monday: end of interval 2'), { target: { value: '17:30' } });
      fireEvent.change(screen.getByLabelText('Minutes free between sessions'), { target: { value: '15' } });
      expect(screen.getByTestId('hours-zone').textContent).toBe('The time zone of your profile.');
      fireEvent.change(screen.getByLabelText('Time zone of these hours'), { target: { value: 'Europe/Berlin' } });
      // Hours kept in another zone than the person's: the times shown stay in the person's zone, and it says so.
      expect(screen.getByTestId('hours-zone').textContent).toBe(
        'Not the time zone of your profile; the times below are still shown in Asia/Ho_Chi_Minh (GMT+7).',
      );
      fireEvent.click(save);
      await vi.waitFor(() => expect(api.saveWeek).toHaveBeenCalledTimes(1));
      expect(api.saveWeek.mock.calls[0]?.[0]).toMatchObject({
        zone: 'Europe/Berlin',
        weekly: [
          [
            { start: 540, end: 720 },
            { start: 840, end: 1050 },
          ],
          [],
          [],
          [],
          [],
          [],
          [],
        ],
        bufferMinutes: 15,
        noticeMinutes: 120,
      });
    },
  );

  it('previews the open times the week gives, and follows each edit', { timeout: 20_000 }, async () => {
    await i18n.changeLanguage('en');
    await loadScheduleRules();
    renderAt(<AvailablePage />);
    const preview = await screen.findByTestId('open-times-preview');
    // Mondays 09:00–12:00 in Ho Chi Minh City: only Mondays, every one of the next two weeks.
    const days = within(preview).getAllByTestId('preview-day');
    expect(days.length).toBeGreaterThanOrEqual(2);
    for (const day of days) expect(day.textContent).toMatch(/^Monday/);
    expect(days.at(-1)?.textContent).toMatch(/09:00.*10:00.*11:00/);

    fireEvent.click(screen.getByRole('button', { name: 'Monday: remove interval 1' }));
    expect(await within(preview).findByText('This week gives no open times in the next 2 weeks.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tuesday: add an interval' }));
    await vi.waitFor(() => expect(within(preview).getAllByTestId('preview-day')[0]?.textContent).toMatch(/^Tuesday/));
  });

  it('gives the same session times as the server for a Berlin week across the spring switch', async () => {
    const rules = await loadScheduleRules();
    const weekly = Array.from({ length: 7 }, () => [{ start: 540, end: 600 }]);
    const everyDay = { zone: 'Europe/Berlin', weekly, bufferMinutes: 0, noticeMinutes: 0 };
    const from = Date.UTC(2027, 2, 27);
    const slots = rules.openSlots(everyDay, [], [], from, from + 3 * 86_400_000, 0, 60);
    expect(slots.map(([start]) => new Date(start).toISOString())).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
    expect(rules.timeZones()).toContain('Asia/Ho_Chi_Minh');
  });
});
