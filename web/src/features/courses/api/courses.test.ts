import { describe, expect, it } from 'vitest';
import type { Section } from '@/lib/api/types';
import { withMoreLessons } from './courses';

const lesson = (id: string) => ({
  id,
  title: id,
  order: 0,
  durationSeconds: 60,
  freePreview: false,
  videoUrl: null,
  locked: true,
});
const section = (id: string, lessons: string[], lessonCount = lessons.length): Section => ({
  id,
  title: id,
  order: 0,
  lessonCount,
  durationSeconds: 60 * lessonCount,
  lessons: lessons.map(lesson),
});

describe('withMoreLessons', () => {
  const page = [section('s0', ['a', 'b']), section('s1', [], 2), section('s2', [], 1)];

  it('fills the sections the page left empty with the lessons fetched for them', () => {
    const more = [section('s1', ['c', 'd']), section('s2', ['e'])];

    const full = withMoreLessons(page, 1, more);

    expect(full.map((s) => s.lessons.map((l) => l.id))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('keeps the page as it is while nothing more is fetched or needed', () => {
    expect(withMoreLessons(page, 1, undefined)).toBe(page);
    expect(withMoreLessons(page, null, [section('s1', ['x'])])).toBe(page);
  });
});
