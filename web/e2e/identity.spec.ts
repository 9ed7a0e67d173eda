import { expect, test, type Request } from './test';
import {
  cookie,
  DEMO_STUDENT,
  DEMO_TEACHER,
  expire,
  makePng,
  newAccount,
  registerViaApi,
  signInViaApi,
} from './identity-fixtures';

test.describe('identity', () => {
  test('register → log in → update the profile with an avatar → log out', async ({ page }) => {
    test.setTimeout(90_000);
    const account = newAccount('reg');
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // Register (Vietnamese by default), with the strength meter and the lazily loaded advice.
    await page.goto('/register');
    await expect(page.getByRole('radio', { name: 'Học viên' })).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Tên đăng nhập').fill(account.username);
    const submit = page.getByRole('button', { name: 'Tạo tài khoản' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Mật khẩu', { exact: true }).fill('password');
    await expect(page.getByTestId('strength-meter')).toHaveAttribute('data-colour', 'red');
    await expect(page.getByTestId('password-advice')).toContainText('mật khẩu được dùng cực kỳ phổ biến');
    await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
    await expect(page.getByTestId('strength-meter')).toHaveAttribute('data-score', '5');
    await expect(page.getByTestId('strength-label')).toHaveText('Mạnh');
    await page.getByLabel('Xác nhận mật khẩu').fill(account.password);
    await expect(page.getByTestId('match-indicator')).toHaveText('Mật khẩu khớp');
    await submit.click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Chào mừng trở lại' })).toBeVisible();

    // Log in: "Logging in...", then the home page after 0.5 s, the token cookies set.
    await page.getByLabel('Tên đăng nhập').fill(account.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Đăng nhập thành công')).toBeVisible();
    await expect(page).toHaveURL('/');
    const cookies = await page.context().cookies();
    for (const name of ['access-token', 'current-token']) {
      const c = cookies.find((k) => k.name === name);
      expect(c, name).toBeTruthy();
      expect(c?.path).toBe('/');
      expect(c?.sameSite).toBe('Lax');
      expect((c?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6.9 * 86_400);
    }

    // Profile: student tabs with their empty states.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Hồ sơ học viên' })).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveText('học viên');
    await expect(page.getByRole('tab', { name: 'Khóa học đã đăng ký' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Khám phá khóa học' })).toHaveAttribute('href', '/courselist');

    // Update the profile with a new avatar.
    await page.getByRole('button', { name: 'Cập nhật hồ sơ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cập nhật hồ sơ' });
    await dialog.getByLabel(/^Tên/).fill('Lan');
    await dialog.getByLabel(/^Họ/).fill('Trần');
    await dialog.getByLabel('Số điện thoại').fill('0901234567');
    await dialog.getByLabel('Địa chỉ').fill('268 Lý Thường Kiệt, TP. HCM');
    await dialog.getByLabel('Ngày sinh').fill('1998-03-15');
    await dialog
      .getByLabel(/^Ảnh đại diện/)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(24) });
    const upload = page.waitForRequest((r) => r.method() === 'PUT' && !r.url().includes('/users/'));
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    const put = await upload;
    expect(put.headers()['x-amz-acl']).toBe('public-read');
    expect(put.headers()['content-disposition']).toBe('inline');
    expect(put.headers()['content-type']).toBe('image/png');
    await expect(page.getByText('Cập nhật hồ sơ thành công')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-name')).toHaveText('Trần Lan');
    await expect(page.getByText('0901234567')).toBeVisible();
    await expect(page.getByTestId('profile-dob')).toHaveText('15 tháng 3, 1998');
    const avatar = page.getByTestId('profile-avatar');
    await expect(avatar).not.toHaveAttribute('src', /placeholder/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    // The stored user is refreshed: the header shows the new avatar too.
    const src = (await avatar.getAttribute('src')) ?? '';
    await expect(page.getByRole('banner').locator(`img[src="${src}"]`).first()).toBeVisible();

    // Log out from the header menu: the server is told, the cookies are gone, /login.
    const logout = page.waitForRequest((r) => r.url().endsWith('/auth/logout') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Menu tài khoản' }).hover();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    expect(JSON.parse((await logout).postData() ?? '{}')).toHaveProperty('token');
    await expect(page).toHaveURL('/login');
    expect(await cookie(page, 'access-token')).toBeUndefined();
    expect(await cookie(page, 'current-token')).toBeUndefined();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    expect(problems).toEqual([]);
  });

  test('the guard sends a visitor to /login and the login returns to the origin', async ({ page, request }) => {
    const account = newAccount('grd');
    await registerViaApi(request, account);
    await page.goto('/profile?tab=mentors');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/profile?tab=mentors')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Chào mừng trở lại' })).toBeVisible();
    await page.getByLabel('Tên đăng nhập').fill(account.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL('/profile?tab=mentors');
    await expect(page.getByTestId('profile-page')).toBeVisible();
  });

  test('a wrong password shows the server message in the active language', async ({ page, request }) => {
    const account = newAccount('bad');
    await registerViaApi(request, account);
    await page.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('a student gets the 403 page on /dashboard/user', async ({ page, request, baseURL }) => {
    const account = newAccount('stu');
    await registerViaApi(request, account);
    await signInViaApi(page.context(), baseURL!, account);
    await page.goto('/dashboard/user');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Truy cập trái phép');
  });

  test('parallel requests with an expired access token are replayed once after a single refresh', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = newAccount('exp');
    await registerViaApi(request, account);
    const { token } = await signInViaApi(page.context(), baseURL!, account);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu tài khoản' })).toBeVisible();

    const seen: Request[] = [];
    const answers = new Map<string, number[]>();
    page.on('request', (r) => seen.push(r));
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      answers.set(path, [...(answers.get(path) ?? []), r.status()]);
    });
    // Other signed-in parts (the notification count) may meet the expired token first, while the profile's code
    // is still loading: the refresh is held until the profile's three calls have all been refused, so they
    // really wait on it together, whichever call started it.
    const profileCalls = ['/users/my-info', '/api/course/enroll-list', '/api/mentorship-plan/enroll-list'];
    await page.route('**/auth/refresh', async (route) => {
      await expect
        .poll(() => profileCalls.every((path) => answers.get(path)?.includes(401)), { timeout: 10_000 })
        .toBe(true)
        .catch(() => undefined);
      await route.continue();
    });
    // The access token expires while the app runs (watched from before: a part of the page that meets it first
    // starts the refresh); the next page fires three calls at once.
    await page.context().addCookies([{ name: 'access-token', value: expire(token), url: baseURL!, sameSite: 'Lax' }]);
    await page.getByRole('button', { name: 'Menu tài khoản' }).hover();
    await page.getByRole('menuitem', { name: 'Hồ sơ' }).click();
    await expect(page.getByTestId('profile-page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Khám phá khóa học' })).toBeVisible();

    // Each refused call is replayed once and answered (the page may show before the last replay's answer lands).
    for (const path of profileCalls) {
      await expect.poll(() => answers.get(path), { message: path }).toEqual([401, 200]);
    }
    const paths = seen.map((r) => new URL(r.url()).pathname);
    const count = (path: string) => paths.filter((p) => p === path).length;
    expect(count('/auth/refresh')).toBe(1);
    expect(await cookie(page, 'access-token')).not.toBe(expire(token));
  });

  test("the account menu opens for a pointer that came over its button before the menu's code", async ({
    page,
    request,
    baseURL,
  }) => {
    const account = newAccount('hov');
    await registerViaApi(request, account);
    await signInViaApi(page.context(), baseURL!, account);
    // The menu's panel arrives after the pointer is over its button, as on a slow phone connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/signed-in-menu-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu tài khoản' }).hover();
    await expect(page.getByRole('menuitem', { name: 'Hồ sơ' })).toHaveCount(0);

    release();
    await expect(page.getByRole('menuitem', { name: 'Hồ sơ' })).toBeVisible();
  });

  test('public pages never fetch the account rules; the register form is drawn at once and stays put when they arrive', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(
      fetched.some((path) => /academy_wasm_bg-.*\.wasm$/.test(path)),
      'the first rule module',
    ).toBe(true);
    expect(fetched.filter((path) => /academy_wasm_account/.test(path))).toEqual([]);

    // Hold the account module back a moment: the form is already there, at its full size, waiting for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/academy_wasm_account_bg-[^/]*\.wasm$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/register');
    const form = page.locator('form[aria-busy="true"]');
    await expect(form).toBeVisible();
    const submit = page.getByRole('button', { name: 'Tạo tài khoản' });
    await expect(submit).toBeDisabled();
    const before = await submit.boundingBox();
    await expect(page.getByTestId('strength-meter')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.locator('form[aria-busy]')).toHaveCount(0);
    await expect(page.getByTestId('strength-meter')).not.toHaveAttribute('aria-busy');
    expect(await submit.boundingBox()).toEqual(before);
    expect(fetched.some((path) => /academy_wasm_account_bg-.*\.wasm$/.test(path))).toBe(true);
  });

  test('forgot password never says whether an account exists; a bad reset link says it is invalid', async ({
    page,
  }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody@academy.test');
    await page.getByRole('button', { name: 'Gửi liên kết đặt lại' }).click();
    await expect(page.getByRole('status')).toContainText('Nếu tồn tại tài khoản với email nobody@academy.test');

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Moi#Matkhau2025');
    await page.getByLabel('Xác nhận mật khẩu mới').fill('Moi#Matkhau2025');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await expect(page.getByRole('alert')).toHaveText('Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.');
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText('Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.');
  });

  test("a demo student's profile lists enrolled courses and booked mentorships with the real data", async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page.context(), baseURL!, DEMO_STUDENT);
    await page.goto('/profile');
    const courses = page.getByTestId('enrolled-course');
    await expect(courses).toHaveCount(3);
    await expect(page.getByTestId('course-list').getByText('Đã hoàn thành')).toHaveCount(1);
    await expect(courses.first().getByRole('link', { name: 'Tiếp tục học' })).toHaveAttribute(
      'href',
      /^\/profile\/enroll-lectures\?id=.+/,
    );
    await expect(courses.first()).toContainText(/Đăng ký \d+ (giây|phút|giờ|ngày|tuần|tháng|năm) trước/);

    await page.getByRole('tab', { name: 'Cố vấn đã đặt' }).click();
    const cards = page.getByTestId('mentorship-card');
    // Two bought with plans of two mentors (one still running, one ended) and the demo mentor's, still running.
    await expect(cards).toHaveCount(3);
    const active = page.locator('[data-testid="mentorship-card"][data-state="active"]');
    const expired = page.locator('[data-testid="mentorship-card"][data-state="expired"]');
    await expect(active).toHaveCount(2);
    await expect(expired).toHaveCount(1);
    await expect(active.first().getByRole('link', { name: 'Trò chuyện' })).toBeVisible();
    await expect(active.first()).toContainText(/Còn \d+ ngày/);
    await expect(active.first()).toContainText('₫');
    await expect(expired.getByRole('link', { name: 'Gia hạn' })).toHaveAttribute('href', /^\/mentor\?id=.+/);
    await expect(expired.getByRole('button', { name: 'Hết hạn' })).toBeDisabled();
  });

  test("a demo teacher's profile lists their courses with Manage course links", async ({ page, baseURL }) => {
    await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Hồ sơ giảng viên' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Khóa học của tôi' })).toHaveAttribute('aria-selected', 'true');
    const course = page.getByTestId('instructor-course').first();
    await expect(course).toBeVisible();
    await expect(course).toContainText(/\d+ học viên/);
    await expect(course.getByRole('link', { name: 'Quản lý khóa học' })).toHaveAttribute(
      'href',
      /^\/instructor\/course\/.+/,
    );
  });

  test('the dashboard signs out through POST /api/logout and the mobile bar through POST /api/logout/', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    await page.goto('/dashboard');
    const dashboardLogout = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/logout' && r.method() === 'POST',
    );
    await page.getByRole('button', { name: /Đăng xuất/ }).click();
    await dashboardLogout;
    await expect(page).toHaveURL('/login');
    expect(await cookie(page, 'access-token')).toBeUndefined();

    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Điều hướng nhanh' });
    await expect(bar.getByRole('link', { name: 'Quản trị' })).toBeVisible();
    const mobileLogout = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/logout/' && r.method() === 'POST',
    );
    await bar.getByRole('button', { name: 'Đăng xuất' }).click();
    await mobileLogout;
    // The page was already at /: the bar's sign-in link says the sign-out is done.
    await expect(bar.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
    await expect(page).toHaveURL('/');
    expect(await cookie(page, 'access-token')).toBeUndefined();
  });
});
