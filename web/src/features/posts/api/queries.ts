import { queryOptions } from '@tanstack/react-query';
import { postKeys } from './keys';
import { fetchPost, fetchPosts, fetchRecentPosts, firstRecentPosts } from './posts';

export const postQueries = {
  page: (page: number) =>
    queryOptions({ queryKey: postKeys.page(page), queryFn: ({ signal }) => fetchPosts(page, signal) }),
  detail: (id: string) =>
    queryOptions({ queryKey: postKeys.detail(id), queryFn: ({ signal }) => fetchPost(id, signal), enabled: id !== '' }),
  recent: (limit: number) =>
    queryOptions({
      queryKey: postKeys.recent(limit),
      queryFn: ({ signal }) => fetchRecentPosts(limit, signal),
      // The footer renders with the page's posts at once (on the server as in the browser), not after a request.
      initialData: () => firstRecentPosts(limit),
    }),
};
