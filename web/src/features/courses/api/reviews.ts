/** The course page's reviews: a page of them, the caller's own, and the changes the caller may make. */
import { ApiError, api, firstResult } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { REVIEWS_PAGE_SIZE } from '@/lib/rules/constants';

export type Review = components['schemas']['Review'];
export type ReviewList = components['schemas']['ReviewList'];
export type ReviewFormBody = components['schemas']['ReviewFormBody'];

export { REVIEWS_PAGE_SIZE };

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

/** `GET /api/courses/{id}/reviews`: newest first, with the course's rating and what the caller may do. */
export async function fetchReviews(courseId: string, page: number, signal: AbortSignal): Promise<ReviewList> {
  const path = `/api/courses/${encodeURIComponent(courseId)}/reviews`;
  return need((await api.get<ReviewList>(path, { query: { page, pageSize: REVIEWS_PAGE_SIZE }, signal })).result);
}

/** What the page's first view says of the course's first page of reviews, if anything (see `firstResult`). */
export function firstReviews(courseId: string): ReviewList | undefined {
  const path = `/api/courses/${encodeURIComponent(courseId)}/reviews`;
  return firstResult<ReviewList>(path, { page: 1, pageSize: REVIEWS_PAGE_SIZE });
}

/** `PUT /api/courses/{id}/reviews/mine`: writes or changes the caller's review. */
export async function saveMyReview(courseId: string, body: ReviewFormBody): Promise<Review> {
  return need((await api.put<Review>(`/api/courses/${encodeURIComponent(courseId)}/reviews/mine`, body)).result);
}

/** `PUT /api/reviews/{id}/reply`: the course's teacher answers a review. */
export async function replyToReview(reviewId: string, text: string): Promise<Review> {
  return need((await api.put<Review>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, { text })).result);
}

/** `PUT /api/reviews/{id}/visibility`: an administrator hides a review or shows it again. */
export async function setReviewHidden(reviewId: string, hidden: boolean): Promise<Review> {
  return need((await api.put<Review>(`/api/reviews/${encodeURIComponent(reviewId)}/visibility`, { hidden })).result);
}
