import { useTranslation } from 'react-i18next';

/** A person's name parts as the API sends them: `lastName` is the family name (with middle names), `firstName` the given name. */
export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * A person's full name as people write it in `language`: family name first in Vietnamese ("Phan Thị Yến"), given
 * name first in English ("Yến Phan Thị"). Empty when neither part is known (the caller shows its fallback).
 */
export function personName(person: NameParts | null | undefined, language: string): string {
  const given = person?.firstName?.trim() ?? '';
  const family = person?.lastName?.trim() ?? '';
  return (language === 'en' ? [given, family] : [family, given]).filter(Boolean).join(' ');
}

/** [`personName`] in the page's language. */
export function usePersonName(): (person: NameParts | null | undefined) => string {
  const { i18n } = useTranslation();
  return (person) => personName(person, i18n.language);
}
