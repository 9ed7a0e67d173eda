import { useQuery } from '@tanstack/react-query';
import { CalendarClock, LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { CalendarEventView } from '@/lib/api/types';
import { useDates } from '@/lib/dates';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { zoneLabel } from '@/lib/time-zone';
import { fetchUpcomingRooms } from '../api/meeting';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The list shows what has not ended over the coming 30 days. */
const UPCOMING_DAYS = 30;

/**
 * `/meeting` with no room named, for a teacher (or an administrator): their sessions and classes that have not
 * ended, each with its time in the person's zone and "Join" while its room is open.
 */
export function UpcomingRooms() {
  const { t, i18n } = useTranslation('meeting');
  const zone = usePersonTimeZone();
  const [now] = useState(() => Date.now());
  const rooms = useQuery({
    queryKey: ['meeting', 'upcoming', now],
    queryFn: () => fetchUpcomingRooms(now - DAY_MS, now + UPCOMING_DAYS * DAY_MS),
  });
  const dates = useDates();
  const coming = (rooms.data?.events ?? []).filter(
    (event) => event.status !== 'cancelled' && Date.parse(event.endAt) > now,
  );
  const title = (event: CalendarEventView) =>
    event.kind === 'class'
      ? (event.topic ?? '')
      : t('upcoming.session', { name: event.studentName ?? '', plan: event.planTitle ?? '' });

  return (
    <main className="min-h-screen bg-slate-50 px-4 py-8" data-testid="upcoming-rooms">
      <div className="mx-auto max-w-3xl space-y-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('upcoming.title')}</h1>
            <p className="mt-1 text-sm text-slate-600">
              {t('upcoming.text', { zone: zoneLabel(zone, i18n.language, now) })}
            </p>
          </div>
          <Link to={paths.dashboard} className={buttonClass('secondary', 'sm')}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            {t('dashboard')}
          </Link>
        </header>
        {rooms.isError ? (
          <LoadError onRetry={() => void rooms.refetch()} />
        ) : rooms.isPending ? (
          <Spinner />
        ) : coming.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            {t('upcoming.none')}
          </p>
        ) : (
          <ul className="space-y-3">
            {coming.map((event) => (
              <li
                key={`${event.kind}-${event.id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="upcoming-room"
              >
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wide text-teal-700 uppercase">
                    {t(event.kind === 'class' ? 'upcoming.class' : 'upcoming.sessionKind')}
                  </p>
                  <p className="font-semibold break-words text-slate-900" data-testid="upcoming-title">
                    {title(event)}
                  </p>
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                    <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                    <span>{dates.span(event.startAt, event.endAt)}</span>
                  </p>
                </div>
                <JoinMeetingLink id={event.id} start={event.startAt} end={event.endAt} label={t('upcoming.join')} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
