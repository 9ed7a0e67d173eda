import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CalendarEventView } from '@/lib/api/types';
import { eventTitle, type CalendarFormats } from './calendar-event';

/**
 * One event of the calendar opened: its kind, day and time in the person's zone, its student and plan or its
 * audience and seats, "Join" while its room is open (from 10 minutes before the start), and where it is managed.
 */
export function EventDetails({
  event,
  formats,
  onClose,
}: {
  event: CalendarEventView | null;
  formats: CalendarFormats;
  onClose: () => void;
}) {
  const { t } = useTranslation('calendar');
  const isClass = event?.kind === 'class';
  return (
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid="event-details"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl outline-none"
        >
          {event && (
            <>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wide text-teal-700 uppercase">
                    {t(`kind.${isClass ? 'class' : 'session'}`)}
                  </p>
                  <Dialog.Title className="text-lg font-bold break-words text-slate-900">
                    {eventTitle(event)}
                  </Dialog.Title>
                </div>
                <Dialog.Close asChild>
                  <button
                    type="button"
                    aria-label={t('details.close')}
                    className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </Dialog.Close>
              </div>
              <Dialog.Description asChild>
                <dl className="mt-4 space-y-2 text-sm">
                  <div>
                    <dt className="font-medium text-slate-500">{t('details.when')}</dt>
                    <dd className="text-slate-900" data-testid="event-when">
                      {formats.dates.span(event.startAt, event.endAt)}
                    </dd>
                  </div>
                  {isClass ? (
                    <>
                      {event.audienceTitle && (
                        <div>
                          <dt className="font-medium text-slate-500">{t('details.audience')}</dt>
                          <dd className="text-slate-900">{event.audienceTitle}</dd>
                        </div>
                      )}
                      <div>
                        <dt className="font-medium text-slate-500">{t('details.seats')}</dt>
                        <dd className="text-slate-900">
                          {t('seats', { taken: event.seatsTaken ?? 0, seats: event.seats ?? 0 })}
                        </dd>
                      </div>
                    </>
                  ) : (
                    event.planTitle && (
                      <div>
                        <dt className="font-medium text-slate-500">{t('details.plan')}</dt>
                        <dd className="text-slate-900">{event.planTitle}</dd>
                      </div>
                    )
                  )}
                  {event.status === 'cancelled' && (
                    <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800">{t('cancelled')}</p>
                  )}
                </dl>
              </Dialog.Description>
              {event.status !== 'cancelled' && <p className="mt-4 text-sm text-slate-600">{t('details.opens')}</p>}
              <div className="mt-5 flex flex-wrap justify-end gap-2">
                <Link
                  to={`${paths.dashboard}/${isClass ? 'class-register' : 'available'}`}
                  className={buttonClass('secondary', 'sm')}
                >
                  {t(isClass ? 'links.classRegister' : 'links.available')}
                </Link>
                {event.status !== 'cancelled' && (
                  <JoinMeetingLink id={event.id} start={event.startAt} end={event.endAt} label={t('details.join')} />
                )}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
