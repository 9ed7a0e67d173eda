import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseKeys } from './keys';
import { replyToReview, saveMyReview, setReviewHidden, type ReviewFormBody } from './reviews';

/**
 * The changes made on a course's reviews. Each reads the reviews again when the server has answered, and the
 * course too when its rating may have moved (a review written, changed, hidden or shown).
 */
export function useReviewMutations(courseId: string) {
  const client = useQueryClient();
  const refresh = (rating: boolean) => {
    void client.invalidateQueries({ queryKey: courseKeys.reviews(courseId) });
    if (rating) void client.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
  };
  return {
    save: useMutation({
      mutationFn: (body: ReviewFormBody) => saveMyReview(courseId, body),
      onSuccess: () => refresh(true),
    }),
    reply: useMutation({
      mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) => replyToReview(reviewId, text),
      onSuccess: () => refresh(false),
    }),
    hide: useMutation({
      mutationFn: ({ reviewId, hidden }: { reviewId: string; hidden: boolean }) => setReviewHidden(reviewId, hidden),
      onSuccess: () => refresh(true),
    }),
  };
}
