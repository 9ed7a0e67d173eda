import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import type { EnrolledCourse, InstructorCourse, MentorshipEnrollment, ProfileUser } from '../types';
import type * as ChatApi from '../api/chat';
import ProfilePage from './profile';
import { loadAccountRules } from '@/lib/wasm-account';

const api = vi.hoisted(() => ({
  fetchProfile: vi.fn(),
  fetchInstructorCourses: vi.fn(),
  fetchEnrolledCourses: vi.fn(),
  fetchMentorshipEnrollments: vi.fn(),
  updateProfile: vi.fn(),
  uploadAvatar: vi.fn(),
}));
vi.mock('../api/profile', () => api);
const chat = vi.hoisted(() => ({ unread: vi.fn() }));
vi.mock('../api/chat', async (actual) => {
  const real: typeof ChatApi = await actual();
  return {
    ...real,
    chatQueries: { ...real.chatQueries, unread: () => ({ queryKey: real.chatKeys.unread(), queryFn: chat.unread }) },
  };
});
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const DAY = 86_400_000;

function person(roleName: string, extra: Partial<ProfileUser> = {}): ProfileUser {
  return {
    userId: 'u1',
    username: 'lantran',
    firstName: 'Lan',
    lastName: 'Trần',
    email: 'lan@example.com',
    roleName,
    ...extra,
  };
}

function renderProfile(user: ProfileUser) {
  api.fetchProfile.mockResolvedValue(user);
  return renderAt(<ProfilePage />, { auth: { user: { ...user, avatar: null } } });
}

const enrolled: EnrolledCourse = {
  _id: 'c1',
  title: 'Lập trình web',
  thumbnail: null,
  instructor: { name: 'Minh Nguyễn', image: null },
  progress: 42,
  completed: true,
  createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
};

const mentorship = (endOffset: number, services: string[] = ['A', 'B', 'C', 'D', 'E']): MentorshipEnrollment => ({
  _id: `m${endOffset}`,
  mentor: { userId: 'mentor-1', firstName: 'Anh', lastName: 'Đặng', avatar: null },
  package: { title: 'Gói 1 tháng', price: 500_000, currency: 'VND', short_description: 'Hướng dẫn 1-1', services },
  startDate: new Date(Date.now() - 10 * DAY).toISOString(),
  endDate: new Date(Date.now() + endOffset).toISOString(),
});

describe('ProfilePage', () => {
  // The account rules arrive before the form is drawn (their loading is covered by the strength meter's test).
  beforeAll(() => loadAccountRules());
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    chat.unread.mockResolvedValue({ total: 0, conversations: [] });
    for (const fn of Object.values(api)) fn.mockReset();
    api.fetchInstructorCourses.mockResolvedValue([]);
    api.fetchEnrolledCourses.mockResolvedValue([]);
    api.fetchMentorshipEnrollments.mockResolvedValue([]);
  });

  it('shows the header, role badge, name, contact and personal blocks (dob in the localized format)', async () => {
    renderProfile(person('STUDENT', { phoneNumber: '0901234567', address: 'Hà Nội', dob: '1998-03-15' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Student profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update profile' })).toBeTruthy();
    expect(screen.getByTestId('role-badge').textContent).toBe('student');
    expect(screen.getByTestId('profile-name').textContent).toBe('Lan Trần');
    expect(screen.getByText('lan@example.com')).toBeTruthy();
    expect(screen.getByText('0901234567')).toBeTruthy();
    expect(screen.getByText('Hà Nội')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('profile-dob').textContent).toBe('15 March 1998'));
  });

  it('shows the Vietnamese date format in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    renderProfile(person('student', { dob: '1998-03-15' }));
    await waitFor(() => expect(screen.getByTestId('profile-dob').textContent).toBe('15 tháng 3, 1998'));
    expect(screen.getByTestId('role-badge').textContent).toBe('học viên');
  });

  it('writes the name family name first in Vietnamese, given name first in English', async () => {
    await i18n.changeLanguage('vi');
    const yen = person('STUDENT', { firstName: 'Yến', lastName: 'Phan Thị' });
    const { unmount } = renderProfile(yen);
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Phan Thị Yến');
    unmount();
    await i18n.changeLanguage('en');
    renderProfile(yen);
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Yến Phan Thị');
  });

  it('hides the Update profile button without a user id and the blocks without their data', async () => {
    renderProfile(person('STUDENT', { userId: undefined }));
    await screen.findByTestId('profile-page');
    expect(screen.queryByRole('button', { name: 'Update profile' })).toBeNull();
    expect(screen.queryByTestId('profile-dob')).toBeNull();
  });

  it('gives staff, administrators and teachers a way to the dashboard, and students none', async () => {
    for (const role of ['STAFF', 'ADMIN', 'TEACHER']) {
      const { unmount } = renderProfile(person(role));
      const link = await screen.findByTestId('profile-dashboard');
      expect(link.getAttribute('href'), role).toBe('/dashboard');
      expect(link.textContent).toBe('Dashboard');
      unmount();
    }
    renderProfile(person('STUDENT'));
    await screen.findByTestId('profile-page');
    expect(screen.queryByTestId('profile-dashboard')).toBeNull();
  });

  it('names the time zone the person’s times are shown in', async () => {
    const { unmount } = renderProfile(person('STUDENT'));
    expect((await screen.findByTestId('profile-time-zone')).textContent).toBe('Asia/Ho_Chi_Minh (GMT+7)');
    unmount();
    renderProfile(person('STUDENT', { timeZone: 'UTC' }));
    expect((await screen.findByTestId('profile-time-zone')).textContent).toBe('UTC (GMT+0)');
  });

  it('gives an admin no tabs and fetches no lists', async () => {
    renderProfile(person('ADMIN'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrator profile' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(api.fetchEnrolledCourses).not.toHaveBeenCalled();
    expect(api.fetchInstructorCourses).not.toHaveBeenCalled();
  });

  it('gives a student Enrolled courses (default) and Booked mentors, with the empty states', async () => {
    renderProfile(person('Student'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Enrolled courses', 'Booked mentors']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe('/courselist'),
    );
    expect(api.fetchInstructorCourses).not.toHaveBeenCalled();

    fireEvent.mouseDown(tabs[1]!);
    expect((await screen.findByRole('link', { name: 'Find a mentor' })).getAttribute('href')).toBe('/mentorlist');
  });

  it("renders a student's course card: completed badge, instructor, progress, enrolled time, continue link", async () => {
    api.fetchEnrolledCourses.mockResolvedValue([enrolled]);
    renderProfile(person('STUDENT'));
    const card = await screen.findByTestId('enrolled-course');
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(within(card).getByText('Minh Nguyễn')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(within(card).getByText('Enrolled 3 days ago')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Continue learning/ })
        .getAttribute('href'),
    ).toBe('/profile/enroll-lectures?id=c1');
    expect(screen.getByTestId('course-list').className).toContain('max-h-[800px]');
  });

  it("gives a teacher My courses and a mentors tab, and renders the teacher's course card", async () => {
    const course: InstructorCourse = {
      _id: 't1',
      title: 'Thiết kế',
      description: 'Mô tả',
      enrollments: 12,
      createdAt: Date.now() - 2 * 3_600_000,
    };
    api.fetchInstructorCourses.mockResolvedValue([course]);
    renderProfile(person('TEACHER'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['My courses', 'Mentors']);
    const card = await screen.findByTestId('instructor-course');
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Mô tả')).toBeTruthy();
    expect(within(card).getByText('12 students')).toBeTruthy();
    expect(within(card).getByText('Created 2 hours ago')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Manage course/ })
        .getAttribute('href'),
    ).toBe('/instructor/course/t1');
    expect(api.fetchEnrolledCourses).not.toHaveBeenCalled();
  });

  it("links a teacher's empty course list to /instructor", async () => {
    renderProfile(person('teacher'));
    expect((await screen.findByRole('link', { name: 'Go to the teacher area' })).getAttribute('href')).toBe(
      '/instructor',
    );
  });

  it('opens the mentors tab when the address asks for it (a booking notification links there)', async () => {
    api.fetchMentorshipEnrollments.mockResolvedValue([mentorship(2.5 * DAY)]);
    const user = person('STUDENT');
    api.fetchProfile.mockResolvedValue(user);
    renderAt(<ProfilePage />, { at: '/?tab=mentors', auth: { user: { ...user, avatar: null } } });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(await screen.findAllByTestId('mentorship-card')).toHaveLength(1);
  });

  it('renders active and expired mentorships by the shared rule', async () => {
    const booked = mentorship(2.5 * DAY);
    api.fetchMentorshipEnrollments.mockResolvedValue([booked, mentorship(-DAY, ['A', 'B'])]);
    chat.unread.mockResolvedValue({ total: 3, conversations: [{ bookingId: booked._id, unread: 3 }] });
    renderProfile(person('STUDENT'));
    fireEvent.mouseDown((await screen.findAllByRole('tab'))[1]!);
    const [active, expired] = await screen.findAllByTestId('mentorship-card');
    expect(screen.getByTestId('mentor-list').className).toContain('max-h-[400px]');

    expect(active!.dataset.state).toBe('active');
    expect(within(active!).getByText('Active')).toBeTruthy();
    expect(within(active!).getByText('Anh Đặng')).toBeTruthy();
    expect(within(active!).getByText('Gói 1 tháng')).toBeTruthy();
    expect(within(active!).getByText('₫500,000')).toBeTruthy();
    expect(
      within(active!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A', 'B', 'C', '+2 more']);
    expect(within(active!).getByText('3 days left')).toBeTruthy();
    const chatLink = within(active!).getByRole('link', { name: /^Chat/ });
    expect(chatLink.getAttribute('href')).toBe(`/profile/chat/${booked._id}`);
    expect((await within(active!).findByLabelText('3 unread messages')).textContent).toBe('3');
    expect(within(expired!).queryByRole('link', { name: 'Chat' })).toBeNull();

    expect(expired!.dataset.state).toBe('expired');
    expect(within(expired!).getByText('Ended:')).toBeTruthy();
    expect(within(expired!).getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/mentor?id=mentor-1');
    expect(within(expired!).getByRole<HTMLButtonElement>('button', { name: 'Expired' }).disabled).toBe(true);
    expect(within(expired!).queryByText(/days? left/)).toBeNull();
  });

  it('stays quiet (logged only) when the lists fail', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fetchEnrolledCourses.mockRejectedValue(new Error('down'));
    renderProfile(person('STUDENT'));
    expect((await screen.findByRole('link', { name: 'Browse courses' })).getAttribute('href')).toBe('/courselist');
    expect(error).toHaveBeenCalled();
  });
});
