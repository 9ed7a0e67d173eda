import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { profileKeys } from './keys';

export type OpenSession = components['schemas']['SignedInSessionView'];

const sessionsKey = () => [...profileKeys.all(), 'sessions'] as const;

export const securityApi = {
  sessions: async () => resultOf(await api.get<OpenSession[]>('/auth/sessions')),
  endSession: async (id: string) => resultOf(await api.delete<boolean>(`/auth/sessions/${encodeURIComponent(id)}`)),
  endOthers: async () => resultOf(await api.post<boolean>('/auth/sessions/end-others')),
  changePassword: async (currentPassword: string, newPassword: string) =>
    resultOf(await api.post<boolean>('/users/my-password', { currentPassword, newPassword })),
};

export const securityQueries = {
  sessions: () => queryOptions({ queryKey: sessionsKey(), queryFn: securityApi.sessions }),
};

/** Ending sessions or changing the password changes the list of sessions. */
function useSessionsMutation<TInput>(fn: (input: TInput) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey() }) });
}

export const useEndSession = () => useSessionsMutation((id: string) => securityApi.endSession(id));
export const useEndOtherSessions = () => useSessionsMutation(() => securityApi.endOthers());
export const useChangePassword = () =>
  useSessionsMutation(({ current, next }: { current: string; next: string }) =>
    securityApi.changePassword(current, next),
  );
