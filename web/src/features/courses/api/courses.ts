import { ApiError, api, firstResult } from '@/lib/api-client';
import type { Category, CourseDetail, CoursePage, Section } from '@/lib/api/types';
import { COURSE_SORTS, COURSES_PAGE_SIZE } from '@/lib/rules/constants';

export { COURSE_SORTS, COURSES_PAGE_SIZE };
export type CourseSort = (typeof COURSE_SORTS)[number];

export type CoursePrice = 'free' | 'paid';

export interface CourseQuery {
  search?: string;
  category?: string;
  sort?: CourseSort;
  price?: CoursePrice;
  page?: number;
  pageSize?: number;
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

const coursesQuery = (query: CourseQuery) => ({ pageSize: COURSES_PAGE_SIZE, ...query });
const coursePath = (id: string) => `/api/courses/${encodeURIComponent(id)}`;

/** `GET /api/courses`: published courses, searched (marks ignored), filtered, sorted and paged. */
export async function fetchCourses(query: CourseQuery, signal: AbortSignal): Promise<CoursePage> {
  const envelope = await api.get<CoursePage>('/api/courses', { query: coursesQuery(query), publicRoute: true, signal });
  return need(envelope.result);
}

/** `GET /api/courses/{id}` with its curriculum. */
export async function fetchCourse(id: string, signal: AbortSignal): Promise<CourseDetail> {
  return need((await api.get<CourseDetail>(coursePath(id), { signal })).result);
}

/**
 * `GET /api/courses/{id}/sections?from=`: the sections from index `from` on with all their lessons (a large
 * course's page carries the lessons of its first sections only, and says from which section the rest come).
 */
export async function fetchSections(id: string, from: number, signal: AbortSignal): Promise<Section[]> {
  const envelope = await api.get<Section[]>(`${coursePath(id)}/sections`, { query: { from }, signal });
  return need(envelope.result);
}

/** The course's sections, each with its lessons: those the page carries, then the `more` fetched from `from`. */
export function withMoreLessons(sections: Section[], from: number | null | undefined, more: Section[] | undefined) {
  if (from === null || from === undefined || !more) return sections;
  return sections.map((section, index) => {
    if (index < from) return section;
    const fetched = more.find((s) => s.id === section.id);
    return fetched ? { ...section, lessons: fetched.lessons } : section;
  });
}

/** `GET /api/categories`, with course counts. */
export async function fetchCategories(signal: AbortSignal): Promise<Category[]> {
  return need((await api.get<Category[]>('/api/categories', { publicRoute: true, signal })).result);
}

/** What the page's first view says of these requests, if anything (see `firstResult`). */
export const firstView = {
  courses: (query: CourseQuery) => firstResult<CoursePage>('/api/courses', coursesQuery(query)),
  course: (id: string) => firstResult<CourseDetail>(coursePath(id)),
  categories: () => firstResult<Category[]>('/api/categories'),
};
