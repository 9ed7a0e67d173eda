import { expect, test, type Browser, type Page } from './test';
import { DEMO_STUDENT, DEMO_TEACHER, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

interface SessionView {
  id: string;
  startAt: string;
  status: string;
}

/** The demo session of the demo teacher and student that starts a few minutes after the server does. */
async function soonSession(page: Page, token: string): Promise<string> {
  const response = await page.context().request.get('/api/mentorship/sessions', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const sessions = ((await response.json()) as { result: SessionView[] }).result;
  const now = Date.now();
  const soon = sessions.find(
    (s) =>
      s.status === 'booked' && Date.parse(s.startAt) - now <= 10 * 60_000 && Date.parse(s.startAt) + 3_600_000 > now,
  );
  expect(soon, 'a session whose room is open').toBeTruthy();
  return soon!.id;
}

async function signedInPage(browser: Browser, baseURL: string, account: { username: string; password: string }) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], locale: 'vi-VN' });
  const auth = await signInViaApi(context, baseURL, account);
  return { page: await context.newPage(), token: auth.token };
}

/** Whether the page shows another person's video playing: a live video track of a decoded size. */
async function seesPeerVideo(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="peer-tile"] video')).some((video) => {
      const stream = video.srcObject as MediaStream | null;
      return (
        video.videoWidth > 0 &&
        !video.paused &&
        Boolean(stream?.getVideoTracks().some((track) => track.readyState === 'live'))
      );
    }),
  );
}

test.describe('the online room', () => {
  test('the teacher and the student of a session see each other, and an outsider is refused', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const { page: teacher } = await signedInPage(browser, baseURL!, DEMO_TEACHER);
    const { page: student, token } = await signedInPage(browser, baseURL!, DEMO_STUDENT);
    const id = await soonSession(student, token);
    const problems: string[] = [];
    for (const page of [teacher, student]) page.on('pageerror', (error) => problems.push(error.message));

    for (const page of [teacher, student]) {
      await page.goto(`/meeting?session=${id}`);
      const lobby = page.getByTestId('meeting-lobby');
      await expect(lobby.getByText('Camera và micro của bạn đã sẵn sàng.')).toBeVisible();
      await lobby.getByRole('button', { name: 'Vào lớp' }).click();
      await expect(page.getByTestId('meeting-room')).toBeVisible();
    }
    for (const page of [teacher, student]) {
      await expect(page.getByTestId('peer-tile')).toHaveCount(1);
      await expect.poll(() => seesPeerVideo(page), { timeout: 20_000 }).toBe(true);
    }

    // The student leaves: the teacher is told so, and the tile goes.
    await student.getByRole('button', { name: 'Rời phòng' }).click();
    await expect(student.getByText('Bạn đã rời phòng')).toBeVisible();
    await expect(teacher.getByText(/đã rời phòng/)).toBeVisible();
    await expect(teacher.getByTestId('peer-tile')).toHaveCount(0);
    expect(problems).toEqual([]);

    const outsider = newAccount('outsider');
    await registerViaApi(request, outsider);
    const { page: stranger } = await signedInPage(browser, baseURL!, outsider);
    await stranger.goto(`/meeting?session=${id}`);
    const refused = stranger.getByTestId('meeting-refused');
    await expect(refused.getByRole('heading', { name: 'Bạn không tham gia buổi học này' })).toBeVisible();
    await expect(refused).toContainText('chỉ giáo viên và học viên của buổi học mới vào được phòng');
  });
});
