import { describe, expect, it } from 'vitest';
import type { ManagedCourse } from '@/lib/api/types';
import {
  courseToForm,
  curriculumToDrafts,
  draftsToBody,
  emptyCourseForm,
  formToBody,
  move,
  zipLines,
} from './course-form';

/** A course as the editor reads it: the page in Vietnamese, every text in both languages. */
function managed(): ManagedCourse {
  return {
    _id: 'c1',
    slug: 'python',
    title: 'Lập trình Python',
    description: 'Mô tả',
    whatYouWillLearn: ['Biến', 'Hàm'],
    requirements: [],
    thumbnail: '/demo/t.svg',
    price: 1_490_000,
    discount: null,
    currentPrice: 1_490_000,
    currency: 'VND',
    courseBadge: 'Mới',
    level: 'Cơ bản',
    levelKey: 'beginner',
    totalSeat: 100,
    category: { id: 'cat', slug: 'lap-trinh', categoryName: 'Lập trình' },
    instructor: { userId: 't1', name: 'Minh' },
    ratingAverage: 0,
    ratingCount: 0,
    enrollmentCount: 0,
    salesCount: 0,
    lessonCount: 1,
    durationSeconds: 252,
    status: 'draft',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    language: 'vi',
    courseType: null,
    fullAccess: true,
    sections: [
      {
        id: 's1',
        title: 'Mở đầu',
        order: 1,
        lessonCount: 1,
        durationSeconds: 252,
        lessons: [
          {
            id: 'l1',
            title: 'Giới thiệu',
            order: 1,
            durationSeconds: 252,
            freePreview: true,
            videoUrl: 'https://x/v.mp4',
            locked: false,
          },
        ],
      },
    ],
    texts: {
      title: { vi: 'Lập trình Python', en: 'Python programming' },
      description: { vi: 'Mô tả', en: 'About' },
      whatYouWillLearn: [
        { vi: 'Biến', en: 'Variables' },
        { vi: 'Hàm', en: 'Functions' },
      ],
      requirements: [],
      courseBadge: { vi: 'Mới', en: 'New' },
      sections: [
        {
          id: 's1',
          title: { vi: 'Mở đầu', en: 'Intro' },
          lessons: [{ id: 'l1', title: { vi: 'Giới thiệu', en: 'Welcome' } }],
        },
      ],
    },
  };
}

describe('course editor form', () => {
  it('fills both languages from one record and sends them back unchanged', () => {
    const form = courseToForm(managed());
    expect(form.title).toEqual({ vi: 'Lập trình Python', en: 'Python programming' });
    expect(form.level).toBe('beginner');
    const body = formToBody(form);
    expect(body.whatYouWillLearn).toEqual([
      { vi: 'Biến', en: 'Variables' },
      { vi: 'Hàm', en: 'Functions' },
    ]);
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
    expect(zipLines({ vi: 'a\n\nb\nc', en: 'A\nB' })).toEqual([
      { vi: 'a', en: 'A' },
      { vi: 'b', en: 'B' },
      { vi: 'c', en: '' },
    ]);
  });

  it('turns the curriculum into drafts and back, durations in seconds', () => {
    const drafts = curriculumToDrafts(managed());
    expect(drafts[0]?.lessons[0]).toMatchObject({
      minutes: '4',
      seconds: '12',
      title: { vi: 'Giới thiệu', en: 'Welcome' },
    });
    expect(draftsToBody(drafts)).toEqual([
      {
        id: 's1',
        title: { vi: 'Mở đầu', en: 'Intro' },
        lessons: [
          {
            id: 'l1',
            title: { vi: 'Giới thiệu', en: 'Welcome' },
            durationSeconds: 252,
            videoUrl: 'https://x/v.mp4',
            freePreview: true,
          },
        ],
      },
    ]);
  });

  it('moves an item up or down, and not past the ends', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
