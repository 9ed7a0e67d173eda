/** The schedule's calls: the teacher's own week, a mentor's open times, and sessions (list, book, cancel, move). */
import { api, request } from '@/lib/api-client';
import type { MentorshipBooking, SessionView, SlotsView, WeekBody, WeekView } from '@/lib/api/types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Empty response');
  return value;
}

const WEEK = '/api/dashboard/schedule/availability';
const SESSIONS = '/api/mentorship/sessions';

/** `GET /api/dashboard/schedule/availability`: the caller's week (the default until first saved). */
export async function fetchWeek(): Promise<WeekView> {
  return need((await api.get<WeekView>(WEEK)).result);
}

/** `PUT /api/dashboard/schedule/availability`. */
export async function saveWeek(body: WeekBody): Promise<WeekView> {
  return need((await api.put<WeekView>(WEEK, body)).result);
}

/** `GET /api/mentorship/mentors/{mentorId}/slots` over [from, to), for one of the caller's bookings if given. */
export async function fetchSlots(mentorId: string, from: Date, to: Date, enrollmentId?: string): Promise<SlotsView> {
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  if (enrollmentId) query.set('enrollmentId', enrollmentId);
  return need(
    (await api.get<SlotsView>(`/api/mentorship/mentors/${encodeURIComponent(mentorId)}/slots?${query}`)).result,
  );
}

/** `GET /api/mentorship/sessions`: the sessions the caller takes or teaches, in time order. */
export async function fetchSessions(): Promise<SessionView[]> {
  return need((await api.get<SessionView[]>(SESSIONS)).result);
}

/** Books a session of a mentorship booking at `startAt` (RFC 3339). */
export async function bookSession(body: { enrollmentId: string; startAt: string }): Promise<SessionView> {
  return need((await api.post<SessionView>(SESSIONS, body)).result);
}

/** Cancels a session (up to the teacher's notice before it). */
export async function cancelSession(id: string): Promise<SessionView> {
  return need((await api.post<SessionView>(`${SESSIONS}/${encodeURIComponent(id)}/cancel`, {})).result);
}

/** Moves a session to `startAt` (up to the teacher's notice before it). */
export async function rescheduleSession({ id, startAt }: { id: string; startAt: string }): Promise<SessionView> {
  return need((await api.post<SessionView>(`${SESSIONS}/${encodeURIComponent(id)}/reschedule`, { startAt })).result);
}

/** The caller's mentorship bookings (`POST /api/mentorship-plan/enroll-list`, empty form: `enrollList`). */
export async function fetchBookings(): Promise<MentorshipBooking[]> {
  const path = '/api/mentorship-plan/enroll-list';
  const body = await request<{ enrollList?: MentorshipBooking[] }>(path, { method: 'POST', body: new FormData() });
  return body.enrollList ?? [];
}
