import { expect, test } from './test';

test.describe('text limits', () => {
  test('a field takes no more than the server keeps, and the shared rule refuses more if it gets through', async ({
    page,
  }) => {
    await page.goto('/register');
    const username = page.getByLabel('Tên đăng nhập');
    await expect(username).toHaveAttribute('maxlength', '50');
    await expect(page.getByLabel('Email')).toHaveAttribute('maxlength', '254');
    await expect(page.getByLabel('Mật khẩu', { exact: true })).toHaveAttribute('maxlength', '128');
    await username.pressSequentially('u'.repeat(55));
    await expect(username).toHaveValue('u'.repeat(50));

    // A page whose limit is gone (an old copy, a tampered one): the rule module still refuses, in Vietnamese.
    await username.evaluate((input) => input.removeAttribute('maxlength'));
    await username.fill('u'.repeat(51));
    await page.getByLabel('Email').fill('limits@example.com');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('Violet#Harbour-2026');
    await page.getByLabel('Xác nhận mật khẩu').fill('Violet#Harbour-2026');
    await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
    await expect(page.getByText('Trường này tối đa 50 ký tự')).toBeVisible();
    await expect(page).toHaveURL('/register');
  });

  test("the contact form shows the server's text beside a phone number longer than the limit", async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    const phone = form.getByLabel(/^Số điện thoại/);
    await expect(phone).toHaveAttribute('maxlength', '20');
    await form.getByLabel('Họ và tên').fill('Lê Văn An');
    await form.getByLabel('Email').fill('an@example.vn');
    await form.getByLabel(/^Nội dung/).fill('Xin chào');
    // Digits padded with dashes pass the phone pattern; only the length refuses them, and only the server knows.
    await phone.evaluate((input) => input.removeAttribute('maxlength'));
    await phone.fill(`0912-345-678${'-'.repeat(20)}`);
    await form.getByRole('button', { name: 'Gửi tin nhắn' }).click();
    await expect(form.getByText('Trường này tối đa 20 ký tự')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
  });
});
