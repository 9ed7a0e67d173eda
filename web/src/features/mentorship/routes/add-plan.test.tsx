import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import AddPlanPage from './add-plan';

const api = vi.hoisted(() => ({
  fetchPlan: vi.fn(),
  fetchPlans: vi.fn(),
  fetchBookings: vi.fn(),
  savePlan: vi.fn(),
  deletePlan: vi.fn(),
}));
vi.mock('../api/plans', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('plan editor', () => {
  beforeEach(() => {
    api.savePlan.mockReset().mockResolvedValue({ id: 'new' });
  });

  it("shows the shared rules' messages before anything is sent, then sends the plan without blank services", async () => {
    await i18n.changeLanguage('en');
    renderAt(<AddPlanPage />);
    const save = await screen.findByRole('button', { name: 'Save plan' });
    fireEvent.change(screen.getByLabelText('Max active mentees', { exact: false }), { target: { value: '0' } });
    fireEvent.click(save);

    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 1000')).toBeTruthy();
    expect(api.savePlan).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Title (Vietnamese)', { exact: false }), {
      target: { value: 'Kèm cặp 1-1' },
    });
    fireEvent.change(screen.getByLabelText('Max active mentees', { exact: false }), { target: { value: '5' } });
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.change(screen.getByLabelText('Service 1 (Vietnamese)'), { target: { value: 'Xem lại mã' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a service' }));
    fireEvent.click(save);

    await vi.waitFor(() => expect(api.savePlan).toHaveBeenCalledTimes(1));
    expect(api.savePlan.mock.calls[0]?.[0]).toMatchObject({
      id: undefined,
      body: { title: { vi: 'Kèm cặp 1-1' }, services: [{ vi: 'Xem lại mã', en: '' }], maxMentees: 5 },
    });
  });
});
