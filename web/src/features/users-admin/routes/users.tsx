import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Lock, LockOpen, RotateCw, Search, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { parseRole, textLimits, type Role } from '@/lib/wasm';
import { personName } from '@/lib/person-name';
import { useChangeRole, useChangeStatus, userQueries } from '../api/queries';
import type { AdminUser, UserQuery } from '../api/users';
import { CreateStaffDialog } from '../components/create-staff-dialog';

const ROLES: Role[] = ['ADMIN', 'STAFF', 'TEACHER', 'STUDENT'];
const SEARCH_DELAY_MS = 300;

function displayName(user: AdminUser, language: string): string {
  return personName(user, language) || user.username;
}

function Initials({ user }: { user: AdminUser }) {
  const text =
    `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || user.username.slice(0, 1).toUpperCase();
  return user.avatar ? (
    <img src={user.avatar} alt="" className="size-9 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-50 text-xs font-bold text-teal-700"
    >
      {text}
    </span>
  );
}

/**
 * Users admin (`/dashboard/user`, ADMIN and STAFF): search, role filter, pagination, role change, lock/unlock
 * and staff account creation. The server's refusals (e.g. demoting or locking the last admin) are shown as is.
 */
export default function UsersAdminPage() {
  const { t, i18n } = useTranslation('users');
  const { user: me } = useAuth();
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState<UserQuery>({ search: '', role: '', page: 1 });
  const users = useQuery(userQueries.list(query));
  const data = users.data;
  const loading = users.isFetching;
  const changeRole = useChangeRole();
  const changeStatus = useChangeStatus();
  const [creating, setCreating] = useState(false);
  useDocumentMeta(t('metaTitle'), t('subtitle'));

  // The search box asks the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(
      () => setQuery((q) => (q.search === searchText ? q : { ...q, search: searchText, page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    if (users.error) console.error('Users could not be loaded', users.error);
  }, [users.error]);

  /** The row shows a change at once; the toast follows the server's answer, and a refusal turns the row back. */
  const outcome = (success: string) => ({
    onSuccess: () => toast.success(success),
    onError: (error: unknown) => {
      console.error('User change failed', error);
      toast.error(t('actionFailed'), { description: error instanceof ApiError ? error.message : undefined });
    },
  });
  const busyWith = (mutation: { isPending: boolean; variables?: { userId: string } }) =>
    mutation.isPending ? mutation.variables?.userId : undefined;
  const busy = busyWith(changeRole) ?? busyWith(changeStatus) ?? null;

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const dateFormat = new Intl.DateTimeFormat(i18n.language.startsWith('en') ? 'en-US' : 'vi-VN', {
    dateStyle: 'medium',
  });
  const joined = (value: AdminUser['createdAt']) => {
    if (value === null || value === undefined || value === '') return '';
    const ms = typeof value === 'number' ? value : Date.parse(value);
    return Number.isNaN(ms) ? '' : dateFormat.format(ms);
  };

  return (
    <div data-testid="users-admin" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('subtitle')}</p>
        </div>
        <button type="button" onClick={() => setCreating(true)} className={buttonClass('primary')}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('createStaff')}
        </button>
      </div>

      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">{t('searchLabel')}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            maxLength={textLimits().search}
            placeholder={t('searchPlaceholder')}
            className={`${inputClass} ${inputStateClass(false)} pl-9`}
          />
        </label>
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <label htmlFor="users-role-filter" className="shrink-0">
            {t('roleFilter')}
          </label>
          <select
            id="users-role-filter"
            value={query.role}
            onChange={(e) => setQuery((q) => ({ ...q, role: parseRole(e.target.value) ?? '', page: 1 }))}
            className={`${inputClass} ${inputStateClass(false)} sm:w-44`}
          >
            <option value="">{t('allRoles')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {users.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center text-slate-600">
            <p>{t('loadFailed')}</p>
            <button type="button" onClick={() => void users.refetch()} className={buttonClass('secondary', 'sm')}>
              <RotateCw aria-hidden="true" className="size-4" />
              {t('retry')}
            </button>
          </div>
        ) : !data && loading ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : data && data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-slate-500">
            <Users aria-hidden="true" className="size-10 text-slate-300" />
            <p>{t('empty')}</p>
          </div>
        ) : (
          <div className="relative overflow-x-auto">
            <table
              className={`w-full min-w-[760px] text-left text-sm ${loading ? 'opacity-60' : ''}`}
              aria-busy={loading}
            >
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.user')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.email')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.role')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.status')}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    {t('columns.created')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data?.items.map((user) => {
                  const name = displayName(user, i18n.language);
                  const locked = user.status === 'locked';
                  const isMe = Boolean(me?.userId && me.userId === user.userId);
                  return (
                    <tr
                      key={user.userId}
                      data-testid="user-row"
                      data-username={user.username}
                      className="hover:bg-slate-50/60"
                    >
                      <td className="px-4 py-3">
                        <div className="flex items-center gap-3">
                          <Initials user={user} />
                          <div className="min-w-0">
                            <p className="truncate font-medium text-slate-900">
                              {name}
                              {isMe && <span className="ml-1.5 text-xs font-normal text-slate-500">({t('you')})</span>}
                            </p>
                            <p className="truncate text-xs text-slate-500">@{user.username}</p>
                          </div>
                        </div>
                      </td>
                      <td className="max-w-[16rem] truncate px-4 py-3 text-slate-600">{user.email}</td>
                      <td className="px-4 py-3">
                        <select
                          aria-label={t('changeRoleFor', { name })}
                          value={user.roleName}
                          disabled={busy === user.userId}
                          onChange={(e) => {
                            const role = parseRole(e.target.value);
                            if (!role || role === user.roleName) return;
                            changeRole.mutate(
                              { userId: user.userId, role },
                              outcome(t('roleChanged', { name, role: t(`roles.${role}`) })),
                            );
                          }}
                          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/25 focus:outline-none"
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`roles.${role}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="px-4 py-3">
                        <span
                          data-testid="user-status"
                          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
                            locked ? 'bg-rose-100 text-rose-700' : 'bg-emerald-100 text-emerald-700'
                          }`}
                        >
                          {t(`status.${user.status}`)}
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-slate-500 lg:table-cell">
                        {joined(user.createdAt)}
                      </td>
                      <td className="px-4 py-3 text-right">
                        <button
                          type="button"
                          disabled={busy === user.userId}
                          aria-label={locked ? t('unlockFor', { name }) : t('lockFor', { name })}
                          onClick={() =>
                            changeStatus.mutate(
                              { userId: user.userId, status: locked ? 'active' : 'locked' },
                              outcome(locked ? t('unlocked', { name }) : t('locked', { name })),
                            )
                          }
                          className={buttonClass(locked ? 'secondary' : 'ghost', 'sm')}
                        >
                          {locked ? (
                            <LockOpen aria-hidden="true" className="size-4" />
                          ) : (
                            <Lock aria-hidden="true" className="size-4" />
                          )}
                          {locked ? t('unlock') : t('lock')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {data && data.total > 0 && (
        <nav
          aria-label={t('pagination.label')}
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
        >
          <span>{t('total', { count: data.total })}</span>
          <div className="flex items-center gap-2">
            <button
              type="button"
              disabled={query.page <= 1 || loading}
              onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              className={buttonClass('secondary', 'sm')}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              {t('pagination.previous')}
            </button>
            <span aria-live="polite">{t('pagination.page', { page: query.page, pages })}</span>
            <button
              type="button"
              disabled={query.page >= pages || loading}
              onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
              className={buttonClass('secondary', 'sm')}
            >
              {t('pagination.next')}
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
        </nav>
      )}

      <CreateStaffDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
