import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import AdsPromoPage, { fromLocalInput, toLocalInput } from './ads-promo';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const admin = { user: user('Admin'), isAuthenticated: true };

const coupon = {
  _id: 'k1',
  code: 'FIRST100',
  kind: 'percent',
  value: 40,
  courseId: 'c1',
  courseTitleVi: 'Lập trình Rust backend',
  courseTitleEn: 'Rust backend programming',
  startsAt: '2026-12-01T01:00:00Z',
  endsAt: null,
  usedCount: 37,
  maxUses: 100,
  active: true,
};
const promotion = {
  id: 'p1',
  couponId: 'k1',
  couponCode: 'FIRST100',
  placements: ['home', 'courses'],
  pictureUrl: null,
  titleVi: 'Giảm 40% cho 100 khách hàng đầu tiên',
  titleEn: '40% off for the first 100 customers',
  textVi: '',
  textEn: '',
  startsAt: null,
  endsAt: null,
  priority: 100,
  active: true,
  showing: true,
  views: 120,
  clicks: 14,
  redemptions: 37,
  remainingUses: 63,
  createdAt: 0,
};

function answer(path: string) {
  if (path === '/api/admin/promotions') return Promise.resolve({ code: 1000, result: [promotion] });
  if (path === '/api/admin/coupons') return Promise.resolve({ code: 1000, result: [coupon] });
  return Promise.resolve({ code: 1000, result: [] });
}

describe('the promotions page', () => {
  beforeEach(async () => {
    for (const fn of Object.values(http)) fn.mockReset();
    http.get.mockImplementation(answer);
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('is titled as its menu item and lists the promotions with their counts', async () => {
    renderAt(<AdsPromoPage />, { auth: admin });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ads-Promo');
    const row = await screen.findByTestId('promotion-row');
    for (const text of [
      '40% off for the first 100 customers',
      'FIRST100',
      'Home page, Course list',
      '120',
      '14',
      '37',
      '63',
    ]) {
      expect(row.textContent).toContain(text);
    }
  });

  it('is titled as its Vietnamese menu item in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    renderAt(<AdsPromoPage />, { auth: admin });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quảng cáo & Khuyến mãi');
    await screen.findByTestId('promotion-row');
  });

  it('shows the shared rule’s messages beside the fields before sending anything', async () => {
    renderAt(<AdsPromoPage />, { auth: admin });
    const form = await screen.findByTestId('promotion-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await within(form).findByText('Choose a coupon')).toBeTruthy();
    expect(within(form).getAllByText('This field is required').length).toBe(2);
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates a promotion placed on the home band and the course list', async () => {
    http.post.mockResolvedValue({ code: 1000, result: promotion });
    renderAt(<AdsPromoPage />, { auth: admin });
    const form = await screen.findByTestId('promotion-form');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'FIRST100 (40%)' })).toBeTruthy());
    fireEvent.change(within(form).getByLabelText('Coupon'), { target: { value: 'k1' } });
    fireEvent.click(within(form).getByLabelText('Course list'));
    fireEvent.change(within(form).getByLabelText('Title (Vietnamese)'), { target: { value: 'Giảm 40%' } });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: '40% off' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create promotion' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/admin/promotions',
        expect.objectContaining({ couponId: 'k1', placements: ['home', 'courses'], titleEn: '40% off' }),
      ),
    );
  });

  it('shows the coupons tab with each coupon’s course name', async () => {
    renderAt(<AdsPromoPage />, { auth: admin });
    fireEvent.click(screen.getByRole('tab', { name: 'Coupons' }));
    const row = await screen.findByTestId('coupon-row');
    expect(row.textContent).toContain('Rust backend programming');
    expect(row.textContent).not.toContain('c1');
  });
});

describe('datetime fields in the person’s time zone', () => {
  it('reads and writes a wall-clock time of the zone', () => {
    const ms = Date.UTC(2026, 11, 1, 1, 30);
    expect(toLocalInput(ms, 'Asia/Ho_Chi_Minh')).toBe('2026-12-01T08:30');
    expect(fromLocalInput('2026-12-01T08:30', 'Asia/Ho_Chi_Minh')).toBe(ms);
    expect(fromLocalInput('', 'Asia/Ho_Chi_Minh')).toBeNull();
  });
});
