import { queryOptions } from '@tanstack/react-query';
import type { EnrolledCourse, InstructorCourse, MentorshipEnrollment } from '../types';
import { profileKeys } from './keys';
import {
  fetchEnrolledCourses,
  fetchInstructorCourses,
  fetchMentees,
  fetchMentorshipEnrollments,
  fetchProfile,
} from './profile';

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
  /** The mentors tab: the mentorships a student booked, or a teacher's mentees. */
  mentorships: (teacher = false) =>
    queryOptions<MentorshipEnrollment[]>({
      queryKey: profileKeys.mentorships(teacher),
      queryFn: () =>
        teacher
          ? quietly(fetchMentees, 'Failed to fetch mentees')
          : quietly(fetchMentorshipEnrollments, 'Failed to fetch mentorships'),
    }),
};
