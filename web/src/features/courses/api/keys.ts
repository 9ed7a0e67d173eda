import { sharedKeys } from '@/lib/query-client';
import type { CourseQuery } from './courses';

/** The courses feature's query keys, under the shared prefix the dashboard's course edits invalidate. */
export const courseKeys = {
  all: () => sharedKeys.courses,
  list: (query: CourseQuery) => [...sharedKeys.courses, 'list', query] as const,
  detail: (id: string) => [...sharedKeys.courses, 'detail', id] as const,
  /** The sections of a large course's curriculum from index `from` on. */
  sections: (id: string, from: number) => [...sharedKeys.courses, 'sections', id, from] as const,
  /** A course's reviews (every page of them under one prefix). */
  reviews: (id: string) => [...sharedKeys.courses, 'reviews', id] as const,
  reviewPage: (id: string, page: number) => [...courseKeys.reviews(id), page] as const,
  /** The category list of the filters: the same list (and key) the category page reads. */
  categories: () => sharedKeys.categories,
};
