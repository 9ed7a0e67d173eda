/**
 * Your data on the profile: a student downloads everything the academy holds about them (a JSON file with their
 * own profile), then deletes their account (password and username typed to confirm): they land signed out and
 * cannot sign in again. A teacher with money held sees what to settle first. Screenshots at 375 and 1280 px in
 * vi and en are kept as the run's artefacts.
 */
import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_TEACHER, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const section = page.getByTestId('personal-data');
    // Below the sticky header.
    // The section and everything in it fit the screen once the page has laid itself out again, to the whole
    // pixel (the profile's tab list scrolls on its own).
    const right = () =>
      section.evaluate((element) =>
        Math.max(
          ...[element, ...element.querySelectorAll('*')].map((e) => Math.round(e.getBoundingClientRect().right)),
        ),
      );
    await expect.poll(right, { message: `${name} fits ${width} px` }).toBeLessThanOrEqual(width);
    // Below the sticky header.
    await section.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 96));
    await section.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

test('a student downloads their data, then deletes their account and cannot sign in again', async ({
  browser,
  request,
  baseURL,
}) => {
  const account = newAccount('mydata');
  await registerViaApi(request, account);
  const context = await browser.newContext({ baseURL, locale: 'vi-VN', acceptDownloads: true });
  await signInViaApi(context, baseURL!, account);
  const page = await context.newPage();
  await page.goto('/profile');
  const section = page.getByTestId('personal-data');
  await expect(section.getByRole('heading', { name: 'Dữ liệu của bạn', exact: true })).toBeVisible();
  await expect(section.getByText('Nghị định 13/2023/NĐ-CP', { exact: false })).toBeVisible();

  // The download: a JSON file with the person's own profile.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Tải dữ liệu (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^academy-data-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    format: string;
    profile: { username: string; email: string };
  };
  expect(saved.format).toBe('academy-personal-data/1');
  expect(saved.profile.username).toBe(account.username);
  expect(saved.profile.email).toBe(account.email);

  // Deleting asks for the password and the username typed to confirm.
  await section.getByRole('button', { name: 'Xóa tài khoản…' }).click();
  const dialog = page.getByTestId('delete-account-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await dialog.getByLabel(`Gõ “${account.username}” để xác nhận`).fill('nhầm tên');
  await dialog.getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
  await expect(dialog.getByText('Hãy gõ đúng tên đăng nhập của bạn để xác nhận.')).toBeVisible();
  await expect(dialog.getByLabel(`Gõ “${account.username}” để xác nhận`)).toBeFocused();

  await dialog.getByLabel(`Gõ “${account.username}” để xác nhận`).fill(account.username);
  await dialog.getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
  await expect(page.getByText('Tài khoản của bạn đã được xóa.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed out, for good.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  const login = await request.post('/auth/token', {
    data: { username: account.username, password: account.password },
  });
  expect(((await login.json()) as { code: number }).code).not.toBe(1000);
  await context.close();
});

for (const language of ['vi', 'en'] as const) {
  test(`the data section in ${language}: a student's, and a teacher's with what to settle first`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const texts = {
      vi: { title: 'Dữ liệu của bạn', download: 'Tải dữ liệu (JSON)', delete: 'Xóa tài khoản…' },
      en: { title: 'Your data', download: 'Download data (JSON)', delete: 'Delete account…' },
    }[language];
    const open = async (who: { username: string; password: string }) => {
      const context = await browser.newContext({ baseURL, locale: language === 'vi' ? 'vi-VN' : 'en-GB' });
      await context.addCookies([{ name: 'academy.lang', value: language, url: baseURL! }]);
      await context.addInitScript((lang) => localStorage.setItem('academy.lang', lang), language);
      await signInViaApi(context, baseURL!, who);
      const page = await context.newPage();
      await page.goto('/profile');
      const section = page.getByTestId('personal-data');
      await expect(section.getByRole('heading', { name: texts.title, exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: texts.download })).toBeVisible();
      return { context, page, section };
    };

    const student = newAccount(`mydata${language}`);
    await registerViaApi(request, student);
    const mine = await open(student);
    await expect(mine.section.getByRole('button', { name: texts.delete })).toBeEnabled();
    await shoot(mine.page, testInfo, `student-${language}`);
    await mine.section.getByRole('button', { name: texts.delete }).click();
    const dialog = mine.page.getByTestId('delete-account-dialog');
    for (const width of [375, 1280]) {
      await mine.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await dialog.screenshot({ path: testInfo.outputPath(`delete-dialog-${language}-${width}.png`) });
    }
    await mine.context.close();

    // The demo teacher sells courses: what happens to them is said, and money held blocks the deletion.
    const teacher = await open(DEMO_TEACHER);
    await expect(teacher.section.getByTestId('teaching-consequences')).toBeVisible();
    const ties = teacher.section.getByTestId('deletion-ties');
    if (await ties.isVisible()) {
      await expect(teacher.section.getByRole('button', { name: texts.delete })).toBeDisabled();
    }
    await shoot(teacher.page, testInfo, `teacher-${language}`);
    await teacher.context.close();
  });
}
