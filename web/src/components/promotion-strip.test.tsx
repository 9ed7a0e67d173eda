import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { PromotionStrip } from './promotion-strip';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const promotion = {
  id: 'p1',
  couponCode: 'FIRST100',
  discountKind: 'percent',
  discountValue: 40,
  currency: null,
  pictureUrl: null,
  titleVi: 'Giảm 40% cho 100 khách hàng đầu tiên',
  titleEn: '40% off for the first 100 customers',
  textVi: 'Ưu đãi có hạn',
  textEn: 'A limited offer',
  endsAt: null,
  remainingUses: 63,
};

describe('PromotionStrip', () => {
  beforeEach(() => {
    for (const fn of Object.values(http)) fn.mockReset();
    http.post.mockResolvedValue({ code: 1000, result: { counted: true } });
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('shows the first promotion with its uses left in Vietnamese and counts the view', async () => {
    http.get.mockResolvedValue({ code: 1000, result: [promotion] });
    renderAt(<PromotionStrip placement="courses" />);
    const strip = await screen.findByTestId('promotion-courses');
    expect(strip.textContent).toContain('Giảm 40% cho 100 khách hàng đầu tiên');
    expect(screen.getByTestId('promotion-left').textContent).toBe('còn 63 suất');
    expect(http.get).toHaveBeenCalledWith(
      '/api/promotions',
      expect.objectContaining({ query: { placement: 'courses' } }),
    );
    expect(http.post).toHaveBeenCalledWith('/api/promotions/p1/view', undefined, { publicRoute: true });
  });

  it('applies its code with one tap and counts the click', async () => {
    await i18n.changeLanguage('en');
    http.get.mockResolvedValue({ code: 1000, result: [{ ...promotion, id: 'p2' }] });
    const apply = vi.fn();
    renderAt(<PromotionStrip placement="cart" onApply={apply} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply the code' }));
    expect(apply).toHaveBeenCalledWith('FIRST100');
    expect(http.post).toHaveBeenCalledWith('/api/promotions/p2/click', undefined, { publicRoute: true });
    expect(screen.getByTestId('promotion-left').textContent).toBe('63 left');
  });

  it('shows nothing when no promotion is on', async () => {
    http.get.mockResolvedValue({ code: 1000, result: [] });
    const { container } = renderAt(<PromotionStrip placement="cart" />);
    await vi.waitFor(() => expect(http.get).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="promotion-cart"]')).toBeNull();
  });
});
