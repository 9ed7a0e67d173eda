import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { CartDropdown } from './cart-dropdown';

function open() {
  const trigger = screen.getByRole('button', { name: /Cart/ });
  fireEvent.pointerEnter(trigger.parentElement as HTMLElement, { pointerType: 'mouse' });
}

describe('CartDropdown', () => {
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
});
