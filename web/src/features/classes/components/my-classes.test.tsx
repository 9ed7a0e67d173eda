import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { classView } from '../testing/class-view';
import MyClasses from './my-classes';

const api = vi.hoisted(() => ({
  fetchMyClasses: vi.fn(),
  registerForClass: vi.fn(),
  withdrawFromClass: vi.fn(),
}));
vi.mock('../api/classes', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe("a student's live classes", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('vi');
    api.registerForClass.mockReset().mockResolvedValue(classView({ registered: true }));
  });

  it('registers for an open class and says why a full one cannot be taken', async () => {
    api.fetchMyClasses.mockResolvedValue([
      classView(),
      classView({
        _id: 'k2',
        topic: 'Lớp đã đầy',
        seatsLeft: 0,
        refusal: 'Lớp học đã hết chỗ. Hãy chọn một buổi khác.',
      }),
    ]);
    renderAt(<MyClasses />);
    const [open, full] = await screen.findAllByRole('button', { name: 'Đăng ký' });
    expect(screen.getByText('Lớp học đã hết chỗ. Hãy chọn một buổi khác.')).toBeTruthy();
    expect((full as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(open!);
    await vi.waitFor(() => expect(api.registerForClass).toHaveBeenCalledTimes(1));
    expect(api.registerForClass.mock.calls[0]?.[0]).toBe('k1');
  });

  it('shows nothing when no class is open to the student', async () => {
    api.fetchMyClasses.mockResolvedValue([]);
    renderAt(<MyClasses />);
    await vi.waitFor(() => expect(api.fetchMyClasses).toHaveBeenCalled());
    expect(screen.queryByTestId('my-classes')).toBeNull();
  });
});
