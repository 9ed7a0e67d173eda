import { queryOptions, useMutation } from '@tanstack/react-query';
import { optimistic } from '@/lib/query-client';
import type { Cart } from '../types';
import { loadHeaderCart, removeCartItem } from './cart';
import { cartKeys } from './keys';

export const cartQueries = {
  header: () => queryOptions({ queryKey: cartKeys.header(), queryFn: () => loadHeaderCart() }),
};

/** The cart without one item, its total lowered by the item's price. */
export function withoutItem(cart: Cart | null, itemId: string): Cart | null {
  const item = cart?.items.find((i) => i._id === itemId);
  if (!cart || !item) return cart;
  return { ...cart, items: cart.items.filter((i) => i !== item), totalAmount: cart.totalAmount - item.course.price };
}

/** Removes an item: it leaves the cart at once, and comes back when the server refuses. */
export function useRemoveCartItem() {
  return useMutation({
    mutationFn: async ({ cartId, itemId }: { cartId: string; itemId: string }) => {
      if (!(await removeCartItem(cartId, itemId))) throw new Error('The cart item was not removed');
    },
    ...optimistic<Cart | null, { cartId: string; itemId: string }>(cartKeys.header(), (cart, { itemId }) =>
      withoutItem(cart, itemId),
    ),
  });
}
