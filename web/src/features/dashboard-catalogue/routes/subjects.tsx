import '../texts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, Eye, Pencil, Plus } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import { validateSubject } from '@/lib/wasm-dashboard';
import type { Subject, SubjectBody } from '../api/material';
import { dashboardQueries, useSaveSubject } from '../api/queries';
import { Fact, Loaded, SearchField, materialPaths, textIn } from '../components/material';
import { BilingualField, Card, FormRow, SaveButton, input } from '../components/ui';
import { messagesOf, useForm } from '@/lib/form';
import { useDates } from '@/lib/dates';

/** /dashboard/subjects (ADMIN, STAFF, TEACHER): every subject, searchable; teachers edit only their own. */
export function SubjectListPage() {
  const { t, i18n } = useTranslation('material');
  useDocumentMeta(`${t('subjects.title')} | ${t('common:brand')}`, t('subjects.text'));
  const [search, setSearch] = useState('');
  const subjects = useQuery(dashboardQueries.subjects(search));
  const onSearch = useCallback((text: string) => setSearch(text), []);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <PageFrame
      title={t('subjects.title')}
      description={t('subjects.text')}
      actions={
        <Link to={materialPaths.createSubject} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('subjects.create')}
        </Link>
      }
      testId="subjects"
    >
      <SearchField label={t('subjects.search')} onSearch={onSearch} />
      <Loaded query={subjects}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              icon={<BookOpen aria-hidden="true" className="size-7" />}
              title={search ? t('subjects.noMatch') : t('subjects.empty')}
              text={search ? undefined : t('subjects.emptyText')}
            />
          ) : (
            <DataTable
              caption={t('subjects.title')}
              rows={items}
              rowKey={(subject) => subject.id}
              columns={[
                {
                  id: 'name',
                  header: t('subjects.columns.name'),
                  primary: true,
                  sortValue: (subject) => textIn(subject.name, i18n.language),
                  cell: (subject) => (
                    <>
                      <Link
                        to={materialPaths.viewSubject(subject.id)}
                        className="font-semibold text-slate-900 hover:text-teal-700"
                      >
                        {textIn(subject.name, i18n.language)}
                      </Link>
                      {subject.canEdit && subject.ownerId && (
                        <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-700 ring-1 ring-teal-200">
                          {t('subjects.mine')}
                        </span>
                      )}
                    </>
                  ),
                },
                {
                  id: 'code',
                  header: t('subjects.columns.code'),
                  sortValue: (subject) => subject.code,
                  cell: (subject) => (
                    <code className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {subject.code}
                    </code>
                  ),
                },
                {
                  id: 'credits',
                  header: t('subjects.columns.credits'),
                  align: 'end',
                  sortValue: (subject) => subject.credits,
                  cell: (subject) => <span className="tabular-nums">{number.format(subject.credits)}</span>,
                },
                {
                  id: 'owner',
                  header: t('subjects.columns.owner'),
                  sortValue: (subject) => subject.ownerName,
                  cell: (subject) => <span className="text-slate-600">{subject.ownerName || '—'}</span>,
                },
              ]}
              actions={(subject) => {
                const name = textIn(subject.name, i18n.language);
                return (
                  <>
                    <Link
                      to={materialPaths.viewSubject(subject.id)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('actions.viewNamed', { name })}
                    >
                      <Eye aria-hidden="true" className="size-4" />
                    </Link>
                    {subject.canEdit && (
                      <Link
                        to={materialPaths.updateSubject(subject.id)}
                        className={buttonClass('ghost', 'sm')}
                        aria-label={t('actions.editNamed', { name })}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Link>
                    )}
                  </>
                );
              }}
            />
          )
        }
      </Loaded>
    </PageFrame>
  );
}

const emptySubject: SubjectBody = { code: '', name: { vi: '', en: '' }, description: { vi: '', en: '' }, credits: 3 };

/** The subject form: every field checked by the shared rule before sending, with the server's texts. */
export function SubjectForm({
  initial,
  onSaved,
  id,
}: {
  initial: SubjectBody;
  onSaved: (id: string) => void;
  id?: string;
}) {
  const { t, i18n } = useTranslation('material');
  const [body, setBody] = useState(initial);
  const save = useSaveSubject();
  const form = useForm({ check: () => messagesOf(validateSubject(body, i18n.language)) });
  const e = form.errors;
  const set = (next: Partial<SubjectBody>) => setBody((b) => ({ ...b, ...next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    try {
      const saved = await save.mutateAsync({ id, body });
      toast.success(id ? t('saved') : t('created'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      toast.error(t('saveFailed'), { description: error instanceof ApiError ? error.message : undefined });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Card className="space-y-5 p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormRow label={t('fields.code')} htmlFor="subject-code" error={e.code} hint={t('fields.codeHint')}>
            <input
              id="subject-code"
              value={body.code}
              maxLength={textLimits().code}
              onChange={(ev) => set({ code: ev.target.value })}
              className={input(Boolean(e.code))}
              aria-invalid={Boolean(e.code)}
              required
            />
          </FormRow>
          <FormRow label={t('fields.credits')} htmlFor="subject-credits" error={e.credits}>
            <input
              id="subject-credits"
              type="number"
              min={0}
              max={60}
              value={body.credits}
              onChange={(ev) => set({ credits: Math.trunc(Number(ev.target.value)) || 0 })}
              className={input(Boolean(e.credits))}
              aria-invalid={Boolean(e.credits)}
            />
          </FormRow>
        </div>
        <BilingualField
          id="subject-name"
          label={t('fields.name')}
          value={body.name}
          onChange={(name) => set({ name })}
          errors={{ vi: e['name.vi'], en: e['name.en'] }}
          maxLength={textLimits().title}
          required
        />
        <BilingualField
          id="subject-description"
          label={t('fields.description')}
          value={body.description}
          onChange={(description) => set({ description })}
          errors={{ vi: e['description.vi'], en: e['description.en'] }}
          maxLength={textLimits().description}
          multiline
          rows={4}
        />
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Link to={materialPaths.subjects} className={buttonClass('secondary')}>
            {t('actions.cancel')}
          </Link>
          <SaveButton saving={save.isPending}>{t('actions.save')}</SaveButton>
        </div>
      </Card>
    </form>
  );
}

/** /dashboard/subjects/create and /dashboard/subjects/update/{id}. */
export function SubjectEditorPage() {
  const { t } = useTranslation('material');
  const { id } = useParams();
  const navigate = useNavigate();
  const title = id ? t('subjects.update') : t('subjects.create');
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('subjects.text'));
  const subject = useQuery({ ...dashboardQueries.subject(id ?? ''), enabled: id !== undefined });
  const done = (saved: string) => void navigate(materialPaths.viewSubject(saved));

  return (
    <PageFrame
      title={title}
      description={t('subjects.text')}
      back={<BackLink to={materialPaths.subjects} label={t('subjects.back')} />}
      width="medium"
      testId="subject-editor"
    >
      {id ? (
        <Loaded query={subject}>
          {(s) =>
            s.canEdit ? (
              <SubjectForm
                key={s.id}
                id={s.id}
                initial={{ code: s.code, name: s.name, description: s.description, credits: s.credits }}
                onSaved={done}
              />
            ) : (
              <p
                role="alert"
                className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
              >
                {t('subjects.readOnly')}
              </p>
            )
          }
        </Loaded>
      ) : (
        <SubjectForm initial={emptySubject} onSaved={done} />
      )}
    </PageFrame>
  );
}

/** /dashboard/subjects/view/{id}: one subject, both languages. */
export function SubjectViewPage() {
  const { t, i18n } = useTranslation('material');
  const { id = '' } = useParams();
  const subject = useQuery(dashboardQueries.subject(id));
  const name = subject.data ? textIn(subject.data.name, i18n.language) : t('subjects.view');
  useDocumentMeta(`${name} | ${t('common:brand')}`, t('subjects.text'));
  return (
    <PageFrame
      title={name}
      description={
        subject.data ? (i18n.language === 'en' ? subject.data.name.vi : subject.data.name.en) || undefined : undefined
      }
      actions={
        subject.data?.canEdit && (
          <Link to={materialPaths.updateSubject(subject.data.id)} className={buttonClass('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('actions.edit')}
          </Link>
        )
      }
      back={<BackLink to={materialPaths.subjects} label={t('subjects.back')} />}
      width="medium"
      testId="subject-view"
    >
      <Loaded query={subject}>{(s) => <SubjectDetails subject={s} />}</Loaded>
    </PageFrame>
  );
}

function SubjectDetails({ subject }: { subject: Subject }) {
  const { t } = useTranslation('material');
  const dates = useDates();
  return (
    <Card className="p-6">
      <dl className="grid gap-3 sm:grid-cols-4">
        <Fact label={t('fields.code')}>{subject.code}</Fact>
        <Fact label={t('fields.credits')}>{t('subjects.credits', { count: subject.credits })}</Fact>
        <Fact label={t('subjects.columns.owner')}>{subject.ownerName || '—'}</Fact>
        <Fact label={t('fields.updatedAt')}>{dates.date(subject.updatedAt)}</Fact>
      </dl>
      <Descriptions text={subject.description} />
    </Card>
  );
}

/** Both languages of a description, the active one first; nothing when both are empty. */
export function Descriptions({ text }: { text: { vi: string; en: string } }) {
  const { t, i18n } = useTranslation('material');
  const order = i18n.language === 'en' ? (['en', 'vi'] as const) : (['vi', 'en'] as const);
  if (!text.vi && !text.en) return null;
  return (
    <div className="mt-6 border-t border-slate-100 pt-5">
      <h2 className="mb-3 text-sm font-semibold text-slate-700">{t('fields.description')}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {order
          .filter((lang) => text[lang])
          .map((lang) => (
            <p key={lang} lang={lang} className="whitespace-pre-line text-slate-700">
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-bold text-slate-500">
                {lang.toUpperCase()}
              </span>
              {text[lang]}
            </p>
          ))}
      </div>
    </div>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 text-sm font-medium text-teal-700 hover:text-teal-900">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
