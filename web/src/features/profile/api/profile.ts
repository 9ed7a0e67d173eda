/** The profile's calls. */
import { api, request } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';
import { isSuccess, type ProfileUpdatePayload } from '@/lib/wasm';
import type { EnrolledCourse, InstructorCourse, MentorshipEnrollment, ProfileUser } from '../types';

/** GET /users/my-info. */
export async function fetchProfile(): Promise<ProfileUser> {
  const envelope = await api.get<ProfileUser>('/users/my-info');
  if (!envelope.result) throw new Error('No user in the response');
  return envelope.result;
}

/** GET /courses/instructor (teachers only): code 1000, result is the list. */
export async function fetchInstructorCourses(): Promise<InstructorCourse[]> {
  const envelope = await api.get<InstructorCourse[]>('/courses/instructor');
  return Array.isArray(envelope.result) ? envelope.result : [];
}

/** `enrollList` of an enrol-list answer, whether it comes bare or inside the envelope's result. */
function enrollListOf<T>(body: unknown): T[] {
  const record = (body ?? {}) as { enrollList?: unknown; result?: unknown };
  if (Array.isArray(record.enrollList)) return record.enrollList as T[];
  const result = record.result as { enrollList?: unknown } | unknown[] | undefined;
  if (Array.isArray(result)) return result as T[];
  if (result && Array.isArray(result.enrollList)) return result.enrollList as T[];
  return [];
}

/** POST /api/course/enroll-list with an empty multipart form: `enrollList` (empty on error). */
export async function fetchEnrolledCourses(): Promise<EnrolledCourse[]> {
  return enrollListOf<EnrolledCourse>(
    await request('/api/course/enroll-list', { method: 'POST', body: new FormData() }),
  );
}

/** POST /api/mentorship-plan/enroll-list with an empty form: `enrollList` and `total`. */
export async function fetchMentorshipEnrollments(): Promise<MentorshipEnrollment[]> {
  return enrollListOf<MentorshipEnrollment>(
    await request('/api/mentorship-plan/enroll-list', { method: 'POST', body: new FormData() }),
  );
}

/** GET /api/mentorship/mentees (teachers): the people who booked the teacher's plans, in the same shape. */
export async function fetchMentees(): Promise<MentorshipEnrollment[]> {
  return enrollListOf<MentorshipEnrollment>(await request('/api/mentorship/mentees'));
}

/**
 * PUT /users/{userId} with the checked profile and the chosen time zone (the server checks it); resolves the
 * envelope (code 1000), rejects with the server's message otherwise.
 */
export function updateProfile(userId: string, payload: ProfileUpdatePayload & { timeZone?: string }) {
  return api.put<ProfileUser>(`/users/${encodeURIComponent(userId)}`, payload);
}

// ── Avatar upload ─────────────────────────────────────────────────────────────────────────────

/** The upload's error texts, thrown as errors so the dialog's toast shows them. */
export interface UploadTexts {
  getUrlFailed: string;
  /** With `{{status}}`. */
  uploadStatus: (status: number) => string;
  storeFailed: string;
  avatarFailed: string;
}

export type UploadEvent =
  | { step: 'started' }
  | { step: 'urlReceived' }
  | { step: 'sending'; loaded: number; total: number }
  | { step: 'uploaded' }
  | { step: 'done' };

/**
 * Uploads a new avatar: asks for a signed URL (file-id `avatar-{filename}`, PUBLIC), PUTs the bytes there with
 * progress, then records it as the user's avatar; resolves the avatar URL. `onStep` reports each step so the
 * caller can show the shared progress milestones.
 */
export async function uploadAvatar(
  file: File,
  texts: UploadTexts,
  onStep: (event: UploadEvent) => void,
): Promise<string> {
  const fileId = `avatar-${file.name}`;
  onStep({ step: 'started' });

  let uploadUrl: string | undefined;
  try {
    const envelope = await api.get<{ url?: string }>('/files/get-upload-url', {
      query: { 'file-id': fileId, 'access-type': 'PUBLIC' },
    });
    uploadUrl = envelope.result?.url;
  } catch (error) {
    console.error('Upload URL request failed', error);
  }
  if (!uploadUrl) throw new Error(texts.getUrlFailed);
  onStep({ step: 'urlReceived' });

  let status: number;
  try {
    status = await uploadFile(uploadUrl, file, {
      headers: { 'Content-Type': file.type, 'x-amz-acl': 'public-read', 'Content-Disposition': 'inline' },
      onProgress: (loaded, total) => onStep({ step: 'sending', loaded, total }),
    });
  } catch (error) {
    console.error('Upload failed', error);
    throw new Error(texts.storeFailed, { cause: error });
  }
  if (status !== 200) throw new Error(texts.uploadStatus(status));
  onStep({ step: 'uploaded' });

  let avatarUrl: string | undefined;
  try {
    const envelope = await api.post<{ url?: string }>('/users/upload-avatar', undefined, {
      query: { 'file-id': fileId },
    });
    if (!isSuccess(envelope.code)) throw new Error('not a success');
    avatarUrl = envelope.result?.url || uploadUrl.split('?')[0];
  } catch (error) {
    console.error('Avatar update failed', error);
    throw new Error(texts.avatarFailed, { cause: error });
  }
  onStep({ step: 'done' });
  return avatarUrl as string;
}
