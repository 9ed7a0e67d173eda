import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  CalendarDays,
  Globe,
  LayoutDashboard,
  Mail,
  MapPin,
  Pencil,
  Phone,
  Receipt,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth, useRole } from '@/lib/auth';
import { guardRoute } from '@/lib/wasm';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { personName } from '@/lib/person-name';
import { ACADEMY_TIME_ZONE, zoneLabel } from '@/lib/time-zone';
import { profileKeys } from '../api/keys';
import { profileQueries } from '../api/queries';
import { EnrolledCourseCard, InstructorCourseCard } from '../components/course-cards';
import { AVATAR_PLACEHOLDER, Img } from '../components/image';
import { MentorshipCard } from '../components/mentorship-card';
import { AccountSecurity } from '../components/account-security';
import { PersonalData } from '../components/personal-data';
import { UpdateProfileDialog } from '../components/update-profile-dialog';
import { dateInputValue } from '../lib/format';
import type { EnrolledCourse, InstructorCourse, ProfileUser } from '../types';
import { useDates } from '@/lib/dates';

type ProfileRole = 'admin' | 'teacher' | 'student' | 'staff';

/** Role names are compared lower-case on the profile. */
function roleOf(user: ProfileUser | null): ProfileRole | null {
  const name = user?.roleName?.toLowerCase();
  return name === 'admin' || name === 'teacher' || name === 'student' || name === 'staff' ? name : null;
}

function InfoRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{label}</dt>
        <dd className="text-sm break-words text-slate-800">{children}</dd>
      </div>
    </div>
  );
}

function EmptyState({ icon: Icon, text, to, action }: { icon: LucideIcon; text: string; to: string; action: string }) {
  return (
    <div
      data-testid="profile-empty"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center"
    >
      <Icon aria-hidden="true" className="mb-3 size-10 text-slate-400" />
      <p className="mb-4 text-slate-600">{text}</p>
      <Link to={to} className={buttonClass('primary', 'sm')}>
        {action}
      </Link>
    </div>
  );
}

function ListBox({
  loading,
  maxHeight,
  children,
  testId,
}: {
  loading: boolean;
  maxHeight: 800 | 400;
  children: ReactNode;
  testId: string;
}) {
  if (loading) {
    // Card-shaped placeholders of the cards' own height, so the page does not move when the list arrives.
    return (
      <div className="space-y-4" aria-busy="true" data-testid={`${testId}-loading`}>
        <Skeleton className={maxHeight === 800 ? 'h-[9.5rem] rounded-2xl' : 'h-64 rounded-2xl'} />
        <Skeleton className={maxHeight === 800 ? 'h-[9.5rem] rounded-2xl' : 'hidden'} />
      </div>
    );
  }
  return (
    <div
      data-testid={testId}
      tabIndex={0}
      className={`space-y-4 overflow-y-auto overscroll-contain rounded-2xl pr-1 focus-visible:outline-2 focus-visible:outline-teal-600 ${
        maxHeight === 800 ? 'max-h-[800px]' : 'max-h-[400px]'
      }`}
    >
      {children}
    </div>
  );
}

const tabTrigger =
  'relative -mb-px flex shrink-0 items-center gap-2 rounded-t-lg border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap text-slate-500 transition outline-none hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-600/40 data-[state=active]:border-teal-700 data-[state=active]:text-teal-700';

/**
 * The profile page: header with the role's title and Update profile, the identity card (avatar,
 * role badge, name, contact and personal blocks), and for non-admins the course and mentor tabs; students also
 * see `studentSection` below them (the app puts their live classes there).
 */
export default function ProfilePage({ studentSection }: { studentSection?: ReactNode }) {
  const { t, i18n } = useTranslation('profile');
  // `?tab=mentors` opens the mentors tab (a booking's notification links there).
  const [searchParams] = useSearchParams();
  const firstTab = searchParams.get('tab') === 'mentors' ? 'mentors' : 'courses';
  const { user: sessionUser, reloadUser } = useAuth();
  const queryClient = useQueryClient();
  const fresh = useQuery(profileQueries.me());
  // Until the fresh read arrives (or when it fails) the session's copy of the user is shown.
  const profile: ProfileUser | null = fresh.data ?? sessionUser;
  const [editing, setEditing] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const dates = useDates();
  useDocumentMeta(t('metaTitle'), t('metaDescription'));

  useEffect(() => {
    if (fresh.error) console.error(t('loadFailed'), fresh.error);
  }, [fresh.error, t]);

  const role = roleOf(profile);
  const sessionRole = useRole();
  const isTeacher = role === 'teacher';
  const showsTabs = role !== null && role !== 'admin';

  const coursesQuery = useQuery({ ...profileQueries.courses(isTeacher), enabled: showsTabs });
  const mentorshipsQuery = useQuery({ ...profileQueries.mentorships(isTeacher), enabled: showsTabs });
  const courses = { items: coursesQuery.data ?? [], loading: showsTabs && coursesQuery.isPending };
  const mentorships = { items: mentorshipsQuery.data ?? [], loading: showsTabs && mentorshipsQuery.isPending };

  const afterUpdate = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.me() }), reloadUser()]);
  };

  if (!profile) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner />
      </div>
    );
  }

  const fullName = personName(profile, i18n.language) || profile.username;
  // A date of birth is a calendar day: shown as written, whatever the zone.
  const dob = dates.long(dateInputValue(profile.dob) || profile.dob) || null;
  const hasContact = Boolean(profile.email || profile.phoneNumber || profile.address);

  return (
    <div data-testid="profile-page" className="bg-slate-50">
      <div className="bg-gradient-to-r from-teal-800 to-teal-600">
        <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 pt-10 pb-24 sm:px-6 lg:px-8">
          <div>
            <h1 className="text-2xl font-bold text-white sm:text-3xl">{t(`title.${role ?? 'default'}`)}</h1>
            <p className="mt-1 text-teal-100">{t('subtitle')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {guardRoute(paths.dashboard, sessionRole) === 'allowed' && (
              <Link to={paths.dashboard} className={buttonClass('secondary')} data-testid="profile-dashboard">
                <LayoutDashboard aria-hidden="true" className="size-4" />
                {t('dashboard')}
              </Link>
            )}
            <Link to={paths.orders} className={buttonClass('secondary')} data-testid="my-orders">
              <Receipt aria-hidden="true" className="size-4" />
              {t('myOrders')}
            </Link>
            {profile.userId && (
              <button type="button" onClick={() => setEditing(true)} className={buttonClass('accent')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('updateProfile')}
              </button>
            )}
          </div>
        </div>
      </div>

      <div className="mx-auto -mt-16 grid max-w-7xl grid-cols-1 gap-6 px-4 pb-16 sm:px-6 lg:grid-cols-[22rem_1fr] lg:px-8">
        <aside className="h-fit rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-col items-center text-center">
            <Img
              src={profile.avatar}
              fallback={AVATAR_PLACEHOLDER}
              alt={fullName}
              data-testid="profile-avatar"
              className="size-28 rounded-full object-cover shadow-md ring-4 ring-white"
            />
            {role && (
              <span
                data-testid="role-badge"
                className="mt-4 rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold tracking-wide text-teal-700 uppercase"
              >
                {t(`roles.${role}`)}
              </span>
            )}
            <h2 data-testid="profile-name" className="mt-2 text-xl font-bold text-slate-900">
              {fullName}
            </h2>
            {profile.username && <p className="text-sm text-slate-500">@{profile.username}</p>}
          </div>

          {hasContact && (
            <section className="mt-6 border-t border-slate-100 pt-5">
              <h3 className="mb-3 text-xs font-bold tracking-wider text-slate-400 uppercase">{t('contact')}</h3>
              <dl className="space-y-3">
                {profile.email && (
                  <InfoRow icon={Mail} label={t('email')}>
                    {profile.email}
                    {pendingEmail && (
                      <span
                        data-testid="pending-email"
                        role="status"
                        className="mt-1 block text-xs font-normal text-amber-700"
                      >
                        {t('pendingEmail', { email: pendingEmail })}
                      </span>
                    )}
                  </InfoRow>
                )}
                {profile.phoneNumber && (
                  <InfoRow icon={Phone} label={t('phone')}>
                    {profile.phoneNumber}
                  </InfoRow>
                )}
                {profile.address && (
                  <InfoRow icon={MapPin} label={t('address')}>
                    {profile.address}
                  </InfoRow>
                )}
              </dl>
            </section>
          )}

          <section className="mt-5 border-t border-slate-100 pt-5">
            <h3 className="mb-3 text-xs font-bold tracking-wider text-slate-400 uppercase">{t('personal')}</h3>
            <dl className="space-y-3">
              {dob && (
                <InfoRow icon={CalendarDays} label={t('dob')}>
                  <span data-testid="profile-dob">{dob}</span>
                </InfoRow>
              )}
              <InfoRow icon={Globe} label={t('timeZone')}>
                <span data-testid="profile-time-zone">
                  {zoneLabel(profile.timeZone || ACADEMY_TIME_ZONE, i18n.language)}
                </span>
              </InfoRow>
            </dl>
          </section>
        </aside>

        <div className="min-w-0 space-y-6">
          {showsTabs && (
            <Tabs.Root
              defaultValue={firstTab}
              className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <Tabs.List
                aria-label={t('tabs.label')}
                className="mb-5 flex gap-2 overflow-x-auto border-b border-slate-200"
              >
                <Tabs.Trigger value="courses" className={tabTrigger}>
                  <BookOpen aria-hidden="true" className="size-4" />
                  {isTeacher ? t('tabs.myCourses') : t('tabs.enrolledCourses')}
                </Tabs.Trigger>
                <Tabs.Trigger value="mentors" className={tabTrigger}>
                  <UsersRound aria-hidden="true" className="size-4" />
                  {isTeacher ? t('tabs.mentors') : t('tabs.bookedMentors')}
                </Tabs.Trigger>
              </Tabs.List>

              <Tabs.Content value="courses" className="outline-none">
                {!courses.loading && courses.items.length === 0 ? (
                  isTeacher ? (
                    <EmptyState
                      icon={BookOpen}
                      text={t('courses.emptyTeacher')}
                      to={paths.instructor}
                      action={t('courses.create')}
                    />
                  ) : (
                    <EmptyState
                      icon={BookOpen}
                      text={t('courses.emptyStudent')}
                      to={paths.courseList}
                      action={t('courses.browse')}
                    />
                  )
                ) : (
                  <ListBox loading={courses.loading} maxHeight={800} testId="course-list">
                    {courses.items.map((course) =>
                      isTeacher ? (
                        <InstructorCourseCard key={course._id} course={course as InstructorCourse} />
                      ) : (
                        <EnrolledCourseCard key={course._id} course={course as EnrolledCourse} />
                      ),
                    )}
                  </ListBox>
                )}
              </Tabs.Content>

              <Tabs.Content value="mentors" className="outline-none">
                {!mentorships.loading && mentorships.items.length === 0 ? (
                  <EmptyState
                    icon={UsersRound}
                    text={t('mentors.empty')}
                    to={paths.mentorList}
                    action={t('mentors.browse')}
                  />
                ) : (
                  <ListBox loading={mentorships.loading} maxHeight={400} testId="mentor-list">
                    <div className="grid gap-4 xl:grid-cols-2">
                      {mentorships.items.map((enrollment) => (
                        <MentorshipCard key={enrollment._id} enrollment={enrollment} asMentor={isTeacher} />
                      ))}
                    </div>
                  </ListBox>
                )}
              </Tabs.Content>
            </Tabs.Root>
          )}
          {showsTabs && !isTeacher && <Suspense fallback={null}>{studentSection}</Suspense>}
          <AccountSecurity userInputs={[profile.username ?? '', profile.email ?? ''].filter(Boolean)} />
          {profile.username && <PersonalData username={profile.username} />}
        </div>
      </div>

      {profile.userId && (
        <UpdateProfileDialog
          user={profile}
          open={editing}
          onOpenChange={setEditing}
          onUpdated={afterUpdate}
          onEmailPending={setPendingEmail}
        />
      )}
    </div>
  );
}
