import type { InboxName, InboxQuery, ManagedCourseQuery } from './dashboard';

/**
 * The dashboard's query keys, one tree under `dashboard`: a change invalidates the branch it touches (a saved
 * subject, everything under `material`, since syllabuses show their subjects).
 */
export const dashboardKeys = {
  all: () => ['dashboard'] as const,
  courses: () => [...dashboardKeys.all(), 'courses'] as const,
  courseLists: () => [...dashboardKeys.courses(), 'list'] as const,
  courseList: (query: ManagedCourseQuery) => [...dashboardKeys.courseLists(), query] as const,
  course: (id: string) => [...dashboardKeys.courses(), 'detail', id] as const,
  categories: () => [...dashboardKeys.all(), 'categories'] as const,
  courseTypes: () => [...dashboardKeys.all(), 'course-types'] as const,
  banners: () => [...dashboardKeys.all(), 'banners'] as const,
  feed: () => [...dashboardKeys.all(), 'feed'] as const,
  feedPage: (page: number) => [...dashboardKeys.feed(), page] as const,
  inbox: (inbox: InboxName) => [...dashboardKeys.all(), 'inbox', inbox] as const,
  inboxPage: (inbox: InboxName, query: InboxQuery) => [...dashboardKeys.inbox(inbox), query] as const,
  material: () => [...dashboardKeys.all(), 'material'] as const,
  subjects: (search: string) => [...dashboardKeys.material(), 'subjects', search] as const,
  subject: (id: string) => [...dashboardKeys.material(), 'subject', id] as const,
  syllabuses: (search: string) => [...dashboardKeys.material(), 'syllabuses', search] as const,
  syllabus: (id: string) => [...dashboardKeys.material(), 'syllabus', id] as const,
  teachers: () => [...dashboardKeys.material(), 'teachers'] as const,
};
