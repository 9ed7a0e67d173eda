import { useQuery } from '@tanstack/react-query';
import { Eye, Send, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass, inputStateClass } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { Role } from '@/lib/wasm';
import { broadcastLimits, validateBroadcast } from '@/lib/wasm-dashboard';
import { messagesOf, useForm } from '@/lib/form';
import { personName } from '@/lib/person-name';
import type { Recipient } from '../api/notifications';
import { broadcastQueries, usePreviewBroadcast, useSendBroadcast } from '../api/queries';
import { NotificationItem } from '../components/notification-item';
import type { Broadcast, BroadcastBody, BroadcastPreview } from '../types';
import { useDates } from '@/lib/dates';

type Audience = 'all' | 'role' | 'users';
const ROLES: Role[] = ['STUDENT', 'TEACHER', 'STAFF', 'ADMIN'];
const SEARCH_DELAY_MS = 300;

interface Draft {
  audience: Audience;
  role: Role;
  chosen: Recipient[];
  titleVi: string;
  titleEn: string;
  messageVi: string;
  messageEn: string;
  imageUrl: string;
  actionLink: string;
}

const EMPTY: Draft = {
  audience: 'all',
  role: 'STUDENT',
  chosen: [],
  titleVi: '',
  titleEn: '',
  messageVi: '',
  messageEn: '',
  imageUrl: '',
  actionLink: '',
};

/** The body the server receives for `draft`. */
export function bodyOf(draft: Draft): BroadcastBody {
  return {
    audience: draft.audience,
    role: draft.audience === 'role' ? draft.role : null,
    userIds: draft.audience === 'users' ? draft.chosen.map((person) => person.id) : [],
    title: { vi: draft.titleVi, en: draft.titleEn },
    message: { vi: draft.messageVi, en: draft.messageEn },
    imageUrl: draft.imageUrl.trim() || null,
    actionLink: draft.actionLink.trim() || null,
  };
}

function RecipientPicker({ chosen, onChange }: { chosen: Recipient[]; onChange: (chosen: Recipient[]) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const found = useQuery(broadcastQueries.recipients(search));
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const chosenIds = new Set(chosen.map((person) => person.id));
  const label = (person: Recipient) => personName(person, i18n.language) || person.username;

  return (
    <div className="space-y-3">
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('broadcast.search')}
        aria-label={t('broadcast.search')}
        className={`${inputClass} ${inputStateClass(false)}`}
      />
      {search && (
        <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {found.isFetching && !found.data ? (
            <li className="px-3 py-2 text-sm text-slate-500">{t('broadcast.searching')}</li>
          ) : (found.data ?? []).length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">{t('broadcast.noMatch')}</li>
          ) : (
            (found.data ?? []).map((person) => (
              <li key={person.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-800">{label(person)}</span>{' '}
                  <span className="text-slate-500">@{person.username}</span>
                </span>
                <button
                  type="button"
                  disabled={chosenIds.has(person.id)}
                  onClick={() => onChange([...chosen, person])}
                  aria-label={t('broadcast.choose', { name: label(person) })}
                  className={buttonClass('secondary', 'sm')}
                >
                  +
                </button>
              </li>
            ))
          )}
        </ul>
      )}
      <p className="text-sm text-slate-600">{t('broadcast.chosen', { count: chosen.length })}</p>
      <ul className="flex flex-wrap gap-2">
        {chosen.map((person) => (
          <li
            key={person.id}
            className="flex items-center gap-1 rounded-full bg-teal-50 py-1 pr-1 pl-3 text-sm text-teal-800"
          >
            {label(person)}
            <button
              type="button"
              onClick={() => onChange(chosen.filter((other) => other.id !== person.id))}
              aria-label={t('broadcast.remove', { name: label(person) })}
              className="rounded-full p-0.5 hover:bg-teal-100"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SentList() {
  const { t, i18n } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const list = useQuery(broadcastQueries.list(page));
  const data = list.data;
  const date = useDates().dateTime;
  const audience = (item: Broadcast) =>
    item.audience === 'role'
      ? t(`broadcast.roles.${item.role ?? 'STUDENT'}`)
      : item.audience === 'users'
        ? t('broadcast.chosenCount', { count: item.chosen ?? 0 })
        : t('broadcast.audienceAll');

  useEffect(() => {
    if (list.error) console.error('Sent notifications could not be loaded', list.error);
  }, [list.error]);

  return (
    <section className="mt-10" aria-labelledby="broadcasts-sent">
      <h2 id="broadcasts-sent" className="mb-4 text-lg font-bold text-slate-900">
        {t('broadcast.sentTitle')}
      </h2>
      <DataTable
        caption={t('broadcast.sentTitle')}
        rows={data?.items}
        rowKey={(item) => item.id}
        rowTestId={() => 'broadcast-row'}
        loading={list.isFetching && Boolean(data)}
        error={list.isError}
        onRetry={() => void list.refetch()}
        empty={t('broadcast.empty')}
        pageSize={data?.pageSize ?? 20}
        page={page}
        total={data?.total ?? 0}
        onPageChange={setPage}
        columns={[
          {
            id: 'title',
            header: t('broadcast.columns.title'),
            primary: true,
            cell: (item) => (
              <span className="font-medium text-slate-900">
                {i18n.language === 'en' ? item.title.en : item.title.vi}
              </span>
            ),
          },
          {
            id: 'audience',
            header: t('broadcast.columns.audience'),
            cell: (item) => <span className="text-slate-600">{audience(item)}</span>,
          },
          {
            id: 'progress',
            header: t('broadcast.columns.progress'),
            cell: (item) => {
              const percent = item.total > 0 ? Math.round((item.sent / item.total) * 100) : 100;
              return (
                <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
                  <div
                    role="progressbar"
                    aria-valuemin={0}
                    aria-valuemax={item.total}
                    aria-valuenow={item.sent}
                    aria-label={t(`broadcast.status.${item.status}`)}
                    className="h-2 w-24 overflow-hidden rounded-full bg-slate-100"
                  >
                    <div className="h-full bg-teal-600" style={{ width: `${percent}%` }} />
                  </div>
                  <span className="text-slate-600">
                    {t('broadcast.progress', { sent: item.sent, total: item.total })}
                  </span>
                  <span className="text-xs text-slate-400">{t(`broadcast.status.${item.status}`)}</span>
                </div>
              );
            },
          },
          {
            id: 'read',
            header: t('broadcast.columns.read'),
            align: 'end',
            cell: (item) => <span className="text-slate-600 tabular-nums">{item.read}</span>,
          },
          {
            id: 'sentAt',
            header: t('broadcast.columns.sentAt'),
            cell: (item) => <span className="text-slate-500">{date(item.createdAt)}</span>,
          },
        ]}
      />
    </section>
  );
}

/**
 * /dashboard/notification (ADMIN): write a notification in Vietnamese and English, choose who receives it
 * (everyone, a role, chosen people), preview it with the number of people it reaches now, send it; the job queue
 * writes it for every recipient, and the list below shows each sent one's progress and how many read it.
 */
export default function BroadcastsPage() {
  const { t, i18n } = useTranslation(['notifications', 'common']);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const form = useForm({ check: () => messagesOf(validateBroadcast(bodyOf(draft), i18n.language)) });
  const errors = form.errors;
  const [preview, setPreview] = useState<{ of: string; answer: BroadcastPreview } | null>(null);
  const previewing = usePreviewBroadcast();
  const sending = useSendBroadcast();
  const limits = useMemo(() => broadcastLimits(), []);
  const body = bodyOf(draft);
  const key = JSON.stringify(body);
  const previewed = preview?.of === key ? preview.answer : null;
  useDocumentMeta(`${t('broadcast.metaTitle')} | ${t('common:brand')}`, t('broadcast.subtitle'));

  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));

  /** The shared rule's messages, or the server's when it refuses; the first field in error comes into view. */
  const checked = form.validate;
  const refused = (error: unknown) => {
    if (!form.fail(error)) toast.error(error instanceof Error ? error.message : t('broadcast.failed'));
  };

  const showPreview = () => {
    if (!checked()) return;
    previewing.mutate(body, { onSuccess: (answer) => setPreview({ of: key, answer }), onError: refused });
  };
  const send = () => {
    if (!checked() || !previewed) return;
    // A broadcast cannot be taken back: it goes only once its sender confirms how many it reaches.
    if (!window.confirm(t('broadcast.confirmSend', { count: previewed.recipients }))) return;
    sending.mutate(body, {
      onSuccess: () => {
        toast.success(t('broadcast.queued'));
        setDraft(EMPTY);
        setPreview(null);
      },
      onError: refused,
    });
  };

  const text = (
    name: 'titleVi' | 'titleEn' | 'imageUrl' | 'actionLink',
    errorKey: string,
    max: number,
    hint?: string,
  ) => (
    <Field
      label={t(`broadcast.${name}`)}
      value={draft[name]}
      onChange={(event) => set(name, event.target.value)}
      maxLength={max}
      error={errors[errorKey]}
      hint={hint}
      markRequired={name === 'titleVi' || name === 'titleEn'}
    />
  );
  const message = (name: 'messageVi' | 'messageEn', errorKey: string) => (
    <Field
      label={t(`broadcast.${name}`)}
      error={errors[errorKey]}
      markRequired
      render={({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={3}
          value={draft[name]}
          maxLength={limits.message}
          onChange={(event) => set(name, event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${inputStateClass(invalid)}`}
        />
      )}
    />
  );

  return (
    <PageFrame title={t('broadcast.title')} description={t('broadcast.subtitle')} testId="broadcasts">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
          noValidate
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('broadcast.audience')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['all', 'role', 'users'] as const).map((audience) => (
                <label key={audience} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="radio"
                    name="audience"
                    checked={draft.audience === audience}
                    onChange={() => set('audience', audience)}
                  />
                  {t(`broadcast.audience${audience === 'all' ? 'All' : audience === 'role' ? 'Role' : 'Users'}`)}
                </label>
              ))}
            </div>
            {errors.audience && (
              <p data-field-error className="mt-1.5 text-sm text-rose-600">
                {errors.audience}
              </p>
            )}
          </fieldset>
          {draft.audience === 'role' && (
            <label className="block text-sm font-medium text-slate-700">
              {t('broadcast.role')}
              <select
                value={draft.role}
                onChange={(event) => set('role', event.target.value as Role)}
                className={`${inputClass} ${inputStateClass(Boolean(errors.role))} mt-1.5`}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`broadcast.roles.${role}`)}
                  </option>
                ))}
              </select>
              {errors.role && (
                <span data-field-error className="mt-1.5 block text-sm text-rose-600">
                  {errors.role}
                </span>
              )}
            </label>
          )}
          {draft.audience === 'users' && (
            <div>
              <RecipientPicker chosen={draft.chosen} onChange={(chosen) => set('chosen', chosen)} />
              {errors.userIds && (
                <p data-field-error className="mt-1.5 text-sm text-rose-600">
                  {errors.userIds}
                </p>
              )}
            </div>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            {text('titleVi', 'title.vi', limits.title)}
            {text('titleEn', 'title.en', limits.title)}
            {message('messageVi', 'message.vi')}
            {message('messageEn', 'message.en')}
          </div>
          {text('imageUrl', 'imageUrl', limits.imageUrl, t('broadcast.imageUrlHint'))}
          {text('actionLink', 'actionLink', limits.actionLink, t('broadcast.actionLinkHint'))}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={showPreview}
              disabled={previewing.isPending}
              className={buttonClass('secondary')}
            >
              {previewing.isPending ? <Spinner className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
              {t('broadcast.preview')}
            </button>
            <button type="submit" disabled={!previewed || sending.isPending} className={buttonClass('primary')}>
              {sending.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
              {sending.isPending ? t('broadcast.sending') : t('broadcast.send')}
            </button>
          </div>
        </form>

        <aside aria-label={t('broadcast.previewTitle')} className="space-y-4">
          <h2 className="font-bold text-slate-900">{t('broadcast.previewTitle')}</h2>
          {previewed ? (
            <>
              <p data-testid="broadcast-recipients" className="text-sm font-semibold text-teal-700">
                {t('broadcast.recipients', { count: previewed.recipients })}
              </p>
              {(['vi', 'en'] as const).map((language) => (
                <div key={language}>
                  <p className="mb-1 text-xs font-semibold text-slate-500 uppercase">
                    {t(language === 'vi' ? 'broadcast.previewVi' : 'broadcast.previewEn')}
                  </p>
                  <ul className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                    <NotificationItem item={previewed[language]} />
                  </ul>
                </div>
              ))}
            </>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
              {t('broadcast.preview')}
            </p>
          )}
        </aside>
      </div>

      <SentList />
    </PageFrame>
  );
}
