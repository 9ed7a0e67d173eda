/** The data of the profile page. */
import type { components } from '@/lib/api/schema';

/** The user as the profile shows and edits it. */
export interface ProfileUser {
  userId?: string;
  username?: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  address?: string | null;
  /** A date (YYYY-MM-DD, or an ISO date-time). */
  dob?: string | null;
  avatar?: string | null;
  roleName: string;
  /** The IANA zone the person's times are shown in. */
  timeZone?: string;
  /** Only in the answer of a change of one's own e-mail: the new address, to which a confirmation link was sent. */
  pendingEmail?: string;
}

/** A time as the server sends it: epoch ms or an ISO 8601 string. */
export type Instant = number | string;

/** A course the student is enrolled in (`_id` is the course's), as `POST /api/course/enroll-list` lists it. */
export type EnrolledCourse = components['schemas']['EnrolledCourse'];

/** A course the teacher created. */
export interface InstructorCourse {
  _id: string;
  title: string;
  description?: string | null;
  thumbnail?: string | null;
  status?: string | null;
  enrollments?: number | null;
  createdAt?: Instant | null;
}

/** A mentorship plan the student booked. */
export interface MentorshipEnrollment {
  _id: string;
  mentor: { userId: string; firstName?: string | null; lastName?: string | null; avatar?: string | null };
  /** Who booked it (present in a teacher's list of mentees). */
  mentee?: { userId: string; firstName?: string | null; lastName?: string | null; avatar?: string | null };
  menteeUsername?: string;
  package: {
    title: string;
    /** Integer minor units of `currency` (VND when absent). */
    price: number;
    currency?: string | null;
    short_description?: string | null;
    services?: string[] | null;
  };
  startDate: Instant;
  endDate: Instant;
}
