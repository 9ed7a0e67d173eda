import { api, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import type { CourseDetail } from '@/lib/api/types';

type Schemas = components['schemas'];
export type Order = Schemas['OrderView'];
export type OrderPage = Schemas['OrderPageView'];
export type Quote = Schemas['QuoteView'];
export type PaymentMethods = Schemas['PaymentMethods'];

/** What one checkout asks for: the cart (no courses) or the courses named, with an optional coupon. */
export interface CheckoutInput {
  courseIds?: string[];
  couponCode?: string;
  /** The same key answers the order the first attempt made, so a double click makes one order. */
  idempotencyKey: string;
}

export const checkoutApi = {
  /** What the cart costs now, with a coupon when one is given (takes no coupon use). */
  quote: async (couponCode?: string) =>
    resultOf(await api.post<Quote>('/api/cart/quote', couponCode ? { couponCode } : {})),
  checkout: async ({ courseIds, couponCode, idempotencyKey }: CheckoutInput) =>
    resultOf(
      await api.post<Order>(
        '/api/checkout',
        { courseIds, couponCode: couponCode || undefined },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    ),
  order: async (id: string) => resultOf(await api.get<Order>(`/api/orders/${encodeURIComponent(id)}`)),
  orders: async (page: number) => resultOf(await api.get<OrderPage>('/api/orders', { query: { page, pageSize: 20 } })),
  cancel: async (id: string) => resultOf(await api.post<Order>(`/api/orders/${encodeURIComponent(id)}/cancel`)),
  /** The address of VNPay's page for what is due on a pending order. */
  vnpay: async (id: string) =>
    resultOf(await api.post<{ paymentUrl: string }>(`/api/orders/${encodeURIComponent(id)}/vnpay`)).paymentUrl,
  /** The payment methods open now (VNPay only when the server has its keys). */
  methods: async () => resultOf(await api.get<PaymentMethods>('/api/payments/methods', { publicRoute: true })),
  course: async (id: string) =>
    resultOf(await api.get<CourseDetail>(`/api/courses/${encodeURIComponent(id)}`, { publicRoute: true })),
};
