import { expect, test } from './test';
import { DEMO_TEACHER, signInViaApi } from './identity-fixtures';

/** The demo student who booked sessions with the demo teacher. */
const DEMO_STUDENT_NAME = 'Phan Thị Yến';
const ACADEMY_ZONE = 'Asia/Ho_Chi_Minh';
const DAY_MS = 24 * 60 * 60 * 1000;

interface CalendarEvent {
  kind: string;
  startAt: string;
  endAt: string;
  studentName?: string | null;
}

/** "21:11" of an instant in `zone`, as the Vietnamese pages write a time. */
const clock = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('vi-VN', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(ms);

// A device whose clock is set to New York: every time must still be in the person's zone (the academy's, for the
// demo teacher, who never chose another).
test.use({ timezoneId: 'America/New_York' });

test('the same session shows the same time on My schedule and Available, in the person’s zone, whatever the device’s clock', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { token } = await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
  const now = Date.now();
  const query = `from=${new Date(now).toISOString()}&to=${new Date(now + 14 * DAY_MS).toISOString()}`;
  const answer = await page.request.get(`/api/dashboard/schedule/calendar?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const events = ((await answer.json()) as { result: { events: CalendarEvent[] } }).result.events;
  const session = events.find((e) => e.kind === 'session' && e.studentName === DEMO_STUDENT_NAME)!;
  expect(session, 'a demo session').toBeTruthy();
  const start = Date.parse(session.startAt);
  const academyTime = clock(start, ACADEMY_ZONE);
  const deviceTime = clock(start, 'America/New_York');
  expect(academyTime).not.toBe(deviceTime);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

  await page.goto('/dashboard/myschedule');
  await expect(page.getByTestId('calendar-zone')).toHaveText('Giờ hiển thị theo múi giờ Asia/Ho_Chi_Minh (GMT+7)');
  await page.getByRole('button', { name: 'Danh sách' }).click();
  const listed = page
    .getByTestId('list-view')
    .getByRole('article', { name: `Buổi cố vấn: ${DEMO_STUDENT_NAME}` })
    .first();
  await expect(listed).toContainText(academyTime);
  await expect(listed).not.toContainText(deviceTime);

  await page.goto('/dashboard/available');
  await expect(page.getByTestId('sessions-zone')).toHaveText('Giờ theo múi giờ Asia/Ho_Chi_Minh (GMT+7)');
  const times = page.getByTestId('booked-session-time');
  await expect(times.first()).toBeVisible();
  const shown = await times.allTextContents();
  expect(
    shown.some((text) => text.includes(academyTime)),
    shown.join(' | '),
  ).toBe(true);
  expect(
    shown.some((text) => text.includes(deviceTime)),
    shown.join(' | '),
  ).toBe(false);
});
