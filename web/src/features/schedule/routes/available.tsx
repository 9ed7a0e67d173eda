import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { messagesOf, SubmitButton, useForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import type { WeekView } from '@/lib/api/types';
import { dateFormats, useDates } from '@/lib/dates';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { zoneLabel } from '@/lib/time-zone';
import { useDocumentMeta } from '@/lib/use-document-meta';
import {
  useScheduleRules,
  type Availability,
  type DateOverride,
  type Interval,
  type ScheduleRules,
} from '@/lib/wasm-schedule';
import { cancelSession, fetchSessions, fetchWeek, saveWeek } from '../api/schedule';
import { availabilityOf, overridesOf, slotDays } from '../lib/week';

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/** "09:30" for 570 minutes after midnight (1440 is "24:00"). */
export function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Minutes after midnight of "HH:MM" ("24:00" is 1440), NaN when unreadable. */
export function minutesOf(text: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

interface Form {
  availability: Availability;
  overrides: DateOverride[];
}

/** The saved week; a week never saved starts in the person's own zone. */
function formOf(week: WeekView, personZone: string): Form {
  const availability = availabilityOf(week);
  return {
    availability: week.updatedAt ? availability : { ...availability, zone: personZone },
    overrides: overridesOf(week),
  };
}

function IntervalsEditor({
  label,
  intervals,
  error,
  onChange,
}: {
  label: string;
  intervals: Interval[];
  error?: string;
  onChange: (intervals: Interval[]) => void;
}) {
  const { t } = useTranslation('schedule');
  const set = (index: number, part: keyof Interval, text: string) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, [part]: minutesOf(text) } : interval)));
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{label}</legend>
      {intervals.length === 0 && <span className="text-sm text-slate-500">{t('week.unavailable')}</span>}
      {intervals.map((interval, index) => (
        <span key={index} className="flex items-center gap-1">
          <input
            type="time"
            step={900}
            aria-label={t('week.from', { day: label, n: index + 1 })}
            value={Number.isNaN(interval.start) ? '' : clock(interval.start)}
            onChange={(e) => set(index, 'start', e.target.value)}
            className={`${inputClass} ${inputStateClass(Boolean(error))} w-28`}
          />
          <span aria-hidden="true">–</span>
          <input
            type="time"
            step={900}
            aria-label={t('week.to', { day: label, n: index + 1 })}
            value={Number.isNaN(interval.end) ? '' : clock(interval.end % 1440)}
            onChange={(e) => set(index, 'end', e.target.value === '00:00' ? '24:00' : e.target.value)}
            className={`${inputClass} ${inputStateClass(Boolean(error))} w-28`}
          />
          <button
            type="button"
            aria-label={t('week.remove', { day: label, n: index + 1 })}
            onClick={() => onChange(intervals.filter((_, i) => i !== index))}
            className="rounded p-1 text-slate-500 hover:text-red-600"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </span>
      ))}
      <button
        type="button"
        aria-label={t('week.add', { day: label })}
        onClick={() => {
          const last = intervals.at(-1);
          const start = last ? Math.min(last.end + 60, 23 * 60) : 9 * 60;
          onChange([...intervals, { start, end: Math.min(start + 3 * 60, 1440) }]);
        }}
        className="rounded p-1 text-teal-700 hover:bg-teal-50"
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Session lengths a teacher may preview their open times with. */
const PREVIEW_MINUTES = [30, 45, 60, 90];
const PREVIEW_DAYS = 14;

/**
 * The open times the week on screen gives over the next two weeks, as students will be offered them: worked out
 * by the shared rule (the same one the booking page and the server use) from the hours being edited, the notice,
 * the buffer and the sessions already booked; shown in the person's own zone, as every other time they see.
 */
function OpenTimesPreview({
  form,
  busy,
  rules,
  zone,
}: {
  form: Form;
  busy: [number, number][];
  rules: ScheduleRules;
  zone: string;
}) {
  const { t, i18n } = useTranslation('schedule');
  const [minutes, setMinutes] = useState(60);
  const [now] = useState(() => Date.now());
  const valid = rules.validateAvailability(form.availability, form.overrides, i18n.language).ok;
  const slots = valid
    ? rules.openSlots(form.availability, form.overrides, busy, now, now + PREVIEW_DAYS * 86_400_000, now, minutes)
    : [];
  const days = slotDays(slots, i18n.language, zone);
  const time = dateFormats(i18n.language, zone).time;
  return (
    <section aria-labelledby="open-preview" className="space-y-3" data-testid="open-times-preview">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="open-preview" className="text-lg font-semibold text-slate-900">
            {t('preview.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('preview.text', { zone: zoneLabel(zone, i18n.language, now) })}</p>
        </div>
        <label className="text-sm text-slate-700">
          {t('preview.length')}{' '}
          <select
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
            className={`${inputClass} ${inputStateClass(false)} ml-1 inline-block w-auto`}
          >
            {PREVIEW_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t('preview.minutes', { count: m })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!valid ? (
        <p className="text-sm text-amber-700">{t('preview.invalid')}</p>
      ) : days.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {t('preview.none')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {days.map((day) => (
            <li key={day.key} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="preview-day">
              <p className="text-sm font-semibold text-slate-800 first-letter:uppercase">{day.label}</p>
              <p className="mt-1 text-sm text-slate-600 tabular-nums">
                {day.slots.map(([start]) => time(start)).join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /dashboard/available (TEACHER, ADMIN): the teacher's week in their own time zone — hours per weekday, dated
 * exceptions, the buffer between sessions and the notice — checked by the shared rule in the browser before it is
 * sent (and again by the server); below, the sessions students booked, which the teacher can cancel up to the
 * notice.
 */
export default function AvailablePage() {
  const { t, i18n } = useTranslation('schedule');
  useDocumentMeta(`${t('title')} | ${t('brand')}`, t('text'));
  const personZone = usePersonTimeZone();
  const dates = useDates();
  const rules = useScheduleRules();
  const client = useQueryClient();
  const week = useQuery({ queryKey: ['schedule', 'week'], queryFn: fetchWeek });
  const sessions = useQuery({ queryKey: ['schedule', 'sessions'], queryFn: fetchSessions });
  // The saved week until the teacher changes something.
  const [edited, setForm] = useState<Form | null>(null);
  const form = edited ?? (week.data ? formOf(week.data, personZone) : null);
  const kit = useForm({
    check: () =>
      form && rules ? messagesOf(rules.validateAvailability(form.availability, form.overrides, i18n.language)) : {},
  });
  const errors: Partial<Record<string, string>> = kit.errors;

  const save = useMutation({
    mutationFn: saveWeek,
    onSuccess: (saved) => {
      client.setQueryData(['schedule', 'week'], saved);
      toast.success(t('week.saved'));
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const cancel = useMutation({
    mutationFn: cancelSession,
    onSuccess: () => client.invalidateQueries({ queryKey: ['schedule', 'sessions'] }),
    onError: (error: Error) => toast.error(error.message),
  });

  if (week.isError) return <LoadError onRetry={() => void week.refetch()} />;
  if (!form || !rules) return <Spinner />;

  // 1 January 2024 was a Monday: the week's days are named from it.
  const dayName = (day: number) => dates.weekday(`2024-01-0${1 + day}`);
  const setAvailability = (change: Partial<Availability>) =>
    setForm({ ...form, availability: { ...form.availability, ...change } });
  const setOverrides = (overrides: DateOverride[]) => setForm({ ...form, overrides });
  const dateTime = dates.dateTime;
  const personZoneLabel = zoneLabel(personZone, i18n.language);
  const upcoming = (sessions.data ?? []).filter((s) => s.status === 'booked');

  return (
    <PageFrame title={t('title')} description={t('text')} testId="available-page">
      <div className="space-y-8">
        <form
          className="space-y-6 rounded-xl border border-slate-200 bg-white p-6"
          noValidate
          onSubmit={kit.submit(() => save.mutateAsync({ ...form.availability, overrides: form.overrides }))}
        >
          <div>
            <label className="block">
              <span className="text-sm font-medium text-slate-700">{t('week.zone')}</span>
              <select
                value={form.availability.zone}
                onChange={(e) => setAvailability({ zone: e.target.value })}
                className={`${inputClass} ${inputStateClass(Boolean(errors.zone))} mt-1`}
              >
                {rules.timeZones().map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </label>
            <p className="mt-1 text-sm text-slate-600" data-testid="hours-zone">
              {form.availability.zone === personZone
                ? t('week.zoneHint')
                : t('week.otherZone', { zone: personZoneLabel })}
            </p>
            {errors.zone && (
              <p data-field-error className="text-sm text-red-600">
                {errors.zone}
              </p>
            )}
          </div>

          <div className="space-y-3">
            <h2 className="font-semibold text-slate-900">{t('week.hours')}</h2>
            {DAYS.map((day) => (
              <div key={day} className="grid gap-2 sm:grid-cols-[10rem_1fr] sm:items-center">
                <span className="text-sm font-medium text-slate-700">{dayName(day)}</span>
                <IntervalsEditor
                  label={dayName(day)}
                  intervals={form.availability.weekly[day] ?? []}
                  error={errors[`weekly.${day}`]}
                  onChange={(intervals) =>
                    setAvailability({ weekly: form.availability.weekly.map((d, i) => (i === day ? intervals : d)) })
                  }
                />
              </div>
            ))}
          </div>

          <div className="space-y-3">
            <h2 className="font-semibold text-slate-900">{t('week.overrides')}</h2>
            <p className="text-sm text-slate-600">{t('week.overridesText')}</p>
            {form.overrides.map((override, index) => (
              <div key={index} className="flex flex-wrap items-center gap-3">
                <input
                  type="date"
                  aria-label={t('week.date', { n: index + 1 })}
                  value={override.date}
                  onChange={(e) =>
                    setOverrides(form.overrides.map((o, i) => (i === index ? { ...o, date: e.target.value } : o)))
                  }
                  className={`${inputClass} ${inputStateClass(Boolean(errors.overrides))} w-44`}
                />
                <IntervalsEditor
                  label={override.date || t('week.date', { n: index + 1 })}
                  intervals={override.intervals}
                  onChange={(intervals) =>
                    setOverrides(form.overrides.map((o, i) => (i === index ? { ...o, intervals } : o)))
                  }
                />
                <button
                  type="button"
                  onClick={() => setOverrides(form.overrides.filter((_, i) => i !== index))}
                  className="text-sm text-red-600 hover:underline"
                >
                  {t('week.removeDate')}
                </button>
              </div>
            ))}
            {errors.overrides && (
              <p role="alert" className="text-sm text-red-600">
                {errors.overrides}
              </p>
            )}
            <button
              type="button"
              onClick={() => setOverrides([...form.overrides, { date: '', intervals: [] }])}
              className="text-sm font-medium text-teal-700 hover:underline"
            >
              {t('week.addDate')}
            </button>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            {(['bufferMinutes', 'noticeMinutes'] as const).map((field) => (
              <div key={field}>
                <label className="block">
                  <span className="text-sm font-medium text-slate-700">{t(`week.${field}`)}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    value={form.availability[field]}
                    onChange={(e) => setAvailability({ [field]: Number(e.target.value) })}
                    className={`${inputClass} ${inputStateClass(Boolean(errors[field]))} mt-1`}
                  />
                </label>
                {errors[field] && (
                  <p data-field-error className="text-sm text-red-600">
                    {errors[field]}
                  </p>
                )}
              </div>
            ))}
          </div>

          <SubmitButton busy={kit.busy} className="self-start">
            {t('week.save')}
          </SubmitButton>
        </form>

        <OpenTimesPreview
          form={form}
          rules={rules}
          zone={personZone}
          busy={upcoming.map((session) => [Date.parse(session.startAt), Date.parse(session.endAt)])}
        />

        <section className="space-y-3">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('sessions.title')}</h2>
            <p className="text-sm text-slate-600" data-testid="sessions-zone">
              {t('sessions.zone', { zone: personZoneLabel })}
            </p>
          </div>
          {sessions.isError ? (
            <LoadError onRetry={() => void sessions.refetch()} />
          ) : upcoming.length === 0 ? (
            <p className="text-sm text-slate-600">{t('sessions.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {upcoming.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <span>
                    <span className="font-medium text-slate-900" data-testid="booked-session-time">
                      {dateTime(session.startAt)}
                    </span>
                    <span className="ml-2 text-sm text-slate-600">
                      {t('sessions.with', { name: session.studentName })}
                    </span>
                  </span>
                  <JoinMeetingLink id={session.id} start={session.startAt} end={session.endAt} label={t('join')} />
                  <button
                    type="button"
                    onClick={() => cancel.mutate(session.id)}
                    disabled={cancel.isPending}
                    className="text-sm font-medium text-red-600 hover:underline"
                  >
                    {t('sessions.cancel')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
