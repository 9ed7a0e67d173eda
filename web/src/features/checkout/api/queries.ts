import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '@/lib/cart';
import { sharedKeys } from '@/lib/query-client';
import { checkoutApi, type CheckoutInput, type Order } from './checkout';

/** While an order waits for its payment it is read again this often, so the page moves on by itself. */
export const ORDER_POLL_MS = 3000;

export const checkoutKeys = {
  all: () => ['orders'] as const,
  list: (page: number) => [...checkoutKeys.all(), 'list', page] as const,
  order: (id: string) => [...checkoutKeys.all(), 'one', id] as const,
  course: (id: string) => ['checkout', 'course', id] as const,
  methods: () => ['checkout', 'methods'] as const,
};

export const checkoutQueries = {
  quote: (coupon: string) =>
    queryOptions({ queryKey: cartKeys.quote(coupon), queryFn: () => checkoutApi.quote(coupon || undefined) }),
  orders: (page: number) =>
    queryOptions({ queryKey: checkoutKeys.list(page), queryFn: () => checkoutApi.orders(page) }),
  /** One order; read every {@link ORDER_POLL_MS} while it is pending. */
  order: (id: string, poll = false) =>
    queryOptions({
      queryKey: checkoutKeys.order(id),
      queryFn: () => checkoutApi.order(id),
      refetchInterval: (query) => (poll && query.state.data?.status === 'pending' ? ORDER_POLL_MS : false),
      refetchIntervalInBackground: true,
    }),
  methods: () => queryOptions({ queryKey: checkoutKeys.methods(), queryFn: checkoutApi.methods }),
  course: (id: string) => queryOptions({ queryKey: checkoutKeys.course(id), queryFn: () => checkoutApi.course(id) }),
};

/** Places the order; the cart and the order lists are read again. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckoutInput) => checkoutApi.checkout(input),
    onSuccess: (order: Order) => {
      client.setQueryData(checkoutKeys.order(order._id), order);
      return Promise.all([
        client.invalidateQueries({ queryKey: cartKeys.all() }),
        client.invalidateQueries({ queryKey: checkoutKeys.all() }),
      ]);
    },
  });
}

/** Once an order is paid the learner's courses have changed. */
export function refreshAfterPayment(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: sharedKeys.enrolledCourses }),
    client.invalidateQueries({ queryKey: sharedKeys.courses }),
    client.invalidateQueries({ queryKey: cartKeys.all() }),
    client.invalidateQueries({ queryKey: checkoutKeys.list(1) }),
  ]);
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => checkoutApi.cancel(id),
    onSuccess: (order) => {
      client.setQueryData(checkoutKeys.order(order._id), order);
      return client.invalidateQueries({ queryKey: checkoutKeys.all() });
    },
  });
}
