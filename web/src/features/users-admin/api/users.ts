/** The users admin calls (ADMIN and STAFF). */
import { api } from '@/lib/api-client';
import type { Role } from '@/lib/wasm';

export type AccountStatus = 'active' | 'locked';

export interface AdminUser {
  userId: string;
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  avatar?: string | null;
  roleName: string;
  status: AccountStatus;
  createdAt?: number | string | null;
}

export interface UserPage {
  items: AdminUser[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface UserQuery {
  search: string;
  role: Role | '';
  page: number;
}

interface RawUser extends Partial<AdminUser> {
  id?: string;
  role?: string;
  locked?: boolean;
}

function normalizeUser(raw: RawUser): AdminUser {
  return {
    userId: raw.userId ?? raw.id ?? '',
    username: raw.username ?? '',
    email: raw.email ?? '',
    firstName: raw.firstName,
    lastName: raw.lastName,
    avatar: raw.avatar,
    roleName: (raw.roleName ?? raw.role ?? '').toUpperCase(),
    status: raw.status === 'locked' || raw.locked === true ? 'locked' : 'active',
    createdAt: raw.createdAt,
  };
}

/** GET /users?search=&role=&page= */
export async function listUsers(query: UserQuery, signal?: AbortSignal): Promise<UserPage> {
  const envelope = await api.get<unknown>('/users', {
    query: { search: query.search.trim() || undefined, role: query.role || undefined, page: query.page },
    signal,
  });
  const result = (envelope.result ?? {}) as Record<string, unknown>;
  const list = (Array.isArray(result) ? result : (result.items ?? result.users ?? result.content ?? [])) as RawUser[];
  const items = list.map(normalizeUser);
  const pageSize = Number(result.pageSize ?? result.size ?? result.perPage ?? (items.length || 20));
  return {
    items,
    total: Number(result.total ?? result.totalElements ?? items.length),
    page: Number(result.page ?? query.page),
    pageSize: pageSize > 0 ? pageSize : 20,
  };
}

/** PATCH /users/{id}/role {role} */
export function changeRole(userId: string, role: Role) {
  return api.patch<unknown>(`/users/${encodeURIComponent(userId)}/role`, { role });
}

/** PATCH /users/{id}/status {status} */
export function changeStatus(userId: string, status: AccountStatus) {
  return api.patch<unknown>(`/users/${encodeURIComponent(userId)}/status`, { status });
}

export interface StaffAccount {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

/** POST /users/staff */
export function createStaff(account: StaffAccount) {
  return api.post<unknown>('/users/staff', account);
}
