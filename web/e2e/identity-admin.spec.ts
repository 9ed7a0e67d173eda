import { expect, test } from './test';
import { E2E_ADMIN, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

test.describe('users admin (/dashboard/user)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
  });

  test('an admin finds a user, changes the role, locks and unlocks the account', async ({ page, request, baseURL }) => {
    const account = newAccount('adm');
    await registerViaApi(request, account);
    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/user');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(account.username);
    const row = page.locator(`[data-testid="user-row"][data-username="${account.username}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(row.getByRole('combobox')).toHaveValue('STUDENT');

    await row.getByRole('combobox').selectOption('TEACHER');
    await expect(page.getByText(`is now Teacher`)).toBeVisible();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(account.username);
    await expect(row.getByRole('combobox')).toHaveValue('TEACHER');

    await row.getByRole('button', { name: /^Lock / }).click();
    await expect(row.getByTestId('user-status')).toHaveText('Locked');
    // The row changes at once; the toast follows the server's answer.
    await expect(page.getByText('has been locked')).toBeVisible();
    const refused = await request.post('/auth/token', {
      data: { username: account.username, password: account.password },
    });
    expect(((await refused.json()) as { code: number }).code).not.toBe(1000);

    await row.getByRole('button', { name: /^Unlock / }).click();
    await expect(row.getByTestId('user-status')).toHaveText('Active');
    await expect(page.getByText('has been unlocked')).toBeVisible();
    const accepted = await request.post('/auth/token', {
      data: { username: account.username, password: account.password },
    });
    expect(((await accepted.json()) as { code: number }).code).toBe(1000);
  });

  test('the role filter shows only that role', async ({ page, baseURL }) => {
    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/user');
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('ADMIN');
    const row = page.locator(`[data-testid="user-row"][data-username="${E2E_ADMIN.username}"]`);
    await expect(row).toBeVisible();
    const roles = () =>
      page
        .getByTestId('user-row')
        .getByRole('combobox')
        .evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLSelectElement).value))]);
    await expect.poll(roles).toEqual(['ADMIN']);
  });

  test('an admin creates a staff account, who can then open the page', async ({ page, browser, baseURL }) => {
    const staff = newAccount('stf');
    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/user');
    await page.getByRole('button', { name: 'Create staff account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a staff account' });
    await dialog.getByLabel(/^First name/).fill('Chi');
    await dialog.getByLabel(/^Last name/).fill('Võ');
    await dialog.getByLabel(/^Username/).fill(staff.username);
    await dialog.getByLabel(/^Email/).fill(staff.email);
    await dialog.getByLabel(/^Password\*?$/).fill(staff.password);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`Staff account ${staff.username} created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
    await signInViaApi(context, baseURL!, staff);
    const staffPage = await context.newPage();
    await staffPage.goto('/dashboard/user');
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    // An administrator's account is out of a staff member's reach: nothing on its row invites a change.
    await staffPage.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.username);
    const adminRow = staffPage.locator(`[data-testid="user-row"][data-username="${E2E_ADMIN.username}"]`);
    await expect(adminRow.getByTestId('user-role')).toHaveText('Admin');
    await expect(adminRow.getByRole('combobox')).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: /^(Lock|Unlock) / })).toHaveCount(0);
    await context.close();
  });

  test('the last admin cannot lock or demote themself: the server refuses and the page says so', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/user');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.username);
    const row = page.locator(`[data-testid="user-row"][data-username="${E2E_ADMIN.username}"]`);
    await expect(row.getByText('(you)')).toBeVisible();

    const refusal = page.locator('[data-sonner-toast][data-type="error"][data-front="true"]');
    await row.getByRole('button', { name: /^Lock / }).click();
    await expect(refusal).toContainText('The change could not be saved');
    await expect(row.getByTestId('user-status')).toHaveText('Active');

    await row.getByRole('combobox').selectOption('STAFF');
    await expect(refusal).toHaveCount(1);
    await expect(refusal).toContainText('The change could not be saved');
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.username);
    await expect(row.getByRole('combobox')).toHaveValue('ADMIN');
  });
});
