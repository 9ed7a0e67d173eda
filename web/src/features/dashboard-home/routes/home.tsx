import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { useDates } from '@/lib/dates';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatCount, formatPrice } from '@/lib/wasm';
import { homeQueries, type AdminHome, type StaffHome, type TeacherHome } from '../api/home';

function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const dates = useDates();
  return {
    money: (amount: number, currency = 'VND') => formatPrice(amount, currency, language),
    count: (value: number) => formatCount(value, language),
    dayTime: dates.dateTime,
    day: dates.date,
  };
}

/** A figure that opens its page. */
function Tile({
  label,
  value,
  to,
  hint,
  children,
}: {
  label: string;
  value: string;
  to: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="block rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-teal-600 hover:shadow-sm"
      data-testid="home-tile"
    >
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="mt-1 block text-xl font-bold whitespace-nowrap text-slate-900 tabular-nums">{value}</span>
      {hint && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
      {children}
    </Link>
  );
}

/** A small line of the last 30 days' net sales, drawn as it is (no axis; the page it opens has the figures). */
function Sparkline({ points, label }: { points: number[]; label: string }) {
  if (points.length < 2) return null;
  const max = Math.max(...points, 1);
  const min = Math.min(...points, 0);
  const span = max - min || 1;
  const path = points
    .map(
      (value, i) => `${((i / (points.length - 1)) * 100).toFixed(2)},${(28 - ((value - min) / span) * 26).toFixed(2)}`,
    )
    .join(' ');
  return (
    <svg viewBox="0 0 100 30" preserveAspectRatio="none" className="mt-2 h-8 w-full" role="img" aria-label={label}>
      <polyline
        points={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="text-teal-600"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function AdminView({ home }: { home: AdminHome }) {
  const { t } = useTranslation('dashboardHome');
  const f = useFormat();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={t('admin.revenueToday')} value={f.money(home.revenueToday)} to="/dashboard/sales-report/course" />
        <Tile label={t('admin.revenue30')} value={f.money(home.revenueLast30Days)} to="/dashboard/sales-report/course">
          <Sparkline points={home.revenueSeries.map((p) => p.netSales)} label={t('admin.trend')} />
        </Tile>
        <Tile
          label={t('admin.orders')}
          value={f.count(home.ordersToday)}
          hint={t('admin.orders30', { count: home.ordersLast30Days })}
          to="/dashboard/transection"
        />
        <Tile label={t('admin.newStudents')} value={f.count(home.newStudentsLast30Days)} to="/dashboard/user" />
        <Tile label={t('admin.transfers')} value={f.count(home.transfersToReview)} to="/dashboard/transection" />
        <Tile label={t('admin.payouts')} value={f.count(home.payoutRequestsWaiting)} to="/dashboard/payment-request" />
        <Tile label={t('admin.contact')} value={f.count(home.unreadContactMessages)} to="/dashboard/contact-message" />
        <Tile
          label={t('admin.admission')}
          value={f.count(home.unreadAdmissionMessages)}
          to="/dashboard/admission-message"
        />
      </div>
      <Section
        title={t('admin.latestOrders')}
        action={
          <Link to="/dashboard/transection" className="text-sm font-semibold text-teal-700 hover:underline">
            {t('all')}
          </Link>
        }
      >
        {home.latestOrders.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.noOrders')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {home.latestOrders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="font-semibold text-slate-900">{order.studentName}</span>
                  <span className="block text-xs text-slate-500">
                    {order.code} · {f.dayTime(order.createdAt)} ·{' '}
                    {t(`status.${order.status}`, { defaultValue: order.status })}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{f.money(order.total, order.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function TeacherView({ home }: { home: TeacherHome }) {
  const { t } = useTranslation('dashboardHome');
  const f = useFormat();
  const steps = [
    { key: 'profilePicture', done: home.setup.profilePicture, to: '/profile' },
    { key: 'firstCourse', done: home.setup.firstCourse, to: '/dashboard/course/add-new' },
    { key: 'payoutAccount', done: home.setup.payoutAccount, to: '/dashboard/payment-account' },
    { key: 'availableHours', done: home.setup.availableHours, to: '/dashboard/available' },
  ] as const;
  return (
    <div className="space-y-4">
      {!home.setup.complete && (
        <Section title={t('teacher.setup')}>
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="setup-list">
            {steps.map((step) => (
              <li key={step.key}>
                <Link to={step.to} className="flex items-center gap-2 text-sm hover:underline">
                  {step.done ? (
                    <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
                  ) : (
                    <Circle aria-hidden="true" className="size-4 text-slate-400" />
                  )}
                  <span className={step.done ? 'text-slate-500 line-through' : 'font-semibold text-slate-900'}>
                    {t(`teacher.step.${step.key}`)}
                  </span>
                  <span className="sr-only">{step.done ? t('teacher.done') : t('teacher.todo')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={t('teacher.available')} value={f.money(home.available)} to="/dashboard/payment" />
        <Tile label={t('teacher.maturing')} value={f.money(home.maturing)} to="/dashboard/payment" />
        <Tile
          label={t('teacher.earnings')}
          value={f.money(home.earningsThisMonth)}
          hint={t('teacher.lastMonth', { amount: f.money(home.earningsLastMonth) })}
          to="/dashboard/sales-report/course"
        />
        <Tile
          label={t('teacher.sales')}
          value={f.money(home.salesThisMonth)}
          hint={t('teacher.lastMonth', { amount: f.money(home.salesLastMonth) })}
          to="/dashboard/sales-report/course"
        />
        <Tile label={t('teacher.students')} value={f.count(home.students)} to="/dashboard/course" />
        <Tile
          label={t('teacher.rating')}
          value={home.averageRating == null ? t('teacher.noRating') : home.averageRating.toFixed(1)}
          hint={t('teacher.reviews', { count: home.reviewCount })}
          to="/dashboard/course"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('teacher.upcoming')}>
          {home.upcoming.length === 0 ? (
            <p className="text-sm text-slate-600">{t('teacher.noUpcoming')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {home.upcoming.map((item) => (
                <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="font-semibold text-slate-900">{item.title}</span>
                    <span className="block text-xs text-slate-500">
                      {t(`teacher.kind.${item.kind}`, { defaultValue: item.kind })} · {f.dayTime(item.startsAt)}
                    </span>
                  </span>
                  <JoinMeetingLink id={item.id} start={item.startsAt} end={item.endsAt} label={t('teacher.join')} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={t('teacher.latestReviews')}>
          {home.latestReviews.length === 0 ? (
            <p className="text-sm text-slate-600">{t('teacher.noReviews')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {home.latestReviews.map((review) => (
                <li key={review.id} className="py-2">
                  <span className="font-semibold text-slate-900">
                    {'★'.repeat(Math.round(review.rating))} {review.studentName}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {review.courseTitle} · {f.day(review.createdAt)}
                  </span>
                  {review.body && <p className="mt-1 line-clamp-2 text-slate-700">{review.body}</p>}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}

function StaffView({ home }: { home: StaffHome }) {
  const { t } = useTranslation('dashboardHome');
  const f = useFormat();
  const material = (title: string, items: StaffHome['recentSyllabuses'], to: (id: string) => string) => (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('staff.noMaterial')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {items.map((item) => (
            <li key={item.id} className="py-2">
              <Link to={to(item.id)} className="font-semibold text-teal-700 hover:underline">
                {item.name}
              </Link>
              <span className="block text-xs text-slate-500">
                {item.code} · {f.dayTime(item.updatedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Tile label={t('admin.contact')} value={f.count(home.unreadContactMessages)} to="/dashboard/contact-message" />
        <Tile
          label={t('admin.admission')}
          value={f.count(home.unreadAdmissionMessages)}
          to="/dashboard/admission-message"
        />
        <Tile label={t('staff.usersThisWeek')} value={f.count(home.usersThisWeek)} to="/dashboard/user" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {material(
          t('staff.syllabuses'),
          home.recentSyllabuses,
          (id) => `/dashboard/syllabus/view/${encodeURIComponent(id)}`,
        )}
        {material(
          t('staff.subjects'),
          home.recentSubjects,
          (id) => `/dashboard/subjects/view/${encodeURIComponent(id)}`,
        )}
      </div>
    </div>
  );
}

/** /dashboard: each role's home — the figures of the day and what waits for them, each opening its page. */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboardHome');
  const home = useQuery(homeQueries.home());
  useDocumentMeta(t('title'), t('description'));
  const data = home.data;
  return (
    <PageFrame title={t('title')} description={t('description')} testId="dashboard-home">
      {home.isError ? (
        <LoadError onRetry={() => void home.refetch()} />
      ) : !data ? (
        <Skeleton className="h-72 rounded-2xl" />
      ) : data.admin ? (
        <AdminView home={data.admin} />
      ) : data.teacher ? (
        <TeacherView home={data.teacher} />
      ) : data.staff ? (
        <StaffView home={data.staff} />
      ) : null}
    </PageFrame>
  );
}
