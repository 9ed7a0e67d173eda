import type { UserQuery } from './users';

/** The users admin's query keys. */
export const userKeys = {
  lists: () => ['users', 'list'] as const,
  list: (query: UserQuery) => [...userKeys.lists(), query] as const,
};
