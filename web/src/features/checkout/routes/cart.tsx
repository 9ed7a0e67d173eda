import { useQuery } from '@tanstack/react-query';
import { ShoppingCart, Tag, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PromotionStrip } from '@/components/promotion-strip';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCart, useRemoveCartItem } from '@/lib/cart';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice } from '@/lib/wasm';
import { checkoutQueries } from '../api/queries';

const FALLBACK_THUMBNAIL = '/demo/course-placeholder.svg';

/** The server's reason for refusing a coupon, in the person's language. */
function couponError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.fields?.couponCode ?? error.message;
}

/** /cart: the cart's courses, the total, a coupon field (its discount shown) and Checkout. */
export default function CartPage() {
  const { t, i18n } = useTranslation('checkout');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const cart = useCart(isAuthenticated);
  const remove = useRemoveCartItem(isAuthenticated);
  const [draft, setDraft] = useState('');
  const [coupon, setCoupon] = useState('');
  const items = cart.data?.items ?? [];
  const quote = useQuery({ ...checkoutQueries.quote(coupon), enabled: Boolean(coupon) && items.length > 0 });
  useDocumentMeta(t('cart.metaTitle'), t('cart.metaTitle'));
  const currency = cart.data?.currency ?? 'VND';
  const money = (minor: number) => formatPrice(minor, currency, i18n.language);
  const applied = quote.data?.couponCode ? quote.data : null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setCoupon(draft.trim().toUpperCase());
  };
  const checkout = () =>
    void navigate(
      applied ? `${paths.checkout}?coupon=${encodeURIComponent(applied.couponCode ?? '')}` : paths.checkout,
    );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12" data-testid="cart-page">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('cart.title')}</h1>
      {items.length > 0 && (
        <div className="mb-6">
          <PromotionStrip
            placement="cart"
            onApply={(code) => {
              setDraft(code);
              setCoupon(code);
            }}
          />
        </div>
      )}
      {cart.isError ? (
        <LoadError onRetry={() => void cart.refetch()} />
      ) : cart.isPending ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]" aria-busy="true">
          <div className="space-y-3">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-24 rounded-2xl" />
          </div>
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ShoppingCart aria-hidden="true" className="size-7" />}
          title={t('cart.emptyTitle')}
          text={t('cart.emptyText')}
          action={
            <Link to={paths.courseList} className={buttonClass('primary')}>
              {t('cart.browse')}
            </Link>
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <ul className="space-y-3">
            {items.map((item) => (
              <li
                key={item._id}
                data-testid="cart-item"
                className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-3 sm:p-4"
              >
                <img
                  src={item.course.thumbnail || FALLBACK_THUMBNAIL}
                  alt=""
                  width={112}
                  height={64}
                  className="h-16 w-28 shrink-0 rounded-lg bg-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.courseDetails(item.courseId)}
                    className="line-clamp-2 font-semibold text-slate-900 hover:text-teal-700"
                  >
                    {item.course.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-baseline gap-2">
                    <span className="font-bold text-teal-700">
                      {formatPrice(item.course.price, item.course.currency, i18n.language)}
                    </span>
                    {item.course.originalPrice > item.course.price && (
                      <del className="text-sm text-slate-500">
                        {formatPrice(item.course.originalPrice, item.course.currency, i18n.language)}
                      </del>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => remove.mutate({ cartId: cart.data?._id ?? '', itemId: item._id })}
                  aria-label={t('cart.remove', { title: item.course.title })}
                  className="rounded-lg p-2 text-slate-400 hover:bg-rose-50 hover:text-rose-600"
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              </li>
            ))}
          </ul>

          <aside className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="mb-4 font-bold text-slate-900">{t('summary.title')}</h2>
            {isAuthenticated && (
              <form onSubmit={apply} className="mb-4">
                <label htmlFor="coupon" className="mb-1 block text-sm font-medium text-slate-700">
                  {t('coupon.label')}
                </label>
                <div className="flex gap-2">
                  <input
                    id="coupon"
                    value={draft}
                    onChange={(e) => setDraft(e.target.value)}
                    maxLength={32}
                    autoComplete="off"
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm uppercase"
                    aria-invalid={quote.isError || undefined}
                    aria-describedby="coupon-message"
                  />
                  <button type="submit" className={buttonClass('secondary', 'sm')} disabled={!draft.trim()}>
                    <Tag aria-hidden="true" className="size-4" />
                    {t('coupon.apply')}
                  </button>
                </div>
                <p id="coupon-message" className="mt-1 min-h-5 text-sm" aria-live="polite">
                  {quote.isError && <span className="text-rose-700">{couponError(quote.error)}</span>}
                  {applied && (
                    <span className="text-emerald-700">{t('coupon.applied', { code: applied.couponCode })}</span>
                  )}
                </p>
              </form>
            )}
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('summary.subtotal')}</dt>
                <dd className="font-medium">{money(applied?.subtotal ?? cart.data?.totalAmount ?? 0)}</dd>
              </div>
              {applied && applied.discountTotal > 0 && (
                <div className="flex justify-between text-emerald-700" data-testid="cart-discount">
                  <dt>{t('summary.discount')}</dt>
                  <dd className="font-medium">−{money(applied.discountTotal)}</dd>
                </div>
              )}
              <div className="flex justify-between border-t border-slate-100 pt-3 text-base font-bold text-slate-900">
                <dt>{t('summary.total')}</dt>
                <dd data-testid="cart-total">{money(applied?.totalAmount ?? cart.data?.totalAmount ?? 0)}</dd>
              </div>
            </dl>
            <button type="button" onClick={checkout} className={`${buttonClass('primary', 'lg')} mt-5 w-full`}>
              {t('cart.checkout')}
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
