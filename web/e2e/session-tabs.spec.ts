import { expect, test, type Request } from './test';
import { expire, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

const REFRESH = '**/auth/refresh';

test('two tabs whose access token has expired refresh at once and both stay signed in', async ({
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = newAccount('tabs');
  await registerViaApi(request, account);
  const { token, refreshToken } = await signInViaApi(context, baseURL!, account);
  // The access token expired while the browser was away: both tabs will need the one refresh token.
  await context.addCookies([{ name: 'access-token', value: expire(token), url: baseURL!, sameSite: 'Lax' }]);

  // Each tab's refresh is held until both have been sent, so both reach the server with the same token.
  const held: Request[] = [];
  let releaseBoth = () => {};
  const bothSent = new Promise<void>((resolve) => (releaseBoth = resolve));
  await context.route(REFRESH, async (route) => {
    held.push(route.request());
    if (held.length === 2) releaseBoth();
    await bothSent;
    await route.continue();
  });
  const refreshAnswers: number[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/auth/refresh') refreshAnswers.push(response.status());
  });

  const tabs = [await context.newPage(), await context.newPage()];
  await Promise.all(tabs.map((tab) => tab.goto('/')));

  await expect.poll(() => refreshAnswers.length, { timeout: 30_000 }).toBe(2);
  expect(held.map((r) => (r.postDataJSON() as { token: string }).token)).toEqual([refreshToken, refreshToken]);
  expect(refreshAnswers).toEqual([200, 200]);
  // A background tab does not paint: each is looked at in front, as a person would.
  for (const tab of tabs) {
    await tab.bringToFront();
    await expect(tab.getByRole('button', { name: 'Menu tài khoản' })).toBeVisible({ timeout: 30_000 });
  }

  // What the tabs stored still works after a reload.
  await context.unroute(REFRESH);
  for (const tab of tabs) {
    await tab.bringToFront();
    await tab.reload();
    await expect(tab.getByRole('button', { name: 'Menu tài khoản' })).toBeVisible({ timeout: 30_000 });
  }
});
