import '../texts';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Eye, GraduationCap, Pencil, Plus, X } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api-client';
import { useRole } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import { validateSyllabus } from '@/lib/wasm-dashboard';
import { personName } from '@/lib/person-name';
import { SYLLABUS_STATUSES, type Syllabus, type SyllabusBody } from '../api/material';
import { dashboardQueries, useSaveSyllabus } from '../api/queries';
import { Fact, Loaded, SearchField, materialPaths, textIn } from '../components/material';
import { BilingualField, Card, FormRow, SaveButton, StatusBadge, input } from '../components/ui';
import { messagesOf, useForm } from '@/lib/form';
import { BackLink, Descriptions } from './subjects';

/**
 * /dashboard/syllabus (ADMIN and STAFF: every syllabus, with add and edit; TEACHER: their own) and the
 * teacher's read-only /syllabus (`teacher`).
 */
export function SyllabusListPage({ teacher = false }: { teacher?: boolean }) {
  const { t, i18n } = useTranslation('material');
  const role = useRole();
  const editor = !teacher && (role === 'ADMIN' || role === 'STAFF');
  const text = editor ? t('syllabus.text') : t('syllabus.textTeacher');
  useDocumentMeta(`${t('syllabus.title')} | ${t('common:brand')}`, text);
  const [search, setSearch] = useState('');
  const syllabuses = useQuery(dashboardQueries.syllabuses(search));
  const onSearch = useCallback((value: string) => setSearch(value), []);
  const viewPath = editor ? materialPaths.viewSyllabus : materialPaths.teacherSyllabus;

  return (
    <PageFrame
      title={t('syllabus.title')}
      description={text}
      actions={
        editor && (
          <Link to={materialPaths.addSyllabus} className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('syllabus.add')}
          </Link>
        )
      }
      testId="syllabuses"
    >
      <SearchField label={t('syllabus.search')} onSearch={onSearch} />
      <Loaded query={syllabuses}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              icon={<GraduationCap aria-hidden="true" className="size-7" />}
              title={search ? t('syllabus.noMatch') : editor ? t('syllabus.empty') : t('syllabus.emptyTeacher')}
              text={search || !editor ? undefined : t('syllabus.emptyText')}
              action={
                !search &&
                editor && (
                  <Link to={materialPaths.addSyllabus} className={buttonClass('primary')}>
                    {t('syllabus.add')}
                  </Link>
                )
              }
            />
          ) : (
            <DataTable
              caption={t('syllabus.title')}
              rows={items}
              rowKey={(syllabus) => syllabus.id}
              columns={[
                {
                  id: 'name',
                  header: t('syllabus.columns.name'),
                  primary: true,
                  sortValue: (syllabus) => textIn(syllabus.name, i18n.language),
                  cell: (syllabus) => (
                    <>
                      <Link
                        to={viewPath(syllabus.id)}
                        className="block font-semibold text-slate-900 hover:text-teal-700"
                      >
                        {textIn(syllabus.name, i18n.language)}
                      </Link>
                      <code className="text-xs font-normal text-slate-500">{syllabus.code}</code>
                    </>
                  ),
                },
                {
                  id: 'weeks',
                  header: t('syllabus.columns.weeks'),
                  sortValue: (syllabus) => syllabus.durationWeeks,
                  cell: (syllabus) => (
                    <span className="whitespace-nowrap">{t('syllabus.weeks', { count: syllabus.durationWeeks })}</span>
                  ),
                },
                {
                  id: 'subjects',
                  header: t('syllabus.columns.subjects'),
                  sortValue: (syllabus) => syllabus.subjectCount,
                  cell: (syllabus) => (
                    <span className="whitespace-nowrap">
                      {t('syllabus.subjectCount', { count: syllabus.subjectCount })}
                    </span>
                  ),
                },
                {
                  id: 'status',
                  header: t('syllabus.columns.status'),
                  sortValue: (syllabus) => t(`status.${syllabus.status}`),
                  cell: (syllabus) => <StatusBadge status={syllabus.status} label={t(`status.${syllabus.status}`)} />,
                },
                {
                  id: 'owner',
                  header: t('syllabus.columns.owner'),
                  sortValue: (syllabus) => syllabus.ownerName,
                  cell: (syllabus) => <span className="text-slate-600">{syllabus.ownerName || '—'}</span>,
                },
              ]}
              actions={(syllabus) => {
                const name = textIn(syllabus.name, i18n.language);
                return (
                  <>
                    <Link
                      to={viewPath(syllabus.id)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('actions.viewNamed', { name })}
                    >
                      <Eye aria-hidden="true" className="size-4" />
                    </Link>
                    {editor && (
                      <Link
                        to={materialPaths.editSyllabus(syllabus.id)}
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

const emptySyllabus: SyllabusBody = {
  code: '',
  name: { vi: '', en: '' },
  description: { vi: '', en: '' },
  durationWeeks: 12,
  status: 'draft',
  ownerId: null,
  subjects: [],
};

/**
 * The syllabus form: every field checked by the shared rule before sending, with the server's texts; whether
 * the chosen subjects and owner still exist is the server's answer.
 */
export function SyllabusForm({
  initial,
  id,
  onSaved,
}: {
  initial: SyllabusBody;
  id?: string;
  onSaved: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('material');
  const [body, setBody] = useState(initial);
  const [pick, setPick] = useState('');
  const save = useSaveSyllabus();
  const subjects = useQuery(dashboardQueries.subjects(''));
  const teachers = useQuery(dashboardQueries.teachers());
  const form = useForm({ check: () => messagesOf(validateSyllabus(body, i18n.language)) });
  const e = form.errors;
  const set = (next: Partial<SyllabusBody>) => setBody((b) => ({ ...b, ...next }));
  const byId = new Map((subjects.data ?? []).map((s) => [s.id, s]));
  const available = (subjects.data ?? []).filter((s) => !body.subjects.includes(s.id));

  const move = (index: number, by: number) => {
    const next = [...body.subjects];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    set({ subjects: next });
  };

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
        <div className="grid gap-4 sm:grid-cols-3">
          <FormRow label={t('fields.code')} htmlFor="syllabus-code" error={e.code} hint={t('fields.codeHint')}>
            <input
              id="syllabus-code"
              value={body.code}
              maxLength={textLimits().code}
              onChange={(ev) => set({ code: ev.target.value })}
              className={input(Boolean(e.code))}
              aria-invalid={Boolean(e.code)}
              required
            />
          </FormRow>
          <FormRow label={t('fields.durationWeeks')} htmlFor="syllabus-weeks" error={e.durationWeeks}>
            <input
              id="syllabus-weeks"
              type="number"
              min={1}
              max={520}
              value={body.durationWeeks}
              onChange={(ev) => set({ durationWeeks: Math.trunc(Number(ev.target.value)) || 0 })}
              className={input(Boolean(e.durationWeeks))}
              aria-invalid={Boolean(e.durationWeeks)}
            />
          </FormRow>
          <FormRow label={t('fields.status')} htmlFor="syllabus-status" error={e.status}>
            <select
              id="syllabus-status"
              value={body.status}
              onChange={(ev) => set({ status: ev.target.value })}
              className={input(Boolean(e.status))}
            >
              {SYLLABUS_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </FormRow>
        </div>
        <BilingualField
          id="syllabus-name"
          label={t('fields.name')}
          value={body.name}
          onChange={(name) => set({ name })}
          errors={{ vi: e['name.vi'], en: e['name.en'] }}
          maxLength={textLimits().title}
          required
        />
        <BilingualField
          id="syllabus-description"
          label={t('fields.description')}
          value={body.description}
          onChange={(description) => set({ description })}
          errors={{ vi: e['description.vi'], en: e['description.en'] }}
          maxLength={textLimits().description}
          multiline
          rows={4}
        />
        <FormRow label={t('fields.owner')} htmlFor="syllabus-owner" error={e.ownerId}>
          <select
            id="syllabus-owner"
            value={body.ownerId ?? ''}
            onChange={(ev) => set({ ownerId: ev.target.value || null })}
            className={input(Boolean(e.ownerId))}
          >
            <option value="">—</option>
            {(teachers.data ?? []).map((teacher) => (
              <option key={teacher.userId} value={teacher.userId}>
                {personName(teacher, i18n.language) || teacher.username} ({teacher.username})
              </option>
            ))}
          </select>
        </FormRow>

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('fields.subjects')}</legend>
          <p className="mb-3 text-xs text-slate-500">{t('fields.subjectsHint')}</p>
          {body.subjects.length > 0 && (
            <ol
              className="mb-3 divide-y divide-slate-100 rounded-xl border border-slate-200"
              data-testid="syllabus-subjects"
            >
              {body.subjects.map((subjectId, index) => {
                const subject = byId.get(subjectId);
                const name = subject ? textIn(subject.name, i18n.language) : subjectId;
                return (
                  <li key={`${index}:${subjectId}`} className="flex items-center gap-3 px-3 py-2">
                    <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-50 text-xs font-bold text-teal-700">
                      {index + 1}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900">{name}</span>
                      {subject && <code className="text-xs text-slate-500">{subject.code}</code>}
                    </span>
                    <button
                      type="button"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('fields.moveUp', { name })}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      disabled={index === body.subjects.length - 1}
                      onClick={() => move(index, 1)}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('fields.moveDown', { name })}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => set({ subjects: body.subjects.filter((_, i) => i !== index) })}
                      className={`${buttonClass('ghost', 'sm')} text-rose-700 hover:bg-rose-50`}
                      aria-label={t('fields.remove', { name })}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="flex flex-wrap gap-2">
            <label htmlFor="syllabus-pick" className="sr-only">
              {t('fields.pickSubject')}
            </label>
            <select
              id="syllabus-pick"
              value={pick}
              onChange={(ev) => setPick(ev.target.value)}
              className={`${input(Boolean(e.subjects))} min-w-0 flex-1`}
            >
              <option value="">{t('fields.pickSubject')}</option>
              {available.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.code} — {textIn(s.name, i18n.language)}
                </option>
              ))}
            </select>
            <button
              type="button"
              disabled={!pick}
              onClick={() => {
                set({ subjects: [...body.subjects, pick] });
                setPick('');
              }}
              className={buttonClass('secondary')}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('fields.addSubject')}
            </button>
          </div>
          {e.subjects && (
            <p role="alert" className="mt-1 text-sm text-rose-700">
              {e.subjects}
            </p>
          )}
        </fieldset>

        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Link to={materialPaths.syllabuses} className={buttonClass('secondary')}>
            {t('actions.cancel')}
          </Link>
          <SaveButton saving={save.isPending}>{t('actions.save')}</SaveButton>
        </div>
      </Card>
    </form>
  );
}

/** /dashboard/syllabus/add and /dashboard/syllabus/edit/{id} (ADMIN, STAFF). */
export function SyllabusEditorPage() {
  const { t } = useTranslation('material');
  const { id } = useParams();
  const navigate = useNavigate();
  const title = id ? t('syllabus.edit') : t('syllabus.add');
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('syllabus.text'));
  const syllabus = useQuery({ ...dashboardQueries.syllabus(id ?? ''), enabled: id !== undefined });
  const done = (saved: string) => void navigate(materialPaths.viewSyllabus(saved));
  return (
    <PageFrame
      title={title}
      description={t('syllabus.text')}
      back={<BackLink to={materialPaths.syllabuses} label={t('syllabus.back')} />}
      width="medium"
      testId="syllabus-editor"
    >
      {id ? (
        <Loaded query={syllabus}>
          {(s) => (
            <SyllabusForm
              key={s.id}
              id={s.id}
              initial={{
                code: s.code,
                name: s.name,
                description: s.description,
                durationWeeks: s.durationWeeks,
                status: s.status,
                ownerId: s.ownerId ?? null,
                subjects: s.subjects.map((x) => x.id),
              }}
              onSaved={done}
            />
          )}
        </Loaded>
      ) : (
        <SyllabusForm initial={emptySyllabus} onSaved={done} />
      )}
    </PageFrame>
  );
}

/** /dashboard/syllabus/view/{id} (ADMIN, STAFF) and the teacher's read-only /syllabus/{id} (`teacher`). */
export function SyllabusViewPage({ teacher = false }: { teacher?: boolean }) {
  const { t, i18n } = useTranslation('material');
  const { id = '' } = useParams();
  const syllabus = useQuery(dashboardQueries.syllabus(id));
  const name = syllabus.data ? textIn(syllabus.data.name, i18n.language) : t('syllabus.view');
  useDocumentMeta(`${name} | ${t('common:brand')}`, t('syllabus.text'));
  return (
    <PageFrame
      title={name}
      description={
        syllabus.data
          ? (i18n.language === 'en' ? syllabus.data.name.vi : syllabus.data.name.en) || undefined
          : undefined
      }
      actions={
        !teacher &&
        syllabus.data && (
          <Link to={materialPaths.editSyllabus(syllabus.data.id)} className={buttonClass('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('actions.edit')}
          </Link>
        )
      }
      back={
        <BackLink
          to={teacher ? materialPaths.teacherSyllabuses : materialPaths.syllabuses}
          label={t('syllabus.back')}
        />
      }
      width="medium"
      testId="syllabus-view"
    >
      <Loaded query={syllabus}>{(s) => <SyllabusDetails syllabus={s} />}</Loaded>
    </PageFrame>
  );
}

function SyllabusDetails({ syllabus }: { syllabus: Syllabus }) {
  const { t, i18n } = useTranslation('material');
  const totalCredits = syllabus.subjects.reduce((sum, s) => sum + s.credits, 0);
  return (
    <>
      <Card className="p-6">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label={t('fields.code')}>{syllabus.code}</Fact>
          <Fact label={t('fields.status')}>
            <StatusBadge status={syllabus.status} label={t(`status.${syllabus.status}`)} />
          </Fact>
          <Fact label={t('syllabus.columns.weeks')}>{t('syllabus.weeks', { count: syllabus.durationWeeks })}</Fact>
          <Fact label={t('fields.owner')}>{syllabus.ownerName || '—'}</Fact>
        </dl>
        <Descriptions text={syllabus.description} />
      </Card>
      <section className="mt-6" aria-labelledby="syllabus-subjects-title">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <h2 id="syllabus-subjects-title" className="text-lg font-bold text-slate-900">
            {t('syllabus.subjectsTitle')}
          </h2>
          {syllabus.subjects.length > 0 && (
            <span className="text-sm text-slate-500">
              {t('syllabus.subjectCount', { count: syllabus.subjects.length })} ·{' '}
              {t('subjects.credits', { count: totalCredits })}
            </span>
          )}
        </div>
        {syllabus.subjects.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
            {t('syllabus.noSubjects')}
          </p>
        ) : (
          <ol className="space-y-2" data-testid="syllabus-subject-list">
            {syllabus.subjects.map((subject, index) => (
              <li key={subject.id}>
                <Card className="flex items-center gap-4 px-4 py-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-600 text-sm font-bold text-white">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{textIn(subject.name, i18n.language)}</span>
                    <span className="text-sm text-slate-500">
                      <code>{subject.code}</code> · {subject.ownerName || '—'}
                    </span>
                  </span>
                  <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {t('subjects.credits', { count: subject.credits })}
                  </span>
                </Card>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
