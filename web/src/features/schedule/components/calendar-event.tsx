import { useTranslation } from 'react-i18next';
import type { CalendarEventView } from '@/lib/api/types';
import { dateFormats, type DateFormats } from '@/lib/dates';

/** Formats of a calendar in the page's language, times in the person's zone. */
export interface CalendarFormats {
  dates: DateFormats;
  zone: string;
  /** "09:00 – 10:30" of an event. */
  time: (event: CalendarEventView) => string;
  /** "Thứ Ba, 24/11" of a local day key. */
  day: (key: string) => string;
  /** "Thứ 3, ngày 24" of a day key, for a week column's heading. */
  shortDay: (key: string) => string;
}

export function useCalendarFormats(zone: string): CalendarFormats {
  const { i18n } = useTranslation();
  const dates = dateFormats(i18n.language, zone);
  return {
    dates,
    zone,
    time: (event) => dates.timeRange(event.startAt, event.endAt),
    day: dates.dayMonth,
    shortDay: dates.shortDay,
  };
}

const kindClass = {
  session: 'border-teal-600 bg-teal-50 text-teal-900',
  class: 'border-indigo-600 bg-indigo-50 text-indigo-900',
} as const;

/** The colours of an event of `kind` (cancelled ones greyed). */
export function eventClass(event: CalendarEventView): string {
  if (event.status === 'cancelled') return 'border-slate-400 bg-slate-100 text-slate-500 line-through';
  return event.kind === 'class' ? kindClass.class : kindClass.session;
}

/** The title of an event: a session's student, a class's topic. */
export function eventTitle(event: CalendarEventView): string {
  return (event.kind === 'class' ? event.topic : event.studentName) ?? '';
}

/** An event's kind, time, title and detail (a session's plan, a class's seats), as a list shows it. */
export function EventCard({
  event,
  formats,
  onOpen,
}: {
  event: CalendarEventView;
  formats: CalendarFormats;
  /** Opens the event's details: the whole card is the button. */
  onOpen?: (event: CalendarEventView) => void;
}) {
  const { t } = useTranslation('calendar');
  const detail =
    event.kind === 'class'
      ? t('seats', { taken: event.seatsTaken ?? 0, seats: event.seats ?? 0 })
      : (event.planTitle ?? '');
  return (
    <article
      data-testid="calendar-event"
      className={`relative rounded-xl border-l-4 px-4 py-3 ${eventClass(event)} ${onOpen ? 'hover:shadow-md' : ''}`}
      aria-label={`${t(`kind.${event.kind === 'class' ? 'class' : 'session'}`)}: ${eventTitle(event)}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
        <span>{t(`kind.${event.kind === 'class' ? 'class' : 'session'}`)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={event.startAt} className="no-underline">
          {formats.time(event)}
        </time>
        {event.status === 'cancelled' && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-800 no-underline">{t('cancelled')}</span>
        )}
      </p>
      <p className="mt-1 font-semibold">
        {onOpen ? (
          <button
            type="button"
            onClick={() => onOpen(event)}
            aria-label={t('details.open', { title: eventTitle(event) })}
            className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none after:focus-visible:ring-2 after:focus-visible:ring-teal-600"
          >
            {eventTitle(event)}
          </button>
        ) : (
          eventTitle(event)
        )}
      </p>
      {detail && <p className="text-sm opacity-80">{detail}</p>}
    </article>
  );
}
