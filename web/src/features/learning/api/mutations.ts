import { useMutation } from '@tanstack/react-query';
import { optimistic, sharedKeys } from '@/lib/query-client';
import { learningKeys } from './keys';
import { rememberLesson, saveLessonText, setCompletion } from './learning';
import type { LearningCourse, LessonContent } from './types';

interface CompletionVariables {
  lessonId: string;
  completed: boolean;
}

/** The course with one lesson's check mark set, as the learner expects to see it at once. */
function withCompletion(course: LearningCourse, { lessonId, completed }: CompletionVariables): LearningCourse {
  return {
    ...course,
    sections: course.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((lesson) => (lesson.id === lessonId ? { ...lesson, completed } : lesson)),
    })),
  };
}

/**
 * Marks a lesson completed or not: the check mark changes at once, the progress the server counts follows its
 * answer, and the profile's enrolled courses are read again.
 */
export function useLessonCompletion(courseId: string) {
  const courseKey = learningKeys.course(courseId);
  return useMutation({
    mutationFn: ({ lessonId, completed }: CompletionVariables) => setCompletion(courseId, lessonId, completed),
    ...optimistic<LearningCourse, CompletionVariables>(courseKey, withCompletion),
    onSuccess: (done, { lessonId }, _snapshot, { client }) => {
      client.setQueryData<LearningCourse>(courseKey, (course) => course && { ...course, progress: done.progress });
      client.setQueryData<LessonContent>(
        learningKeys.lesson(courseId, lessonId),
        (lesson) => lesson && { ...lesson, completed: done.lessonCompleted },
      );
      void client.invalidateQueries({ queryKey: sharedKeys.enrolledCourses });
    },
  });
}

/** Remembers the lesson the learner opened (quietly: a failure only means the page resumes elsewhere). */
export function useRememberLesson(courseId: string) {
  return useMutation({
    mutationFn: (lessonId: string) => rememberLesson(courseId, lessonId),
    onError: (error) => console.error('Failed to remember the lesson', error),
  });
}

/** Saves a lesson's text in both languages, then reads the lesson again. */
export function useLessonText(courseId: string, lessonId: string) {
  return useMutation({
    mutationFn: (body: { vi: string; en: string }) => saveLessonText(courseId, lessonId, body),
    onSuccess: (_done, _body, _snapshot, { client }) =>
      client.invalidateQueries({ queryKey: learningKeys.lesson(courseId, lessonId) }),
  });
}
