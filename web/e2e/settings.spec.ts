import { expect, test } from './test';
import { E2E_ADMIN, signInViaApi } from './identity-fixtures';

test.describe('academy settings (/dashboard/settings)', () => {
  test('an administrator changes the phone number: the public header shows it after a reload and the server-rendered HTML carries it', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const phone = `0912 ${String(Date.now()).slice(-3)} ${String(Math.floor(Math.random() * 900) + 100)}`;
    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Cài đặt' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Số điện thoại', exact: true });
    await expect(field).not.toHaveValue('');

    // The shared rule answers in the form before anything is sent.
    await field.fill('12');
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText('Nhập số điện thoại từ 8 đến 15 chữ số')).toBeVisible();
    await expect(field).toBeFocused();

    await field.fill(phone);
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText('Đã lưu cài đặt')).toBeVisible();
    const history = page.getByTestId('settings-history');
    await expect(history.getByText(phone).first()).toBeVisible();

    // A visitor on a desktop (the contact bar is hidden on a phone).
    const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const home = await visitor.newPage();
    await home.goto('/');
    await home.reload();
    await expect(home.getByTestId('top-contact-bar')).toContainText(phone);
    await expect(home.getByTestId('site-footer')).toContainText(phone);
    await visitor.close();

    const html = await (await request.get('/', { headers: { cookie: '' } })).text();
    // The contact bar's own markup, rendered by the server (not only the page's data).
    const bar = html.indexOf('data-testid="top-contact-bar"');
    expect(bar, 'the page arrives rendered').toBeGreaterThan(0);
    const markup = html.slice(bar, bar + 3000);
    expect(markup).toContain(`href="tel:${phone.replaceAll(' ', '')}"`);
    expect(markup).toContain(phone);
  });
});

test.describe('the settings page on a phone and a desktop', () => {
  for (const language of ['vi', 'en'] as const) {
    for (const width of [375, 1280]) {
      test(`fits ${width} px in ${language}`, async ({ browser, baseURL }, testInfo) => {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        await context.addInitScript((lang) => localStorage.setItem('academy.lang', lang), language);
        await signInViaApi(context, baseURL!, E2E_ADMIN);
        const page = await context.newPage();
        await page.goto('/dashboard/settings');
        const title = language === 'vi' ? 'Cài đặt' : 'Settings';
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('site-settings-form')).toBeVisible();
        await expect(page.getByTestId('settings-history')).toBeVisible();
        await expect(page.getByText(language === 'vi' ? 'Tài khoản nhận tiền' : 'Receiving account')).toBeVisible();
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`settings-${language}-${width}.png`), fullPage: true });
        await context.close();
      });
    }
  }
});
