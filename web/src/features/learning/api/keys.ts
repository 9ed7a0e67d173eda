/** The learning feature's query keys: the signed-in person's own (forgotten when they sign out). */
export const learningKeys = {
  all: () => ['learning'] as const,
  /** A course's learning page (its lessons' contents are keyed apart, so changing one leaves the other alone). */
  course: (courseId: string) => [...learningKeys.all(), 'course', courseId] as const,
  lesson: (courseId: string, lessonId: string) => [...learningKeys.all(), 'lesson', courseId, lessonId] as const,
};
