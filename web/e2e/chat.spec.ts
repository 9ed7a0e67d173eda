import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from './test';
import { DEMO_STUDENT, signInViaApi } from './identity-fixtures';

interface Booking {
  _id: string;
  endDate: string;
  mentor: { userId: string };
}

/** Where the screens of the chat are kept to be looked at (besides the run's own results). */
const SHOTS = process.env.CHAT_SHOTS_DIR;

async function inLanguage(context: BrowserContext, baseURL: string, language: 'vi' | 'en') {
  await context.addCookies([{ name: 'academy.lang', value: language, url: baseURL, sameSite: 'Lax' }]);
  await context.addInitScript((lang) => localStorage.setItem('academy.lang', lang), language);
}

async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  await page.screenshot({ path: outputPath(`${name}.png`) });
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

test.describe('mentorship chat', () => {
  test('a student opens Chat from a booked mentor card and sends a message; the mentor sees it live', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const session = await signInViaApi(page.context(), baseURL!, DEMO_STUDENT);
    const list = await page.request.post('/api/mentorship-plan/enroll-list', {
      headers: { Authorization: `Bearer ${session.token}` },
      multipart: {},
    });
    const answer = (await list.json()) as { enrollList?: Booking[]; result?: { enrollList: Booking[] } };
    const bookings = answer.enrollList ?? answer.result?.enrollList ?? [];
    const booking = bookings.find((b) => Date.parse(b.endDate) > Date.now())!;
    expect(booking, 'the demo student has an active booking').toBeTruthy();
    const mentorInfo = (await (await page.request.get(`/api/mentors/${booking.mentor.userId}`)).json()) as {
      result: { username: string };
    };

    // The mentor has the conversation open, in English on a desktop screen.
    const mentorContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await inLanguage(mentorContext, baseURL!, 'en');
    await signInViaApi(mentorContext, baseURL!, { username: mentorInfo.result.username, password: 'Demo@2026' });
    const mentorPage = await mentorContext.newPage();
    await mentorPage.goto(`/profile/chat/${booking._id}`);
    await expect(mentorPage.getByTestId('chat-with')).not.toBeEmpty();

    // The student, on a phone in Vietnamese, opens Chat from the booked mentor's card.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/profile?tab=mentors');
    await page.getByRole('tab', { name: 'Cố vấn đã đặt' }).click();
    const card = page.locator('[data-testid="mentorship-card"][data-state="active"]').first();
    await card.getByRole('link', { name: 'Trò chuyện' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/chat/${booking._id}$`));
    await expect(page.getByText('Cố vấn của bạn', { exact: false })).toBeVisible();
    const text = `Chào thầy, em gửi bài ở https://example.com/bai-tap <b>nhé</b> ${Date.now()}`;
    await page.getByPlaceholder('Nhập tin nhắn…').fill(text);
    await page.getByRole('button', { name: 'Gửi' }).click();
    const mine = page.getByTestId('chat-message').filter({ hasText: text });
    await expect(mine).toHaveAttribute('data-mine', 'true');
    await expect(mine.getByRole('link', { name: 'https://example.com/bai-tap' })).toHaveAttribute(
      'href',
      'https://example.com/bai-tap',
    );
    expect(await mine.locator('b').count(), 'markup stays text').toBe(0);

    // The mentor sees it arrive without reloading, and it counts as read.
    const theirs = mentorPage.getByTestId('chat-message').filter({ hasText: text });
    await expect(theirs).toHaveAttribute('data-mine', 'false');
    await expect(page.getByText('Đã xem')).toBeVisible();
    await mentorPage.getByPlaceholder('Write a message…').fill('Thanks, I will read it tonight.');
    await mentorPage.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('chat-message').filter({ hasText: 'I will read it tonight' })).toBeVisible();

    // The page fits the phone; the screens of both people at both sizes and in both languages are kept.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shoot(page, 'chat-student-375-vi', testInfo.outputPath.bind(testInfo));
    await shoot(mentorPage, 'chat-mentor-1280-en', testInfo.outputPath.bind(testInfo));
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'chat-student-1280-vi', testInfo.outputPath.bind(testInfo));
    await mentorPage.setViewportSize({ width: 375, height: 812 });
    await shoot(mentorPage, 'chat-mentor-375-en', testInfo.outputPath.bind(testInfo));
    for (const [context, language, who] of [
      [page.context(), 'en', 'student'],
      [mentorContext, 'vi', 'mentor'],
    ] as const) {
      await inLanguage(context, baseURL!, language);
      const other = context.pages()[0]!;
      await other.reload();
      await expect(other.getByTestId('chat-messages')).toBeVisible();
      for (const size of [375, 1280]) {
        await other.setViewportSize({ width: size, height: size === 375 ? 812 : 900 });
        await shoot(other, `chat-${who}-${size}-${language}`, testInfo.outputPath.bind(testInfo));
      }
    }
    await page.goto('/profile?tab=mentors');
    await shoot(page, 'profile-mentors-1280-en', testInfo.outputPath.bind(testInfo));
    expect(problems).toEqual([]);
    await mentorContext.close();
  });
});
