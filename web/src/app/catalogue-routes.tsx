import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CourseListPage = lazy(() => import('@/features/courses/routes/course-list'));
const CourseDetailsPage = lazy(() => import('@/features/courses/routes/course-details'));
const CategoryListPage = lazy(() => import('@/features/categories/routes/category-list'));
const MentorListPage = lazy(() => import('@/features/mentors/routes/mentor-list'));
const MentorPage = lazy(() => import('@/features/mentors/routes/mentor'));
const PostListPage = lazy(() => import('@/features/posts/routes/post-list'));
const PostPage = lazy(() => import('@/features/posts/routes/post'));
const FeedPage = lazy(() => import('@/features/feed/routes/feed'));
const AboutPage = lazy(() => import('@/features/pages/routes/about'));
const ContactPage = lazy(() => import('@/features/pages/routes/contact'));
const InformationsPage = lazy(() => import('@/features/pages/routes/informations'));
const TermsPage = lazy(() => import('@/features/pages/routes/legal').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('@/features/pages/routes/legal').then((m) => ({ default: m.PrivacyPage })));

const InstructorRedirect = lazy(() => import('@/features/dashboard-catalogue/routes/instructor-redirect'));
const CourseManagePage = lazy(() => import('@/features/dashboard-catalogue/routes/course-manage'));
const CourseEditorPage = lazy(() => import('@/features/dashboard-catalogue/routes/course-editor'));
const CategoriesPage = lazy(() => import('@/features/dashboard-catalogue/routes/categories'));
const CourseTypesPage = lazy(() => import('@/features/dashboard-catalogue/routes/course-types'));
const BannersPage = lazy(() => import('@/features/dashboard-catalogue/routes/banners'));
const FeedModerationPage = lazy(() => import('@/features/dashboard-catalogue/routes/feed-moderation'));
const syllabuses = () => import('@/features/dashboard-catalogue/routes/syllabuses');
const subjects = () => import('@/features/dashboard-catalogue/routes/subjects');
const SyllabusListPage = lazy(() => syllabuses().then((m) => ({ default: m.SyllabusListPage })));
const SyllabusEditorPage = lazy(() => syllabuses().then((m) => ({ default: m.SyllabusEditorPage })));
const SyllabusViewPage = lazy(() => syllabuses().then((m) => ({ default: m.SyllabusViewPage })));
const SubjectListPage = lazy(() => subjects().then((m) => ({ default: m.SubjectListPage })));
const SubjectEditorPage = lazy(() => subjects().then((m) => ({ default: m.SubjectEditorPage })));
const SubjectViewPage = lazy(() => subjects().then((m) => ({ default: m.SubjectViewPage })));
const ContactInboxPage = lazy(() =>
  import('@/features/dashboard-catalogue/routes/inbox').then((m) => ({ default: m.ContactInboxPage })),
);
const AdmissionInboxPage = lazy(() =>
  import('@/features/dashboard-catalogue/routes/inbox').then((m) => ({ default: m.AdmissionInboxPage })),
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

/** Paths served by {@link cataloguePublicRoutes}, so the placeholder list can leave them out. */
export const cataloguePublicPaths = new Set(cataloguePublicRoutes.map((route) => route.path));

/** The catalogue's dashboard pages (paths under /dashboard and the sidebar's). */
export const catalogueDashboardRoutes: RouteObject[] = [
  { path: 'course', element: <CourseManagePage /> },
  { path: 'course/add-new', element: <CourseEditorPage /> },
  { path: 'course/edit/:id', element: <CourseEditorPage /> },
  { path: 'category', element: <CategoriesPage /> },
  { path: 'course-type', element: <CourseTypesPage /> },
  { path: 'banners', element: <BannersPage /> },
  { path: 'post-feed', element: <FeedModerationPage /> },
  { path: 'contact-message', element: <ContactInboxPage /> },
  { path: 'admission-message', element: <AdmissionInboxPage /> },
  { path: 'syllabus', element: <SyllabusListPage /> },
  { path: 'syllabus/add', element: <SyllabusEditorPage /> },
  { path: 'syllabus/edit/:id', element: <SyllabusEditorPage /> },
  { path: 'syllabus/view/:id', element: <SyllabusViewPage /> },
  { path: 'subjects', element: <SubjectListPage /> },
  { path: 'subjects/create', element: <SubjectEditorPage /> },
  { path: 'subjects/update/:id', element: <SubjectEditorPage /> },
  { path: 'subjects/view/:id', element: <SubjectViewPage /> },
];

export const catalogueDashboardPaths = new Set(catalogueDashboardRoutes.map((route) => route.path));
