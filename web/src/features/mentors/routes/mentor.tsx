import { useQuery } from '@tanstack/react-query';
import { BookOpen, Check, Clock, Star, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { CourseCard } from '@/components/course-card/course-card';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { ApiError } from '@/lib/api-client';
import type { MentorDetail, Plan } from '@/lib/api/types';
import { useAuth } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatCount, formatPrice, ratingDisplay } from '@/lib/wasm';
import { mentorQueries } from '../api/queries';
import { BookPlanButton } from '../components/book-plan';
import { mentorName } from '../components/mentor-name';

/** /mentor/{id} and /mentor?id={userId}: a mentor's profile, expertise, plans and courses. */
export default function MentorPage() {
  const { id: pathId } = useParams();
  const [params] = useSearchParams();
  const id = pathId ?? params.get('id') ?? '';
  const { t, i18n } = useTranslation(['mentors', 'pages', 'common']);
  const mentor = useQuery(mentorQueries.detail(id));
  const data = mentor.data;
  useDocumentMeta(
    `${data ? mentorName(data, i18n.language) : t('pages:mentor.title')} | ${t('common:brand')}`,
    data ? `${data.profession ?? ''} — ${data.bio.slice(0, 140)}` : t('pages:mentor.description'),
  );

  if (!id || (mentor.isError && !data)) {
    const missing = !id || (mentor.error instanceof ApiError && mentor.error.status === 404);
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        {missing ? (
          <EmptyState
            title={t('mentors:notFound')}
            text={t('mentors:notFoundText')}
            action={
              <Link to={paths.mentorList} className={buttonClass('primary')}>
                {t('mentors:browse')}
              </Link>
            }
          />
        ) : (
          <LoadError onRetry={() => void mentor.refetch()} />
        )}
      </div>
    );
  }
  if (!data) return <PageSpinner />;
  return <MentorView mentor={data} />;
}

function MentorView({ mentor }: { mentor: MentorDetail }) {
  const { t, i18n } = useTranslation('mentors');
  const name = mentorName(mentor, i18n.language);
  return (
    <div className="flex-1" data-testid="mentor-profile">
      <header className="bg-gradient-to-br from-slate-950 via-slate-900 to-teal-950 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-center lg:py-16">
          <FallbackImage
            src={mentor.avatar}
            fallback={placeholders.avatar}
            width={160}
            height={160}
            loading="eager"
            className="size-36 shrink-0 rounded-full bg-slate-800 ring-4 ring-teal-500/40 sm:size-40"
          />
          <div className="min-w-0">
            <nav aria-label={t('breadcrumb')} className="mb-3 text-sm text-slate-400">
              <Link to={paths.mentorList} className="hover:text-white">
                {t('mentors')}
              </Link>
            </nav>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{name}</h1>
            <p className="mt-1 text-lg text-teal-200">{mentor.profession}</p>
            <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
              {mentor.ratingAverage ? (
                <li className="inline-flex items-center gap-1.5">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
                  {t('profile.rating', { value: ratingDisplay(mentor.ratingAverage).value })}
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <BookOpen aria-hidden="true" className="size-4" />
                {t('profile.courses', { count: mentor.courseCount ?? 0 })}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-4" />
                {t('profile.students', {
                  count: mentor.studentCount ?? 0,
                  formatted: formatCount(mentor.studentCount ?? 0, i18n.language),
                })}
              </li>
            </ul>
            {mentor.expertise.length > 0 && (
              <ul className="mt-5 flex flex-wrap gap-2" aria-label={t('profile.expertise')}>
                {mentor.expertise.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold ring-1 ring-white/15"
                  >
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="bio-title" className="max-w-3xl">
          <h2 id="bio-title" className="mb-3 text-2xl font-extrabold text-slate-900">
            {t('profile.about', { name })}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{mentor.bio}</p>
        </section>

        <section aria-labelledby="plans-title">
          <h2 id="plans-title" className="mb-6 text-2xl font-extrabold text-slate-900">
            {t('profile.plans')}
          </h2>
          {mentor.plans.length === 0 ? (
            <p className="text-slate-600">{t('profile.noPlans')}</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="mentor-plans">
              {mentor.plans.map((plan, index) => (
                <PlanCard key={plan.id} plan={plan} featured={index === 1} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="courses-title">
          <h2 id="courses-title" className="mb-6 text-2xl font-extrabold text-slate-900">
            {t('profile.coursesTitle', { name })}
          </h2>
          {mentor.courses.length === 0 ? (
            <p className="text-slate-600">{t('profile.noCourses')}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {mentor.courses.map((course) => (
                <li key={course._id}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function PlanCard({ plan, featured }: { plan: Plan; featured: boolean }) {
  const { t, i18n } = useTranslation('mentors');
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const duration =
    plan.durationUnit === 'months'
      ? t('plan.months', { count: plan.durationValue })
      : t('plan.days', { count: plan.durationValue });
  return (
    <li
      className={`flex flex-col rounded-3xl p-6 ${featured ? 'bg-teal-800 text-white shadow-2xl shadow-teal-900/30' : 'border border-slate-200 bg-white'}`}
    >
      <h3 className="text-lg font-bold">{plan.title}</h3>
      <p className={`mt-1 text-sm ${featured ? 'text-teal-100' : 'text-slate-600'}`}>{plan.short_description}</p>
      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="text-3xl font-extrabold">{formatPrice(plan.price, plan.currency, i18n.language)}</span>
        <span className={`text-sm ${featured ? 'text-teal-100' : 'text-slate-500'}`}>/ {duration}</span>
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {plan.services.map((service) => (
          <li key={service} className="flex gap-2.5">
            <Check
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 ${featured ? 'text-amber-300' : 'text-teal-600'}`}
            />
            {service}
          </li>
        ))}
      </ul>
      <p className={`mt-5 inline-flex items-center gap-1.5 text-xs ${featured ? 'text-teal-100' : 'text-slate-500'}`}>
        <Clock aria-hidden="true" className="size-3.5" />
        {t('plan.sessions', { count: plan.sessionsPerPeriod, minutes: plan.sessionMinutes })}
      </p>
      {isAuthenticated ? (
        <BookPlanButton plan={plan} className={`${buttonClass(featured ? 'accent' : 'primary')} mt-4 w-full`} />
      ) : (
        <Link
          to={`${paths.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`}
          className={`${buttonClass(featured ? 'accent' : 'primary')} mt-4 w-full`}
        >
          {t('plan.loginToBook')}
        </Link>
      )}
    </li>
  );
}
