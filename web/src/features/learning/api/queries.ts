import { queryOptions } from '@tanstack/react-query';
import { learningKeys } from './keys';
import { fetchLearningCourse, fetchLesson } from './learning';

export const learningQueries = {
  course: (courseId: string) =>
    queryOptions({
      queryKey: learningKeys.course(courseId),
      queryFn: ({ signal }) => fetchLearningCourse(courseId, signal),
      enabled: courseId !== '',
    }),
  lesson: (courseId: string, lessonId: string) =>
    queryOptions({
      queryKey: learningKeys.lesson(courseId, lessonId),
      queryFn: ({ signal }) => fetchLesson(courseId, lessonId, signal),
      enabled: courseId !== '' && lessonId !== '',
    }),
};
