import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import { useRole } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice, mentorshipStatus } from '@/lib/wasm';
import { personName, type NameParts } from '@/lib/person-name';
import type { BookingQuery } from '../api/plans';
import { mentorshipQueries } from '../api/queries';
import { ReportedChats } from '../components/reported-chats';
import { useDates } from '@/lib/dates';

const statuses: BookingQuery['status'][] = ['', 'active', 'expired'];

function fullName(person: NameParts, language: string, fallback: string): string {
  return personName(person, language) || fallback;
}

/**
 * /dashboard/mentorship/booked-mentorship (TEACHER: bookings of their plans, ADMIN: all): filtered by
 * Active/Expired (the shared rule on the server and in each row) and searched by plan or person. Administrators
 * also find here the conversations of bookings that a mentee or mentor reported, to read.
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
  const dates = useDates();
  const isAdmin = useRole() === 'ADMIN';

  return (
    <PageFrame title={t('booked.title')} description={t('booked.text')} testId="booked-mentorship">
      {isAdmin && <ReportedChats />}
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

      {bookings.data?.items.length === 0 && bookings.data.total === 0 ? (
        <EmptyState title={t('booked.empty')} text={t('booked.emptyText')} />
      ) : (
        <DataTable
          caption={t('booked.title')}
          rows={bookings.data?.items}
          rowKey={(booking) => booking._id}
          rowData={(booking) => ({ 'data-state': mentorshipStatus(Date.parse(booking.endDate), now).state })}
          testId="booking-table"
          error={bookings.isError}
          onRetry={() => void bookings.refetch()}
          pageSize={bookings.data?.pageSize ?? 20}
          page={page}
          total={bookings.data?.total ?? 0}
          onPageChange={setPage}
          columns={[
            {
              id: 'mentee',
              header: t('booked.mentee'),
              primary: true,
              cell: (booking) => (
                <>
                  <p className="font-medium text-slate-900">
                    {fullName(booking.mentee, i18n.language, booking.menteeUsername)}
                  </p>
                  <p className="text-xs font-normal text-slate-500">@{booking.menteeUsername}</p>
                </>
              ),
            },
            { id: 'plan', header: t('booked.plan'), cell: (booking) => booking.package.title },
            {
              id: 'mentor',
              header: t('booked.mentor'),
              cell: (booking) => fullName(booking.mentor, i18n.language, ''),
            },
            {
              id: 'paid',
              header: t('booked.paid'),
              cell: (booking) => (
                <span className="whitespace-nowrap">
                  {formatPrice(booking.package.price, booking.package.currency, i18n.language)}
                </span>
              ),
            },
            {
              id: 'period',
              header: t('booked.period'),
              cell: (booking) => (
                <span className="md:whitespace-nowrap">
                  {dates.date(booking.startDate)} – {dates.date(booking.endDate)}
                </span>
              ),
            },
            {
              id: 'state',
              header: t('booked.state'),
              cell: (booking) => {
                const state = mentorshipStatus(Date.parse(booking.endDate), now);
                const active = state.state === 'active';
                return (
                  <>
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
                  </>
                );
              },
            },
          ]}
        />
      )}
    </PageFrame>
  );
}
