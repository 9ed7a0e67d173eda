import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, MessageSquareReply, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Pagination } from '@/components/pagination';
import { buttonClass } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { useAuth } from '@/lib/auth';
import { formatCount, ratingDisplay } from '@/lib/wasm';
import { courseQueries } from '../api/queries';
import { useReviewMutations } from '../api/review-mutations';
import type { Review, ReviewList } from '../api/reviews';
import { MyReview, ReplyForm } from './review-form';
import { Stars } from './stars';
import { useDates } from '@/lib/dates';

/** A review's date: day, month's name, year. */
function useDate() {
  return useDates().long;
}

function ReviewItem({ courseId, review, list }: { courseId: string; review: Review; list: ReviewList }) {
  const { t } = useTranslation('reviews');
  const date = useDate();
  const { hide } = useReviewMutations(courseId);
  const [replying, setReplying] = useState(false);
  return (
    <li className={`py-5 ${review.hidden ? 'opacity-60' : ''}`} data-testid="review">
      <div className="flex items-start gap-3">
        <FallbackImage
          src={review.author.image}
          fallback={placeholders.avatar}
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-full bg-slate-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">{review.author.name || t('anonymous')}</p>
            <Stars value={review.rating} />
            <span className="text-xs text-slate-500">
              {date(review.createdAt)}
              {review.edited && ` · ${t('edited')}`}
            </span>
            {review.hidden && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                {t('hidden')}
              </span>
            )}
          </div>
          {review.text && <p className="mt-2 whitespace-pre-line text-slate-700">{review.text}</p>}
          {review.reply && !replying && (
            <div
              className="mt-3 rounded-xl border-l-4 border-teal-600 bg-teal-50/70 px-4 py-3"
              data-testid="review-reply"
            >
              <p className="text-xs font-bold text-teal-900">
                {t('replyFrom', { name: review.reply.author.name })} · {date(review.reply.repliedAt)}
              </p>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{review.reply.text}</p>
            </div>
          )}
          {replying && <ReplyForm courseId={courseId} review={review} onDone={() => setReplying(false)} />}
          {(list.canReply || list.canModerate) && !replying && (
            <div className="mt-2 flex gap-2">
              {list.canReply && (
                <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setReplying(true)}>
                  <MessageSquareReply aria-hidden="true" className="size-4" />
                  {review.reply ? t('editReply') : t('reply')}
                </button>
              )}
              {list.canModerate && (
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  disabled={hide.isPending}
                  onClick={() => hide.mutate({ reviewId: review.id, hidden: !review.hidden })}
                >
                  {review.hidden ? (
                    <Eye aria-hidden="true" className="size-4" />
                  ) : (
                    <EyeOff aria-hidden="true" className="size-4" />
                  )}
                  {review.hidden ? t('show') : t('hide')}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** Who may not review, and why. */
function ReviewNote({ list }: { list: ReviewList }) {
  const { t } = useTranslation('reviews');
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (list.canReview || list.canReply || list.canModerate) return null;
  if (!isAuthenticated) {
    return (
      <p className="text-sm text-slate-600">
        <Link
          to={`${paths.login}?redirect=${encodeURIComponent(location.pathname)}`}
          className="font-semibold text-teal-700 hover:underline"
        >
          {t('signIn')}
        </Link>{' '}
        {t('signInToReview')}
      </p>
    );
  }
  return <p className="text-sm text-slate-600">{t('enrolToReview')}</p>;
}

/**
 * The course page's reviews: the rating, the learner's own review (or the form to write it), and the reviews
 * newest first, a page at a time; the teacher replies, an administrator hides or shows.
 */
export function CourseReviews({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation('reviews');
  const [page, setPage] = useState(1);
  const reviews = useQuery(courseQueries.reviews(courseId, page));
  const list = reviews.data;

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24" data-testid="course-reviews">
      <h2 id="reviews-title" className="mb-5 text-2xl font-extrabold text-slate-900">
        {t('title')}
      </h2>
      {!list && reviews.isError && <LoadError onRetry={() => void reviews.refetch()} />}
      {!list && !reviews.isError && (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-16 w-64" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
      {list && (
        <div className="space-y-6">
          <div className="flex items-center gap-4" data-testid="rating-summary">
            <strong className="text-5xl font-extrabold text-slate-900">
              {ratingDisplay(list.ratingAverage).value}
            </strong>
            <div>
              <Stars value={ratingDisplay(list.ratingAverage).stars} className="size-5" />
              <p className="mt-1 text-sm text-slate-600">
                {t('count', { count: list.ratingCount, formatted: formatCount(list.ratingCount, i18n.language) })}
              </p>
            </div>
          </div>
          {list.canReview && <MyReview key={list.mine?.updatedAt ?? 'new'} courseId={courseId} mine={list.mine} />}
          <ReviewNote list={list} />
          {list.items.length === 0 ? (
            <p className="flex items-center gap-2 text-slate-600">
              <MessageSquareText aria-hidden="true" className="size-5 text-slate-400" />
              {t('empty')}
            </p>
          ) : (
            <ul
              className={`divide-y divide-slate-200 border-y border-slate-200 ${reviews.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {list.items.map((review) => (
                <ReviewItem key={review.id} courseId={courseId} review={review} list={list} />
              ))}
            </ul>
          )}
          <Pagination page={list.page} totalPages={list.totalPages} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
