/**
 * Server state in the browser: one QueryClient for the app, its defaults, and the keys of the data that more than
 * one feature reads or changes. Every read goes through `api-client.ts` inside a query function; a feature's
 * key factory (`features/<domain>/api/keys.ts`) names its queries.
 */
import { QueryClient, type MutationFunctionContext, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A read answered less than this long ago is shown again without asking the server (coming back to a page). */
export const STALE_TIME_MS = 30_000;
/** A failed read is tried again at most this many times, and only when the failure may pass. */
export const MAX_RETRIES = 2;

/**
 * Whether a failed read is worth another try: when no answer came (network) or the server failed (5xx). Never
 * a 4xx (the same request gets the same answer), a refused envelope, a timeout (the person already waited
 * 10 s) or a cancelled request.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !(error instanceof ApiError)) return false;
  return error.kind === 'network' || (error.kind === 'bad-response' && error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Coming back to the tab does not refetch every query on the page; data refreshes when it is stale and a
      // page mounts, and when a mutation invalidates it.
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's client (provided in app/root.tsx). */
export const queryClient = createQueryClient();

/**
 * Keys of public data that other features change: the dashboard's edits invalidate them by these prefixes
 * without importing the features that show them. Each owning feature's key factory builds under its prefix.
 */
export const sharedKeys = {
  home: ['home'] as const,
  courses: ['courses'] as const,
  /** The category list, shown by the category page and the course list's filters alike. */
  categories: ['categories'] as const,
  feed: ['feed'] as const,
  /** The courses the signed-in learner is enrolled in, with their progress: the profile shows them, learning changes them. */
  enrolledCourses: ['profile', 'courses', 'enrolled'] as const,
  /** Mentorship conversations and their unread counts: the profile's chat shows them, the live stream refreshes them. */
  chat: ['chat'] as const,
};

/** The cached answers an optimistic change replaced, put back when the server refuses it. */
export interface Snapshot {
  previous: [QueryKey, unknown][];
}

/**
 * The callbacks of an optimistic mutation: the pattern of every change a person expects to see at once (a toggle,
 * a mark-as-read, a removal). Before the request leaves, reads of `queryKey` in flight are cancelled and every
 * cached answer under it is changed by `update`; when the request fails they are put back; once the server has
 * answered either way they are refetched, so the server has the last word.
 */
export function optimistic<TData, TVariables>(
  queryKey: QueryKey,
  update: (data: TData, variables: TVariables) => TData,
) {
  return {
    onMutate: async (variables: TVariables, { client }: MutationFunctionContext): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey });
      const previous = client.getQueriesData<TData>({ queryKey });
      client.setQueriesData<TData>({ queryKey }, (data) => (data === undefined ? data : update(data, variables)));
      return { previous };
    },
    onError: (
      _error: unknown,
      _variables: TVariables,
      snapshot: Snapshot | undefined,
      { client }: MutationFunctionContext,
    ) => {
      for (const [key, data] of snapshot?.previous ?? []) client.setQueryData(key, data);
    },
    // Not awaited: the change counts as done when the server has answered, the refetch follows.
    onSettled: (
      _data: unknown,
      _error: unknown,
      _variables: TVariables,
      _snapshot: Snapshot | undefined,
      { client }: MutationFunctionContext,
    ) => void client.invalidateQueries({ queryKey }),
  };
}
