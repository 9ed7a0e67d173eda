import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { SessionView } from '@/lib/api/types';
import { dateFormats } from '@/lib/dates';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { zoneLabel } from '@/lib/time-zone';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScheduleRules } from '@/lib/wasm-schedule';
import { personName } from '@/lib/person-name';
import {
  bookSession,
  cancelSession,
  fetchBookings,
  fetchSessions,
  fetchSlots,
  rescheduleSession,
} from '../api/schedule';
import { availabilityOf, overridesOf, slotDays } from '../lib/week';

/** How far ahead a student sees open times. */
const DAYS_AHEAD = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const keys = {
  bookings: ['schedule', 'bookings'] as const,
  sessions: ['schedule', 'sessions'] as const,
  slots: (booking: string) => ['schedule', 'slots', booking] as const,
};

/**
 * /profile/sessions?booking={id}: a student picks the times of their mentorship sessions. The mentor's open times
 * of the next two weeks are worked out in the browser by the shared rule (the wasm schedule module) from the
 * mentor's week and busy times, shown in the student's own time zone; the server checks the time again when it is
 * booked (one winner when two students ask for it). Below, the booked sessions with Cancel and Reschedule.
 */
export default function BookSessionPage() {
  const { t, i18n } = useTranslation('schedule');
  useDocumentMeta(`${t('book.title')} | ${t('brand')}`, t('book.text'));
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const client = useQueryClient();
  const rules = useScheduleRules();
  const viewerZone = usePersonTimeZone();
  const [now] = useState(() => Date.now());
  const [picked, setPicked] = useState<number | null>(null);
  const [moving, setMoving] = useState<SessionView | null>(null);

  const bookings = useQuery({ queryKey: keys.bookings, queryFn: fetchBookings });
  const booking = bookings.data?.find((b) => b._id === bookingId);
  const slots = useQuery({
    queryKey: keys.slots(bookingId),
    queryFn: () => fetchSlots(booking!.mentor.userId, new Date(now), new Date(now + DAYS_AHEAD * DAY_MS), bookingId),
    enabled: Boolean(booking?.active),
  });
  const sessions = useQuery({ queryKey: keys.sessions, queryFn: fetchSessions });

  const changed = () => {
    setPicked(null);
    setMoving(null);
    void client.invalidateQueries({ queryKey: ['schedule'] });
  };
  const book = useMutation({
    mutationFn: (startMs: number) =>
      moving
        ? rescheduleSession({ id: moving.id, startAt: new Date(startMs).toISOString() })
        : bookSession({ enrollmentId: bookingId, startAt: new Date(startMs).toISOString() }),
    onSuccess: () => {
      toast.success(moving ? t('book.moved') : t('book.booked'));
      changed();
    },
    // The server's reason (taken meanwhile, too soon, no sessions left) is in the person's language.
    onError: (error: Error) => {
      toast.error(error.message);
      void client.invalidateQueries({ queryKey: keys.slots(bookingId) });
    },
  });
  const cancel = useMutation({
    mutationFn: cancelSession,
    onSuccess: () => {
      toast.success(t('book.cancelled'));
      changed();
    },
    onError: (error: Error) => toast.error(error.message),
  });

  if (bookings.isError) return <LoadError onRetry={() => void bookings.refetch()} />;
  if (bookings.isPending) return <Spinner />;
  if (!booking || !booking.active) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <EmptyState
          title={booking ? t('book.expired') : t('book.notFound')}
          text={t('book.notFoundText')}
          action={
            <Link
              to={booking ? paths.mentorByQuery(booking.mentor.userId) : paths.profile}
              className={buttonClass('primary')}
            >
              {booking ? t('book.renew') : t('book.back')}
            </Link>
          }
        />
      </div>
    );
  }

  const mentorName = personName(booking.mentor, i18n.language);
  const { time, weekdayDateTime: dateTime } = dateFormats(i18n.language, viewerZone);
  const view = slots.data;
  const open =
    view && rules
      ? rules.openSlots(
          availabilityOf(view.week),
          overridesOf(view.week),
          view.busy.map((b) => [Date.parse(b.start), Date.parse(b.end)]),
          Date.parse(view.from),
          Date.parse(view.to),
          now,
          view.sessionMinutes,
        )
      : null;
  const days = open ? slotDays(open, i18n.language, viewerZone) : [];
  const mine = (sessions.data ?? []).filter((s) => s.enrollmentId === bookingId && s.status === 'booked');
  const upcoming = mine.filter((s) => Date.parse(s.endAt) > now);

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{t('book.heading', { name: mentorName })}</h1>
        <p className="text-slate-600">{booking.package.title}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          {view && (
            <span className="flex items-center gap-1.5">
              <CalendarClock aria-hidden="true" className="size-4 text-slate-400" />
              {t('book.length', { count: view.sessionMinutes })}
            </span>
          )}
          <span className="flex items-center gap-1.5">
            <Globe aria-hidden="true" className="size-4 text-slate-400" />
            {t('book.zone', { zone: zoneLabel(viewerZone, i18n.language, now) })}
          </span>
        </p>
      </header>

      <section aria-labelledby="open-times" className="space-y-4">
        <h2 id="open-times" className="text-lg font-semibold text-slate-900">
          {moving ? t('book.moveTitle', { time: dateTime(moving.startAt) }) : t('book.openTitle')}
        </h2>
        {slots.isError ? (
          <LoadError onRetry={() => void slots.refetch()} />
        ) : !open ? (
          <Spinner />
        ) : days.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t('book.noTimes')}
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {days.map((day) => (
              <div key={day.key} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="slot-day">
                <h3 className="mb-3 text-sm font-semibold text-slate-800 first-letter:uppercase">{day.label}</h3>
                <ul className="flex flex-wrap gap-2">
                  {day.slots.map(([start]) => (
                    <li key={start}>
                      <button
                        type="button"
                        aria-pressed={picked === start}
                        onClick={() => setPicked(start)}
                        className={`rounded-lg border px-3 py-1.5 text-sm font-medium tabular-nums transition ${
                          picked === start
                            ? 'border-teal-600 bg-teal-600 text-white'
                            : 'border-slate-300 text-slate-700 hover:border-teal-500 hover:text-teal-700'
                        }`}
                      >
                        {time(start)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {(picked !== null || moving) && (
          <div className="sticky bottom-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4 shadow-sm">
            <p className="text-sm text-teal-900">{picked !== null ? dateTime(picked) : t('book.pickNew')}</p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => {
                  setPicked(null);
                  setMoving(null);
                }}
                className={buttonClass('secondary', 'sm')}
              >
                {t('book.back')}
              </button>
              <button
                type="button"
                disabled={picked === null || book.isPending}
                onClick={() => picked !== null && book.mutate(picked)}
                className={buttonClass('primary', 'sm')}
              >
                {moving ? t('book.confirmMove') : t('book.confirm')}
              </button>
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="my-sessions" className="space-y-3">
        <h2 id="my-sessions" className="text-lg font-semibold text-slate-900">
          {t('book.mine')}
        </h2>
        {sessions.isError ? (
          <LoadError onRetry={() => void sessions.refetch()} />
        ) : upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">{t('book.noneYet')}</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
            data-testid="my-sessions"
          >
            {upcoming.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <span className="font-medium text-slate-900">{dateTime(session.startAt)}</span>
                <span className="flex items-center gap-3">
                  <JoinMeetingLink id={session.id} start={session.startAt} end={session.endAt} label={t('join')} />
                  <button
                    type="button"
                    onClick={() => {
                      setMoving(session);
                      setPicked(null);
                    }}
                    className="text-sm font-medium text-teal-700 hover:underline"
                  >
                    {t('book.reschedule')}
                  </button>
                  <button
                    type="button"
                    onClick={() => cancel.mutate(session.id)}
                    disabled={cancel.isPending}
                    className="text-sm font-medium text-red-600 hover:underline"
                  >
                    {t('sessions.cancel')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
