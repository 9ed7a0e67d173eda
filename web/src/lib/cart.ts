/**
 * The cart, shared by the header's dropdown, the cart page and the course page: a signed-in learner's cart lives
 * on the server (`/api/cart`); a visitor's lives in this browser (localStorage) and is added to the account at
 * sign-in (`POST /api/cart/merge`). Both read as the same {@link Cart} shape. The server decides prices and
 * refusals; the visitor's copy only remembers which courses were chosen and how they looked.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, resultOf } from './api-client';
import type { components } from './api/schema';
import { optimistic, sharedKeys } from './query-client';

export type Cart = components['schemas']['CartView'];
export type CartItem = components['schemas']['CartItemView'];
export type MergedCart = components['schemas']['MergedCart'];

/** The course a visitor puts in their browser's cart, as the course page showed it. */
export interface GuestCourse {
  courseId: string;
  title: string;
  thumbnail?: string | null;
  /** What it costs now, minor units of `currency`. */
  price: number;
  currency: string;
}

/** Where a visitor's cart is kept. */
export const GUEST_CART_KEY = 'academy.cart';
/** The id the visitor's cart reads under (it has no server id). */
export const GUEST_CART_ID = 'browser';
/** A visitor's cart holds at most this many courses (the server's merge takes 50 at a time). */
export const GUEST_CART_MAX = 50;

export const cartKeys = {
  all: () => ['cart'] as const,
  mine: (signedIn: boolean) => [...cartKeys.all(), signedIn ? 'account' : 'browser'] as const,
  quote: (coupon: string) => [...cartKeys.all(), 'quote', coupon] as const,
};

/** The courses in this browser's cart (an unreadable store reads as empty). */
export function readGuestCart(): GuestCourse[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (c): c is GuestCourse =>
            typeof c === 'object' && c !== null && typeof (c as GuestCourse).courseId === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function writeGuestCart(courses: GuestCourse[]): void {
  if (courses.length === 0) localStorage.removeItem(GUEST_CART_KEY);
  else localStorage.setItem(GUEST_CART_KEY, JSON.stringify(courses));
}

/** The browser's cart in the shape of the server's. */
export function guestCartView(courses: GuestCourse[]): Cart {
  return {
    _id: GUEST_CART_ID,
    count: courses.length,
    currency: courses[0]?.currency ?? null,
    totalAmount: courses.reduce((sum, c) => sum + c.price, 0),
    items: courses.map((c) => ({
      _id: c.courseId,
      courseId: c.courseId,
      addedAt: '',
      course: {
        _id: c.courseId,
        title: c.title,
        thumbnail: c.thumbnail,
        price: c.price,
        originalPrice: c.price,
        currency: c.currency,
      },
    })),
  };
}

/** Why a visitor's course was not put in the browser's cart. */
export type GuestRefusal = 'inCart' | 'full';

/** Puts a course in the browser's cart, or says why not. */
export function addGuestCourse(course: GuestCourse): GuestRefusal | null {
  const courses = readGuestCart();
  if (courses.some((c) => c.courseId === course.courseId)) return 'inCart';
  if (courses.length >= GUEST_CART_MAX) return 'full';
  writeGuestCart([...courses, course]);
  return null;
}

export function removeGuestCourse(courseId: string): void {
  writeGuestCart(readGuestCart().filter((c) => c.courseId !== courseId));
}

export function clearGuestCart(): void {
  localStorage.removeItem(GUEST_CART_KEY);
}

/** The cart without one item, its total lowered by the item's price. */
export function withoutItem(cart: Cart | null, itemId: string): Cart | null {
  const item = cart?.items.find((i) => i._id === itemId);
  if (!cart || !item) return cart;
  return {
    ...cart,
    items: cart.items.filter((i) => i !== item),
    count: cart.count - 1,
    totalAmount: cart.totalAmount - item.course.price,
  };
}

export const cartApi = {
  read: async () => resultOf(await api.get<Cart>('/api/cart')),
  add: async (courseId: string) => resultOf(await api.post<Cart>('/api/cart/items', { courseId })),
  /** DELETE /api/cart/delete with form fields cartId and itemId; HTTP 200 is success. */
  remove: async (cartId: string, itemId: string) => {
    const form = new FormData();
    form.append('cartId', cartId);
    form.append('itemId', itemId);
    return resultOf(await api.delete<Cart>('/api/cart/delete', form));
  },
  merge: async (courseIds: string[]) => resultOf(await api.post<MergedCart>('/api/cart/merge', { courseIds })),
  enrollFree: async (courseId: string) =>
    resultOf(
      await api.post<components['schemas']['EnrolmentView']>(
        `/api/courses/${encodeURIComponent(courseId)}/enroll-free`,
      ),
    ),
};

export const cartQueries = {
  mine: (signedIn: boolean) =>
    queryOptions({
      queryKey: cartKeys.mine(signedIn),
      queryFn: (): Promise<Cart> => (signedIn ? cartApi.read() : Promise.resolve(guestCartView(readGuestCart()))),
    }),
};

/** The cart of whoever is here: the account's when signed in, else the browser's. */
export function useCart(signedIn: boolean) {
  return useQuery(cartQueries.mine(signedIn));
}

/** Removes an item: it leaves the cart at once, and comes back when the server refuses. */
export function useRemoveCartItem(signedIn: boolean) {
  return useMutation({
    mutationFn: async ({ cartId, itemId }: { cartId: string; itemId: string }) => {
      if (signedIn) await cartApi.remove(cartId, itemId);
      else removeGuestCourse(itemId);
    },
    ...optimistic<Cart | null, { cartId: string; itemId: string }>(cartKeys.mine(signedIn), (cart, { itemId }) =>
      withoutItem(cart, itemId),
    ),
  });
}

/** Adds a course: to the account's cart (the server may refuse, with its reason) or to the browser's. */
export function useAddToCart(signedIn: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (course: GuestCourse): Promise<GuestRefusal | null> => {
      if (signedIn) {
        client.setQueryData(cartKeys.mine(true), await cartApi.add(course.courseId));
        return null;
      }
      return addGuestCourse(course);
    },
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all() }),
  });
}

/** Enrols the signed-in learner in a free course; their course lists are read again. */
export function useEnrollFree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => cartApi.enrollFree(courseId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: sharedKeys.enrolledCourses }),
        client.invalidateQueries({ queryKey: sharedKeys.courses }),
      ]),
  });
}

/**
 * Adds the browser's cart to the account's once signed in, then forgets it; answers the courses the server did
 * not take and why (owned already, free, no longer on sale...).
 */
export async function mergeGuestCart(): Promise<MergedCart | null> {
  const courses = readGuestCart();
  if (courses.length === 0) return null;
  const merged = await cartApi.merge(courses.map((c) => c.courseId));
  clearGuestCart();
  return merged;
}
