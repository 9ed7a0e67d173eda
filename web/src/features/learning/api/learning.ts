/** The learning page's calls. */
import { ApiError, api } from '@/lib/api-client';
import type { Completion, LearningCourse, LessonContent } from './types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

const coursePath = (courseId: string) => `/api/learning/courses/${encodeURIComponent(courseId)}`;
const lessonPath = (courseId: string, lessonId: string) =>
  `${coursePath(courseId)}/lessons/${encodeURIComponent(lessonId)}`;

/** `GET /api/learning/courses/{id}`: the curriculum with the caller's completions, progress and where to resume. */
export async function fetchLearningCourse(courseId: string, signal: AbortSignal): Promise<LearningCourse> {
  return need((await api.get<LearningCourse>(coursePath(courseId), { signal })).result);
}

/** `GET /api/learning/courses/{id}/lessons/{lessonId}`: the lesson's player and text. */
export async function fetchLesson(courseId: string, lessonId: string, signal: AbortSignal): Promise<LessonContent> {
  return need((await api.get<LessonContent>(lessonPath(courseId, lessonId), { signal })).result);
}

/** `PUT …/completion`: marks the lesson completed or not; answers the learner's new progress. */
export async function setCompletion(courseId: string, lessonId: string, completed: boolean): Promise<Completion> {
  return need((await api.put<Completion>(`${lessonPath(courseId, lessonId)}/completion`, { completed })).result);
}

/** `PUT …/resume`: the lesson the learner opened, where the page resumes next time. */
export async function rememberLesson(courseId: string, lessonId: string): Promise<void> {
  await api.put<boolean>(`${coursePath(courseId)}/resume`, { lessonId });
}

/** `PUT …/lessons/{lessonId}/text`: the lesson's text in both languages (its teacher, administrators). */
export async function saveLessonText(
  courseId: string,
  lessonId: string,
  body: { vi: string; en: string },
): Promise<void> {
  await api.put<boolean>(`${lessonPath(courseId, lessonId)}/text`, { body });
}
