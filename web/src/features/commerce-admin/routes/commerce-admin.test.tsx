import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import { CouponsPanel } from './coupons';
import CommerceOrdersPage from './orders';
import PaymentMethodPage from './payment-method';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const admin = { user: user('Admin'), isAuthenticated: true };

const pendingOrder = {
  _id: 'o1',
  code: 'AC7K2M9',
  status: 'pending',
  currency: 'VND',
  subtotal: 990_000,
  discountTotal: 0,
  totalAmount: 990_000,
  amountReceived: 500_000,
  amountDue: 490_000,
  amountRefunded: 0,
  paymentMethod: 'vietqr',
  createdAt: '2026-11-23T08:00:00Z',
  expiresAt: '2026-11-23T08:30:00Z',
  items: [{ _id: 'i1', courseId: 'c1', title: 'SQL cho phân tích', status: 'active' }],
  buyer: { userId: 'u1', username: 'phanthiyen', name: 'Phan Thị Yến', email: 'yen@example.com' },
};

describe('commerce administration', () => {
  beforeEach(async () => {
    for (const fn of Object.values(http)) fn.mockReset();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('confirms a transfer by hand with a note, and filters orders by status', async () => {
    http.get.mockResolvedValue({
      code: 1000,
      result: { items: [pendingOrder], page: 1, pageSize: 20, total: 1, totalPages: 1 },
    });
    http.post.mockResolvedValue({ code: 1000, result: { ...pendingOrder, status: 'paid' } });
    renderAt(<CommerceOrdersPage />, { auth: admin });
    const row = await screen.findByTestId('admin-order');
    expect(row.textContent).toContain('Phan Thị Yến');
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm transfer' }));
    fireEvent.change(within(row).getByLabelText('Note (why)'), { target: { value: 'Seen on the bank statement' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm paid' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/admin/orders/o1/confirm', { note: 'Seen on the bank statement' }),
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith('/api/admin/orders', { query: { status: 'paid', page: 1 } }),
    );
  });

  it('applies the money of a closed order to the order the administrator names by its code', async () => {
    const stranded = {
      _id: 't1',
      provider: 'sepay',
      providerId: '1',
      transferType: 'in',
      amount: 100_000,
      currency: 'VND',
      content: 'AC7K2M9 chuyen khoan',
      orderCode: 'AC7K2M9',
      outcome: 'order_closed',
      reviewStatus: 'open',
      reviewNote: '',
      receivedAt: '2026-11-23T08:00:00Z',
    };
    http.get.mockImplementation((path: string) =>
      Promise.resolve({
        code: 1000,
        result:
          path === '/api/admin/payments'
            ? { items: [stranded], page: 1, pageSize: 20, total: 1, totalPages: 1 }
            : { items: [], page: 1, pageSize: 20, total: 0, totalPages: 0 },
      }),
    );
    http.post.mockResolvedValue({ code: 1000, result: pendingOrder });
    renderAt(<CommerceOrdersPage />, { auth: admin });
    fireEvent.click(await screen.findByRole('tab', { name: /transfers/i }));
    const row = await screen.findByTestId('admin-transfer');
    fireEvent.click(within(row).getByRole('button', { name: 'Apply to another order' }));
    const submit = within(row).getByRole('button', { name: 'Apply the money' });
    fireEvent.change(within(row).getByLabelText('Note (why)'), { target: { value: 'Moved to the new order' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Code of the order that takes the money'), {
      target: { value: ' AC9XYZ3 ' },
    });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/admin/payments/t1/apply', {
        orderId: 'AC9XYZ3',
        note: 'Moved to the new order',
      }),
    );
  });

  it('shows the refusal of an act under its note', async () => {
    http.get.mockResolvedValue({
      code: 1000,
      result: { items: [pendingOrder], page: 1, pageSize: 20, total: 1, totalPages: 1 },
    });
    http.post.mockRejectedValue(new ApiError('The order is no longer pending.', { kind: 'envelope', status: 409 }));
    renderAt(<CommerceOrdersPage />, { auth: admin });
    const row = await screen.findByTestId('admin-order');
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm transfer' }));
    fireEvent.change(within(row).getByLabelText('Note (why)'), { target: { value: 'x' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm paid' }));
    expect(await within(row).findByText('The order is no longer pending.')).toBeTruthy();
  });

  it('saves the receiving bank account and shows a field the server refuses under it', async () => {
    http.get.mockResolvedValue({
      code: 1000,
      result: { configured: false, commissionPercent: 20, orderExpiryMinutes: 30 },
    });
    http.put.mockRejectedValue(
      new ApiError('Invalid', { kind: 'envelope', status: 422, fields: { bankBin: 'The BIN has 6 digits.' } }),
    );
    renderAt(<PaymentMethodPage />, { auth: admin });
    expect(await screen.findByText(/Bank transfers are not set up/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bank BIN (6 digits)'), { target: { value: '9704' } });
    fireEvent.change(screen.getByLabelText('Bank name'), { target: { value: 'Vietcombank' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '1027493651' } });
    fireEvent.change(screen.getByLabelText('Account holder (no accents)'), { target: { value: 'HOC VIEN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The BIN has 6 digits.')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith('/api/admin/payment-settings', {
      bankBin: '9704',
      bankName: 'Vietcombank',
      accountNumber: '1027493651',
      accountName: 'HOC VIEN',
      commissionPercent: 20,
      orderExpiryMinutes: 30,
    });
  });

  it('lists coupons with their uses and switches one off', async () => {
    const coupons = {
      code: 1000,
      result: [
        {
          _id: 'k1',
          code: 'FIRST100',
          kind: 'percent',
          value: 40,
          minOrder: 0,
          maxUses: 100,
          usedCount: 37,
          active: true,
          descriptionVi: '',
          descriptionEn: '',
          createdAt: '2026-11-23T08:00:00Z',
        },
      ],
    };
    http.get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/dashboard/courses'
          ? { code: 1000, result: { items: [], total: 0, page: 1, pageSize: 20 } }
          : coupons,
      ),
    );
    http.patch.mockResolvedValue({ code: 1000, result: {} });
    renderAt(<CouponsPanel />, { auth: admin });
    const row = await screen.findByTestId('coupon-row');
    expect(row.textContent).toContain('40%');
    expect(row.textContent).toContain('37 / 100');
    fireEvent.click(within(row).getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(http.patch).toHaveBeenCalledWith('/api/admin/coupons/k1', { active: false }));
  });

  it('picks the course of a new coupon by its title and sends its id', async () => {
    http.get.mockImplementation((path: string, options?: { query?: { search?: string } }) => {
      if (path !== '/api/dashboard/courses') return Promise.resolve({ code: 1000, result: [] });
      const search = options?.query?.search ?? '';
      const all = [
        { _id: 'c-rust', title: 'Lập trình Rust backend' },
        { _id: 'c-photo', title: 'Chụp ảnh đẹp bằng điện thoại' },
      ];
      const items = all.filter((c) => !search || c.title.toLowerCase().includes(search.toLowerCase()));
      return Promise.resolve({ code: 1000, result: { items, total: items.length, page: 1, pageSize: 20 } });
    });
    http.post.mockResolvedValue({ code: 1000, result: { _id: 'k2', code: 'RUST10' } });
    renderAt(<CouponsPanel />, { auth: admin });
    const form = await screen.findByTestId('coupon-form');
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Find a course by its title…' }), {
      target: { value: 'rust' },
    });
    const select = within(form).getByRole('combobox', { name: 'Course it applies to' });
    await waitFor(() =>
      expect(within(select).queryByRole('option', { name: 'Chụp ảnh đẹp bằng điện thoại' })).toBeNull(),
    );
    fireEvent.change(select, { target: { value: 'c-rust' } });
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Lập trình Rust backend');
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'RUST10' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/admin/coupons', expect.objectContaining({ courseId: 'c-rust' })),
    );
  });

  it('reads the dates of a new coupon in the person’s time zone, not the browser’s', async () => {
    http.get.mockResolvedValue({ code: 1000, result: { items: [], total: 0, page: 1, pageSize: 20 } });
    http.post.mockResolvedValue({ code: 1000, result: { _id: 'k3', code: 'TET' } });
    renderAt(<CouponsPanel />, { auth: { ...admin, user: user('Admin', { timeZone: 'Asia/Tokyo' }) } });
    const form = await screen.findByTestId('coupon-form');
    expect(within(form).getByText('Times in the Asia/Tokyo time zone.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'TET' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-12-31T23:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    // 09:00 in Tokyo (UTC+9) is midnight UTC, whatever zone the browser is in.
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/admin/coupons',
        expect.objectContaining({ startsAt: Date.UTC(2026, 11, 1, 0, 0), endsAt: Date.UTC(2026, 11, 31, 14, 30) }),
      ),
    );
  });
});
