import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createFeed, fetchCalendar, fetchFeed, revokeFeed } from './calendar';

export const calendarKeys = {
  all: () => ['calendar'] as const,
  range: (from: number, to: number) => [...calendarKeys.all(), 'range', from, to] as const,
  feed: () => [...calendarKeys.all(), 'feed'] as const,
};

export const calendarQueries = {
  range: (from: number, to: number) =>
    queryOptions({ queryKey: calendarKeys.range(from, to), queryFn: () => fetchCalendar(from, to) }),
  feed: () => queryOptions({ queryKey: calendarKeys.feed(), queryFn: fetchFeed }),
};

/** Makes (or rotates) and revokes the subscription address; the status is read again after. */
function useFeedMutation<R>(mutationFn: () => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.feed() }) });
}

export const useCreateFeed = () => useFeedMutation(createFeed);
export const useRevokeFeed = () => useFeedMutation(revokeFeed);
