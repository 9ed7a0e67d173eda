import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { optimistic } from '@/lib/query-client';
import type { Role } from '@/lib/wasm';
import { userKeys } from './keys';
import {
  changeRole,
  changeStatus,
  createStaff,
  listUsers,
  type AccountStatus,
  type StaffAccount,
  type UserPage,
  type UserQuery,
} from './users';

export const userQueries = {
  /** A page of users; the page shown stays (dimmed) while the next search, filter or page loads. */
  list: (query: UserQuery) =>
    queryOptions({
      queryKey: userKeys.list(query),
      queryFn: ({ signal }) => listUsers(query, signal),
      placeholderData: keepPreviousData,
    }),
};

/** The user's row in every cached page, changed by `change`. */
function withUser(
  page: UserPage,
  userId: string,
  change: (user: UserPage['items'][number]) => UserPage['items'][number],
): UserPage {
  return { ...page, items: page.items.map((user) => (user.userId === userId ? change(user) : user)) };
}

/** Changes a role: the row shows it at once, and shows the old one again when the server refuses. */
export function useChangeRole() {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => changeRole(userId, role),
    ...optimistic<UserPage, { userId: string; role: Role }>(userKeys.lists(), (page, { userId, role }) =>
      withUser(page, userId, (user) => ({ ...user, roleName: role })),
    ),
  });
}

/** Locks or unlocks an account: the row shows it at once, and turns back when the server refuses. */
export function useChangeStatus() {
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: AccountStatus }) => changeStatus(userId, status),
    ...optimistic<UserPage, { userId: string; status: AccountStatus }>(userKeys.lists(), (page, { userId, status }) =>
      withUser(page, userId, (user) => ({ ...user, status })),
    ),
  });
}

export function useCreateStaff() {
  return useMutation({
    mutationFn: (account: StaffAccount) => createStaff(account),
    onSuccess: (_answer, _account, _snapshot, { client }) =>
      void client.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
