import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { classView } from '../testing/class-view';
import ClassRegisterPage from './class-register';

const api = vi.hoisted(() => ({
  fetchTeaching: vi.fn(),
  fetchAudiences: vi.fn(),
  saveClass: vi.fn(),
  cancelClass: vi.fn(),
  fetchRoster: vi.fn(),
  fetchMyClasses: vi.fn(),
  registerForClass: vi.fn(),
  withdrawFromClass: vi.fn(),
}));
vi.mock('../api/classes', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('class register page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    api.fetchAudiences.mockReset().mockResolvedValue([
      { kind: 'course', id: 'c1', title: 'Lập trình Rust' },
      { kind: 'plan', id: 'p1', title: 'Mentoring' },
    ]);
    api.fetchTeaching.mockReset().mockResolvedValue([classView()]);
    api.saveClass.mockReset().mockResolvedValue(classView());
    api.fetchRoster.mockReset().mockResolvedValue({
      class: classView(),
      registrants: [
        {
          userId: 's1',
          name: 'Phan Thị Yến',
          email: 'yen@example.com',
          avatar: null,
          registeredAt: new Date().toISOString(),
        },
      ],
    });
  });

  it("shows the shared rules' messages before anything is sent, then sends the class for the chosen course", async () => {
    renderAt(<ClassRegisterPage />);
    const schedule = await screen.findByRole('button', { name: 'Schedule class' });
    fireEvent.change(screen.getByLabelText('Seats', { exact: false }), { target: { value: '0' } });
    fireEvent.click(schedule);

    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Choose one of your courses or one of your mentorship plans')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 500')).toBeTruthy();
    expect(api.saveClass).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Topic', { exact: false }), { target: { value: 'Ôn thi' } });
    fireEvent.change(screen.getByLabelText('For', { exact: false }), { target: { value: 'plan:p1' } });
    fireEvent.change(screen.getByLabelText('Seats', { exact: false }), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Length (minutes)', { exact: false }), { target: { value: '50' } });
    fireEvent.click(schedule);
    expect(screen.getByText('Enter 15 to 480 minutes in steps of 15')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Length (minutes)', { exact: false }), { target: { value: '45' } });
    fireEvent.click(schedule);

    await vi.waitFor(() => expect(api.saveClass).toHaveBeenCalledTimes(1));
    const sent = api.saveClass.mock.calls[0]?.[0] as { body: { startsAt: number } };
    expect(sent).toMatchObject({
      id: undefined,
      body: { topic: 'Ôn thi', courseId: null, planId: 'p1', seats: 4, minutes: 45 },
    });
    expect(sent.body.startsAt).toBeGreaterThan(Date.now());
  });

  it('lists the classes with their seats and shows who registered', async () => {
    renderAt(<ClassRegisterPage />);
    expect(await screen.findByText('Chữa bài tập chương 3')).toBeTruthy();
    expect(screen.getByTestId('class-seats').textContent).toBe('18/20 registered · 2 seats left');
    fireEvent.click(screen.getByRole('button', { name: 'Students (18)' }));
    expect(await screen.findByText('Phan Thị Yến')).toBeTruthy();
    expect(api.fetchRoster).toHaveBeenCalledWith('k1');
  });
});
