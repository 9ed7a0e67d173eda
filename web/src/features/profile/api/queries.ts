import { queryOptions } from '@tanstack/react-query';
import type { EnrolledCourse, InstructorCourse, MentorshipEnrollment } from '../types';
import { profileKeys } from './keys';
import { fetchEnrolledCourses, fetchInstructorCourses, fetchMentorshipEnrollments, fetchProfile } from './profile';

/** A list whose failure is logged only and shows as empty (the profile's tabs never show an error). */
async function quietly<T>(load: () => Promise<T[]>, logText: string): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(logText, error);
    return [];
  }
}

export const profileQueries = {
  me: () => queryOptions({ queryKey: profileKeys.me(), queryFn: () => fetchProfile() }),
  courses: (teacher: boolean) =>
    queryOptions<(InstructorCourse | EnrolledCourse)[]>({
      queryKey: profileKeys.courses(teacher),
      queryFn: () =>
        teacher
          ? quietly(fetchInstructorCourses, 'Failed to fetch teacher courses')
          : quietly(fetchEnrolledCourses, 'Failed to fetch enrolled courses'),
    }),
  mentorships: () =>
    queryOptions<MentorshipEnrollment[]>({
      queryKey: profileKeys.mentorships(),
      queryFn: () => quietly(fetchMentorshipEnrollments, 'Failed to fetch mentorships'),
    }),
};
