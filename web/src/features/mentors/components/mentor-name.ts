import type { Instructor } from '@/lib/api/types';

/** `lastName firstName` (Vietnamese order), as the server spells it in `name`. */
export function mentorName(mentor: Instructor): string {
  return mentor.name?.trim() || [mentor.lastName, mentor.firstName].filter(Boolean).join(' ');
}
