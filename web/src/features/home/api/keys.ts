import { sharedKeys } from '@/lib/query-client';

/** The home feature's query keys: one answer with every list, refreshed by the dashboard's catalogue edits. */
export const homeKeys = {
  page: () => sharedKeys.home,
};
