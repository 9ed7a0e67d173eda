import { CreditCard, PlayCircle, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { CourseDetail } from '@/lib/api/types';
import { useAuth } from '@/lib/auth';
import { useAddToCart, useCart, useEnrollFree } from '@/lib/cart';

/** The server's reason when it gave one (in the person's language), else the generic text. */
function reason(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.kind === 'envelope' && error.message ? error.message : fallback;
}

/**
 * What the course page offers: Go to the course when the viewer may already learn it; Enrol for free (one
 * click) for a free course; Add to cart and Buy now for a paid one. A visitor's cart is kept in this browser;
 * buying needs an account, so Buy now sends a visitor to sign in first.
 */
export function BuyBox({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart(isAuthenticated);
  const add = useAddToCart(isAuthenticated);
  const enrollFree = useEnrollFree();
  const free = course.currentPrice === 0;
  const inCart = cart.data?.items.some((item) => item.courseId === course._id) ?? false;
  const loginTo = (target: string) => `${paths.login}?redirect=${encodeURIComponent(target)}`;
  const wide = `${buttonClass('primary', 'lg')} w-full`;

  if (course.fullAccess) {
    return (
      <Link to={paths.enrollLectures(course._id)} className={wide} data-testid="go-to-learning">
        <PlayCircle aria-hidden="true" className="size-5" />
        {t('details.goToLearning')}
      </Link>
    );
  }

  if (free) {
    if (!isAuthenticated) {
      return (
        <Link to={loginTo(location.pathname)} className={wide}>
          {t('details.loginToEnroll')}
        </Link>
      );
    }
    const enrol = () =>
      enrollFree.mutate(course._id, {
        onSuccess: () => {
          toast.success(t('buy.enrolled'));
          void navigate(paths.enrollLectures(course._id));
        },
        onError: (error) => toast.error(reason(error, t('buy.failed'))),
      });
    return (
      <button type="button" className={wide} onClick={enrol} disabled={enrollFree.isPending} data-testid="enroll-free">
        <PlayCircle aria-hidden="true" className="size-5" />
        {enrollFree.isPending ? t('buy.enrolling') : t('buy.enrollFree')}
      </button>
    );
  }

  const toCart = () =>
    add.mutate(
      {
        courseId: course._id,
        title: course.title,
        thumbnail: course.thumbnail,
        price: course.currentPrice,
        currency: course.currency,
      },
      {
        onSuccess: (refusal) => {
          if (refusal) toast.error(t(`buy.refused.${refusal}`));
          else toast.success(t('buy.added'));
        },
        onError: (error) => toast.error(reason(error, t('buy.failed'))),
      },
    );
  const checkoutOne = `${paths.checkout}?course=${encodeURIComponent(course._id)}`;

  return (
    <div className="grid gap-2">
      {inCart ? (
        <Link to={paths.cart} className={wide} data-testid="go-to-cart">
          <ShoppingCart aria-hidden="true" className="size-5" />
          {t('buy.inCart')}
        </Link>
      ) : (
        <button type="button" className={wide} onClick={toCart} disabled={add.isPending} data-testid="add-to-cart">
          <ShoppingCart aria-hidden="true" className="size-5" />
          {add.isPending ? t('buy.adding') : t('buy.addToCart')}
        </button>
      )}
      <Link
        to={isAuthenticated ? checkoutOne : loginTo(checkoutOne)}
        className={`${buttonClass('secondary', 'lg')} w-full`}
        data-testid="buy-now"
      >
        <CreditCard aria-hidden="true" className="size-5" />
        {t('buy.buyNow')}
      </Link>
    </div>
  );
}
