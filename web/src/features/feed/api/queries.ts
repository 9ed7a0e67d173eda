import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchFeed } from './feed';
import { feedKeys } from './keys';

export const feedQueries = {
  pages: () =>
    infiniteQueryOptions({
      queryKey: feedKeys.pages(),
      queryFn: ({ pageParam, signal }) => fetchFeed(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    }),
};
