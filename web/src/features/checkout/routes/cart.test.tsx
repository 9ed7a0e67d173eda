import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { LocationProbe, renderRoutes, user } from '@/testing/render';
import CartPage from './cart';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const cart = {
  _id: 'cart1',
  count: 2,
  currency: 'VND',
  totalAmount: 2_000_000,
  items: ['Rust backend', 'IELTS 6.5'].map((title, i) => ({
    _id: `item${i}`,
    courseId: `c${i}`,
    addedAt: '2026-11-23T08:00:00Z',
    course: { _id: `c${i}`, title, thumbnail: null, price: 1_000_000, originalPrice: 1_200_000, currency: 'VND' },
  })),
};

function renderCart() {
  return renderRoutes(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { at: '/cart', auth: { user: user('Student'), isAuthenticated: true } },
  );
}

describe('CartPage', () => {
  beforeEach(async () => {
    for (const fn of Object.values(http)) fn.mockReset();
    http.get.mockResolvedValue({ code: 1000, result: cart });
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('lists the items with their sale and list prices and the total', async () => {
    renderCart();
    expect(await screen.findAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.getByTestId('cart-total').textContent).toBe('₫2,000,000');
    expect(screen.getAllByText('₫1,200,000')).toHaveLength(2);
  });

  it('applies a coupon and shows its discount, then checks out with it', async () => {
    http.post.mockResolvedValue({
      code: 1000,
      result: {
        currency: 'VND',
        items: [],
        subtotal: 2_000_000,
        discountTotal: 800_000,
        totalAmount: 1_200_000,
        couponCode: 'FIRST100',
      },
    });
    const { router } = renderCart();
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'first100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('cart-discount').textContent).toContain('₫800,000'));
    expect(http.post).toHaveBeenCalledWith('/api/cart/quote', { couponCode: 'FIRST100' });
    expect(screen.getByText('Coupon FIRST100 applied.')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('₫1,200,000');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.search).toBe('?coupon=FIRST100'));
  });

  it("shows why a coupon was refused, in the server's words", async () => {
    http.post.mockRejectedValue(
      new ApiError('Invalid', {
        kind: 'envelope',
        status: 422,
        fields: { couponCode: 'This coupon code is not valid or cannot be used for this order.' },
      }),
    );
    renderCart();
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'OLD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon code is not valid or cannot be used for this order.')).toBeTruthy();
    expect(screen.queryByTestId('cart-discount')).toBeNull();
  });

  it('shows the localized wait when too many coupon codes were tried', async () => {
    http.post.mockRejectedValue(
      new ApiError('Too many requests. Please try again in 15 minutes.', { kind: 'envelope', status: 429 }),
    );
    renderCart();
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'GUESS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Too many requests. Please try again in 15 minutes.')).toBeTruthy();
  });
});
