import { ShoppingCart } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The header's cart button with its count badge. The header shows it alone (count 0) until the cart's dropdown,
 * which reads the cart, has loaded; the dropdown then shows the same button.
 */
export function CartButton({ count, ...trigger }: { count: number } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation('layout');
  return (
    <button
      type="button"
      {...trigger}
      aria-label={t('cart.label', { count })}
      className="relative flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      <span
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-teal-700 px-1 text-[11px] leading-5 font-bold text-white"
      >
        {count}
      </span>
    </button>
  );
}
