import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Course } from '@/lib/api/types';
import { formatPrice } from '@/lib/wasm';
import { renderAt } from '@/testing/render';
import { CourseCard } from './course-card';

const course: Course = {
  _id: 'c-1',
  title: 'Lập trình web Full-stack với React, Node.js và PostgreSQL',
  thumbnail: '/demo/thumb-programming-2.svg',
  price: 2_490_000,
  discount: 1_490_000,
  currentPrice: 1_490_000,
  currency: 'VND',
  courseBadge: 'Bán chạy',
  level: 'Trung cấp',
  totalSeat: 300,
  instructor: {
    userId: 'u-1',
    firstName: 'Khoa',
    lastName: 'Nguyễn Minh',
    avatar: '/demo/mentor-a.svg',
    name: 'Nguyễn Minh Khoa',
  },
  category: { id: 'cat-1', slug: 'lap-trinh', categoryName: 'Lập trình' },
  ratingAverage: 4.8,
  slug: 'lap-trinh-web-full-stack',
  levelKey: 'intermediate',
  ratingCount: 120,
  enrollmentCount: 300,
  salesCount: 280,
  lessonCount: 48,
  durationSeconds: 90_000,
  status: 'published',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function renderCard(overrides: Partial<Course> = {}) {
  renderAt(<CourseCard course={{ ...course, ...overrides }} />);
  return screen.getByTestId('course-card');
}

describe('course card', () => {
  it('shows the sale price and the original price struck through, formatted by the shared money rule', () => {
    const card = renderCard();
    const price = within(card).getByTestId('course-price');
    expect(price.textContent).toContain(formatPrice(1_490_000, 'VND', 'vi'));
    expect(price.querySelector('del')?.textContent).toContain(formatPrice(2_490_000, 'VND', 'vi'));
    expect(formatPrice(1_490_000, 'VND', 'vi')).toBe('1.490.000 ₫');
  });

  it('shows only the price when there is no discount, with $ for USD courses', () => {
    const card = renderCard({ price: 2499, discount: null, currentPrice: 2499, currency: 'USD' });
    const price = within(card).getByTestId('course-price');
    expect(price.textContent).toBe('$24.99');
    expect(price.querySelector('del')).toBeNull();
  });

  it("shows badge, level, seats, instructor and the course's own category, lessons, length and students", () => {
    const card = renderCard();
    for (const text of ['Bán chạy', 'Trung cấp', 'Chỗ 300', 'Nguyễn Minh Khoa', 'Lập trình', '48 bài học']) {
      expect(card.textContent).toContain(text);
    }
    const figures = within(card).getByTestId('course-figures');
    expect(figures.textContent).toContain('25 giờ');
    expect(figures.textContent).not.toContain('0 phút');
    expect(figures.textContent).toContain('300 học viên');
    expect(card.textContent).not.toContain('Digital Marketing');
  });

  it('shows the real rating as five rounded stars with its number of reviews', () => {
    const card = renderCard({ ratingAverage: 3.1, ratingCount: 7 });
    expect(within(card).getByTestId('rating-label').textContent).toBe('3.1 (7)');
    expect(within(card).getByRole('img', { name: 'Đánh giá 3.1 trên 5 từ 7 lượt' })).toBeTruthy();
    expect(card.querySelector('.rating-stars')?.getAttribute('data-filled')).toBe('3');
  });

  it('says "No reviews yet" instead of a rating, and leaves out the figures a new course does not have', () => {
    const card = renderCard({
      ratingAverage: 0,
      ratingCount: 0,
      lessonCount: 0,
      durationSeconds: 0,
      enrollmentCount: 0,
    });
    expect(within(card).getByTestId('rating-label').textContent).toBe('Chưa có đánh giá');
    expect(card.querySelector('.rating-stars')).toBeNull();
    expect(within(card).getByTestId('course-figures').children).toHaveLength(0);
  });

  it('shows a length under an hour in minutes, and hours with minutes otherwise', () => {
    const short = renderCard({ durationSeconds: 45 * 60 });
    expect(within(short).getByTestId('course-figures').textContent).toContain('45 phút');
    renderAt(<CourseCard course={{ ...course, _id: 'c-long', durationSeconds: 3 * 3600 + 20 * 60 }} />);
    const long = screen.getAllByTestId('course-card').at(-1) as HTMLElement;
    expect(within(long).getByTestId('course-figures').textContent).toContain('3 giờ 20 phút');
  });

  it('falls back to "Instructor" without a name and to the placeholder without a thumbnail', () => {
    const card = renderCard({
      instructor: { userId: 'u-2', firstName: null, lastName: null, name: '' },
      thumbnail: null,
    });
    expect(within(card).getByTestId('course-instructor').textContent).toBe('Giảng viên');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/demo/course-placeholder.svg');
  });

  it('loads its picture when scrolled to, or at once and first among the cards a page shows first', () => {
    const later = renderCard().querySelector('img');
    expect(later?.getAttribute('loading')).toBe('lazy');
    expect(later?.getAttribute('fetchpriority')).toBeNull();
    renderAt(<CourseCard course={{ ...course, _id: 'c-first' }} priority />);
    const first = screen.getAllByTestId('course-card').at(-1)?.querySelector('img');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
  });

  it('links the title and the Enroll button to the course page', () => {
    const card = renderCard();
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/course/details/c-1', '/course/details/c-1']);
    expect(within(card).getByRole('link', { name: /^Đăng ký/ }).textContent).toBe('Đăng ký');
  });
});
