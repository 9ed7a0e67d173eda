import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import type { Review, ReviewList } from '../api/reviews';
import { CourseReviews } from './course-reviews';

const api = vi.hoisted(() => ({
  REVIEWS_PAGE_SIZE: 5,
  fetchReviews: vi.fn(),
  // These pages carry no first view.
  firstReviews: vi.fn(),
  saveMyReview: vi.fn(),
  replyToReview: vi.fn(),
  setReviewHidden: vi.fn(),
}));
vi.mock('../api/reviews', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function review(id: string, extra: Partial<Review> = {}): Review {
  return {
    id,
    rating: 4,
    text: `Text ${id}`,
    author: { name: `Learner ${id}`, image: null },
    createdAt: '2026-11-20T03:00:00.000Z',
    updatedAt: '2026-11-20T03:00:00.000Z',
    edited: false,
    hidden: false,
    reply: null,
    ...extra,
  };
}

function list(extra: Partial<ReviewList> = {}): ReviewList {
  return {
    items: [
      review('r1'),
      review('r2', {
        reply: { text: 'Thanks!', repliedAt: '2026-11-21T03:00:00.000Z', author: { name: 'Khoa', image: null } },
      }),
    ],
    page: 1,
    pageSize: 5,
    total: 2,
    totalPages: 1,
    ratingAverage: 4.5,
    ratingCount: 2,
    mine: null,
    canReview: false,
    canReply: false,
    canModerate: false,
    ...extra,
  };
}

function renderReviews(role: string | null = 'STUDENT') {
  return renderAt(<CourseReviews courseId="c1" />, { auth: role ? { user: user(role) } : {} });
}

describe('CourseReviews', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    for (const fn of Object.values(api)) if (typeof fn === 'function') fn.mockReset();
  });

  it('shows the rating, the reviews newest first and the teacher replies', async () => {
    api.fetchReviews.mockResolvedValue(list());
    renderReviews(null);

    const summary = await screen.findByTestId('rating-summary');
    expect(within(summary).getByText('4.5')).toBeTruthy();
    expect(within(summary).getByText('2 reviews')).toBeTruthy();
    expect(screen.getAllByTestId('review').map((r) => within(r).getByText(/^Learner/).textContent)).toEqual([
      'Learner r1',
      'Learner r2',
    ]);
    expect(screen.getByTestId('review-reply').textContent).toContain('Thanks!');
    expect(screen.getByText('and enrol in the course to write a review.')).toBeTruthy();
    expect(api.fetchReviews).toHaveBeenCalledWith('c1', 1, expect.anything());
  });

  it('lets an enrolled learner send stars and a text, and shows the server refusal beside the field', async () => {
    api.fetchReviews.mockResolvedValue(list({ canReview: true }));
    api.saveMyReview.mockRejectedValueOnce(
      new ApiError('too long', {
        kind: 'envelope',
        status: 422,
        code: 1006,
        fields: { text: 'This field must be at most 5000 characters' },
      }),
    );
    renderReviews();
    const form = await screen.findByTestId('review-form');
    const send = within(form).getByRole('button', { name: 'Send review' });
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(form).getByLabelText('4 stars out of 5'));
    fireEvent.change(within(form).getByLabelText('Comment (optional)'), { target: { value: 'Great course' } });
    fireEvent.click(send);

    expect(await within(form).findByText('This field must be at most 5000 characters')).toBeTruthy();
    expect(api.saveMyReview).toHaveBeenCalledWith('c1', { rating: 4, text: 'Great course' });

    api.saveMyReview.mockResolvedValueOnce(review('mine', { rating: 4, text: 'Great course' }));
    api.fetchReviews.mockResolvedValue(
      list({ canReview: true, mine: review('mine', { rating: 4, text: 'Great course' }) }),
    );
    fireEvent.click(send);
    expect(await screen.findByTestId('my-review')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit your review' })).toBeTruthy();
  });

  it('gives the teacher a reply form and an administrator hide and show', async () => {
    api.fetchReviews.mockResolvedValue(list({ canReply: true }));
    api.replyToReview.mockResolvedValue(review('r1'));
    const { unmount } = renderReviews('TEACHER');
    const first = (await screen.findAllByTestId('review'))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(first).getByLabelText('Your reply'), { target: { value: 'Thank you!' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.replyToReview).toHaveBeenCalledWith('r1', 'Thank you!'));
    unmount();

    api.fetchReviews.mockResolvedValue(list({ canModerate: true, items: [review('r1', { hidden: true })] }));
    api.setReviewHidden.mockResolvedValue(review('r1'));
    renderReviews('ADMIN');
    const hidden = await screen.findByTestId('review');
    expect(within(hidden).getByText('Hidden')).toBeTruthy();
    fireEvent.click(within(hidden).getByRole('button', { name: 'Show again' }));
    await waitFor(() => expect(api.setReviewHidden).toHaveBeenCalledWith('r1', false));
  });

  it('pages through the reviews', async () => {
    api.fetchReviews.mockImplementation((_id: string, page: number) =>
      Promise.resolve(list({ page, totalPages: 3, total: 12, items: [review(`p${page}`)] })),
    );
    renderReviews();
    await screen.findByText('Learner p1');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));

    expect(await screen.findByText('Learner p2')).toBeTruthy();
    expect(api.fetchReviews).toHaveBeenLastCalledWith('c1', 2, expect.anything());
  });
});
