import { useQuery } from '@tanstack/react-query';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useHoverMenu } from '@/components/hover-menu';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/wasm';
import { cartQueries, useRemoveCartItem } from '../api/queries';
import type { Cart } from '../types';
import { CartButton } from './cart-button';

const FALLBACK_THUMBNAIL = '/demo/course-placeholder.svg';
/** cart prices are shown with a dollar sign; amounts are integer minor units. */
const CART_CURRENCY = 'USD';

/** Header cart hover dropdown: count badge, items, total, remove, empty state. */
export function CartDropdown({ initialCart = null }: { initialCart?: Cart | null }) {
  const { t, i18n } = useTranslation('menus');
  const price = (minor: number) => formatPrice(minor, CART_CURRENCY, i18n.language);
  const menu = useHoverMenu();
  const cartQuery = useQuery({ ...cartQueries.header(), initialData: initialCart ?? undefined });
  const cart = cartQuery.data ?? null;
  const removeItem = useRemoveCartItem();

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

  return (
    <div className="relative" {...menu.containerProps}>
      <CartButton count={count} {...menu.triggerProps} />
      {menu.open && (
        <div
          role="dialog"
          aria-label={t('cart.title')}
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
                  <li key={item._id} className="flex items-center gap-3 px-5 py-3">
                    <img
                      src={item.course.thumbnail || FALLBACK_THUMBNAIL}
                      alt=""
                      className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="line-clamp-2 text-sm font-semibold text-slate-800">{item.course.title}</p>
                      <p className="mt-0.5 text-sm font-bold text-teal-700">{price(item.course.price)}</p>
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
                  <span>{price(cart?.totalAmount ?? 0)}</span>
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
