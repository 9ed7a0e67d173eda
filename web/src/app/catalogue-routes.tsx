import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

const CourseListPage = lazyPage(
  () => import('@/features/courses/routes/course-list'),
  ['courses', 'pages', 'catalogue'],
);
const CourseDetailsPage = lazyPage(
  () => import('@/features/courses/routes/course-details'),
  ['courses', 'reviews', 'pages', 'catalogue'],
);
const CategoryListPage = lazyPage(
  () => import('@/features/categories/routes/category-list'),
  ['courses', 'pages', 'catalogue'],
);
const MentorListPage = lazyPage(
  () => import('@/features/mentors/routes/mentor-list'),
  ['mentors', 'pages', 'catalogue'],
);
const MentorPage = lazyPage(
  () => import('@/features/mentors/routes/mentor'),
  ['mentors', 'pages', 'catalogue', 'checkout'],
);
const PostListPage = lazyPage(() => import('@/features/posts/routes/post-list'), ['posts', 'pages', 'catalogue']);
const PostPage = lazyPage(() => import('@/features/posts/routes/post'), ['posts', 'pages', 'catalogue']);
const FeedPage = lazyPage(() => import('@/features/feed/routes/feed'), ['posts', 'pages', 'catalogue']);
const AboutPage = lazyPage(() => import('@/features/pages/routes/about'), ['pages', 'catalogue']);
const ContactPage = lazyPage(() => import('@/features/pages/routes/contact'), ['pages', 'catalogue']);
const InformationsPage = lazyPage(() => import('@/features/pages/routes/informations'), ['pages', 'catalogue']);
const TermsPage = lazyPage(
  () => import('@/features/pages/routes/legal').then((m) => ({ default: m.TermsPage })),
  ['pages', 'catalogue'],
);
const PrivacyPage = lazyPage(
  () => import('@/features/pages/routes/legal').then((m) => ({ default: m.PrivacyPage })),
  ['pages', 'catalogue'],
);

// Dashboard pages a teacher also opens outside the dashboard (the dashboard's texts load with their modules).
export const InstructorRedirect = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/instructor-redirect'),
  ['catalogue'],
);
export const SyllabusListPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/syllabuses').then((m) => ({ default: m.SyllabusListPage })),
  ['catalogue', 'material'],
);
export const SyllabusViewPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/syllabuses').then((m) => ({ default: m.SyllabusViewPage })),
  ['catalogue', 'material'],
);

/** The catalogue's public pages, each its own lazy chunk. */
export const cataloguePublicRoutes: RouteObject[] = [
  { path: 'courselist', element: <CourseListPage /> },
  { path: 'courses', element: <CourseListPage variant="explore" /> },
  { path: 'course/details/:id', element: <CourseDetailsPage /> },
  { path: 'categorylist', element: <CategoryListPage /> },
  { path: 'mentorlist', element: <MentorListPage /> },
  { path: 'mentor/:id', element: <MentorPage /> },
  { path: 'mentor', element: <MentorPage /> },
  { path: 'post-feed', element: <FeedPage /> },
  { path: 'popular-post', element: <PostListPage /> },
  { path: 'popular-post/page', element: <PostPage /> },
  { path: 'informations', element: <InformationsPage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'instructor', element: <InstructorRedirect /> },
  { path: 'instructor/course/:courseId', element: <InstructorRedirect /> },
  { path: 'syllabus', element: <SyllabusListPage teacher /> },
  { path: 'syllabus/:id', element: <SyllabusViewPage teacher /> },
];
