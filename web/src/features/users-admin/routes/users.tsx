import { useQuery } from '@tanstack/react-query';
import { Lock, LockOpen, Search, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import { ApiError } from '@/lib/api-client';
import { useAuth, useRole } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { parseRole, textLimits, type Role } from '@/lib/wasm';
import { mayChangeRole, mayChangeStatus } from '@/lib/wasm-dashboard';
import { personName } from '@/lib/person-name';
import { useChangeRole, useChangeStatus, userQueries } from '../api/queries';
import type { AdminUser, UserQuery } from '../api/users';
import { CreateStaffDialog } from '../components/create-staff-dialog';
import { useDates } from '@/lib/dates';

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
 * and staff account creation. A row offers only the changes the shared account rule lets the viewer make (staff
 * never change an administrator's account nor grant the administrator role); the server's refusals (e.g. demoting
 * or locking the last admin) are shown as is.
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

  const isMe = (user: AdminUser) => Boolean(me?.userId && me.userId === user.userId);
  const myRole = useRole() ?? '';
  const rolesFor = (user: AdminUser) =>
    ROLES.filter((role) => role === user.roleName || mayChangeRole(myRole, user.roleName, isMe(user), role));
  const mayLock = (user: AdminUser) => mayChangeStatus(myRole, user.roleName, isMe(user));
  const joined = useDates().date;

  return (
    <PageFrame
      title={t('title')}
      description={t('subtitle')}
      actions={
        <button type="button" onClick={() => setCreating(true)} className={buttonClass('primary')}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('createStaff')}
        </button>
      }
      testId="users-admin"
    >
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

      <DataTable
        caption={t('title')}
        rows={data?.items}
        rowKey={(user) => user.userId}
        rowTestId={() => 'user-row'}
        rowData={(user) => ({ 'data-username': user.username })}
        loading={loading}
        error={users.isError}
        onRetry={() => void users.refetch()}
        empty={
          <span className="flex flex-col items-center gap-2">
            <Users aria-hidden="true" className="size-10 text-slate-300" />
            {t('empty')}
          </span>
        }
        pageSize={data?.pageSize ?? 20}
        page={query.page}
        total={data?.total ?? 0}
        onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
        columns={[
          {
            id: 'user',
            header: t('columns.user'),
            primary: true,
            cell: (user) => (
              <div className="flex items-center gap-3">
                <Initials user={user} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">
                    {displayName(user, i18n.language)}
                    {isMe(user) && <span className="ml-1.5 text-xs font-normal text-slate-500">({t('you')})</span>}
                  </p>
                  <p className="truncate text-xs font-normal text-slate-500">@{user.username}</p>
                </div>
              </div>
            ),
          },
          {
            id: 'email',
            header: t('columns.email'),
            className: 'md:max-w-[16rem] md:truncate',
            cell: (user) => <span className="break-all text-slate-600 md:break-normal">{user.email}</span>,
          },
          {
            id: 'role',
            header: t('columns.role'),
            cell: (user) => {
              const name = displayName(user, i18n.language);
              const roles = rolesFor(user);
              if (roles.length < 2) {
                const role = parseRole(user.roleName);
                return (
                  <span data-testid="user-role" className="text-sm text-slate-700">
                    {role ? t(`roles.${role}`) : user.roleName}
                  </span>
                );
              }
              return (
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
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </select>
              );
            },
          },
          {
            id: 'status',
            header: t('columns.status'),
            cell: (user) => (
              <span
                data-testid="user-status"
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
                  user.status === 'locked' ? 'bg-rose-100 text-rose-700' : 'bg-emerald-100 text-emerald-700'
                }`}
              >
                {t(`status.${user.status}`)}
              </span>
            ),
          },
          {
            id: 'created',
            header: t('columns.created'),
            hideOnPhone: true,
            cell: (user) => <span className="whitespace-nowrap text-slate-500">{joined(user.createdAt)}</span>,
          },
        ]}
        actions={(user) => {
          const name = displayName(user, i18n.language);
          const locked = user.status === 'locked';
          if (!mayLock(user)) return null;
          return (
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
          );
        }}
      />
      {data && data.total > 0 && <p className="mt-2 text-sm text-slate-600">{t('total', { count: data.total })}</p>}

      <CreateStaffDialog open={creating} onOpenChange={setCreating} />
    </PageFrame>
  );
}
