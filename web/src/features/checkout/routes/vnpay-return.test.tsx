import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LocationProbe, renderRoutes, user } from '@/testing/render';
import VnpayReturnPage from './vnpay-return';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() }));
vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: http }));

const orders = {
  items: [{ _id: 'o1', code: 'AC7K2M9', status: 'pending' }],
  page: 1,
  pageSize: 20,
  total: 1,
  totalPages: 1,
};

function renderReturn(query: string) {
  return renderRoutes(
    [
      { path: '/checkout/vnpay-return', element: <VnpayReturnPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { at: `/checkout/vnpay-return?${query}`, auth: { user: user('Student'), isAuthenticated: true } },
  );
}

describe('VnpayReturnPage', () => {
  beforeEach(async () => {
    http.get.mockReset();
    http.get.mockResolvedValue({ code: 1000, result: orders });
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('follows a completed payment on the order page (VNPay server notice decides)', async () => {
    const { router } = renderReturn('vnp_TxnRef=AC7K2M9&vnp_ResponseCode=00');
    await waitFor(() => expect(router.state.location.search).toBe('?order=o1'));
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('says when VNPay did not take the payment, and leads back to the order', async () => {
    renderReturn('vnp_TxnRef=AC7K2M9&vnp_ResponseCode=24');
    expect((await screen.findByRole('alert')).textContent).toContain('did not go through');
    expect(screen.getByRole('link', { name: 'Back to my order' }).getAttribute('href')).toBe('/checkout?order=o1');
  });

  it('says so when the order is not one of the caller’s', async () => {
    renderReturn('vnp_TxnRef=UNKNOWN&vnp_ResponseCode=00');
    expect((await screen.findByRole('alert')).textContent).toBe('This order was not found.');
  });
});
