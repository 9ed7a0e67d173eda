import { expect, test, type APIRequestContext } from './test';
import { E2E_ADMIN, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

/** The token of the newest confirmation link mailed to `to`, read from the outbox as the administrator. */
async function confirmationToken(request: APIRequestContext, to: string): Promise<string> {
  const login = await request.post('/auth/token', { data: E2E_ADMIN });
  const { result } = (await login.json()) as { result: { token: string } };
  const outbox = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${result.token}` } });
  const mails = ((await outbox.json()) as { result: { recipient: string; bodyText: string }[] }).result;
  const mail = mails.find((m) => m.recipient === to);
  const token = mail?.bodyText.match(/\/confirm-email\?token=([0-9a-f]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link to ${to}`);
  return token;
}

test('a person changes their email with their password in the profile dialog, then confirms it from the link', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = newAccount('mail');
  await registerViaApi(request, account);
  await signInViaApi(page.context(), baseURL!, account);
  const newEmail = `${account.username}.moi@academy.test`;

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Cập nhật hồ sơ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cập nhật hồ sơ' });
  await dialog.getByLabel(/^Tên/).fill('Lan');
  await dialog.getByLabel(/^Họ/).fill('Trần');
  await expect(dialog.getByLabel(/^Mật khẩu hiện tại/)).toHaveCount(0);
  await dialog.getByLabel(/^Email/).fill(newEmail);
  const password = dialog.getByLabel(/^Mật khẩu hiện tại/);
  await expect(password).toBeVisible();

  // Required, then checked by the server.
  await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(dialog.getByText('Vui lòng nhập mật khẩu hiện tại để đổi email')).toBeVisible();
  await password.fill('Sai#MatKhau2025');
  await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(dialog.getByText('Mật khẩu hiện tại không đúng').first()).toBeVisible();
  await password.fill(account.password);
  await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();

  // Saved; the address waits for its confirmation and the page says where to look.
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Để hoàn tất đổi email, hãy mở liên kết chúng tôi đã gửi tới ${newEmail}`)).toBeVisible();
  await expect(page.getByTestId('pending-email')).toContainText(newEmail);
  await expect(page.getByTestId('profile-name')).toHaveText('Trần Lan');
  await expect(page.getByTestId('profile-page')).toContainText(account.email);

  // The link mailed to the new address.
  const token = await confirmationToken(request, newEmail);
  await page.goto(`/confirm-email?token=${token}`);
  const card = page.getByTestId('confirm-email-page');
  await expect(card.getByRole('status')).toHaveText(
    `Email của tài khoản bạn giờ là ${newEmail}. Các thiết bị khác đã được đăng xuất.`,
  );
  await card.getByRole('link', { name: 'Đến trang hồ sơ' }).click();
  await expect(page.getByTestId('profile-page')).toContainText(newEmail);
  await expect(page.getByTestId('profile-page')).not.toContainText(account.email);

  // A link works once.
  await page.goto(`/confirm-email?token=${token}`);
  await expect(page.getByTestId('confirm-email-page').getByRole('alert')).toContainText(
    'Liên kết xác nhận không hợp lệ hoặc đã hết hạn.',
  );
});
