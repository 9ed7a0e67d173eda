import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, List } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePersonTimeZone } from '@/lib/person-time-zone';
import { zoneLabel } from '@/lib/time-zone';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { calendarQueries } from '../api/calendar-queries';
import { useCalendarFormats } from '../components/calendar-event';
import { addDays, dayKey, mondayOf, weekFrom } from '../components/calendar-layout';
import { ListView, WeekView } from '../components/calendar-views';
import { EventDetails } from '../components/event-details';
import { FeedPanel } from '../components/feed-panel';
import type { CalendarEventView } from '@/lib/api/types';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The list shows the coming 60 days (the calendar answers at most 62 at once). */
const UPCOMING_DAYS = 60;

type View = 'week' | 'list';

/** The teacher's calendar: a week view and a list of what is coming, in the person's own zone, and the .ics feed. */
export default function MySchedulePage() {
  const { t, i18n } = useTranslation('calendar');
  useDocumentMeta(`${t('title')} | ${t('brand')}`, t('text'));
  const [view, setView] = useState<View>('week');
  // The clock of this visit, to the minute, so the query keys stay put while the page is open.
  const [now] = useState(() => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  const [monday, setMonday] = useState<string | null>(null);
  const [opened, setOpened] = useState<CalendarEventView | null>(null);
  const upcoming = useQuery(calendarQueries.range(now, now + UPCOMING_DAYS * DAY_MS));
  const zone = usePersonTimeZone();
  const today = dayKey(now, zone);
  const week = weekFrom(monday ?? mondayOf(today), zone);
  const weekEvents = useQuery({
    ...calendarQueries.range(week.from, week.to),
    enabled: upcoming.isSuccess,
    placeholderData: keepPreviousData,
  });
  const formats = useCalendarFormats(zone);
  const dateTime = formats.dates.dateTime;

  if (upcoming.isPending) return <PageSpinner />;
  if (upcoming.isError) return <LoadError onRetry={() => void upcoming.refetch()} />;

  const viewButton = (value: View, icon: ReactNode, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={`${buttonClass(view === value ? 'primary' : 'ghost', 'sm')}`}
    >
      {icon}
      {label}
    </button>
  );

  return (
    <PageFrame
      title={t('title')}
      description={
        <>
          <p>{t('text')}</p>
          <p className="mt-1 font-medium text-teal-800" data-testid="calendar-zone">
            {t('zone', { zone: zoneLabel(zone, i18n.language, now) })}
          </p>
        </>
      }
      actions={
        <nav className="flex flex-wrap gap-2">
          <Link to={`${paths.dashboard}/available`} className={buttonClass('secondary', 'sm')}>
            {t('links.available')}
          </Link>
          <Link to={`${paths.dashboard}/class-register`} className={buttonClass('secondary', 'sm')}>
            {t('links.classRegister')}
          </Link>
        </nav>
      }
      testId="my-schedule"
    >
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label={t('view.label')} className="flex gap-1 rounded-xl bg-slate-100 p-1">
            {viewButton('week', <CalendarDays aria-hidden="true" className="size-4" />, t('view.week'))}
            {viewButton('list', <List aria-hidden="true" className="size-4" />, t('view.list'))}
          </div>
          {view === 'week' && (
            <div className="flex items-center gap-2">
              <button
                type="button"
                aria-label={t('week.previous')}
                onClick={() => setMonday(addDays(week.days[0]!, -7))}
                className={buttonClass('ghost', 'sm')}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
              </button>
              <button type="button" onClick={() => setMonday(null)} className={buttonClass('secondary', 'sm')}>
                {t('week.today')}
              </button>
              <button
                type="button"
                aria-label={t('week.next')}
                onClick={() => setMonday(addDays(week.days[0]!, 7))}
                className={buttonClass('ghost', 'sm')}
              >
                <ChevronRight aria-hidden="true" className="size-4" />
              </button>
              <span className="text-sm font-semibold text-slate-700" data-testid="week-label">
                {`${formats.dates.date(week.days[0])} – ${formats.dates.date(week.days[6])}`}
              </span>
            </div>
          )}
        </div>

        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          {view === 'list' ? (
            <ListView events={upcoming.data.events} formats={formats} onOpen={setOpened} />
          ) : weekEvents.isError ? (
            <LoadError onRetry={() => void weekEvents.refetch()} />
          ) : weekEvents.data ? (
            <WeekView
              days={week.days}
              today={today}
              events={weekEvents.data.events}
              formats={formats}
              onOpen={setOpened}
            />
          ) : (
            <Spinner />
          )}
        </section>

        <FeedPanel dateTime={dateTime} />
        <EventDetails event={opened} formats={formats} onClose={() => setOpened(null)} />
      </div>
    </PageFrame>
  );
}
