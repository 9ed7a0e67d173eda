import { expect, test } from './test';
import { signInViaApi } from './identity-fixtures';

/** A demo student with a running mentorship whom no other spec signs in as: nothing else reads her conversations. */
const MENTEE = { username: 'lyminhquan', password: 'Demo@2026' };

interface Booking {
  _id: string;
  endDate: string;
  mentor: { userId: string };
}

test.describe('unread chat messages in the header', () => {
  test("a mentor's new message shows in the student's header at once and leads to the conversation", async ({
    page,
    baseURL,
  }) => {
    const session = await signInViaApi(page.context(), baseURL!, MENTEE);
    const auth = { Authorization: `Bearer ${session.token}` };
    const list = await page.request.post('/api/mentorship-plan/enroll-list', { headers: auth, multipart: {} });
    const answer = (await list.json()) as { enrollList?: Booking[]; result?: { enrollList: Booking[] } };
    const booking = (answer.enrollList ?? answer.result?.enrollList ?? []).find(
      (b) => Date.parse(b.endDate) > Date.now(),
    )!;
    const mentor = (await (await page.request.get(`/api/mentors/${booking.mentor.userId}`)).json()) as {
      result: { username: string };
    };
    const mentorToken = (
      (await (
        await page.request.post('/auth/token', { data: { username: mentor.result.username, password: 'Demo@2026' } })
      ).json()) as { result: { token: string } }
    ).result.token;
    // Texts of this run only (a retry meets the first attempt's messages).
    const run = Date.now().toString(36);
    // Whatever waited is read first, so the count starts from none.
    await page.request.post(`/api/chat/${booking._id}/read`, { headers: auth });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
    const stream = page.waitForResponse((response) => response.url().includes('/api/notification/stream'));
    await page.goto('/');
    await stream;
    await expect(page.getByTestId('chat-unread')).toHaveCount(0);

    const sent = await page.request.post(`/api/chat/${booking._id}/messages`, {
      headers: { Authorization: `Bearer ${mentorToken}` },
      data: { body: `Em nhớ chuẩn bị câu hỏi cho buổi sau nhé (${run}).` },
    });
    expect(sent.status()).toBe(200);
    const link = page.getByRole('link', { name: '1 unread message' });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/profile/chat/${booking._id}$`));
    await expect(
      page.getByTestId('chat-message').filter({ hasText: `chuẩn bị câu hỏi cho buổi sau nhé (${run})` }),
    ).toBeVisible();

    // Read on the page: the header's count goes away.
    await page.goto('/');
    await expect(page.getByTestId('chat-unread')).toHaveCount(0);

    // On a phone the count sits on the bottom bar's profile item.
    await page.request.post(`/api/chat/${booking._id}/messages`, {
      headers: { Authorization: `Bearer ${mentorToken}` },
      data: { body: `Thầy gửi thêm tài liệu rồi (${run}).` },
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByTestId('chat-unread-badge')).toHaveText(/1/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
