import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import type { Cart } from '../types';
import { CartDropdown } from './cart-dropdown';

const api = vi.hoisted(() => ({ loadHeaderCart: vi.fn(), removeCartItem: vi.fn() }));
vi.mock('../api/cart', () => api);

const twoItems = (): Cart => ({
  _id: 'cart1',
  totalAmount: 4_500,
  items: [
    { _id: 'i1', course: { title: 'React từ cơ bản', thumbnail: '/t1.png', price: 1_999 } },
    { _id: 'i2', course: { title: 'Rust for the web', thumbnail: null, price: 2_501 } },
  ],
});

function open() {
  const trigger = screen.getByRole('button', { name: /Cart/ });
  fireEvent.pointerEnter(trigger.parentElement as HTMLElement, { pointerType: 'mouse' });
}

describe('CartDropdown', () => {
  beforeEach(() => {
    for (const fn of Object.values(api)) fn.mockReset();
    api.loadHeaderCart.mockResolvedValue(null);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('shows a zero badge and the empty state', async () => {
    await i18n.changeLanguage('en');
    renderAt(<CartDropdown />);
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
    open();
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByText('Add some courses to get started with your learning journey')).toBeTruthy();
  });

  it('lists items with title, thumbnail and dollar price, the total and a remove action', async () => {
    await i18n.changeLanguage('en');
    renderAt(
      <CartDropdown
        initialCart={{
          _id: 'cart1',
          totalAmount: 4_500,
          items: [
            { _id: 'i1', course: { title: 'React từ cơ bản', thumbnail: '/t1.png', price: 1_999 } },
            { _id: 'i2', course: { title: 'Rust for the web', thumbnail: null, price: 2_501 } },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    open();
    expect(screen.getByText('React từ cơ bản')).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();
    expect(screen.getByText('$25.01')).toBeTruthy();
    expect(screen.getByText('$45.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Rust for the web' })).toBeTruthy();
  });

  it('takes a removed item out at once, and puts it back when the server refuses', async () => {
    await i18n.changeLanguage('en');
    let refuse: (error: Error) => void = () => undefined;
    api.removeCartItem.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    api.loadHeaderCart.mockReturnValue(new Promise(() => undefined));
    renderAt(<CartDropdown initialCart={twoItems()} />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rust for the web' }));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(screen.queryByText('Rust for the web')).toBeNull();
    expect(screen.getByText('$19.99', { selector: 'span' })).toBeTruthy();
    expect(api.removeCartItem).toHaveBeenCalledWith('cart1', 'i2');

    refuse(new Error('refused'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(screen.getByText('Rust for the web')).toBeTruthy();
  });
});
