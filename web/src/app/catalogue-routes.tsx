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

// The dashboard's own texts (namespace dashboardCatalogue) load with its route modules (texts.ts).
const InstructorRedirect = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/instructor-redirect'),
  ['catalogue'],
);
const CourseManagePage = lazyPage(() => import('@/features/dashboard-catalogue/routes/course-manage'), ['catalogue']);
const CourseEditorPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/course-editor'),
  ['catalogue', 'material'],
);
const CategoriesPage = lazyPage(() => import('@/features/dashboard-catalogue/routes/categories'), ['catalogue']);
const CourseTypesPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/course-types'),
  ['catalogue', 'material'],
);
const BannersPage = lazyPage(() => import('@/features/dashboard-catalogue/routes/banners'), ['catalogue']);
const FeedModerationPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/feed-moderation'),
  ['catalogue'],
);
const SyllabusListPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/syllabuses').then((m) => ({ default: m.SyllabusListPage })),
  ['catalogue', 'material'],
);
const SyllabusEditorPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/syllabuses').then((m) => ({ default: m.SyllabusEditorPage })),
  ['catalogue', 'material'],
);
const SyllabusViewPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/syllabuses').then((m) => ({ default: m.SyllabusViewPage })),
  ['catalogue', 'material'],
);
const SubjectListPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/subjects').then((m) => ({ default: m.SubjectListPage })),
  ['catalogue', 'material'],
);
const SubjectEditorPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/subjects').then((m) => ({ default: m.SubjectEditorPage })),
  ['catalogue', 'material'],
);
const SubjectViewPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/subjects').then((m) => ({ default: m.SubjectViewPage })),
  ['catalogue', 'material'],
);
const ContactInboxPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/inbox').then((m) => ({ default: m.ContactInboxPage })),
  ['catalogue'],
);
const AdmissionInboxPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/inbox').then((m) => ({ default: m.AdmissionInboxPage })),
  ['catalogue'],
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
