/**
 * The dashboard's catalogue calls (`/api/dashboard/…`, server/src/http/dashboard.rs). Texts are edited in both
 * languages: the editors read a record once, its `texts` carrying both languages beside the request's.
 */
import { ApiError, api } from '@/lib/api-client';
import { uploadPicture, uploadToServer } from '@/lib/upload';
import type {
  BannerBody as BannerBodySchema,
  CategoryBody as CategoryBodySchema,
  CourseBody as CourseBodySchema,
  Course,
  InboxPage,
  ManagedBanner,
  ManagedCategory,
  LessonBody as LessonBodySchema,
  LessonWithVideo,
  ManagedCourse,
  ResultOf,
  SectionBody as SectionBodySchema,
  VideoUploadUrl,
} from '@/lib/api/types';

export type { InboxMessage, InboxPage, Localized } from '@/lib/api/types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

// ── Courses ────────────────────────────────────────────────────────────────────────────────────────────

/** A course as the editor sends it: every field filled (the server has defaults for the ones left out). */
export type CourseBody = Required<CourseBodySchema>;
/** A lesson as the curriculum editor sends it; a new one has no id (null). */
export type LessonBody = Required<LessonBodySchema>;
/** A section as the curriculum editor sends it, with its lessons in order. */
export type SectionBody = Omit<Required<SectionBodySchema>, 'lessons'> & { lessons: LessonBody[] };

export const MANAGE_PAGE_SIZE = 10;

export type ManagedCoursePage = ResultOf<'/api/dashboard/courses', 'get'>;
export interface ManagedCourseQuery {
  search?: string;
  page: number;
}

export async function listManagedCourses(query: ManagedCourseQuery, signal: AbortSignal): Promise<ManagedCoursePage> {
  return need(
    (
      await api.get<ManagedCoursePage>('/api/dashboard/courses', {
        query: { ...query, pageSize: MANAGE_PAGE_SIZE },
        signal,
      })
    ).result,
  );
}

/** One course for its editor, its texts in both languages. */
export async function getManagedCourse(id: string, signal?: AbortSignal): Promise<ManagedCourse> {
  return need((await api.get<ManagedCourse>(`/api/dashboard/courses/${encodeURIComponent(id)}`, { signal })).result);
}

export async function createCourse(body: CourseBody): Promise<ManagedCourse> {
  return need((await api.post<ManagedCourse>('/api/dashboard/courses', body)).result);
}

export async function updateCourse(id: string, body: CourseBody): Promise<ManagedCourse> {
  return need((await api.put<ManagedCourse>(`/api/dashboard/courses/${encodeURIComponent(id)}`, body)).result);
}

export async function deleteCourse(id: string): Promise<void> {
  await api.delete<boolean>(`/api/dashboard/courses/${encodeURIComponent(id)}`);
}

export async function saveCurriculum(id: string, sections: SectionBody[]): Promise<ManagedCourse> {
  return need(
    (await api.put<ManagedCourse>(`/api/dashboard/courses/${encodeURIComponent(id)}/curriculum`, { sections })).result,
  );
}

/** Where the lesson's video goes: `/api/dashboard/courses/{id}/lessons/{lessonId}/…`. */
function lessonPath(courseId: string, lessonId: string, tail: string): string {
  return `/api/dashboard/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/${tail}`;
}

/**
 * Uploads a lesson's video: a signed video upload URL, the file streamed to it (`onProgress` with the percent
 * sent; `signal` cancels), then the commit that makes it the lesson's video. Answers the lesson with its new
 * video. Refusals (too large, not MP4 or WebM, no room left) throw the server's message.
 */
export async function uploadLessonVideo(
  courseId: string,
  lessonId: string,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<LessonWithVideo> {
  const ticket = need((await api.post<VideoUploadUrl>(lessonPath(courseId, lessonId, 'video-upload-url'))).result);
  await uploadToServer(ticket.url, file, {
    onProgress: (loaded, total) => onProgress?.(total > 0 ? Math.round((loaded / total) * 100) : 0),
    signal,
  });
  signal?.throwIfAborted();
  return need((await api.post<LessonWithVideo>(lessonPath(courseId, lessonId, 'video'))).result);
}

export type CourseStatus = 'draft' | 'published' | 'archived';

export async function setCourseStatus(id: string, status: CourseStatus): Promise<Course> {
  return need((await api.put<Course>(`/api/dashboard/courses/${encodeURIComponent(id)}/status`, { status })).result);
}

// ── Categories and course types ────────────────────────────────────────────────────────────────────────

/** A category or course type as its form sends it. */
export type CategoryBody = Required<CategoryBodySchema>;

/** Every category, its texts in both languages. */
export async function listManagedCategories(signal?: AbortSignal): Promise<ManagedCategory[]> {
  return need((await api.get<ManagedCategory[]>('/api/dashboard/categories', { signal })).result);
}

export async function createCategory(body: CategoryBody): Promise<string> {
  return need((await api.post<{ id: string }>('/api/dashboard/categories', body)).result).id;
}

export async function updateCategory(id: string, body: CategoryBody): Promise<void> {
  await api.put<boolean>(`/api/dashboard/categories/${encodeURIComponent(id)}`, body);
}

export async function deleteCategory(id: string): Promise<void> {
  await api.delete<boolean>(`/api/dashboard/categories/${encodeURIComponent(id)}`);
}

export async function createCourseType(body: CategoryBody): Promise<string> {
  return need((await api.post<{ id: string }>('/api/dashboard/course-types', body)).result).id;
}

// ── Banners ────────────────────────────────────────────────────────────────────────────────────────────

export type BannerBody = Required<BannerBodySchema>;

/** Every banner, active or not, its texts in both languages. */
export async function listManagedBanners(signal?: AbortSignal): Promise<ManagedBanner[]> {
  return need((await api.get<ManagedBanner[]>('/api/dashboard/banners', { signal })).result);
}

export async function createBanner(body: BannerBody): Promise<string> {
  return need((await api.post<{ id: string }>('/api/dashboard/banners', body)).result).id;
}

export async function updateBanner(id: string, body: BannerBody): Promise<void> {
  await api.put<boolean>(`/api/dashboard/banners/${encodeURIComponent(id)}`, body);
}

export async function deleteBanner(id: string): Promise<void> {
  await api.delete<boolean>(`/api/dashboard/banners/${encodeURIComponent(id)}`);
}

// ── Feed moderation ────────────────────────────────────────────────────────────────────────────────────

export type ModerationPage = ResultOf<'/api/dashboard/feed', 'get'>;
export type FeedStatus = 'visible' | 'hidden';

export async function listFeedForModeration(page: number, signal: AbortSignal): Promise<ModerationPage> {
  return need((await api.get<ModerationPage>('/api/dashboard/feed', { query: { page, pageSize: 20 }, signal })).result);
}

export async function moderateFeedPost(id: string, status: FeedStatus): Promise<void> {
  await api.put<boolean>(`/api/dashboard/feed/${encodeURIComponent(id)}/status`, { status });
}

// ── Inboxes ────────────────────────────────────────────────────────────────────────────────────────────

export type InboxName = 'contact-messages' | 'admission-messages';

export interface InboxQuery {
  search?: string;
  /** `true`: read only; `false`: unread only. */
  read?: boolean;
  page: number;
}

export async function listInbox(inbox: InboxName, query: InboxQuery, signal: AbortSignal): Promise<InboxPage> {
  return need(
    (await api.get<InboxPage>(`/api/dashboard/${inbox}`, { query: { ...query, pageSize: 20 }, signal })).result,
  );
}

export async function markMessage(inbox: InboxName, id: string, read: boolean): Promise<void> {
  await api.put<boolean>(`/api/dashboard/${inbox}/${encodeURIComponent(id)}/read`, { read });
}

// ── Images ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Uploads a picture through the same signed-URL flow as avatars: GET /files/get-upload-url
 * (file-id `{prefix}-{filename}`, PUBLIC), PUT the bytes, then POST /files/commit-picture keeps it for good and
 * answers its public URL.
 */
export async function uploadImage(
  prefix: 'thumbnail' | 'banner' | 'category',
  file: File,
  onProgress?: (percent: number) => void,
): Promise<string> {
  return uploadPicture(prefix, file, onProgress);
}
