import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Pencil, Users, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { messagesOf, SubmitButton, useForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { zoneLabel } from '@/lib/time-zone';
import { fromLocalInput, toLocalInput } from '@/lib/zoned-input';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { validateClass } from '@/lib/wasm-dashboard';
import type { ClassAudience, ClassForm, ClassView, When } from '../api/classes';
import { classQueries, useCancelClass, useSaveClass } from '../api/queries';
import { phaseBadge, phaseOf, useClassTime } from '../components/class-time';

const HOUR_MS = 60 * 60 * 1000;

/** The clock the rules check a class against (a start must lie ahead of it). */
const nowMs = () => Date.now();

function blankClass(): ClassForm {
  // Tomorrow at the next full hour: a sensible first proposal.
  const start = Math.ceil((Date.now() + 24 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  return { topic: '', description: '', courseId: null, planId: null, startsAt: start, minutes: 60, seats: 20 };
}

function formOf(item: ClassView): ClassForm {
  return {
    topic: item.topic,
    description: item.description,
    courseId: item.audience.kind === 'course' ? item.audience.id : null,
    planId: item.audience.kind === 'plan' ? item.audience.id : null,
    startsAt: Date.parse(item.startsAt),
    minutes: item.minutes,
    seats: item.seats,
  };
}

/**
 * /dashboard/class-register (TEACHER: their classes, ADMIN: all): schedule a live class for one of the teacher's
 * courses or plans (checked by the shared rules before it is sent), and follow the registrations and seats left
 * of the upcoming and past classes.
 */
export default function ClassRegisterPage() {
  const { t } = useTranslation('classes');
  useDocumentMeta(`${t('title')} | ${t('brand')}`, t('text'));
  const [editing, setEditing] = useState<ClassView | null>(null);
  const [when, setWhen] = useState<When>('upcoming');
  const audiences = useQuery(classQueries.audiences());
  const classes = useQuery(classQueries.teaching(when));

  if (audiences.isError) return <LoadError onRetry={() => void audiences.refetch()} />;
  if (!audiences.data) return <PageSpinner />;
  return (
    <PageFrame title={t('title')} description={t('text')} width="medium" testId="class-register">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ClassEditor
          key={editing?._id ?? 'new'}
          editing={editing}
          audiences={audiences.data}
          onDone={() => setEditing(null)}
        />
        <section aria-labelledby="class-list-heading">
          <h2 id="class-list-heading" className="sr-only">
            {t('title')}
          </h2>
          <div role="tablist" className="mb-4 inline-flex rounded-lg bg-slate-100 p-1">
            {(['upcoming', 'past'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={when === tab}
                className={`rounded-md px-4 py-1.5 text-sm font-medium ${when === tab ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
                onClick={() => setWhen(tab)}
              >
                {t(`list.${tab}`)}
              </button>
            ))}
          </div>
          {classes.isError ? (
            <LoadError onRetry={() => void classes.refetch()} />
          ) : !classes.data ? (
            <div className="flex justify-center py-12">
              <Spinner />
            </div>
          ) : classes.data.length === 0 ? (
            <EmptyState title={t('list.empty')} text={when === 'past' ? t('list.emptyPast') : t('list.emptyText')} />
          ) : (
            <ul className="space-y-4" data-testid="class-list">
              {classes.data.map((item) => (
                <ClassCard key={item._id} item={item} onEdit={() => setEditing(item)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageFrame>
  );
}

function ClassEditor({
  editing,
  audiences,
  onDone,
}: {
  editing: ClassView | null;
  audiences: ClassAudience[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('classes');
  const save = useSaveClass();
  const [body, setBody] = useState<ClassForm>(() => (editing ? formOf(editing) : blankClass()));
  const form = useForm({ check: () => messagesOf(validateClass(body, nowMs(), i18n.language)) });
  const errors = form.errors;
  const update = setBody;
  const submit = form.submit(
    async () => {
      await save.mutateAsync({ id: editing?._id, body });
      toast.success(editing ? t('editor.saved') : t('editor.scheduled'));
      setBody(blankClass());
      form.reset();
      onDone();
    },
    { onError: (error) => toast.error(error instanceof Error ? error.message : t('editor.failed')) },
  );
  const audienceValue = body.courseId ? `course:${body.courseId}` : body.planId ? `plan:${body.planId}` : '';
  const chooseAudience = (value: string) => {
    const [kind, id] = value.split(':');
    update({
      ...body,
      courseId: kind === 'course' ? (id ?? null) : null,
      planId: kind === 'plan' ? (id ?? null) : null,
    });
  };
  const number = (name: 'minutes' | 'seats') => (event: React.ChangeEvent<HTMLInputElement>) =>
    update({ ...body, [name]: event.target.value === '' ? Number.NaN : Number(event.target.value) });
  const zone = usePersonTimeZone();
  const group = (kind: string) => audiences.filter((a) => a.kind === kind);

  return (
    <form
      onSubmit={submit}
      noValidate
      className="h-fit space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="class-editor"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarPlus aria-hidden="true" className="size-5 text-teal-700" />
        {editing ? t('editor.edit') : t('editor.new')}
      </h2>
      {audiences.length === 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('editor.noAudience')}</p>
      )}
      <Field
        label={t('editor.topic')}
        markRequired
        error={errors.topic}
        value={body.topic}
        placeholder={t('editor.topicPlaceholder')}
        onChange={(e) => update({ ...body, topic: e.target.value })}
      />
      <Field
        label={t('editor.audience')}
        markRequired
        error={errors.audience}
        render={({ id, describedBy, invalid }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={`${inputClass} ${inputStateClass(invalid)}`}
            value={audienceValue}
            onChange={(e) => chooseAudience(e.target.value)}
          >
            <option value="">{t('editor.audiencePlaceholder')}</option>
            {(['course', 'plan'] as const).map(
              (kind) =>
                group(kind).length > 0 && (
                  <optgroup key={kind} label={t(kind === 'course' ? 'editor.courses' : 'editor.plans')}>
                    {group(kind).map((a) => (
                      <option key={a.id} value={`${kind}:${a.id}`}>
                        {a.title}
                      </option>
                    ))}
                  </optgroup>
                ),
            )}
          </select>
        )}
      />
      <Field
        label={t('editor.startsAt')}
        markRequired
        type="datetime-local"
        error={errors.startsAt}
        hint={t('editor.startsAtHint', { zone: zoneLabel(zone, i18n.language) })}
        value={Number.isFinite(body.startsAt) ? toLocalInput(body.startsAt, zone) : ''}
        onChange={(e) => update({ ...body, startsAt: fromLocalInput(e.target.value, zone) ?? Number.NaN })}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label={t('editor.minutes')}
          markRequired
          type="number"
          inputMode="numeric"
          min={15}
          max={480}
          step={15}
          error={errors.minutes}
          value={Number.isFinite(body.minutes) ? body.minutes : ''}
          onChange={number('minutes')}
        />
        <Field
          label={t('editor.seats')}
          markRequired
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          error={errors.seats}
          value={Number.isFinite(body.seats) ? body.seats : ''}
          onChange={number('seats')}
        />
      </div>
      <Field
        label={t('editor.description')}
        error={errors.description}
        render={({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            rows={3}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={`${inputClass} ${inputStateClass(invalid)}`}
            value={body.description}
            onChange={(e) => update({ ...body, description: e.target.value })}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={form.busy}>{editing ? t('editor.save') : t('editor.schedule')}</SubmitButton>
        {editing && (
          <button type="button" className={buttonClass('secondary', 'md')} onClick={onDone}>
            {t('editor.cancelEdit')}
          </button>
        )}
      </div>
    </form>
  );
}

function ClassCard({ item, onEdit }: { item: ClassView; onEdit: () => void }) {
  const { t } = useTranslation('classes');
  const timeOf = useClassTime();
  const cancel = useCancelClass();
  const [showStudents, setShowStudents] = useState(false);
  const phase = phaseOf(item);
  const destroy = async () => {
    if (!window.confirm(t('list.confirmCancel', { topic: item.topic }))) return;
    try {
      await cancel.mutateAsync(item._id);
      toast.success(t('list.cancelled'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('editor.failed'));
    }
  };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="class-card">
      {/* The badge sits beside the title on a wide card and below it on a phone, whatever the title's length. */}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <p className="text-xs font-medium text-teal-700">
            {t(`kind.${item.audience.kind === 'plan' ? 'plan' : 'course'}`)} · {item.audience.title}
          </p>
          <h3 className="mt-1 text-base font-semibold text-slate-900">{item.topic}</h3>
          <p className="mt-1 text-sm text-slate-600">{timeOf(item)}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${phaseBadge[phase]}`}>
          {t(`status.${phase}`)}
        </span>
      </div>
      {item.description && <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{item.description}</p>}
      <p className="mt-3 text-sm font-medium text-slate-800" data-testid="class-seats">
        {item.seatsLeft === 0 && phase === 'scheduled'
          ? `${t('list.full')} · ${item.registeredCount}/${item.seats}`
          : t('list.seats', { registered: item.registeredCount, seats: item.seats, left: item.seatsLeft })}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {item.status !== 'cancelled' && (
          <JoinMeetingLink id={item._id} start={item.startsAt} end={item.endsAt} label={t('join')} />
        )}
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          aria-expanded={showStudents}
          onClick={() => setShowStudents((shown) => !shown)}
        >
          <Users aria-hidden="true" className="size-4" />
          {showStudents ? t('list.hideStudents') : t('list.students', { count: item.registeredCount })}
        </button>
        {phase === 'scheduled' && (
          <>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('list.edit')}
            </button>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void destroy()}>
              <XCircle aria-hidden="true" className="size-4" />
              {t('list.cancel')}
            </button>
          </>
        )}
      </div>
      {showStudents && <Roster id={item._id} />}
    </li>
  );
}

function Roster({ id }: { id: string }) {
  const { t } = useTranslation('classes');
  const roster = useQuery(classQueries.roster(id));
  const dates = useDates();
  if (roster.isError) return <LoadError onRetry={() => void roster.refetch()} />;
  if (!roster.data) return <Spinner />;
  if (roster.data.registrants.length === 0)
    return <p className="mt-3 text-sm text-slate-500">{t('list.noStudents')}</p>;
  return (
    <ol className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-100" data-testid="class-roster">
      {roster.data.registrants.map((person) => (
        <li key={person.userId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span>
            <span className="font-medium text-slate-900">{person.name || person.email}</span>
            <span className="ml-2 text-slate-500">{person.email}</span>
          </span>
          <span className="text-xs text-slate-500">
            {t('list.registeredAt', { time: dates.dateTime(person.registeredAt) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
