import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { commerceAdminApi, type CouponBody, type PaymentSettingsBody, type PromotionBody } from './admin';

export const commerceAdminKeys = {
  all: () => ['commerce-admin'] as const,
  orders: (status: string, page: number) => [...commerceAdminKeys.all(), 'orders', status, page] as const,
  transactions: (review: string, page: number) => [...commerceAdminKeys.all(), 'transactions', review, page] as const,
  coupons: () => [...commerceAdminKeys.all(), 'coupons'] as const,
  promotions: () => [...commerceAdminKeys.all(), 'promotions'] as const,
  courseOptions: (search: string) => [...commerceAdminKeys.all(), 'course-options', search] as const,
  settings: () => [...commerceAdminKeys.all(), 'settings'] as const,
};

export const commerceAdminQueries = {
  orders: (status: string, page: number) =>
    queryOptions({
      queryKey: commerceAdminKeys.orders(status, page),
      queryFn: () => commerceAdminApi.orders(status, page),
    }),
  transactions: (review: string, page: number) =>
    queryOptions({
      queryKey: commerceAdminKeys.transactions(review, page),
      queryFn: () => commerceAdminApi.transactions(review, page),
    }),
  coupons: () => queryOptions({ queryKey: commerceAdminKeys.coupons(), queryFn: commerceAdminApi.coupons }),
  promotions: () => queryOptions({ queryKey: commerceAdminKeys.promotions(), queryFn: commerceAdminApi.promotions }),
  courseOptions: (search: string) =>
    queryOptions({
      queryKey: commerceAdminKeys.courseOptions(search),
      queryFn: () => commerceAdminApi.courseOptions(search),
      staleTime: 60_000,
    }),
  settings: () => queryOptions({ queryKey: commerceAdminKeys.settings(), queryFn: commerceAdminApi.settings }),
};

/** Any act on money changes orders, transactions and coupon counts alike: they are all read again. */
function useAdminMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: commerceAdminKeys.all() }),
  });
}

export const useConfirmOrder = () =>
  useAdminMutation(({ id, note }: { id: string; note: string }) => commerceAdminApi.confirm(id, note));
export const useRefundOrder = () =>
  useAdminMutation(({ id, note }: { id: string; note: string }) => commerceAdminApi.refund(id, note));
export const useResolveTransaction = () =>
  useAdminMutation(({ id, note }: { id: string; note: string }) => commerceAdminApi.resolve(id, note));
export const useRefundTransaction = () =>
  useAdminMutation(({ id, note }: { id: string; note: string }) => commerceAdminApi.refundTransaction(id, note));
export const useApplyTransaction = () =>
  useAdminMutation(({ id, orderCode, note }: { id: string; orderCode: string; note: string }) =>
    commerceAdminApi.applyTransaction(id, orderCode, note),
  );
export const useCreateCoupon = () => useAdminMutation((body: CouponBody) => commerceAdminApi.createCoupon(body));
export const useSetCouponActive = () =>
  useAdminMutation(({ id, active }: { id: string; active: boolean }) => commerceAdminApi.setCouponActive(id, active));
export const useSaveSettings = () =>
  useAdminMutation((body: PaymentSettingsBody) => commerceAdminApi.saveSettings(body));

/** Creates (no id) or saves a promotion; the list is read again. */
export function useSavePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PromotionBody }) =>
      id ? commerceAdminApi.updatePromotion(id, body) : commerceAdminApi.createPromotion(body),
    onSuccess: () => client.invalidateQueries({ queryKey: commerceAdminKeys.promotions() }),
  });
}

/** Deletes a promotion; the list is read again. */
export function useDeletePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => commerceAdminApi.deletePromotion(id),
    onSuccess: () => client.invalidateQueries({ queryKey: commerceAdminKeys.promotions() }),
  });
}
