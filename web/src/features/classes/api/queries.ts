import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelClass,
  fetchAudiences,
  fetchMyClasses,
  fetchRoster,
  fetchTeaching,
  registerForClass,
  saveClass,
  withdrawFromClass,
  type When,
} from './classes';

export const classKeys = {
  all: () => ['classes'] as const,
  teaching: (when: When) => [...classKeys.all(), 'teaching', when] as const,
  audiences: () => [...classKeys.all(), 'audiences'] as const,
  roster: (id: string) => [...classKeys.all(), 'roster', id] as const,
  mine: () => [...classKeys.all(), 'mine'] as const,
};

export const classQueries = {
  teaching: (when: When) => queryOptions({ queryKey: classKeys.teaching(when), queryFn: () => fetchTeaching(when) }),
  audiences: () => queryOptions({ queryKey: classKeys.audiences(), queryFn: fetchAudiences }),
  roster: (id: string) =>
    queryOptions({ queryKey: classKeys.roster(id), queryFn: () => fetchRoster(id), enabled: id !== '' }),
  mine: () => queryOptions({ queryKey: classKeys.mine(), queryFn: fetchMyClasses }),
};

/** Every class list is read again after a change: seats and states move together. */
function useClassMutation<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: classKeys.all() }) });
}

export const useSaveClass = () => useClassMutation(saveClass);
export const useCancelClass = () => useClassMutation(cancelClass);
export const useRegisterForClass = () => useClassMutation(registerForClass);
export const useWithdrawFromClass = () => useClassMutation(withdrawFromClass);
