import { expect, test } from './test';
import { E2E_SEPAY_KEY, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

/** A demo mentor whose plans no other spec books, and a demo student (with an expired booking) no other spec uses. */
const MENTOR = 'lequanghuy';
const STUDENT_WITH_EXPIRED = { username: 'ngothaovy', password: 'Demo@2026' };

interface PlanView {
  id: string;
  title: string;
  price: number;
  services: string[];
}

test.describe('mentorship', () => {
  test('a student books a plan, pays it by VietQR transfer, sees the active booking and books a session time', async ({
    page,
    baseURL,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const student = newAccount('mentee');
    await registerViaApi(request, student);
    await signInViaApi(page.context(), baseURL!, student);
    const mentor = (await (
      await request.get(`/api/mentors/${MENTOR}`, { headers: { 'Accept-Language': 'vi' } })
    ).json()) as { result: { userId: string; plans: PlanView[] } };
    const plan = mentor.result.plans.find((p) => p.services.length === 5)!;
    expect(plan, 'a plan with five services').toBeTruthy();

    // The mentor page lists the plan with Book; booking opens the transfer to pay it.
    await page.goto(`/mentor?id=${mentor.result.userId}`);
    const card = page.getByTestId('mentor-plans').getByRole('listitem').filter({ hasText: plan.title });
    await card.getByRole('button', { name: 'Đặt gói này' }).click();
    const dialog = page.getByTestId('book-plan-dialog');
    await expect(dialog.getByRole('heading', { name: 'Thanh toán gói cố vấn' })).toBeVisible();
    const code = (await dialog.getAttribute('data-order-code'))!;
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    await expect(dialog).toContainText(code);

    // The bank feed reports the transfer carrying the order code.
    const paid = await request.post('/api/payments/sepay/webhook', {
      headers: { Authorization: `Apikey ${E2E_SEPAY_KEY}` },
      data: {
        id: Date.now(),
        gateway: 'Vietcombank',
        transactionDate: '2026-11-24 10:15:00',
        accountNumber: '0011004356789',
        code: null,
        content: `CT ${code} chuyen khoan`,
        transferType: 'in',
        transferAmount: plan.price,
        accumulated: plan.price,
        subAccount: null,
        referenceCode: `FT${Date.now()}`,
        description: `BankAPINotify ${code}`,
      },
    });
    expect(await paid.json()).toEqual({ success: true });

    // The profile's Booked mentors tab: an Active card with days left, three services and "+2 nữa".
    await dialog.getByRole('link', { name: 'Xem gói cố vấn của tôi' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=mentors/);
    await page.getByRole('tab', { name: 'Cố vấn đã đặt' }).click();
    const booked = page.getByTestId('mentorship-card').filter({ hasText: plan.title });
    await expect(booked).toHaveAttribute('data-state', 'active');
    await expect(booked).toContainText('Đang hoạt động');
    await expect(booked).toContainText(/Còn \d+ ngày/);
    const services = booked.getByRole('list', { name: 'Dịch vụ' }).getByRole('listitem');
    await expect(services).toHaveCount(4);
    await expect(services.last()).toHaveText('+2 nữa');
    await expect(booked.getByRole('link', { name: 'Trò chuyện' })).toBeVisible();

    // The mentor opens every day 09:00–12:00 on /dashboard/available.
    const mentorContext = await browser.newContext({ baseURL });
    await signInViaApi(mentorContext, baseURL!, { username: MENTOR, password: 'Demo@2026' });
    const mentorPage = await mentorContext.newPage();
    await mentorPage.goto('/dashboard/available');
    const addInterval = mentorPage.getByRole('button', { name: /: thêm khoảng thời gian$/ });
    await expect(addInterval).toHaveCount(7);
    for (let day = 0; day < 7; day += 1) await addInterval.nth(day).click();
    await mentorPage.getByRole('button', { name: 'Lưu lịch rảnh' }).click();
    await expect(mentorPage.getByText('Đã lưu lịch rảnh')).toBeVisible();

    // The student picks the first open time; the mentor sees the session.
    await booked.getByRole('link', { name: 'Đặt lịch' }).click();
    await expect(page).toHaveURL(/\/profile\/sessions\?booking=/);
    await expect(page.getByRole('heading', { name: /^Đặt lịch với / })).toBeVisible();
    const firstTime = page.getByTestId('slot-day').first().getByRole('button').first();
    const chosen = (await firstTime.textContent())!;
    await firstTime.click();
    await page.getByRole('button', { name: 'Đặt giờ này' }).click();
    await expect(page.getByText('Đã đặt buổi học')).toBeVisible();
    await expect(page.getByTestId('my-sessions').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('my-sessions')).toContainText(chosen);
    // The booked time is no longer offered.
    await expect(page.getByTestId('slot-day').first().getByRole('button').first()).not.toHaveText(chosen);

    await mentorPage.reload();
    await expect(mentorPage.getByText(`với ${student.username}`)).toBeVisible();
    await mentorContext.close();
    expect(problems).toEqual([]);
  });

  test('an expired booking offers Renew on the mentor page and a disabled Expired button', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page.context(), baseURL!, STUDENT_WITH_EXPIRED);
    await page.goto('/profile?tab=mentors');
    await page.getByRole('tab', { name: 'Cố vấn đã đặt' }).click();
    const expired = page.locator('[data-testid="mentorship-card"][data-state="expired"]').first();
    await expect(expired).toContainText('Hết hạn');
    await expect(expired).not.toContainText(/Còn \d+ ngày/);
    await expect(expired.getByRole('button', { name: 'Hết hạn' })).toBeDisabled();
    const renew = expired.getByRole('link', { name: 'Gia hạn' });
    await expect(renew).toHaveAttribute('href', /^\/mentor\?id=.+/);
    await renew.click();
    await expect(page.getByTestId('mentor-plans')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Đặt gói này' }).first()).toBeVisible();
  });
});
