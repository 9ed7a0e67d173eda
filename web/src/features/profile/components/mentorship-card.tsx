import { CalendarCheck, CalendarPlus, CalendarX, Clock, MessageCircle, RefreshCw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatPrice, mentorshipStatus, servicesPreview } from '@/lib/wasm';
import { personName } from '@/lib/person-name';
import { chatQueries } from '../api/chat';
import type { MentorshipEnrollment } from '../types';
import { AVATAR_PLACEHOLDER, Img } from './image';
import { toMs, useDates } from '@/lib/dates';

/** The narrow layout (under Tailwind's `sm`), where a card lists 4 services instead of 3. */
const NARROW_QUERY = '(max-width: 639px)';

function subscribeNarrow(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowLayout(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(NARROW_QUERY).matches),
    () => false,
  );
}

/**
 * A booked mentorship: Active/Expired by the shared rule, price, services preview, dates and days
 * left; Chat (with its unread messages) while active, Renew and a disabled Expired button once expired.
 */
export function MentorshipCard({
  enrollment,
  now,
  asMentor = false,
}: {
  enrollment: MentorshipEnrollment;
  now?: number;
  /** A teacher's card of a mentee: the mentee is shown instead of the mentor. */
  asMentor?: boolean;
}) {
  const { t, i18n } = useTranslation('profile');
  const [shownAt] = useState(() => Date.now());
  const narrow = useNarrowLayout();
  const dates = useDates();
  const { mentor, package: plan } = enrollment;
  const endMs = toMs(enrollment.endDate) ?? 0;
  const status = mentorshipStatus(endMs, now ?? shownAt);
  const active = status.state === 'active';
  const services = servicesPreview(plan.services ?? [], narrow);
  const person = asMentor && enrollment.mentee ? enrollment.mentee : mentor;
  const name = personName(person, i18n.language) || (enrollment.menteeUsername ?? '');
  const start = dates.date(enrollment.startDate);
  const end = dates.date(enrollment.endDate);
  const unread =
    useQuery({ ...chatQueries.unread(), enabled: active }).data?.conversations.find(
      (c) => c.bookingId === enrollment._id,
    )?.unread ?? 0;

  return (
    <article
      data-testid="mentorship-card"
      data-state={status.state}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md"
    >
      <header className="flex items-center gap-3">
        <Img src={person.avatar} fallback={AVATAR_PLACEHOLDER} className="size-12 shrink-0 rounded-full object-cover" />
        <p className="min-w-0 flex-1 font-semibold break-words text-slate-900">{name}</p>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
            active ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-200 text-slate-600'
          }`}
        >
          {active ? t('mentors.active') : t('mentors.expired')}
        </span>
      </header>
      <h3 className="mt-3 line-clamp-2 text-sm font-semibold text-teal-700">{plan.title}</h3>

      <p className="mt-1 text-lg font-bold text-slate-900">
        {formatPrice(plan.price, plan.currency || 'VND', i18n.language)}
      </p>
      {plan.short_description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{plan.short_description}</p>}

      {services.shown.length > 0 && (
        <ul aria-label={t('mentors.services')} className="mt-3 flex flex-wrap gap-1.5">
          {services.shown.map((service) => (
            <li key={service} className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs text-teal-800">
              {service}
            </li>
          ))}
          {services.more > 0 && (
            <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-600">
              {t('mentors.more', { count: services.more })}
            </li>
          )}
        </ul>
      )}

      <dl className="mt-3 space-y-1 text-xs text-slate-600">
        <div className="flex items-center gap-1.5">
          <CalendarCheck aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
          <dt>{t('mentors.start')}:</dt>
          <dd className="font-medium text-slate-800">{start}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarX aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
          <dt>{active ? t('mentors.end') : t('mentors.ended')}:</dt>
          <dd className="font-medium text-slate-800">{end}</dd>
        </div>
      </dl>
      {active && status.daysLeft !== null && status.daysLeft > 0 && (
        <p className="mt-2 flex items-center gap-1.5 text-xs font-semibold text-amber-700">
          <Clock aria-hidden="true" className="size-3.5" />
          {t('mentors.daysLeft', { count: status.daysLeft })}
        </p>
      )}

      <div className="mt-4 flex gap-2">
        {active ? (
          <>
            <Link
              to={paths.chat(enrollment._id)}
              data-testid="mentorship-chat"
              className={`${buttonClass('primary', 'sm')} relative flex-1`}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              {t('mentors.chat')}
              {unread > 0 && (
                <span
                  aria-label={t('chat.unread', { count: unread })}
                  className="absolute -top-2 -right-2 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs leading-5 font-bold text-white"
                >
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </Link>
            {!asMentor && (
              <Link
                to={`/profile/sessions?booking=${encodeURIComponent(enrollment._id)}`}
                className={`${buttonClass('secondary', 'sm')} flex-1`}
              >
                <CalendarPlus aria-hidden="true" className="size-4" />
                {t('mentors.bookSession')}
              </Link>
            )}
          </>
        ) : (
          <>
            <Link to={paths.mentorByQuery(mentor.userId)} className={`${buttonClass('primary', 'sm')} flex-1`}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('mentors.renew')}
            </Link>
            <button type="button" disabled className={`${buttonClass('secondary', 'sm')} flex-1`}>
              {t('mentors.expiredButton')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
