import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '@/lib/catalogue-types';
import { courseToForm, curriculumToDrafts, draftsToBody, emptyCourseForm, formToBody, move, zipLines } from './course-form';

function detail(lang: 'vi' | 'en'): CourseDetail {
  const vi = lang === 'vi';
  return {
    _id: 'c1',
    slug: 'python',
    title: vi ? 'Lập trình Python' : 'Python programming',
    description: vi ? 'Mô tả' : 'About',
    whatYouWillLearn: vi ? ['Biến', 'Hàm'] : ['Variables', 'Functions'],
    requirements: [],
    thumbnail: '/demo/t.svg',
    price: 1_490_000,
    discount: null,
    currency: 'VND',
    courseBadge: vi ? 'Mới' : 'New',
    level: vi ? 'Cơ bản' : 'Beginner',
    levelKey: 'beginner',
    totalSeat: 100,
    category: { id: 'cat', categoryName: vi ? 'Lập trình' : 'Programming' },
    language: 'vi',
    courseType: null,
    fullAccess: true,
    sections: [
      {
        id: 's1', title: vi ? 'Mở đầu' : 'Intro', order: 1, lessonCount: 1, durationSeconds: 252,
        lessons: [{ id: 'l1', title: vi ? 'Giới thiệu' : 'Welcome', order: 1, durationSeconds: 252, freePreview: true, videoUrl: 'https://x/v.mp4', locked: false }],
      },
    ],
  };
}

describe('course editor form', () => {
  const both = { vi: detail('vi'), en: detail('en') };

  it('pairs the two languages and sends them back unchanged', () => {
    const form = courseToForm(both);
    expect(form.title).toEqual({ vi: 'Lập trình Python', en: 'Python programming' });
    expect(form.level).toBe('beginner');
    const body = formToBody(form);
    expect(body.whatYouWillLearn).toEqual([{ vi: 'Biến', en: 'Variables' }, { vi: 'Hàm', en: 'Functions' }]);
    expect(body.courseBadge).toEqual({ vi: 'Mới', en: 'New' });
    expect(body).toMatchObject({ price: 1_490_000, discount: null, categoryId: 'cat', typeId: null, totalSeat: 100 });
  });

  it('leaves an empty sale price out and sends typed numbers as whole numbers', () => {
    const body = formToBody({ ...emptyCourseForm, price: ' 2499 ', discount: '', currency: 'USD' });
    expect(body.price).toBe(2499);
    expect(body.discount).toBeNull();
    expect(body.courseBadge).toBeNull();
    expect(Number.isNaN(formToBody({ ...emptyCourseForm, price: '12.5' }).price)).toBe(true);
  });

  it('pairs list lines by position, falling back to Vietnamese', () => {
    expect(zipLines({ vi: 'a\n\nb\nc', en: 'A\nB' })).toEqual([{ vi: 'a', en: 'A' }, { vi: 'b', en: 'B' }, { vi: 'c', en: '' }]);
  });

  it('turns the curriculum into drafts and back, durations in seconds', () => {
    const drafts = curriculumToDrafts(both);
    expect(drafts[0]?.lessons[0]).toMatchObject({ minutes: '4', seconds: '12', title: { vi: 'Giới thiệu', en: 'Welcome' } });
    expect(draftsToBody(drafts)).toEqual([
      { id: 's1', title: { vi: 'Mở đầu', en: 'Intro' }, lessons: [{ id: 'l1', title: { vi: 'Giới thiệu', en: 'Welcome' }, durationSeconds: 252, videoUrl: 'https://x/v.mp4', freePreview: true }] },
    ]);
  });

  it('moves an item up or down, and not past the ends', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
