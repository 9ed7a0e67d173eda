import { expect, test, type APIRequestContext } from './test';
import { DEMO_TEACHER, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

/** The demo student who booked a session with the demo teacher. */
const DEMO_STUDENT_NAME = 'Phan Thị Yến';
/** A class the demo gives the demo teacher's course. */
const DEMO_CLASS = 'Chữa bài tập và hỏi đáp cuối tuần';
const ZONE = 'Asia/Ho_Chi_Minh';
const DAY_MS = 24 * 60 * 60 * 1000;

interface CalendarEvent {
  kind: string;
  id: string;
  startAt: string;
  status: string;
  studentName?: string | null;
  topic?: string | null;
}

/** `YYYY-MM-DD` of an instant in `ZONE`. */
const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(ms);

/** How many weeks (Monday first, in `ZONE`) `ms` lies after the week of now. */
function weeksAhead(ms: number): number {
  const days = (Date.parse(localDay(ms)) - Date.parse(localDay(Date.now()))) / DAY_MS;
  const weekday = (new Date(Date.parse(localDay(Date.now()))).getUTCDay() + 6) % 7;
  return Math.floor((days + weekday) / 7);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'vi' });

async function apiResult<T>(request: APIRequestContext, path: string, token: string, method = 'GET'): Promise<T> {
  const response = await request.fetch(path, { method, headers: bearer(token) });
  expect(response.status(), `${method} ${path}`).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

test.describe('the teacher calendar', () => {
  test('the demo teacher sees the demo session and a class in the list and the week, and subscribes to the feed', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(60_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const { token } = await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    const now = Date.now();
    const query = `from=${new Date(now).toISOString()}&to=${new Date(now + 14 * DAY_MS).toISOString()}`;
    const coming = await apiResult<{ events: CalendarEvent[] }>(
      request,
      `/api/dashboard/schedule/calendar?${query}`,
      token,
    );
    const session = coming.events.find((e) => e.kind === 'session' && e.studentName === DEMO_STUDENT_NAME)!;
    expect(session, 'the demo session').toBeTruthy();

    await page.goto('/dashboard/myschedule');
    await expect(page.getByRole('heading', { level: 1, name: 'Lịch của tôi' })).toBeVisible();
    await expect(page.getByTestId('calendar-zone')).toHaveText(`Giờ hiển thị theo múi giờ ${ZONE} (GMT+7)`);

    // The week holding the demo session: its column shows the student's name.
    for (let i = 0; i < weeksAhead(Date.parse(session.startAt)); i++) {
      await page.getByRole('button', { name: 'Tuần sau' }).click();
    }
    const column = page.locator(`[data-day="${localDay(Date.parse(session.startAt))}"]`);
    // The demo student has two sessions with the demo teacher: one starting minutes after the demo loads, one later.
    await expect(column.getByTestId('week-event').filter({ hasText: DEMO_STUDENT_NAME }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Hôm nay' }).click();

    // The list: what is coming, grouped by day, the session with its plan and the class with its seats.
    await page.getByRole('button', { name: 'Danh sách' }).click();
    const list = page.getByTestId('list-view');
    await expect(list.getByRole('article', { name: `Buổi cố vấn: ${DEMO_STUDENT_NAME}` })).toHaveCount(2);
    const lesson = list.getByRole('article', { name: `Lớp học: ${DEMO_CLASS}` });
    await expect(lesson).toBeVisible();
    await expect(lesson).toContainText(/\d+\/\d+ chỗ đã đăng ký/);
    const main = page.locator('#main');
    await expect(main.getByRole('link', { name: 'Khung giờ trống' })).toHaveAttribute('href', '/dashboard/available');
    await expect(main.getByRole('link', { name: 'Đăng ký lớp' })).toHaveAttribute('href', '/dashboard/class-register');

    // The subscription address: made once, fetched without signing in, it holds the session.
    const create = page.getByRole('button', { name: /Tạo đường dẫn/ });
    await expect(create).toBeEnabled();
    await create.click();
    const field = page.getByLabel('Đường dẫn đăng ký lịch');
    await expect(field).toHaveValue(/\/calendar\/[0-9a-f]{64}\.ics$/);
    const url = await field.inputValue();
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const text = await feed.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const unfolded = text.replaceAll('\r\n ', '');
    expect(unfolded).toContain(`UID:session-${session.id}@academy`);
    expect(unfolded).toContain(`SUMMARY:Buổi cố vấn: ${DEMO_STUDENT_NAME}`);
    expect(problems).toEqual([]);
  });

  test('a class of one seat takes the first student, refuses the second as full, and its teacher sees who registered', async ({
    browser,
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    // Two new students enrolled in the demo teacher's free course (a class is open to its course's students).
    const teacher = await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    const audiences = await apiResult<{ kind: string; id: string; title: string }[]>(
      request,
      '/api/dashboard/classes/audiences',
      teacher.token,
    );
    const course = audiences.find((a) => a.kind === 'course' && a.title.startsWith('Lập trình Python'))!;
    expect(course, "the teacher's free course").toBeTruthy();
    const students = [newAccount('lop1'), newAccount('lop2')];
    const contexts = [];
    for (const student of students) {
      await registerViaApi(request, student);
      const context = await browser.newContext({ locale: 'vi-VN' });
      const { token } = await signInViaApi(context, baseURL!, student);
      const enrolled = await request.post(`/api/courses/${course.id}/enroll-free`, { headers: bearer(token) });
      expect(enrolled.status(), await enrolled.text()).toBe(200);
      contexts.push(context);
    }

    // The teacher schedules a class of one seat for the course.
    const topic = `Lớp một chỗ ${Date.now().toString(36)}`;
    await page.goto('/dashboard/class-register');
    await page.getByLabel('Chủ đề').fill(topic);
    await page.getByLabel('Dành cho').selectOption(`course:${course.id}`);
    await page.getByLabel('Số chỗ').fill('1');
    await page.getByRole('button', { name: 'Lên lịch lớp' }).click();
    const card = page.getByTestId('class-card').filter({ hasText: topic });
    await expect(card.getByTestId('class-seats')).toHaveText('0/1 đã đăng ký · còn 1 chỗ');

    // Both students open their profile; the first registers, then the second is refused: the class is full.
    const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
    for (const student of [first!, second!]) {
      await student.goto('/profile');
      await expect(student.getByTestId('my-class').filter({ hasText: topic })).toBeVisible();
    }
    const firstCard = first!.getByTestId('my-class').filter({ hasText: topic });
    await firstCard.getByRole('button', { name: 'Đăng ký' }).click();
    await expect(firstCard).toContainText('Đã đăng ký');
    await expect(firstCard).toContainText('Còn 0 chỗ');
    const secondCard = second!.getByTestId('my-class').filter({ hasText: topic });
    await secondCard.getByRole('button', { name: 'Đăng ký' }).click();
    await expect(second!.getByText('Lớp học đã hết chỗ. Hãy chọn một buổi khác.').first()).toBeVisible();
    await second!.reload();
    const refused = second!.getByTestId('my-class').filter({ hasText: topic });
    await expect(refused).toContainText('Lớp học đã hết chỗ. Hãy chọn một buổi khác.');
    await expect(refused.getByRole('button', { name: 'Đăng ký' })).toBeDisabled();

    // The teacher's list: full, 1 of 1, and the first student among those registered.
    await page.reload();
    await expect(card.getByTestId('class-seats')).toHaveText('Đã đủ chỗ · 1/1');
    await card.getByRole('button', { name: 'Học viên (1)' }).click();
    await expect(card.getByTestId('class-roster')).toContainText(students[0]!.email);
    await expect(card.getByTestId('class-roster')).not.toContainText(students[1]!.email);
    await Promise.all(contexts.map((context) => context.close()));
  });
});
