import type { Instructor } from '@/lib/api/types';
import { personName } from '@/lib/person-name';

/** A mentor's full name in `language` (family name first in Vietnamese), or the name the server spells. */
export function mentorName(mentor: Instructor, language: string): string {
  return personName(mentor, language) || mentor.name?.trim() || '';
}
