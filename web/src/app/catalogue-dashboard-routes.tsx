import type { RouteObject } from 'react-router';
import { SyllabusListPage, SyllabusViewPage } from './catalogue-routes';
import { lazyPage } from './lazy-page';

// The dashboard's own texts (namespace dashboardCatalogue) load with its route modules (texts.ts).
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
const SyllabusEditorPage = lazyPage(
  () => import('@/features/dashboard-catalogue/routes/syllabuses').then((m) => ({ default: m.SyllabusEditorPage })),
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
