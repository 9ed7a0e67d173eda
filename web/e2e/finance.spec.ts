/**
 * Teachers get paid: a teacher with a sale sees it in their balance, adds a bank account (the holder's name written
 * as banks print it while they type), asks for a payout once the (shortened) account wait is over; an administrator
 * pays it from the queue with the bank's reference; the teacher's balance, requests and statement show it, the
 * notification arrives, and the statement's CSV starts with the byte order mark Excel needs for Vietnamese.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from './test';
import { DEMO_TEACHER, E2E_ADMIN, E2E_SEPAY_KEY, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

/** The demo's paid course of the demo teacher (nguyenminhkhoa). */
const PAID_COURSE = 'lap-trinh-rust-backend-hieu-nang-cao';

async function tokenOf(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post('/auth/token', { data: account });
  return ((await response.json()) as { result: { token: string } }).result.token;
}

/** A student buys the course by VietQR and the bank feed reports the transfer: the teacher earns their share. */
async function sellCourse(request: APIRequestContext) {
  const course = (
    (await (await request.get(`/api/courses/${PAID_COURSE}`)).json()) as {
      result: { _id: string };
    }
  ).result;
  const buyer = newAccount('payee');
  await registerViaApi(request, buyer);
  const token = await tokenOf(request, buyer);
  const checkout = await request.post('/api/checkout', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `finance-${buyer.username}` },
    data: { courseIds: [course._id] },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const order = ((await checkout.json()) as { result: { code: string; totalAmount: number } }).result;
  const paid = await request.post('/api/payments/sepay/webhook', {
    headers: { Authorization: `Apikey ${E2E_SEPAY_KEY}` },
    data: {
      id: Date.now() * 1000 + Math.floor(Math.random() * 1000),
      gateway: 'Vietcombank',
      transactionDate: '2026-11-24 10:15:00',
      accountNumber: '1027493651',
      code: null,
      content: `${order.code} thanh toan`,
      transferType: 'in',
      transferAmount: order.totalAmount,
      accumulated: 0,
      subAccount: null,
      referenceCode: `FT${Date.now()}`,
      description: `BankAPINotify ${order.code}`,
    },
  });
  expect(paid.status()).toBe(200);
}

test.describe('teachers get paid', () => {
  test('a teacher adds an account and asks for a payout; an administrator pays it; balance, statement, notice and CSV follow', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // The academy's rules, shortened for the test: no holding period, no wait for a new account.
    const adminToken = await tokenOf(request, E2E_ADMIN);
    const auth = { Authorization: `Bearer ${adminToken}` };
    const settings = (
      (await (await request.get('/api/admin/payout-settings', { headers: auth })).json()) as {
        result: { rules: Record<string, unknown>; bankManual: Record<string, unknown> };
      }
    ).result;
    const saved = await request.put('/api/admin/payout-settings', {
      headers: auth,
      data: {
        ...settings,
        rules: { ...settings.rules, holdingDays: 0, accountWaitHours: 0, minimumPayout: 10_000 },
        bankManual: { ...settings.bankManual, minimum: 10_000, fee: { kind: 'none' } },
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await sellCourse(request);

    const teacher = await browser.newContext({ baseURL, locale: 'vi-VN' });
    await signInViaApi(teacher, baseURL!, DEMO_TEACHER);
    const page = await teacher.newPage();

    // The balance: the sale's share is available at once (no holding period).
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanh toán');
    const available = page.getByTestId('available');
    await expect(available).toContainText('₫');
    const before = Number((await available.locator('dd').first().textContent())!.replace(/\D/g, ''));
    expect(before).toBeGreaterThanOrEqual(10_000);

    // A new bank account: the holder's name becomes upper case without marks as it is typed.
    const number = `9${Date.now().toString().slice(-9)}`;
    await page.goto('/dashboard/payment-account');
    await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
    const form = page.getByTestId('account-form');
    await form.getByLabel('Tìm ngân hàng').fill('vietcom');
    await form.getByLabel('Ngân hàng', { exact: true }).selectOption('970436');
    await form.getByLabel('Số tài khoản').fill(number);
    await form.getByTestId('holder-name').pressSequentially('Nguyễn Văn Ánh');
    await expect(form.getByTestId('holder-name')).toHaveValue('NGUYEN VAN ANH');
    await form.getByLabel('Mật khẩu hiện tại').fill(DEMO_TEACHER.password);
    await form.getByRole('button', { name: 'Lưu tài khoản' }).click();
    const card = page.getByTestId('payout-account').filter({ hasText: number });
    await expect(card).toContainText('Sẵn sàng nhận tiền');

    // The payout: the dialog shows what reaches the bank before it is sent.
    await page.goto('/dashboard/payment');
    await page.getByTestId('request-payout').click();
    const dialog = page.getByRole('dialog');
    const choice = dialog.getByLabel('Tài khoản nhận');
    const option = choice.locator('option').filter({ hasText: number.slice(-4) });
    await choice.selectOption(await option.getAttribute('value'));
    await dialog.getByTestId('payout-amount').fill('10000');
    await expect(dialog.getByTestId('payout-net')).toHaveText('10.000 ₫');
    await dialog.getByRole('button', { name: 'Gửi yêu cầu' }).click();
    await expect(dialog).toBeHidden();
    const mine = page
      .getByTestId('my-requests')
      .locator('li')
      .filter({ hasText: number.slice(-4) })
      .first();
    await expect(mine).toContainText('Đang chờ');
    await expect(mine).toContainText('10.000 ₫');

    // The administrator pays it from the queue with the bank's reference.
    const reference = `FT${Date.now()}`;
    const admin = await browser.newContext({ baseURL, locale: 'vi-VN' });
    await signInViaApi(admin, baseURL!, E2E_ADMIN);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/dashboard/payment-request?search=${DEMO_TEACHER.username}`);
    await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Yêu cầu thanh toán');
    const queued = adminPage.getByTestId('queue-request').filter({ hasText: number });
    await expect(queued).toContainText('NGUYEN VAN ANH');
    await expect(queued.getByTestId('net-to-send')).toContainText('10.000 ₫');
    // The bank batch file holds it, ready for the bank's bulk transfer screen.
    const batch = adminPage.waitForEvent('download');
    await adminPage.getByTestId('payout-batch').click();
    const batchBytes = await readFile(await (await batch).path());
    expect([...batchBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(batchBytes.toString('utf8')).toMatch(new RegExp(`970436.*${number}.*NGUYEN VAN ANH.*10000`));
    await queued.getByRole('button', { name: 'Đã chuyển' }).click();
    await queued.getByLabel('Mã giao dịch ngân hàng').fill(reference);
    await queued.getByRole('button', { name: 'Xác nhận đã chuyển' }).click();
    await expect(adminPage.getByTestId('queue-request').filter({ hasText: number })).toHaveCount(0);
    await adminPage.getByRole('tab', { name: /Đã chuyển/ }).click();
    await expect(adminPage.getByTestId('queue-request').filter({ hasText: number })).toContainText(reference);
    await admin.close();

    // The teacher sees it paid, the statement's payout line, the notice, and the CSV.
    await page.reload();
    await expect(mine).toContainText('Đã chuyển');
    await expect(mine).toContainText(reference);
    await page.goto('/dashboard/transection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giao dịch');
    await expect(page.getByTestId('statement-table')).toContainText('Rút tiền');
    const download = page.waitForEvent('download');
    await page.getByTestId('statement-csv').click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Rút tiền');
    // The yearly withholding statement lists the payout, to print or download.
    await page.goto('/dashboard/payment');
    await page.getByTestId('withholding-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chứng từ khấu trừ thuế TNCN');
    await expect(page.getByTestId('withholding-table')).toBeVisible();
    await page.goto('/notification');
    await expect(page.getByText('Đã chuyển tiền rút').first()).toBeVisible();
    await teacher.close();
  });
});
