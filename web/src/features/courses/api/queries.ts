import { queryOptions } from '@tanstack/react-query';
import { fetchCategories, fetchCourse, fetchCourses, type CourseQuery } from './courses';
import { courseKeys } from './keys';

export const courseQueries = {
  list: (query: CourseQuery) =>
    queryOptions({ queryKey: courseKeys.list(query), queryFn: ({ signal }) => fetchCourses(query, signal) }),
  detail: (id: string) =>
    queryOptions({ queryKey: courseKeys.detail(id), queryFn: ({ signal }) => fetchCourse(id, signal) }),
  categories: () =>
    queryOptions({ queryKey: courseKeys.categories(), queryFn: ({ signal }) => fetchCategories(signal) }),
};
