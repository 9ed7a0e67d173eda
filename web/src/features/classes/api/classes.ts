/**
 * Live classes (server/src/classes): teachers schedule them for their courses and plans and see who registered;
 * students of those courses and plans register while seats last.
 */
import { api, resultOf } from '@/lib/api-client';
import type { ClassAudience, ClassRoster, ClassView } from '@/lib/api/types';

export type { ClassAudience, ClassRoster, ClassView } from '@/lib/api/types';

/** A class as the editor sends it (`startsAt` in epoch milliseconds). */
export interface ClassForm {
  topic: string;
  description: string;
  courseId: string | null;
  planId: string | null;
  startsAt: number;
  minutes: number;
  seats: number;
}

export type When = 'upcoming' | 'past';

const DASHBOARD = '/api/dashboard/classes';
const classPath = (id: string) => `${DASHBOARD}/${encodeURIComponent(id)}`;
const registrationPath = (id: string) => `/api/classes/${encodeURIComponent(id)}/registration`;

/** `GET /api/dashboard/classes`: the caller's classes (an administrator: all), upcoming or past. */
export async function fetchTeaching(when: When): Promise<ClassView[]> {
  return resultOf(await api.get<ClassView[]>(DASHBOARD, { query: { when } }));
}

/** The caller's courses and plans a class can be for. */
export async function fetchAudiences(): Promise<ClassAudience[]> {
  return resultOf(await api.get<ClassAudience[]>(`${DASHBOARD}/audiences`));
}

/** Schedules (no id) or rewrites a class. */
export async function saveClass({ id, body }: { id?: string; body: ClassForm }): Promise<ClassView> {
  return resultOf(id ? await api.put<ClassView>(classPath(id), body) : await api.post<ClassView>(DASHBOARD, body));
}

export async function cancelClass(id: string): Promise<ClassView> {
  return resultOf(await api.post<ClassView>(`${classPath(id)}/cancel`));
}

/** A class with its registered students. */
export async function fetchRoster(id: string): Promise<ClassRoster> {
  return resultOf(await api.get<ClassRoster>(`${classPath(id)}/registrations`));
}

/** `GET /api/classes/mine`: the classes open to the caller and those they registered for. */
export async function fetchMyClasses(): Promise<ClassView[]> {
  return resultOf(await api.get<ClassView[]>('/api/classes/mine'));
}

export async function registerForClass(id: string): Promise<ClassView> {
  return resultOf(await api.post<ClassView>(registrationPath(id)));
}

export async function withdrawFromClass(id: string): Promise<ClassView> {
  return resultOf(await api.delete<ClassView>(registrationPath(id)));
}
