import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useHoverMenu } from '@/components/hover-menu';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cartKeys, mergeGuestCart, useCart, useRemoveCartItem } from '@/lib/cart';
import { formatPrice } from '@/lib/wasm';
import { CartButton } from './cart-button';

const FALLBACK_THUMBNAIL = '/demo/course-placeholder.svg';

/**
 * Once a visitor has signed in, the courses they chose in this browser move into their account's cart; the
 * courses the account cannot take (owned already, free, no longer on sale) are named in a toast.
 */
function useMergeAtSignIn(signedIn: boolean) {
  const client = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (!signedIn || started.current) return;
    started.current = true;
    mergeGuestCart()
      .then(async (merged) => {
        if (!merged) return;
        // A read of the cart that left before the merge was stored would answer the cart without it.
        await client.cancelQueries({ queryKey: cartKeys.mine(true) });
        client.setQueryData(cartKeys.mine(true), merged.cart);
        if (merged.skipped.length > 0) toast.info(merged.skipped.map((s) => s.message).join(' '));
      })
      .catch((error: unknown) => console.error('The browser cart could not be merged', error));
  }, [signedIn, client]);
}

/** Header cart hover dropdown: count badge, items, total, remove, empty state. */
export function CartDropdown() {
  const { t, i18n } = useTranslation('menus');
  const { isAuthenticated } = useAuth();
  const menu = useHoverMenu();
  const cartQuery = useCart(isAuthenticated);
  const cart = cartQuery.data ?? null;
  const removeItem = useRemoveCartItem(isAuthenticated);
  useMergeAtSignIn(isAuthenticated);

  useEffect(() => {
    if (cartQuery.error) console.error('Cart loading failed', cartQuery.error);
  }, [cartQuery.error]);

  /** The item leaves the list at once and comes back if the server refuses (logged only). */
  const remove = (itemId: string) => {
    if (!cart) return;
    removeItem.mutate(
      { cartId: cart._id, itemId },
      { onError: (error) => console.error('Cart removal failed', error) },
    );
  };

  const items = cart?.items ?? [];
  const count = items.length;
  const currency = cart?.currency ?? 'VND';
  const price = (minor: number, code = currency) => formatPrice(minor, code, i18n.language);

  return (
    <div className="relative" {...menu.containerProps}>
      <CartButton count={count} {...menu.triggerProps} />
      {menu.open && (
        <div
          role="dialog"
          aria-label={t('cart.title')}
          data-testid="cart-dropdown"
          className="absolute top-full right-0 z-50 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
            <h2 className="font-bold text-slate-900">{t('cart.title')}</h2>
            <span className="text-sm text-slate-500">{t('cart.count', { count })}</span>
          </div>
          {count === 0 ? (
            <div className="px-6 py-10 text-center">
              <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                <ShoppingCart aria-hidden="true" className="size-7" />
              </span>
              <p className="font-semibold text-slate-800">{t('cart.emptyTitle')}</p>
              <p className="mt-1 text-sm text-slate-500">{t('cart.emptyText')}</p>
              <Link to={paths.courseList} onClick={menu.close} className={`${buttonClass('primary', 'sm')} mt-5`}>
                {t('cart.browse')}
              </Link>
            </div>
          ) : (
            <>
              <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
                {items.map((item) => (
                  <li key={item._id} className="flex items-center gap-3 px-5 py-3" data-testid="cart-dropdown-item">
                    <img
                      src={item.course.thumbnail || FALLBACK_THUMBNAIL}
                      alt=""
                      width={56}
                      height={56}
                      className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="line-clamp-2 text-sm font-semibold text-slate-800">{item.course.title}</p>
                      <p className="mt-0.5 text-sm font-bold text-teal-700">
                        {price(item.course.price, item.course.currency)}
                      </p>
                    </div>
                    <button
                      type="button"
                      onClick={() => remove(item._id)}
                      aria-label={t('cart.remove', { title: item.course.title })}
                      className="rounded-lg p-2 text-slate-400 hover:bg-rose-50 hover:text-rose-600"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
              <div className="border-t border-slate-100 px-5 py-4">
                <div className="mb-3 flex justify-between font-bold text-slate-900">
                  <span>{t('cart.total')}</span>
                  <span data-testid="cart-dropdown-total">{price(cart?.totalAmount ?? 0)}</span>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <Link to={paths.cart} onClick={menu.close} className={buttonClass('secondary', 'sm')}>
                    {t('cart.view')}
                  </Link>
                  <Link to={paths.checkout} onClick={menu.close} className={buttonClass('primary', 'sm')}>
                    {t('cart.checkout')}
                  </Link>
                </div>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
