import { expect, test } from './test';
import { E2E_ADMIN, signInViaApi } from './identity-fixtures';

test.describe('promotions (/dashboard/ads-promo)', () => {
  test('an administrator places a promotion on the home band and the course list: the home shows it with its uses left', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { token } = await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    const code = `E2E${String(Date.now()).slice(-6)}`;
    const created = await page.request.post('/api/admin/coupons', {
      headers,
      data: { code, kind: 'percent', value: 15, maxUses: 50, minOrder: 0 },
    });
    expect(created.ok(), await created.text()).toBe(true);
    // The band's title stays the spec's (other pages' tests read it); the text and code tell this promotion apart.
    const text = `Ưu đãi thử ${code}`;

    await page.goto('/dashboard/ads-promo');
    await expect(page.getByRole('heading', { level: 1, name: 'Quảng cáo & Khuyến mãi' })).toBeVisible();
    const form = page.getByTestId('promotion-form');
    await form.getByRole('button', { name: 'Tạo chương trình' }).click();
    await expect(form.getByText('Chọn một mã giảm giá')).toBeVisible();

    await form.getByLabel('Mã giảm giá').selectOption({ label: `${code} (15%)` });
    await form.getByLabel('Danh sách khóa học').check();
    await form.getByLabel('Tiêu đề (tiếng Việt)').fill('Giảm 40% cho 100 khách hàng đầu tiên');
    await form.getByLabel('Tiêu đề (tiếng Anh)').fill('40% off for the first 100 customers');
    await form.getByLabel('Nội dung (tiếng Việt)').fill(text);
    await form.getByLabel('Độ ưu tiên').fill('1000');
    await form.getByRole('button', { name: 'Tạo chương trình' }).click();
    await expect(page.getByText('Đã tạo chương trình khuyến mãi.')).toBeVisible();
    const row = page.getByTestId('promotion-row').filter({ hasText: code });
    await expect(row).toContainText('Trang chủ, Danh sách khóa học');

    try {
      const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      const home = await visitor.newPage();
      await home.goto('/');
      const band = home.locator('[data-section="promo"]');
      await expect(band).toContainText(text);
      await expect(band.getByTestId('promo-left')).toHaveText('còn 50 suất');
      await expect(band).toContainText(code);
      await home.goto('/courselist');
      await expect(home.getByTestId('promotion-courses')).toContainText(code);
      await visitor.close();

      // The band arrives in the server's HTML (no jump when the scripts run).
      const html = await (await page.request.get('/', { headers: { cookie: '' } })).text();
      const markup = html.slice(html.indexOf('data-section="promo"'), html.indexOf('data-section="promo"') + 3000);
      expect(markup).toContain(text);
      expect(markup).toContain('còn 50 suất');

      await page.reload();
      await expect(page.getByTestId('promotion-row').filter({ hasText: code })).toBeVisible();
    } finally {
      const list = (await (await page.request.get('/api/admin/promotions', { headers })).json()) as {
        result: { id: string; couponCode: string }[];
      };
      for (const promotion of list.result.filter((p) => p.couponCode === code)) {
        await page.request.delete(`/api/admin/promotions/${promotion.id}`, { headers });
      }
    }
  });
});
