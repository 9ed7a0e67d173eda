import { request } from '@/lib/api-client';
import type { Cart } from '../types';

/** DELETE /api/cart/delete with form fields cartId and itemId; status 200 is success. */
export async function removeCartItem(cartId: string, itemId: string): Promise<boolean> {
  const form = new FormData();
  form.append('cartId', cartId);
  form.append('itemId', itemId);
  const response = await request<{ status?: number } | null>('/api/cart/delete', { method: 'DELETE', body: form });
  return response?.status === undefined || response.status === 200;
}

/**
 * The header cart's loader. how the header's cart is loaded is not shown (the loader only logs),
 * so no request is made; the dropdown shows its empty state until the checkout milestone defines the call.
 */
export function loadHeaderCart(): Promise<Cart | null> {
  console.info('cart: loading the header cart is not defined yet');
  return Promise.resolve(null);
}
