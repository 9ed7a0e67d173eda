import { beforeEach, describe, expect, it } from 'vitest';
import { GUEST_CART_MAX, addGuestCourse, guestCartView, readGuestCart, removeGuestCourse, withoutItem } from './cart';

const course = (n: number) => ({ courseId: `c${n}`, title: `Course ${n}`, price: 1_000 * n, currency: 'VND' });

describe("a visitor's cart", () => {
  beforeEach(() => localStorage.clear());

  it('refuses a course already in it, and any course past the limit', () => {
    expect(addGuestCourse(course(1))).toBeNull();
    expect(addGuestCourse(course(1))).toBe('inCart');
    for (let n = 2; n <= GUEST_CART_MAX; n++) expect(addGuestCourse(course(n))).toBeNull();
    expect(addGuestCourse(course(GUEST_CART_MAX + 1))).toBe('full');
    expect(readGuestCart()).toHaveLength(GUEST_CART_MAX);
  });

  it("reads as the server's cart: items, count and total", () => {
    addGuestCourse(course(1));
    addGuestCourse(course(2));
    const cart = guestCartView(readGuestCart());
    expect([cart.count, cart.totalAmount, cart.currency]).toEqual([2, 3_000, 'VND']);
    expect(withoutItem(cart, 'c2')?.totalAmount).toBe(1_000);
    removeGuestCourse('c1');
    expect(readGuestCart().map((c) => c.courseId)).toEqual(['c2']);
  });

  it('reads a broken store as empty', () => {
    localStorage.setItem('academy.cart', '{not json');
    expect(readGuestCart()).toEqual([]);
  });
});
