import { ApiError, api } from '@/lib/api-client';
import type { Instructor, MentorDetail } from '@/lib/api/types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

/** `GET /api/mentors`: every teacher with an instructor profile. */
export async function fetchMentors(signal: AbortSignal): Promise<Instructor[]> {
  return need((await api.get<Instructor[]>('/api/mentors', { publicRoute: true, signal })).result);
}

/** `GET /api/mentors/{userId}` with bio, plans and published courses. */
export async function fetchMentor(id: string, signal: AbortSignal): Promise<MentorDetail> {
  return need(
    (await api.get<MentorDetail>(`/api/mentors/${encodeURIComponent(id)}`, { publicRoute: true, signal })).result,
  );
}
