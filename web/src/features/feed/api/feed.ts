import { ApiError, api } from '@/lib/api-client';
import type { FeedPage } from '@/lib/api/types';

export const FEED_PAGE_SIZE = 10;

/** `GET /api/feed`: visible community posts, newest first. */
export async function fetchFeed(page: number, signal?: AbortSignal): Promise<FeedPage> {
  const result = (
    await api.get<FeedPage>('/api/feed', { query: { page, pageSize: FEED_PAGE_SIZE }, publicRoute: true, signal })
  ).result;
  if (!result) throw new ApiError('Empty response', { kind: 'bad-response' });
  return result;
}
