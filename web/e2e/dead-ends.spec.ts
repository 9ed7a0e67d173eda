import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './test';
import { DEMO_STUDENT, DEMO_TEACHER, E2E_ADMIN, signInViaApi } from './identity-fixtures';

type Language = 'vi' | 'en';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = 'test-results/dead-ends';

async function open(
  browser: Browser,
  baseURL: string,
  account: { username: string; password: string },
  language: Language,
  viewport = PHONE,
) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: language === 'vi' ? 'vi-VN' : 'en-US',
    timezoneId: 'UTC',
  });
  await context.addCookies([{ name: 'academy.lang', value: language, url: baseURL }]);
  await context.addInitScript((lang) => localStorage.setItem('academy.lang', lang), language);
  await signInViaApi(context, baseURL, account);
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const texts = {
  vi: {
    online: 'Lớp học trực tuyến',
    back: 'Về trang quản lý',
    list: 'Danh sách',
    details: 'Xem chi tiết: Phan Thị Yến',
    dashboard: 'Bảng điều khiển',
    session: 'Buổi cố vấn với Phan Thị Yến',
  },
  en: {
    online: 'Online Class',
    back: 'Back to the dashboard',
    list: 'List',
    details: 'See details: Phan Thị Yến',
    dashboard: 'Dashboard',
    session: 'Session with Phan Thị Yến',
  },
} as const;

for (const language of ['vi', 'en'] as const) {
  for (const [size, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`a teacher reaches the online class list, an event's details and the dashboard (${language}, ${size} px)`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      const text = texts[language];
      const { context, page } = await open(browser, baseURL!, DEMO_TEACHER, language, viewport);

      // The menu's Online Class: the teacher's coming sessions and classes, and a way back to the dashboard.
      await page.goto('/meeting');
      await expect(page.getByRole('heading', { level: 1, name: text.online })).toBeVisible();
      await expect(page.getByTestId('upcoming-room').filter({ hasText: text.session }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `meeting-list-teacher-${language}-${size}`);
      await page.getByRole('link', { name: text.back }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // An event of My schedule opens with its details.
      await page.goto('/dashboard/myschedule');
      await page.getByRole('button', { name: text.list }).click();
      await page.getByRole('button', { name: text.details }).first().click();
      const details = page.getByTestId('event-details');
      await expect(details).toBeVisible();
      await expect(details.getByRole('heading', { name: 'Phan Thị Yến' })).toBeVisible();
      await shot(page, `event-details-teacher-${language}-${size}`);

      // The profile leads to the dashboard.
      await page.goto('/profile');
      await expect(page.getByTestId('profile-time-zone')).toHaveText('Asia/Ho_Chi_Minh (GMT+7)');
      await shot(page, `profile-teacher-${language}-${size}`);
      await context.close();
    });
  }

  test(`an administrator on a phone reaches the dashboard from the profile, a student does not see it (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const text = texts[language];
    const admin = await open(browser, baseURL!, E2E_ADMIN, language);
    await admin.page.goto('/profile');
    await admin.page.getByTestId('profile-dashboard').click();
    await expect(admin.page).toHaveURL(/\/dashboard$/);
    await admin.page.goto('/profile');
    await expect(admin.page.getByTestId('profile-dashboard')).toHaveText(text.dashboard);
    await shot(admin.page, `profile-admin-${language}-375`);
    await admin.context.close();

    const student = await open(browser, baseURL!, DEMO_STUDENT, language);
    await student.page.goto('/profile');
    await expect(student.page.getByTestId('profile-page')).toBeVisible();
    await expect(student.page.getByTestId('profile-dashboard')).toHaveCount(0);
    await student.page.getByRole('button', { name: language === 'vi' ? 'Cập nhật hồ sơ' : 'Update profile' }).click();
    await expect(student.page.getByTestId('update-profile-dialog').locator('select[name="timeZone"]')).toHaveValue(
      'Asia/Ho_Chi_Minh',
    );
    await shot(student.page, `profile-dialog-student-${language}-375`);
    await student.context.close();
  });
}
