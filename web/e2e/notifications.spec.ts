import { expect, test, type APIRequestContext, type Page } from './test';
import { E2E_ADMIN, newAccount, registerViaApi, signInViaApi, type Account } from './identity-fixtures';

/** A bearer token of `account`, for calls the test makes itself. */
async function tokenOf(request: APIRequestContext, account: { username: string; password: string }): Promise<string> {
  const response = await request.post('/auth/token', { data: account });
  return ((await response.json()) as { result: { token: string } }).result.token;
}

/** The id of `account`'s user. */
async function idOf(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/users/my-info', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { result: { userId: string } }).result.userId;
}

/** An administrator's broadcast to `userIds`, sent through the API. */
async function broadcast(request: APIRequestContext, userIds: string[], title: string, actionLink = '/informations') {
  const admin = await tokenOf(request, E2E_ADMIN);
  const response = await request.post('/api/notification/broadcasts', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      audience: 'users',
      userIds,
      title: { vi: `${title} (vi)`, en: title },
      message: { vi: 'Nội dung thông báo', en: 'The message of the notification' },
      actionLink,
    },
  });
  expect(response.status()).toBe(200);
}

/** A fresh student, signed in in `page`'s browser; returns the account and its user id. */
async function freshStudent(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
): Promise<{ account: Account; id: string }> {
  const account = newAccount('ntf');
  await registerViaApi(request, account);
  await signInViaApi(page.context(), baseURL, account);
  return { account, id: await idOf(request, await tokenOf(request, account)) };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const badge = (page: Page) => page.getByTestId('notification-badge');

async function openDropdown(page: Page) {
  await bell(page).hover();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
}

test.describe('notifications', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
  });

  test('a broadcast makes the badge appear without a reload; a click marks it read and follows its link', async ({
    page,
    request,
    baseURL,
  }) => {
    const { account, id } = await freshStudent(page, request, baseURL!);
    const stream = page.waitForResponse((response) => response.url().includes('/api/notification/stream'));
    await page.goto('/');
    await expect(bell(page)).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    // The live stream is open before anything is sent.
    await stream;

    await broadcast(request, [id], 'Holiday schedule');

    await expect(badge(page)).toHaveText('1', { timeout: 10_000 });
    await openDropdown(page);
    const item = page.getByTestId('notification-item').filter({ hasText: 'Holiday schedule' });
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item.getByText('Broadcast')).toBeVisible();
    await item.getByText('Holiday schedule').click();

    await expect(page).toHaveURL(/\/informations$/);
    await expect(badge(page)).toHaveCount(0);
    const count = await request.get('/api/notification/count', {
      headers: { Authorization: `Bearer ${await tokenOf(request, account)}` },
    });
    expect(await count.json()).toEqual({ status: 200, unread: 0 });
  });

  test('a purchase confirmed by an administrator reaches the student at once and leads to the course', async ({
    page,
    request,
    baseURL,
  }) => {
    const { account } = await freshStudent(page, request, baseURL!);
    const student = await tokenOf(request, account);
    const courses = await request.get('/api/courses?pageSize=50');
    const all = ((await courses.json()) as { result: { items: { _id: string; price: number }[] } }).result.items;
    const course = all.find((c) => c.price > 0)!;
    const checkout = await request.post('/api/checkout', {
      headers: { Authorization: `Bearer ${student}` },
      data: { courseIds: [course._id] },
    });
    expect(checkout.status()).toBe(201);
    const order = ((await checkout.json()) as { result: { _id: string } }).result;
    const stream = page.waitForResponse((response) => response.url().includes('/api/notification/stream'));
    await page.goto('/');
    await stream;
    await expect(badge(page)).toHaveCount(0);

    const admin = await tokenOf(request, E2E_ADMIN);
    const confirmed = await request.post(`/api/admin/orders/${order._id}/confirm`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { note: 'Transfer seen on the statement' },
    });
    expect(confirmed.status()).toBe(200);

    await expect(badge(page)).toHaveText('1', { timeout: 10_000 });
    await openDropdown(page);
    const item = page.getByTestId('notification-item').filter({ hasText: 'Payment received' });
    await expect(item.getByText('Course Purchase')).toBeVisible();
    await item.getByText('Payment received').click();
    await expect(page).toHaveURL(new RegExp(`/profile/enroll-lectures\\?id=${course._id}$`));
    await expect(badge(page)).toHaveCount(0);
  });

  test('the check button marks one read without leaving; Mark All Read marks the rest and hides itself', async ({
    page,
    request,
    baseURL,
  }) => {
    const { id } = await freshStudent(page, request, baseURL!);
    for (const title of ['First notice', 'Second notice', 'Third notice']) await broadcast(request, [id], title);
    await page.goto('/');
    await expect(badge(page)).toHaveText('3', { timeout: 10_000 });

    await openDropdown(page);
    const first = page.getByTestId('notification-item').filter({ hasText: 'First notice' });
    await first.getByRole('button', { name: 'Mark as read' }).click();
    await expect(badge(page)).toHaveText('2');
    await expect(first).toHaveAttribute('data-read', 'true');
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  });

  test('the empty state reads the same texts in English and Vietnamese', async ({ page, request, baseURL }) => {
    await freshStudent(page, request, baseURL!);
    await page.goto('/');
    await openDropdown(page);
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await expect(
      page.getByText("When you have new notifications, they'll appear here to keep you updated."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem('academy.lang', 'vi'));
    await page.addInitScript(() => localStorage.setItem('academy.lang', 'vi'));
    await page.reload();
    await page.getByRole('button', { name: /^Thông báo, \d+ chưa đọc$/ }).hover();
    await expect(page.getByText('Chưa có thông báo nào')).toBeVisible();
    await expect(
      page.getByText('Khi có thông báo mới, chúng sẽ xuất hiện ở đây để bạn luôn được cập nhật.'),
    ).toBeVisible();
  });

  test('the tabs of one browser share one stream and all show a new notification', async ({
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
    const first = await context.newPage();
    const { id } = await freshStudent(first, request, baseURL!);
    const streams: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/api/notification/stream')) streams.push(r.url());
    });
    const tabs = [first, await context.newPage(), await context.newPage()];
    // A background tab does not paint: each is looked at in front, as a person would.
    for (const tab of tabs) {
      await tab.bringToFront();
      await tab.goto('/');
      await expect(bell(tab)).toBeVisible({ timeout: 20_000 });
    }
    await expect.poll(() => streams.length).toBe(1);

    await broadcast(request, [id], 'Shared by every tab');

    for (const tab of tabs) {
      await tab.bringToFront();
      await expect(badge(tab)).toHaveText('1', { timeout: 10_000 });
    }
    expect(streams).toHaveLength(1);
  });

  test('an administrator previews and sends a notification to a chosen person, who sees it on /notification', async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    const student = newAccount('ntfdash');
    await registerViaApi(request, student);
    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/notification');
    await expect(page.getByRole('heading', { level: 1, name: 'Send a notification' })).toBeVisible();

    await page.getByLabel('Chosen people').check();
    await page.getByRole('searchbox', { name: 'Search people by name, username or email' }).fill(student.username);
    await page
      .getByRole('button', { name: new RegExp(`^Choose `) })
      .first()
      .click();
    await expect(page.getByText('1 person chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    await page.getByLabel(/^Title \(Vietnamese\)/).fill('Lớp học bù');
    await page.getByLabel(/^Title \(English\)/).fill('Make-up class');
    await page.getByLabel(/^Message \(Vietnamese\)/).fill('Lớp bù vào thứ Bảy.');
    await page.getByLabel(/^Message \(English\)/).fill('The make-up class is on Saturday.');
    await page.getByLabel(/^Link/).fill('/courselist');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('broadcast-recipients')).toHaveText('Reaches 1 person now');
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await expect(preview.getByText('Lớp học bù', { exact: true })).toBeVisible();
    await expect(preview.getByText('Make-up class', { exact: true })).toBeVisible();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Send this notification to 1 person? It cannot be taken back.');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('The notification is on its way')).toBeVisible();
    const row = page.getByTestId('broadcast-row').filter({ hasText: 'Make-up class' }).first();
    await expect(row).toContainText('1 of 1', { timeout: 15_000 });

    const context = await browser.newContext();
    const reader = await context.newPage();
    await reader.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
    await signInViaApi(context, baseURL!, student);
    await reader.goto('/notification');
    await expect(reader.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(reader.getByText('Make-up class', { exact: true })).toBeVisible();
    await reader.getByRole('tab', { name: 'Unread' }).click();
    await expect(reader.getByText('Make-up class', { exact: true })).toBeVisible();
    await reader.getByRole('button', { name: 'Mark as read' }).click();
    await expect(reader.getByText('No unread notifications')).toBeVisible();
    await context.close();
  });
});
