import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CourseListPage = lazy(() => import('@/features/courses/routes/course-list'));
const CourseDetailsPage = lazy(() => import('@/features/courses/routes/course-details'));
const CategoryListPage = lazy(() => import('@/features/categories/routes/category-list'));

/** The catalogue's public pages (SPEC §2.2), each its own lazy chunk. */
export const cataloguePublicRoutes: RouteObject[] = [
  { path: 'courselist', element: <CourseListPage /> },
  { path: 'courses', element: <CourseListPage variant="explore" /> },
  { path: 'course/details/:id', element: <CourseDetailsPage /> },
  { path: 'categorylist', element: <CategoryListPage /> },
];

/** Paths served by {@link cataloguePublicRoutes}, so the placeholder list can leave them out. */
export const cataloguePublicPaths = new Set(cataloguePublicRoutes.map((route) => route.path));
