import { expect, test } from './test';

test.describe('public shell', () => {
  test('home renders in Vietnamese by default', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Phát triển cùng');
    await expect(
      page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Khóa học' }),
    ).toBeVisible();
    await expect(page.getByTestId('site-footer')).toContainText('© 2025 Academy');
    await expect(page).toHaveTitle('Academy | Khóa học và cố vấn trực tuyến');
    expect(problems).toEqual([]);
  });

  test('switching to EN saves the choice and reloads in English', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-switch').hover();
    const english = page.getByRole('menuitemradio', { name: /EN/ });
    await expect(english).toBeVisible();
    await Promise.all([page.waitForEvent('load'), english.click()]);

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grow with');
    await expect(page.getByTestId('language-switch')).toContainText('EN');
    expect(await page.evaluate(() => localStorage.getItem('academy.lang'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("only an English page fetches the shell's English texts, and React takes its HTML over", async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    const englishTexts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(common|layout)-[\w-]+\.js$/.test(request.url())) englishTexts.push(request.url());
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Phát triển cùng');
    expect(englishTexts).toEqual([]);

    await page.evaluate(() => localStorage.setItem('academy.lang', 'en'));
    await page.context().addCookies([{ name: 'academy.lang', value: 'en', url: page.url() }]);
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-rendered', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Grow with');
    // Preloaded by the start script beside the entry, not asked for once the entry runs.
    await expect(page.locator('head link[rel="modulepreload"][href*="/assets/layout-"]')).toHaveCount(1);
    expect(englishTexts).toHaveLength(2);
    // Taken over: the header's language menu answers.
    await page.getByTestId('language-switch').hover();
    await expect(page.getByRole('menuitemradio', { name: /VI/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a page the server sends without HTML starts its app at once, not after waiting for a paint', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('#root')).not.toHaveAttribute('data-rendered');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The start script's fallback for a page that never reports a paint waits 3 s: the entry is asked for well before.
    const entryAskedAt = await page.evaluate(() => {
      const entry = document.querySelector<HTMLElement>('script[data-entry]')?.dataset.entry ?? '';
      return performance.getEntriesByType('resource').find((r) => r.name.endsWith(entry))?.startTime ?? Infinity;
    });
    expect(entryAskedAt).toBeLessThan(2000);
  });

  test('the language menu closes 300 ms after the pointer leaves', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-switch').hover();
    const menu = page.getByRole('menu', { name: 'Ngôn ngữ' });
    await expect(menu).toBeVisible();
    await page.mouse.move(5, 600);
    await expect(menu).toBeHidden({ timeout: 2_000 });
  });

  test('a click on the trigger of the language menu opened by hovering keeps it open', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByTestId('language-switch');
    await trigger.hover();
    const menu = page.getByRole('menu', { name: 'Ngôn ngữ' });
    await expect(menu).toBeVisible();
    await trigger.click();
    await page.waitForTimeout(500);
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu).toBeHidden();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/khong-co-trang-nay/abc');
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Không tìm thấy trang');
    await expect(notFound.getByRole('link', { name: 'Khóa học' })).toHaveAttribute('href', '/courselist');
    await expect(notFound.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
  });

  test('an unknown path shows the English 404 texts in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Homepage' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });

  test('a guarded page sends a visitor to /login and remembers where they came from', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });
});

test.describe('header search', () => {
  test('Enter goes to /courselist with the text URL-encoded', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.fill('lập trình web');
    await search.press('Enter');
    await expect(page).toHaveURL(`/courselist?search=${encodeURIComponent('lập trình web')}`);
  });

  test('Enter with empty or blank text does nothing', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.press('Enter');
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Phát triển cùng');
  });

  test('the hero search follows the same rule', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('main').getByRole('searchbox');
    await hero.fill('  thiết kế  ');
    await hero.press('Enter');
    await expect(page).toHaveURL(`/courselist?search=${encodeURIComponent('thiết kế')}`);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the contact bar hides and the slide-out menu navigates', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('top-contact-bar')).toBeHidden();
    await page.getByRole('button', { name: 'Mở menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('link', { name: 'Cố vấn' }).click();
    await expect(page).toHaveURL('/mentorlist');
    await expect(dialog).toBeHidden();
  });
});
