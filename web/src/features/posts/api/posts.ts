import { ApiError, api, firstResult } from '@/lib/api-client';
import type { Post, PostDetail, PostPage } from '@/lib/api/types';

export const POSTS_PAGE_SIZE = 9;

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return value;
}

/** `GET /api/posts`: published posts, newest first. */
export async function fetchPosts(page: number, signal: AbortSignal): Promise<PostPage> {
  return need(
    (await api.get<PostPage>('/api/posts', { query: { page, pageSize: POSTS_PAGE_SIZE }, publicRoute: true, signal }))
      .result,
  );
}

/** `GET /api/posts/{id}` with its HTML content. */
export async function fetchPost(id: string, signal: AbortSignal): Promise<PostDetail> {
  return need(
    (await api.get<PostDetail>(`/api/posts/${encodeURIComponent(id)}`, { publicRoute: true, signal })).result,
  );
}

/** `GET /api/posts/recent?limit=`. */
export async function fetchRecentPosts(limit: number, signal: AbortSignal): Promise<Post[]> {
  return need((await api.get<Post[]>('/api/posts/recent', { query: { limit }, publicRoute: true, signal })).result);
}

/** What the page's first view says of `GET /api/posts/recent?limit=` (the footer's), if anything (see `firstResult`). */
export const firstRecentPosts = (limit: number) => firstResult<Post[]>('/api/posts/recent', { limit });
