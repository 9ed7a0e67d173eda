import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { CourseDetail } from '@/lib/api/types';
import { GUEST_CART_KEY } from '@/lib/cart';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import { BuyBox } from './buy-box';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const course = (extra: Partial<CourseDetail> = {}) =>
  ({
    _id: 'c1',
    title: 'SQL cho phân tích dữ liệu',
    thumbnail: null,
    price: 990_000,
    discount: null,
    currentPrice: 990_000,
    currency: 'VND',
    fullAccess: false,
    ...extra,
  }) as CourseDetail;

const emptyCart = { _id: 'cart1', count: 0, currency: null, totalAmount: 0, items: [] };
const student = { user: user('Student'), isAuthenticated: true };

describe('BuyBox', () => {
  beforeEach(async () => {
    for (const fn of [...Object.values(http), ...Object.values(toast)]) fn.mockReset();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('leads an owner to the course', () => {
    renderAt(<BuyBox course={course({ fullAccess: true })} />, { auth: student });
    expect(screen.getByTestId('go-to-learning').getAttribute('href')).toBe('/profile/enroll-lectures?id=c1');
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
  });

  it("shows the server's refusal when a course cannot go in the cart", async () => {
    http.get.mockResolvedValue({ code: 1000, result: emptyCart });
    http.post.mockRejectedValue(new ApiError('You already own this course.', { kind: 'envelope', status: 409 }));
    renderAt(<BuyBox course={course()} />, { auth: student });
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You already own this course.'));
    expect(http.post).toHaveBeenCalledWith('/api/cart/items', { courseId: 'c1' });
  });

  it("keeps a visitor's choice in the browser, then offers the cart and sign-in to buy", async () => {
    renderAt(<BuyBox course={course({ discount: 590_000, currentPrice: 590_000 })} />);
    fireEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Added to your cart.'));
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toEqual([
      { courseId: 'c1', title: 'SQL cho phân tích dữ liệu', thumbnail: null, price: 590_000, currency: 'VND' },
    ]);
    expect(await screen.findByTestId('go-to-cart')).toBeTruthy();
    expect(screen.getByTestId('buy-now').getAttribute('href')).toBe('/login?redirect=%2Fcheckout%3Fcourse%3Dc1');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('enrols in a free course in one click and goes to it', async () => {
    http.post.mockResolvedValue({ code: 1000, result: { courseId: 'c1', enrolledAt: '2026-11-23T08:00:00Z' } });
    const { router } = renderAt(<BuyBox course={course({ price: 0, currentPrice: 0 })} />, { auth: student });
    fireEvent.click(screen.getByTestId('enroll-free'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/enroll-lectures'));
    expect(http.post).toHaveBeenCalledWith('/api/courses/c1/enroll-free');
  });
});
