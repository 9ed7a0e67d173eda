/**
 * The dashboard's reads (query options) and changes (mutation hooks). A change invalidates what it touched by
 * key, the public pages that show it included (`sharedKeys`); toggles a person expects to see at once (publish,
 * show or hide, mark read) are optimistic. Invalidations are not awaited: a change is done when the server has
 * answered, and the lists refetch behind it.
 */
import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ManagedBanner, ManagedCourse } from '@/lib/api/types';
import { optimistic, sharedKeys } from '@/lib/query-client';
import {
  createBanner,
  createCategory,
  createCourse,
  createCourseType,
  deleteBanner,
  deleteCategory,
  deleteCourse,
  getManagedCourse,
  listFeedForModeration,
  listInbox,
  listManagedBanners,
  listManagedCategories,
  listManagedCourses,
  markMessage,
  moderateFeedPost,
  saveCurriculum,
  setCourseStatus,
  updateBanner,
  updateCategory,
  updateCourse,
  type BannerBody,
  type CategoryBody,
  type CourseBody,
  type CourseStatus,
  type FeedStatus,
  type InboxName,
  type InboxPage,
  type InboxQuery,
  type ManagedCourseQuery,
  type ManagedCoursePage,
  type ModerationPage,
  type SectionBody,
} from './dashboard';
import { dashboardKeys } from './keys';
import {
  createSubject,
  createSyllabus,
  deleteCourseType,
  getSubject,
  getSyllabus,
  listCourseTypes,
  listSubjects,
  listSyllabuses,
  listTeachers,
  updateCourseType,
  updateSubject,
  updateSyllabus,
  type SubjectBody,
  type SyllabusBody,
} from './material';

export const dashboardQueries = {
  courseList: (query: ManagedCourseQuery) =>
    queryOptions({
      queryKey: dashboardKeys.courseList(query),
      queryFn: ({ signal }) => listManagedCourses(query, signal),
    }),
  course: (id: string) =>
    queryOptions({ queryKey: dashboardKeys.course(id), queryFn: ({ signal }) => getManagedCourse(id, signal) }),
  categories: () =>
    queryOptions({ queryKey: dashboardKeys.categories(), queryFn: ({ signal }) => listManagedCategories(signal) }),
  courseTypes: () =>
    queryOptions({ queryKey: dashboardKeys.courseTypes(), queryFn: ({ signal }) => listCourseTypes(signal) }),
  banners: () =>
    queryOptions({ queryKey: dashboardKeys.banners(), queryFn: ({ signal }) => listManagedBanners(signal) }),
  feedPage: (page: number) =>
    queryOptions({
      queryKey: dashboardKeys.feedPage(page),
      queryFn: ({ signal }) => listFeedForModeration(page, signal),
    }),
  inboxPage: (inbox: InboxName, query: InboxQuery) =>
    queryOptions({
      queryKey: dashboardKeys.inboxPage(inbox, query),
      queryFn: ({ signal }) => listInbox(inbox, query, signal),
    }),
  subjects: (search: string) =>
    queryOptions({ queryKey: dashboardKeys.subjects(search), queryFn: ({ signal }) => listSubjects(search, signal) }),
  subject: (id: string) =>
    queryOptions({ queryKey: dashboardKeys.subject(id), queryFn: ({ signal }) => getSubject(id, signal) }),
  syllabuses: (search: string) =>
    queryOptions({
      queryKey: dashboardKeys.syllabuses(search),
      queryFn: ({ signal }) => listSyllabuses(search, signal),
    }),
  syllabus: (id: string) =>
    queryOptions({ queryKey: dashboardKeys.syllabus(id), queryFn: ({ signal }) => getSyllabus(id, signal) }),
  teachers: () => queryOptions({ queryKey: dashboardKeys.teachers(), queryFn: ({ signal }) => listTeachers(signal) }),
};

/** Refreshes the public pages that show courses (lists, course pages, the home page). */
function refreshPublicCourses(client: QueryClient) {
  void client.invalidateQueries({ queryKey: sharedKeys.courses });
  void client.invalidateQueries({ queryKey: sharedKeys.home });
}

/** After a course was saved: its editor shows the answer, the lists and public pages refresh. */
function courseSaved(client: QueryClient, course: ManagedCourse) {
  client.setQueryData(dashboardKeys.course(course._id), course);
  void client.invalidateQueries({ queryKey: dashboardKeys.courseLists() });
  refreshPublicCourses(client);
}

/** Creates a course (no `id`) or saves its details. */
export function useSaveCourse() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CourseBody }) => (id ? updateCourse(id, body) : createCourse(body)),
    onSuccess: (course, _variables, _snapshot, { client }) => courseSaved(client, course),
  });
}

export function useSaveCurriculum(id: string) {
  return useMutation({
    mutationFn: (sections: SectionBody[]) => saveCurriculum(id, sections),
    onSuccess: (course, _variables, _snapshot, { client }) => courseSaved(client, course),
  });
}

/** Publishes, unpublishes or archives a course: the course lists show the new status at once. */
export function useSetCourseStatus() {
  const lists = optimistic<ManagedCoursePage, { id: string; status: CourseStatus }>(
    dashboardKeys.courseLists(),
    (page, { id, status }) => ({
      ...page,
      items: page.items.map((course) => (course._id === id ? { ...course, status } : course)),
    }),
  );
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: CourseStatus }) => setCourseStatus(id, status),
    ...lists,
    onSuccess: (course, { id }, _snapshot, { client }) =>
      client.setQueryData<ManagedCourse>(dashboardKeys.course(id), (old) => old && { ...old, status: course.status }),
    onSettled: (...args) => {
      lists.onSettled(...args);
      refreshPublicCourses(args[4].client);
    },
  });
}

export function useDeleteCourse() {
  return useMutation({
    mutationFn: (id: string) => deleteCourse(id),
    onSuccess: (_nothing, id, _snapshot, { client }) => {
      client.removeQueries({ queryKey: dashboardKeys.course(id) });
      void client.invalidateQueries({ queryKey: dashboardKeys.courseLists() });
      refreshPublicCourses(client);
    },
  });
}

/** After a category change: the dashboard's list, the public category list, course cards and the home page. */
function categoriesChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: dashboardKeys.categories() });
  void client.invalidateQueries({ queryKey: sharedKeys.categories });
  refreshPublicCourses(client);
}

export function useSaveCategory() {
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: CategoryBody }) => {
      if (id) await updateCategory(id, body);
      else await createCategory(body);
    },
    onSuccess: (_nothing, _variables, _snapshot, { client }) => categoriesChanged(client),
  });
}

export function useDeleteCategory() {
  return useMutation({
    mutationFn: (id: string) => deleteCategory(id),
    onSuccess: (_nothing, _id, _snapshot, { client }) => categoriesChanged(client),
  });
}

export function useSaveCourseType() {
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: CategoryBody }) => {
      if (id) await updateCourseType(id, body);
      else await createCourseType(body);
    },
    onSuccess: (_nothing, _variables, _snapshot, { client }) =>
      void client.invalidateQueries({ queryKey: dashboardKeys.courseTypes() }),
  });
}

export function useDeleteCourseType() {
  return useMutation({
    mutationFn: (id: string) => deleteCourseType(id),
    onSuccess: (_nothing, _id, _snapshot, { client }) =>
      void client.invalidateQueries({ queryKey: dashboardKeys.courseTypes() }),
  });
}

function bannersChanged(client: QueryClient) {
  void client.invalidateQueries({ queryKey: dashboardKeys.banners() });
  void client.invalidateQueries({ queryKey: sharedKeys.home });
}

export function useSaveBanner() {
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: BannerBody }) => {
      if (id) await updateBanner(id, body);
      else await createBanner(body);
    },
    onSuccess: (_nothing, _variables, _snapshot, { client }) => bannersChanged(client),
  });
}

/** Switches a banner on or off (saving it with its other fields unchanged); the list shows it at once. */
export function useSetBannerActive(bodyOf: (banner: ManagedBanner) => BannerBody) {
  const list = optimistic<ManagedBanner[], { banner: ManagedBanner; active: boolean }>(
    dashboardKeys.banners(),
    (banners, { banner, active }) => banners.map((b) => (b.id === banner.id ? { ...b, active } : b)),
  );
  return useMutation({
    mutationFn: ({ banner, active }: { banner: ManagedBanner; active: boolean }) =>
      updateBanner(banner.id, { ...bodyOf(banner), active }),
    ...list,
    onSettled: (...args) => {
      list.onSettled(...args);
      void args[4].client.invalidateQueries({ queryKey: sharedKeys.home });
    },
  });
}

export function useDeleteBanner() {
  return useMutation({
    mutationFn: (id: string) => deleteBanner(id),
    onSuccess: (_nothing, _id, _snapshot, { client }) => bannersChanged(client),
  });
}

/** Shows or hides a feed post: the moderation list shows it at once, the public feed refreshes. */
export function useModerateFeedPost() {
  const pages = optimistic<ModerationPage, { id: string; status: FeedStatus }>(
    dashboardKeys.feed(),
    (page, { id, status }) => ({
      ...page,
      items: page.items.map((post) => (post._id === id ? { ...post, status } : post)),
    }),
  );
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedStatus }) => moderateFeedPost(id, status),
    ...pages,
    onSettled: (...args) => {
      pages.onSettled(...args);
      void args[4].client.invalidateQueries({ queryKey: sharedKeys.feed });
    },
  });
}

/** The inbox page with one message marked read or unread, its unread count following. */
export function markedRead(page: InboxPage, id: string, read: boolean): InboxPage {
  const changed = page.items.some((message) => message.id === id && message.isRead !== read);
  if (!changed) return page;
  return {
    ...page,
    items: page.items.map((message) => (message.id === id ? { ...message, isRead: read } : message)),
    unread: Math.max(0, page.unread + (read ? -1 : 1)),
  };
}

/** Marks a message read (opening it) or unread again: the inbox shows it at once. */
export function useMarkMessage(inbox: InboxName) {
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markMessage(inbox, id, read),
    ...optimistic<InboxPage, { id: string; read: boolean }>(dashboardKeys.inbox(inbox), (page, { id, read }) =>
      markedRead(page, id, read),
    ),
  });
}

/** Creates a subject (no `id`) or saves it; resolves its id. Syllabuses show their subjects: all material refreshes. */
export function useSaveSubject() {
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: SubjectBody }) =>
      id ? (await updateSubject(id, body)).id : createSubject(body),
    onSuccess: (_id, _variables, _snapshot, { client }) =>
      void client.invalidateQueries({ queryKey: dashboardKeys.material() }),
  });
}

/** Creates a syllabus (no `id`) or saves it; resolves its id. */
export function useSaveSyllabus() {
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: SyllabusBody }) =>
      id ? (await updateSyllabus(id, body)).id : createSyllabus(body),
    onSuccess: (_id, _variables, _snapshot, { client }) =>
      void client.invalidateQueries({ queryKey: dashboardKeys.material() }),
  });
}
