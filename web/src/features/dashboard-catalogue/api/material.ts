/**
 * Teaching material and course types (`/api/dashboard/subjects`, `/syllabuses`, `/course-types`;
 * server/src/http/material.rs and dashboard.rs). Records carry both languages (`{vi, en}`), so one request
 * feeds an editor.
 */
import { ApiError, api } from '@/lib/api-client';
import type {
  CourseType,
  ResultOf,
  Subject,
  SubjectBody as SubjectBodySchema,
  Syllabus,
  SyllabusBody as SyllabusBodySchema,
} from '@/lib/api/types';
import type { CategoryBody } from './dashboard';

export type { CourseType, Subject, Syllabus } from '@/lib/api/types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export type SyllabusStatus = 'draft' | 'published' | 'archived';
export const SYLLABUS_STATUSES: SyllabusStatus[] = ['draft', 'published', 'archived'];

export type SubjectBody = Required<SubjectBodySchema>;
/** A syllabus as its form sends it; `subjects` are subject ids in teaching order. */
export type SyllabusBody = Required<SyllabusBodySchema>;

const SUBJECTS = '/api/dashboard/subjects';
const SYLLABUSES = '/api/dashboard/syllabuses';
const COURSE_TYPES = '/api/dashboard/course-types';

export async function listSubjects(search: string, signal?: AbortSignal): Promise<Subject[]> {
  return need((await api.get<Subject[]>(SUBJECTS, { signal, query: search ? { search } : undefined })).result);
}
export async function getSubject(id: string, signal?: AbortSignal): Promise<Subject> {
  return need((await api.get<Subject>(at(SUBJECTS, id), { signal })).result);
}
export async function createSubject(body: SubjectBody): Promise<string> {
  return need((await api.post<{ id: string }>(SUBJECTS, body)).result).id;
}
export async function updateSubject(id: string, body: SubjectBody): Promise<Subject> {
  return need((await api.put<Subject>(at(SUBJECTS, id), body)).result);
}

export async function listSyllabuses(search: string, signal?: AbortSignal): Promise<Syllabus[]> {
  return need((await api.get<Syllabus[]>(SYLLABUSES, { signal, query: search ? { search } : undefined })).result);
}
export async function getSyllabus(id: string, signal?: AbortSignal): Promise<Syllabus> {
  return need((await api.get<Syllabus>(at(SYLLABUSES, id), { signal })).result);
}
export async function createSyllabus(body: SyllabusBody): Promise<string> {
  return need((await api.post<{ id: string }>(SYLLABUSES, body)).result).id;
}
export async function updateSyllabus(id: string, body: SyllabusBody): Promise<Syllabus> {
  return need((await api.put<Syllabus>(at(SYLLABUSES, id), body)).result);
}

export async function listCourseTypes(signal?: AbortSignal): Promise<CourseType[]> {
  return need((await api.get<CourseType[]>(COURSE_TYPES, { signal })).result);
}
export async function updateCourseType(id: string, body: CategoryBody): Promise<void> {
  await api.put<boolean>(at(COURSE_TYPES, id), body);
}
export async function deleteCourseType(id: string): Promise<void> {
  await api.delete<boolean>(at(COURSE_TYPES, id));
}

/** A teacher a syllabus can be put in the charge of. */
export type TeacherOption = ResultOf<'/users', 'get'>['items'][number];

/** Teachers for the syllabus form's owner select (ADMIN and STAFF may list users). */
export async function listTeachers(signal?: AbortSignal): Promise<TeacherOption[]> {
  const page = need(
    (await api.get<ResultOf<'/users', 'get'>>('/users', { signal, query: { role: 'TEACHER', pageSize: 100 } })).result,
  );
  return page.items;
}
