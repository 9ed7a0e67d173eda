import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchCategories, fetchCourse, fetchCourses, fetchSections, firstView, type CourseQuery } from './courses';
import { courseKeys } from './keys';
import { fetchReviews, firstReviews } from './reviews';

export const courseQueries = {
  list: (query: CourseQuery) =>
    queryOptions({
      queryKey: courseKeys.list(query),
      queryFn: ({ signal }) => fetchCourses(query, signal),
      initialData: () => firstView.courses(query),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: courseKeys.detail(id),
      queryFn: ({ signal }) => fetchCourse(id, signal),
      initialData: () => firstView.course(id),
    }),
  /** The sections (with their lessons) a large course's page leaves out, from index `from` on. */
  sections: (id: string, from: number) =>
    queryOptions({
      queryKey: courseKeys.sections(id, from),
      queryFn: ({ signal }) => fetchSections(id, from, signal),
    }),
  /** A page of a course's reviews; the page shown stays while the next one loads. */
  reviews: (id: string, page: number) =>
    queryOptions({
      queryKey: courseKeys.reviewPage(id, page),
      queryFn: ({ signal }) => fetchReviews(id, page, signal),
      initialData: () => (page === 1 ? firstReviews(id) : undefined),
      placeholderData: keepPreviousData,
    }),
  categories: () =>
    queryOptions({
      queryKey: courseKeys.categories(),
      queryFn: ({ signal }) => fetchCategories(signal),
      initialData: firstView.categories,
    }),
};
