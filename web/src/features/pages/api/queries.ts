import { queryOptions } from '@tanstack/react-query';
import { loadInfoTexts } from '../content/load';
import { pageKeys } from './keys';

export const pageQueries = {
  /** Loaded once: the bundle never changes while the page is open. */
  infoTexts: (language: string) =>
    queryOptions({
      queryKey: pageKeys.infoTexts(language),
      queryFn: loadInfoTexts,
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
