import { sharedKeys } from '@/lib/query-client';

/** The categories feature's query keys. The list is shared: the dashboard's category edits invalidate it. */
export const categoryKeys = {
  list: () => sharedKeys.categories,
};
