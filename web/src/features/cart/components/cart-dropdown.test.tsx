import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CART_KEY, type Cart } from '@/lib/cart';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import { CartDropdown } from './cart-dropdown';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const course = (id: string, title: string, price: number, thumbnail: string | null) => ({
  _id: `item-${id}`,
  courseId: id,
  addedAt: '2026-01-01T00:00:00Z',
  course: { _id: id, title, thumbnail, price, originalPrice: price, currency: 'USD' },
});

const twoItems = (): Cart => ({
  _id: 'cart1',
  count: 2,
  currency: 'USD',
  totalAmount: 4_500,
  items: [course('c1', 'React từ cơ bản', 1_999, '/t1.png'), course('c2', 'Rust for the web', 2_501, null)],
});

const signedIn = { user: user('Student'), isAuthenticated: true };

function open() {
  const trigger = screen.getByRole('button', { name: /Cart/ });
  fireEvent.pointerEnter(trigger.parentElement as HTMLElement, { pointerType: 'mouse' });
}

describe('CartDropdown', () => {
  beforeEach(async () => {
    for (const fn of Object.values(http)) fn.mockReset();
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('en');
  });

  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('shows a zero badge and the empty state', async () => {
    renderAt(<CartDropdown />);
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('0'));
    open();
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByText('Add some courses to get started with your learning journey')).toBeTruthy();
    expect(http.get).not.toHaveBeenCalled();
  });

  it('says the empty state in Vietnamese too', async () => {
    await i18n.changeLanguage('vi');
    renderAt(<CartDropdown />);
    fireEvent.pointerEnter(screen.getByTestId('cart-count').closest('button')!.parentElement!, {
      pointerType: 'mouse',
    });
    expect(await screen.findByText('Giỏ hàng của bạn đang trống')).toBeTruthy();
  });

  it("lists the account's items with title, thumbnail and price, the total and a remove action", async () => {
    http.get.mockResolvedValue({ code: 1000, result: twoItems() });
    renderAt(<CartDropdown />, { auth: signedIn });
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(http.get).toHaveBeenCalledWith('/api/cart');
    open();
    expect(screen.getByText('React từ cơ bản')).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();
    expect(screen.getByText('$25.01')).toBeTruthy();
    expect(screen.getByTestId('cart-dropdown-total').textContent).toBe('$45.00');
    expect(screen.getByRole('button', { name: 'Remove Rust for the web' })).toBeTruthy();
  });

  it('takes a removed item out at once with DELETE /api/cart/delete, and puts it back when the server refuses', async () => {
    http.get.mockResolvedValue({ code: 1000, result: twoItems() });
    let refuse: (error: Error) => void = () => undefined;
    http.delete.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    renderAt(<CartDropdown />, { auth: signedIn });
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rust for the web' }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(screen.queryByText('Rust for the web')).toBeNull();
    expect(screen.getByTestId('cart-dropdown-total').textContent).toBe('$19.99');
    const [path, form] = http.delete.mock.calls[0] as [string, FormData];
    expect(path).toBe('/api/cart/delete');
    expect([form.get('cartId'), form.get('itemId')]).toEqual(['cart1', 'item-c2']);

    refuse(new Error('refused'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(screen.getByText('Rust for the web')).toBeTruthy();
  });

  it("shows a visitor's browser cart without asking the server", async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([{ courseId: 'c9', title: 'Go in practice', thumbnail: null, price: 1_000, currency: 'USD' }]),
    );
    renderAt(<CartDropdown />);
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    open();
    expect(screen.getByText('Go in practice')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Go in practice' }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('0'));
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(http.delete).not.toHaveBeenCalled();
  });

  it("moves the browser's cart into the account once signed in, and forgets it", async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([{ courseId: 'c1', title: 'React từ cơ bản', thumbnail: null, price: 1_999, currency: 'USD' }]),
    );
    const merged = { ...twoItems(), items: [twoItems().items[0]!], count: 1, totalAmount: 1_999 };
    http.post.mockResolvedValue({ code: 1000, result: { cart: merged, skipped: [] } });
    http.get.mockResolvedValue({ code: 1000, result: { ...merged, items: [], count: 0, totalAmount: 0 } });
    renderAt(<CartDropdown />, { auth: signedIn });
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/cart/merge', { courseIds: ['c1'] }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });
});
