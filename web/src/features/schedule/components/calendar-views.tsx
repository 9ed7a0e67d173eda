import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { CalendarEventView } from '@/lib/api/types';
import { EventCard, eventClass, eventTitle, type CalendarFormats } from './calendar-event';
import { groupByDay, placeInWeek, visibleHours } from './calendar-layout';

/** Height of one hour of the week grid, in pixels. */
const HOUR_PX = 48;

/**
 * A week: seven columns with the hours down the side and each event placed by its local time (overlapping ones
 * side by side). On a phone, the same week as a list day by day.
 */
export function WeekView({
  days,
  today,
  events,
  formats,
  onOpen,
}: {
  days: string[];
  today: string;
  events: CalendarEventView[];
  formats: CalendarFormats;
  onOpen?: (event: CalendarEventView) => void;
}) {
  const { t } = useTranslation('calendar');
  const pieces = placeInWeek(events, days, formats.zone);
  const { first, last } = visibleHours(pieces);
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const byDay = new Map(groupByDay(events, formats.zone).map((g) => [g.day, g.events]));
  return (
    <div data-testid="week-view">
      {events.length === 0 && <p className="mb-3 text-sm text-slate-600">{t('week.empty')}</p>}
      <div className="hidden overflow-x-auto md:block">
        <div className="grid min-w-[720px] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
          <div />
          {days.map((day) => (
            <div
              key={day}
              className={`border-b border-slate-200 px-1 pb-2 text-center text-sm font-semibold ${day === today ? 'text-teal-700' : 'text-slate-700'}`}
            >
              {formats.shortDay(day)}
            </div>
          ))}
          <div className="relative" style={{ height: hours.length * HOUR_PX }}>
            {hours.map((hour, i) => (
              <span
                key={hour}
                className="absolute right-2 -translate-y-2 text-xs text-slate-500"
                style={{ top: i * HOUR_PX }}
              >
                {`${String(hour).padStart(2, '0')}:00`}
              </span>
            ))}
          </div>
          {days.map((day, index) => (
            <div
              key={day}
              data-day={day}
              className={`relative border-l border-slate-200 ${day === today ? 'bg-teal-50/40' : ''}`}
              style={{
                height: hours.length * HOUR_PX,
                backgroundImage: `repeating-linear-gradient(to bottom, rgb(226 232 240) 0 1px, transparent 1px ${HOUR_PX}px)`,
              }}
            >
              {pieces
                .filter((piece) => piece.day === index)
                .map((piece) => {
                  const top = ((piece.startMinute - first * 60) / 60) * HOUR_PX;
                  const height = Math.max(((piece.endMinute - piece.startMinute) / 60) * HOUR_PX, 18);
                  return (
                    <button
                      type="button"
                      key={`${piece.event.kind}-${piece.event.id}`}
                      data-testid="week-event"
                      onClick={() => onOpen?.(piece.event)}
                      title={`${formats.time(piece.event)} ${eventTitle(piece.event)}`}
                      className={`absolute overflow-hidden rounded-md border-l-4 px-1.5 py-0.5 text-left text-xs hover:shadow-md ${eventClass(piece.event)}`}
                      style={{
                        top,
                        height,
                        left: `${(piece.lane / piece.lanes) * 100}%`,
                        width: `calc(${100 / piece.lanes}% - 2px)`,
                      }}
                    >
                      <span className="block font-semibold">{formats.time(piece.event)}</span>
                      <span className="block truncate">{eventTitle(piece.event)}</span>
                      {piece.event.kind === 'class' && (
                        <span className="block truncate opacity-80">
                          {t('seats', { taken: piece.event.seatsTaken ?? 0, seats: piece.event.seats ?? 0 })}
                        </span>
                      )}
                    </button>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
      <ol className="space-y-4 md:hidden" aria-label={t('view.week')}>
        {days.map((day) => (
          <li key={day}>
            <h3 className={`mb-2 text-sm font-semibold ${day === today ? 'text-teal-700' : 'text-slate-700'}`}>
              {formats.day(day)}
            </h3>
            {(byDay.get(day) ?? []).length === 0 ? (
              <p className="text-sm text-slate-500">{t('week.emptyDay')}</p>
            ) : (
              <div className="space-y-2">
                {(byDay.get(day) ?? []).map((event) => (
                  <EventCard key={`${event.kind}-${event.id}`} event={event} formats={formats} onOpen={onOpen} />
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The coming events grouped by local day. */
export function ListView({
  events,
  formats,
  onOpen,
}: {
  events: CalendarEventView[];
  formats: CalendarFormats;
  onOpen?: (event: CalendarEventView) => void;
}) {
  const { t } = useTranslation('calendar');
  const groups = groupByDay(events, formats.zone);
  if (groups.length === 0) return <EmptyState title={t('list.empty')} text={t('list.emptyText')} />;
  return (
    <ol className="space-y-6" data-testid="list-view" aria-label={t('list.title')}>
      {groups.map((group) => (
        <li key={group.day}>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{formats.day(group.day)}</h3>
          <div className="space-y-2">
            {group.events.map((event) => (
              <EventCard key={`${event.kind}-${event.id}`} event={event} formats={formats} onOpen={onOpen} />
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
