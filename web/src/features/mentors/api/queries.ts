import { queryOptions } from '@tanstack/react-query';
import { mentorKeys } from './keys';
import { fetchMentor, fetchMentors, firstMentors } from './mentors';

export const mentorQueries = {
  list: () =>
    queryOptions({
      queryKey: mentorKeys.list(),
      queryFn: ({ signal }) => fetchMentors(signal),
      initialData: firstMentors,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: mentorKeys.detail(id),
      queryFn: ({ signal }) => fetchMentor(id, signal),
      enabled: id !== '',
    }),
};
