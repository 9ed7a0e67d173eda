import { api, resultOf } from '@/lib/api-client';
import { uploadPicture } from '@/lib/upload';
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type AdminOrder = Schemas['OrderView'];
export type OrderPage = Schemas['OrderPageView'];
export type Coupon = Schemas['CouponView'];
export type CouponBody = Schemas['CouponBody'];
export type PaymentSettings = Schemas['PaymentSettingsView'];
export type PaymentSettingsBody = Schemas['PaymentSettingsBody'];
export type BankTransaction = Schemas['PaymentView'];
export type TransactionPage = Schemas['PaymentPageView'];
export type CoursePage = Schemas['Envelope_Page_Course']['result'];
export type Promotion = Schemas['PromotionView'];
export type PromotionBody = Schemas['PromotionBody'];

const id = (value: string) => encodeURIComponent(value);

export const commerceAdminApi = {
  /** Courses whose title (or teacher, or category) has `search`, marks ignored; the newest when empty. */
  courseOptions: async (search: string) =>
    resultOf(
      await api.get<CoursePage>('/api/dashboard/courses', { query: { search: search || undefined, pageSize: 20 } }),
    ).items,
  orders: async (status: string, page: number) =>
    resultOf(await api.get<OrderPage>('/api/admin/orders', { query: { status: status || undefined, page } })),
  order: async (orderId: string) => resultOf(await api.get<AdminOrder>(`/api/orders/${id(orderId)}`)),
  confirm: async (orderId: string, note: string) =>
    resultOf(await api.post<AdminOrder>(`/api/admin/orders/${id(orderId)}/confirm`, { note })),
  refund: async (orderId: string, note: string, itemIds?: string[]) =>
    resultOf(await api.post<AdminOrder>(`/api/admin/orders/${id(orderId)}/refund`, { note, itemIds })),
  transactions: async (review: string, page: number) =>
    resultOf(await api.get<TransactionPage>('/api/admin/payments', { query: { review: review || undefined, page } })),
  resolve: async (transactionId: string, note: string) =>
    resultOf(await api.post<BankTransaction>(`/api/admin/payments/${id(transactionId)}/resolve`, { note })),
  refundTransaction: async (transactionId: string, note: string) =>
    resultOf(await api.post<BankTransaction>(`/api/admin/payments/${id(transactionId)}/refund`, { note })),
  applyTransaction: async (transactionId: string, orderCode: string, note: string) =>
    resultOf(
      await api.post<AdminOrder>(`/api/admin/payments/${id(transactionId)}/apply`, { orderId: orderCode, note }),
    ),
  coupons: async () => resultOf(await api.get<Coupon[]>('/api/admin/coupons')),
  createCoupon: async (body: CouponBody) => resultOf(await api.post<Coupon>('/api/admin/coupons', body)),
  setCouponActive: async (couponId: string, active: boolean) =>
    resultOf(await api.patch<Coupon>(`/api/admin/coupons/${id(couponId)}`, { active })),
  promotions: async () => resultOf(await api.get<Promotion[]>('/api/admin/promotions')),
  createPromotion: async (body: PromotionBody) => resultOf(await api.post<Promotion>('/api/admin/promotions', body)),
  updatePromotion: async (promotionId: string, body: PromotionBody) =>
    resultOf(await api.put<Promotion>(`/api/admin/promotions/${id(promotionId)}`, body)),
  deletePromotion: async (promotionId: string) =>
    resultOf(await api.delete<{ deleted: boolean }>(`/api/admin/promotions/${id(promotionId)}`)),
  settings: async () => resultOf(await api.get<PaymentSettings>('/api/admin/payment-settings')),
  saveSettings: async (body: PaymentSettingsBody) =>
    resultOf(await api.put<PaymentSettings>('/api/admin/payment-settings', body)),
};

/**
 * Uploads a promotion's picture through the site's picture path (a signed upload URL, then the server's commit,
 * which checks the file's type and size); the picture's address.
 */
export async function uploadPromotionPicture(file: File, onProgress?: (percent: number) => void): Promise<string> {
  return uploadPicture('promotion', file, onProgress);
}
