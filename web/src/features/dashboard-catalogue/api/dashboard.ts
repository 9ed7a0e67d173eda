/**
 * The dashboard's catalogue calls (`/api/dashboard/…`, server/src/http/dashboard.rs). Texts are edited in both
 * languages: the server reads `{vi, en}` pairs and answers in the request's language, so the editors load a
 * record twice (Accept-Language vi and en) and pair the texts up.
 */
import { ApiError, api, uploadFile } from '@/lib/api-client';
import type { Banner, Category, Course, CourseDetail, FeedPost, Page } from '@/lib/catalogue-types';

export type Lang = 'vi' | 'en';
export interface Localized {
  vi: string;
  en: string;
}
export const LANGS: Lang[] = ['vi', 'en'];

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

/** GETs `path` once per language. */
export async function getBoth<T>(path: string, signal?: AbortSignal, query?: Record<string, string | number>): Promise<Record<Lang, T>> {
  const [vi, en] = await Promise.all(
    LANGS.map(async (lang) => need((await api.get<T>(path, { signal, query, headers: { 'Accept-Language': lang } })).result)),
  );
  return { vi: vi as T, en: en as T };
}

// ── Courses ────────────────────────────────────────────────────────────────────────────────────────────

export interface CourseBody {
  title: Localized;
  slug: string;
  description: Localized;
  whatYouWillLearn: Localized[];
  requirements: Localized[];
  thumbnail: string | null;
  price: number;
  discount: number | null;
  currency: string;
  courseBadge: Localized | null;
  level: string;
  totalSeat: number;
  categoryId: string;
  typeId: string | null;
  language: string;
}

export interface LessonBody {
  id?: string;
  title: Localized;
  durationSeconds: number;
  videoUrl: string | null;
  freePreview: boolean;
}

export interface SectionBody {
  id?: string;
  title: Localized;
  lessons: LessonBody[];
}

export const MANAGE_PAGE_SIZE = 10;

export async function listManagedCourses(query: { search?: string; page: number }, signal: AbortSignal): Promise<Page<Course>> {
  return need(
    (await api.get<Page<Course>>('/api/dashboard/courses', { query: { ...query, pageSize: MANAGE_PAGE_SIZE }, signal })).result,
  );
}

/** One course for its editor, in both languages. */
export function getManagedCourse(id: string, signal?: AbortSignal): Promise<Record<Lang, CourseDetail>> {
  return getBoth<CourseDetail>(`/api/dashboard/courses/${encodeURIComponent(id)}`, signal);
}

export async function createCourse(body: CourseBody): Promise<CourseDetail> {
  return need((await api.post<CourseDetail>('/api/dashboard/courses', body)).result);
}

export async function updateCourse(id: string, body: CourseBody): Promise<CourseDetail> {
  return need((await api.put<CourseDetail>(`/api/dashboard/courses/${encodeURIComponent(id)}`, body)).result);
}

export async function deleteCourse(id: string): Promise<void> {
  await api.delete<boolean>(`/api/dashboard/courses/${encodeURIComponent(id)}`);
}

export async function saveCurriculum(id: string, sections: SectionBody[]): Promise<CourseDetail> {
  return need((await api.put<CourseDetail>(`/api/dashboard/courses/${encodeURIComponent(id)}/curriculum`, { sections })).result);
}

export type CourseStatus = 'draft' | 'published' | 'archived';

export async function setCourseStatus(id: string, status: CourseStatus): Promise<Course> {
  return need((await api.put<Course>(`/api/dashboard/courses/${encodeURIComponent(id)}/status`, { status })).result);
}

// ── Categories and course types ────────────────────────────────────────────────────────────────────────

export interface CategoryBody {
  name: Localized;
  slug: string;
  description: Localized;
  image: string | null;
  order: number;
}

/** Categories in both languages (the public list, which has every category). */
export function listCategoriesBoth(signal?: AbortSignal): Promise<Record<Lang, Category[]>> {
  return getBoth<Category[]>('/api/categories', signal);
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

export interface BannerBody {
  title: Localized;
  subtitle: Localized;
  slug: string;
  image: string;
  link: string;
  active: boolean;
  order: number;
}

export function listBannersBoth(signal?: AbortSignal): Promise<Record<Lang, Banner[]>> {
  return getBoth<Banner[]>('/api/dashboard/banners', signal);
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

export async function listFeedForModeration(page: number, signal: AbortSignal): Promise<Page<FeedPost>> {
  return need((await api.get<Page<FeedPost>>('/api/dashboard/feed', { query: { page, pageSize: 20 }, signal })).result);
}

export async function moderateFeedPost(id: string, status: 'visible' | 'hidden'): Promise<void> {
  await api.put<boolean>(`/api/dashboard/feed/${encodeURIComponent(id)}/status`, { status });
}

// ── Inboxes ────────────────────────────────────────────────────────────────────────────────────────────

export type InboxName = 'contact-messages' | 'admission-messages';

export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The subject (contact) or the course name (admission). */
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface InboxPage extends Page<InboxMessage> {
  unread: number;
}

export async function listInbox(
  inbox: InboxName,
  query: { search?: string; read?: boolean; page: number },
  signal: AbortSignal,
): Promise<InboxPage> {
  return need((await api.get<InboxPage>(`/api/dashboard/${inbox}`, { query: { ...query, pageSize: 20 }, signal })).result);
}

export async function markMessage(inbox: InboxName, id: string, read: boolean): Promise<void> {
  await api.put<boolean>(`/api/dashboard/${inbox}/${encodeURIComponent(id)}/read`, { read });
}

// ── Images ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Uploads an image through the same signed-URL flow as avatars (SPEC §7): GET /files/get-upload-url
 * (file-id `{prefix}-{filename}`, PUBLIC), PUT the bytes, and use the upload URL without its query.
 */
export async function uploadImage(prefix: string, file: File, onProgress?: (percent: number) => void): Promise<string> {
  const fileId = `${prefix}-${Date.now()}-${file.name}`;
  const envelope = await api.get<{ url?: string }>('/files/get-upload-url', { query: { 'file-id': fileId, 'access-type': 'PUBLIC' } });
  const url = envelope.result?.url;
  if (!url) throw new ApiError('Failed to get upload URL', { kind: 'bad-response' });
  const status = await uploadFile(url, file, {
    headers: { 'Content-Type': file.type, 'x-amz-acl': 'public-read', 'Content-Disposition': 'inline' },
    onProgress: (loaded, total) => onProgress?.(Math.round((loaded / total) * 100)),
  });
  if (status !== 200) throw new ApiError(`Upload failed with status ${status}`, { kind: 'bad-response', status });
  return url.split('?')[0] ?? url;
}
