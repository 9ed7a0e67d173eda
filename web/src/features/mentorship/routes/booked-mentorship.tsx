import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice, mentorshipStatus } from '@/lib/wasm';
import { personName, type NameParts } from '@/lib/person-name';
import type { BookingQuery } from '../api/plans';
import { mentorshipQueries } from '../api/queries';
import { PageHeader } from '../components/ui';

const statuses: BookingQuery['status'][] = ['', 'active', 'expired'];

function fullName(person: NameParts, language: string, fallback: string): string {
  return personName(person, language) || fallback;
}

/**
 * /dashboard/mentorship/booked-mentorship (TEACHER: bookings of their plans, ADMIN: all): filtered by
 * Active/Expired (the shared rule on the server and in each row) and searched by plan or person.
 */
export default function BookedMentorshipPage() {
  const { t, i18n } = useTranslation('mentorship');
  useDocumentMeta(`${t('booked.title')} | ${t('brand')}`, t('booked.text'));
  const [status, setStatus] = useState<BookingQuery['status']>('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const bookings = useQuery(mentorshipQueries.bookings({ status, search, page }));
  const [now] = useState(() => Date.now());
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const pages = bookings.data ? Math.max(1, Math.ceil(bookings.data.total / bookings.data.pageSize)) : 1;

  return (
    <div className="px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader title={t('booked.title')} text={t('booked.text')} />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed);
          setPage(1);
        }}
      >
        <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={t('booked.filter')}>
          {statuses.map((value) => (
            <button
              key={value || 'all'}
              type="button"
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setPage(1);
              }}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${status === value ? 'bg-white text-teal-700 shadow-sm' : 'text-slate-600'}`}
            >
              {t(`booked.status.${value || 'all'}`)}
            </button>
          ))}
        </div>
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">{t('booked.search')}</span>
          <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            maxLength={100}
            value={typed}
            placeholder={t('booked.search')}
            onChange={(e) => setTyped(e.target.value)}
            className={`${inputClass} ${inputStateClass(false)} pl-9`}
          />
        </label>
      </form>

      {bookings.isError ? (
        <LoadError onRetry={() => void bookings.refetch()} />
      ) : !bookings.data ? (
        <Spinner />
      ) : bookings.data.items.length === 0 ? (
        <EmptyState title={t('booked.empty')} text={t('booked.emptyText')} />
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" data-testid="booking-table">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">{t('booked.mentee')}</th>
                <th className="px-4 py-3">{t('booked.plan')}</th>
                <th className="px-4 py-3">{t('booked.mentor')}</th>
                <th className="px-4 py-3">{t('booked.paid')}</th>
                <th className="px-4 py-3">{t('booked.period')}</th>
                <th className="px-4 py-3">{t('booked.state')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {bookings.data.items.map((booking) => {
                const state = mentorshipStatus(Date.parse(booking.endDate), now);
                const active = state.state === 'active';
                return (
                  <tr key={booking._id} data-state={state.state}>
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">
                        {fullName(booking.mentee, i18n.language, booking.menteeUsername)}
                      </p>
                      <p className="text-xs text-slate-500">@{booking.menteeUsername}</p>
                    </td>
                    <td className="px-4 py-3">{booking.package.title}</td>
                    <td className="px-4 py-3">{fullName(booking.mentor, i18n.language, '')}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {formatPrice(booking.package.price, booking.package.currency, i18n.language)}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {dateFormat.format(new Date(booking.startDate))} – {dateFormat.format(new Date(booking.endDate))}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-200 text-slate-600'}`}
                      >
                        {active ? t('booked.status.active') : t('booked.status.expired')}
                      </span>
                      {active && state.daysLeft !== null && (
                        <span className="ml-2 text-xs text-amber-700">
                          {t('booked.daysLeft', { count: state.daysLeft })}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="mt-4 flex items-center justify-end gap-2 text-sm" aria-label={t('booked.pages')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="px-3 py-1.5">
            ‹
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className="px-3 py-1.5">
            ›
          </button>
        </nav>
      )}
    </div>
  );
}
