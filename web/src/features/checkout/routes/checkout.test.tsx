import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { LocationProbe, renderRoutes, user } from '@/testing/render';
import type { Order } from '../api/checkout';
import { checkoutKeys } from '../api/queries';
import CheckoutPage from './checkout';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const cart = {
  _id: 'cart1',
  count: 1,
  currency: 'VND',
  totalAmount: 1_890_000,
  items: [
    {
      _id: 'item1',
      courseId: 'c1',
      addedAt: '2026-11-23T08:00:00Z',
      course: {
        _id: 'c1',
        title: 'Rust backend',
        thumbnail: null,
        price: 1_890_000,
        originalPrice: 1_890_000,
        currency: 'VND',
      },
    },
  ],
};

const order = (extra: Partial<Order> = {}): Order => ({
  _id: 'o1',
  code: 'AC7K2M9',
  status: 'pending',
  currency: 'VND',
  subtotal: 1_890_000,
  discountTotal: 0,
  totalAmount: 1_890_000,
  amountReceived: 0,
  amountDue: 1_890_000,
  amountRefunded: 0,
  paymentMethod: 'vietqr',
  createdAt: '2026-11-23T08:00:00Z',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  items: [
    {
      _id: 'oi1',
      kind: 'course',
      courseId: 'c1',
      title: 'Rust backend',
      thumbnail: null,
      listPrice: 1_890_000,
      price: 1_890_000,
      discount: 0,
      paid: 1_890_000,
      currency: 'VND',
      status: 'active',
    },
  ],
  payment: {
    method: 'vietqr',
    bankBin: '970436',
    bankName: 'Vietcombank',
    accountNumber: '1027493651',
    accountName: 'CONG TY HOC VIEN ACADEMY',
    amount: 1_890_000,
    currency: 'VND',
    note: 'AC7K2M9',
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  },
  ...extra,
});

const student = { user: user('Student'), isAuthenticated: true };

function renderCheckout(at: string) {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { at, auth: student },
  );
}

describe('CheckoutPage', () => {
  beforeEach(async () => {
    for (const fn of Object.values(http)) fn.mockReset();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('places one order however often Place order is pressed, with one idempotency key', async () => {
    http.get.mockImplementation((path: string) =>
      Promise.resolve({ code: 1000, result: path === '/api/cart' ? cart : order() }),
    );
    let answer: (value: unknown) => void = () => undefined;
    http.post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { router } = renderCheckout('/checkout');
    const place = await screen.findByRole('button', { name: 'Place order' });
    expect(await screen.findByText('Rust backend')).toBeTruthy();

    fireEvent.click(place);
    fireEvent.click(place);
    fireEvent.click(place);
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(http.post).toHaveBeenCalledTimes(1);
    const [path, body, options] = http.post.mock.calls[0] as [string, unknown, { headers: Record<string, string> }];
    expect(path).toBe('/api/checkout');
    expect(body).toEqual({ courseIds: undefined, couponCode: undefined });
    expect(options.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);

    answer({ code: 1000, result: order() });
    await waitFor(() => expect(router.state.location.search).toBe('?order=o1'));
    expect(await screen.findByTestId('vietqr-panel')).toBeTruthy();
  });

  it("shows the server's refusal in the person's language", async () => {
    http.get.mockResolvedValue({ code: 1000, result: cart });
    http.post.mockRejectedValue(
      new ApiError('You already own this course.', { kind: 'envelope', status: 409, code: 409 }),
    );
    renderCheckout('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('checkout-error').textContent).toBe('You already own this course.'));
  });

  it('buys the one course of Buy now', async () => {
    http.get.mockResolvedValue({
      code: 1000,
      result: { _id: 'c1', title: 'Rust backend', price: 1_890_000, discount: null, currency: 'VND', thumbnail: null },
    });
    http.post.mockResolvedValue({ code: 1000, result: order() });
    renderCheckout('/checkout?course=c1');
    expect(await screen.findByText('Rust backend')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(http.post.mock.calls[0]![1]).toEqual({ courseIds: ['c1'], couponCode: undefined });
  });

  it('shows a short transfer, then moves on to the course by itself once the order is paid', async () => {
    let current = order({ amountReceived: 890_000, amountDue: 1_000_000 });
    http.get.mockImplementation(() => Promise.resolve({ code: 1000, result: current }));
    const { router, queryClient } = renderCheckout('/checkout?order=o1');
    expect((await screen.findByTestId('partial-payment')).textContent).toContain('still due');
    expect(screen.getByTestId('vietqr-panel')).toBeTruthy();

    current = order({ status: 'paid', amountReceived: 1_890_000, amountDue: 0, payment: null });
    await queryClient.invalidateQueries({ queryKey: checkoutKeys.order('o1') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/enroll-lectures'));
    expect(router.state.location.search).toBe('?id=c1');
  });

  it('offers VNPay only when the server has it, and bank transfer always', async () => {
    const methods = { vietqr: true, vnpay: false };
    http.get.mockImplementation((path: string) =>
      Promise.resolve({ code: 1000, result: path === '/api/payments/methods' ? methods : cart }),
    );
    const first = renderCheckout('/checkout');
    expect(await screen.findByRole('radio', { name: /Bank transfer \(VietQR\)/ })).toBeTruthy();
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('/api/payments/methods', { publicRoute: true }));
    expect(screen.queryByRole('radio', { name: /VNPay/ })).toBeNull();
    first.unmount();

    methods.vnpay = true;
    renderCheckout('/checkout');
    expect(await screen.findByRole('radio', { name: /VNPay/ })).toBeTruthy();
  });

  it('says when the time to pay is over', async () => {
    http.get.mockResolvedValue({ code: 1000, result: order({ status: 'expired', payment: null }) });
    renderCheckout('/checkout?order=o1');
    expect((await screen.findByTestId('order-expired')).textContent).toContain(
      'The time to pay for this order is over',
    );
  });
});
