import { sharedKeys } from '@/lib/query-client';

/** The feed feature's query keys, under the shared prefix the dashboard's moderation invalidates. */
export const feedKeys = {
  /** The feed as one list grown a page at a time ("more"). */
  pages: () => [...sharedKeys.feed, 'pages'] as const,
};
