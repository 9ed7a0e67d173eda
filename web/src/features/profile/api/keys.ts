import { sharedKeys } from '@/lib/query-client';

/** The profile feature's query keys: the signed-in person's own data (forgotten when they sign out). */
export const profileKeys = {
  all: () => ['profile'] as const,
  me: () => [...profileKeys.all(), 'me'] as const,
  /** The courses tab: a teacher's own courses or a student's enrolments. */
  courses: (teacher: boolean) =>
    teacher ? ([...profileKeys.all(), 'courses', 'teaching'] as const) : sharedKeys.enrolledCourses,
  mentorships: (teacher = false) => [...profileKeys.all(), 'mentorships', teacher ? 'mentees' : 'booked'] as const,
};
