import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { Footer } from './footer';
import { RecentPostList, type RecentPost } from './footer-with-recent-posts';

const posts: RecentPost[] = [
  { _id: 'p1', title: 'Học lập trình từ đâu?', image: ['/img/p1.png'], createdAt: '2025-03-02T08:00:00Z' },
  { _id: 'p2', title: 'Thiết kế thương hiệu', image: [], createdAt: '2025-11-20T08:00:00Z' },
  { _id: 'p3', title: 'Not shown', image: [], createdAt: '2025-11-21T08:00:00Z' },
];

describe('Footer', () => {
  afterEach(async () => {
    await i18n.changeLanguage('vi');
  });

  it('has the useful links of the spec', () => {
    renderAt(<Footer />);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Về chúng tôi')).toBe('/about');
    expect(href('Giảng viên')).toBe('/mentorlist');
    expect(href('Trở thành giảng viên')).toBe('/contact');
    expect(href('Tất cả khóa học')).toBe('/courselist');
    expect(href('Tin tức & Blog')).toBe('/popular-post');
    for (const name of [
      'Trung tâm tài nguyên',
      'Tuyển dụng',
      'Tiếp thị số',
      'Thiết kế & Thương hiệu',
      'Kể chuyện & Lồng tiếng',
    ]) {
      expect(href(name)).toBe('/');
    }
    expect(screen.getByText('© 2025 Academy. Bảo lưu mọi quyền.')).toBeTruthy();
  });

  it('shows at most 2 recent posts with image (or default), link and a day-month-year date', () => {
    renderAt(<Footer recentPosts={<RecentPostList posts={posts} />} />);
    const list = screen.getByTestId('footer-recent-posts');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Học lập trình từ đâu?' }).getAttribute('href')).toBe(
      '/popular-post/page?id=p1',
    );
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toBe('/img/p1.png');
    expect(items[1]?.querySelector('img')?.getAttribute('src')).toBe('/demo/post-placeholder.svg');
    expect(items[0]?.querySelector('time')?.textContent).toBe('2 tháng 3, 2025');
  });

  it('writes the date in English when English is active', async () => {
    await i18n.changeLanguage('en');
    renderAt(<Footer recentPosts={<RecentPostList posts={posts} />} />);
    expect(screen.getByText('2 March 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become A Teacher' }).getAttribute('href')).toBe('/contact');
  });
});
