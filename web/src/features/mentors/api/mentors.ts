import { ApiError, api, firstResult } from '@/lib/api-client';
import type { Instructor, MentorDetail, OrderView } from '@/lib/api/types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

/** `GET /api/mentors`: every teacher with an instructor profile. */
export async function fetchMentors(signal: AbortSignal): Promise<Instructor[]> {
  return need((await api.get<Instructor[]>('/api/mentors', { publicRoute: true, signal })).result);
}

/** What the page's first view says of `GET /api/mentors`, if anything (see `firstResult`). */
export const firstMentors = () => firstResult<Instructor[]>('/api/mentors');

/** `GET /api/mentors/{userId}` with bio, plans and published courses. */
export async function fetchMentor(id: string, signal: AbortSignal): Promise<MentorDetail> {
  return need(
    (await api.get<MentorDetail>(`/api/mentors/${encodeURIComponent(id)}`, { publicRoute: true, signal })).result,
  );
}

/**
 * `POST /api/checkout` with `planId`: the plan as one order waiting for its bank transfer (201), or the order
 * this key made before (200).
 */
export async function bookPlan(planId: string, clientToken: string): Promise<OrderView> {
  return need((await api.post<OrderView>('/api/checkout', { planId, clientToken })).result);
}
