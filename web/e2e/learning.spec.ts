import { expect, test, type Locator } from './test';
import { signInViaApi } from './identity-fixtures';

/** A demo student no other spec signs in as, so the lessons this spec completes change nobody else's checks. */
const LEARNER = { username: 'trinhvanduc', password: 'Demo@2026' };

async function percentOf(card: Locator): Promise<number> {
  return Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'));
}

test.describe('learning', () => {
  test('a student continues a course, completes a lesson, sees the progress and reviews the course', async ({
    page,
    baseURL,
  }) => {
    // Four pages one after the other: more than one page's time on a busy machine.
    test.setTimeout(90_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await signInViaApi(page.context(), baseURL!, LEARNER);

    // The profile's Enrolled courses tab: the course least far along (the demo gives it no review yet). The demo
    // enrols this student in three courses and sells them two more.
    await page.goto('/profile');
    const cards = page.getByTestId('enrolled-course');
    await expect(cards).toHaveCount(5);
    const percents = await Promise.all((await cards.all()).map(percentOf));
    const least = percents.indexOf(Math.min(...percents));
    const card = cards.nth(least);
    const title = (await card.getByRole('heading').textContent())!.trim();
    await expect(card).toContainText(/Đăng ký \d+ (giây|phút|giờ|ngày|tuần|tháng|năm) trước/);
    await card.getByRole('link', { name: 'Tiếp tục học' }).click();

    // The learning page resumes at the next lesson, the curriculum beside the player.
    await expect(page).toHaveURL(/\/profile\/enroll-lectures\?id=/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Nội dung khóa học' })).toBeVisible();
    await expect(page.getByTestId('lesson-player')).toBeVisible();
    const progress = page.getByTestId('learning-progress').getByRole('progressbar');
    await expect(progress).toHaveAttribute('aria-valuenow', String(percents[least]));
    const lessonTitle = (await page.getByTestId('lesson-title').textContent())!.trim();
    const current = page.getByRole('navigation', { name: 'Nội dung khóa học' }).locator('[aria-current="step"]');
    await expect(current).toContainText(lessonTitle);
    await expect(current).toHaveAttribute('data-completed', 'false');

    const mark = page.getByTestId('mark-complete');
    await expect(mark).toHaveText('Đánh dấu hoàn thành');
    await mark.click();

    await expect(mark).toHaveText('Đã hoàn thành');
    await expect(mark).toHaveAttribute('aria-pressed', 'true');
    await expect(current).toHaveAttribute('data-completed', 'true');
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
      .toBeGreaterThan(percents[least]!);
    const after = Number(await progress.getAttribute('aria-valuenow'));

    // Back on the profile, the card shows the new progress; the learning page resumes where the learner was.
    await page.getByRole('link', { name: 'Hồ sơ của tôi' }).click();
    const same = page.getByTestId('enrolled-course').filter({ hasText: title });
    await expect(same.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(after));
    await expect(same).toContainText(`${after}%`);

    // A review written on the course page appears there, and the course's rating counts it.
    const courseUrl = (await same.getByRole('link', { name: 'Tiếp tục học' }).getAttribute('href'))!.replace(
      '/profile/enroll-lectures?id=',
      '/course/details/',
    );
    await page.goto(courseUrl);
    const reviews = page.getByTestId('course-reviews');
    await reviews.scrollIntoViewIfNeeded();
    const form = reviews.getByTestId('review-form');
    await expect(form.getByRole('button', { name: 'Gửi đánh giá' })).toBeDisabled();
    await form.locator('label', { has: page.getByRole('radio', { name: '5 trên 5 sao' }) }).click();
    await expect(form.getByRole('radio', { name: '5 trên 5 sao' })).toBeChecked();
    const text = `Bài giảng rõ ràng, ví dụ thực tế (${Date.now()})`;
    await form.getByLabel('Nhận xét (không bắt buộc)').fill(text);
    await form.getByRole('button', { name: 'Gửi đánh giá' }).click();

    await expect(reviews.getByTestId('my-review')).toContainText(text);
    await expect(reviews.getByTestId('review').filter({ hasText: text })).toBeVisible();
    await expect(
      reviews.getByTestId('review').filter({ hasText: text }).getByRole('img', { name: '5 trên 5 sao' }),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('someone not enrolled is told to enrol instead of seeing the lessons', async ({ page, baseURL }) => {
    await signInViaApi(page.context(), baseURL!, LEARNER);
    const token = (await page.context().cookies()).find((c) => c.name === 'access-token')!.value;
    const courses = await page.request.get('/api/courses?pageSize=50');
    const enrolled = await page.request.post('/api/course/enroll-list', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {},
    });
    const mine = new Set(((await enrolled.json()) as { enrollList: { _id: string }[] }).enrollList.map((c) => c._id));
    const all = ((await courses.json()) as { result: { items: { _id: string }[] } }).result.items;
    const other = all.find((c) => !mine.has(c._id))!;

    await page.goto(`/profile/enroll-lectures?id=${other._id}`);

    await expect(page.getByText('Bạn chưa ghi danh khóa học này')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Xem khóa học' })).toHaveAttribute(
      'href',
      `/course/details/${other._id}`,
    );
    await expect(page.getByTestId('lesson-player')).toHaveCount(0);
  });
});
