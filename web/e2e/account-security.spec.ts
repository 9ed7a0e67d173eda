/**
 * Account security on the profile: a student sees where they are signed in, changes their password there (the
 * current one first), and their other browser is signed out at its next request.
 */
import { expect, test } from './test';
import { newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

test('a student changes their password and their other browser is signed out', async ({
  browser,
  request,
  baseURL,
}) => {
  const account = newAccount('secure');
  await registerViaApi(request, account);
  const here = await browser.newContext({ baseURL, locale: 'vi-VN' });
  const elsewhere = await browser.newContext({ baseURL, locale: 'vi-VN' });
  await signInViaApi(here, baseURL!, account);
  await signInViaApi(elsewhere, baseURL!, account);
  const page = await here.newPage();
  const other = await elsewhere.newPage();
  await other.goto('/profile');
  await expect(other.getByTestId('profile-page')).toBeVisible();

  await page.goto('/profile');
  const security = page.getByTestId('account-security');
  await expect(security.getByTestId('open-session')).toHaveCount(2);
  await expect(security.getByText('Thiết bị này')).toHaveCount(1);

  // A wrong current password is refused under its field, and nothing changes.
  const form = security.getByTestId('change-password');
  await form.getByLabel('Mật khẩu hiện tại').fill('Sai#MatKhau-2026');
  await form.getByLabel('Mật khẩu mới').fill('Hoa#Sen-Ho-Tay-2027');
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(form.getByText('Mật khẩu hiện tại không đúng.')).toBeVisible();
  await expect(form.getByLabel('Mật khẩu hiện tại')).toBeFocused();

  await form.getByLabel('Mật khẩu hiện tại').fill(account.password);
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Đã đổi mật khẩu. Các phiên đăng nhập khác đã kết thúc.')).toBeVisible();
  await expect(security.getByTestId('open-session')).toHaveCount(1);

  // The other browser is signed out: a guarded page sends it to the login page.
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/login/);
  // The new password signs in; this browser stays signed in.
  const login = await request.post('/auth/token', {
    data: { username: account.username, password: 'Hoa#Sen-Ho-Tay-2027' },
  });
  expect(((await login.json()) as { code: number }).code).toBe(1000);
  await page.reload();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await here.close();
  await elsewhere.close();
});
