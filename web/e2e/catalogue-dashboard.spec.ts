import { expect, test } from './test';
import { DEMO_TEACHER, E2E_ADMIN, makePng, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
});

test.describe('course management', () => {
  test('a teacher creates a course, adds its curriculum, publishes it, and it appears in /courselist', async ({
    page,
    baseURL,
  }) => {
    const teacher = newAccount('tch');
    await registerViaApi(page.request, teacher, 'Teacher');
    await signInViaApi(page.context(), baseURL!, teacher);
    const code = teacher.username.slice(3);

    await page.goto('/instructor');
    await expect(page).toHaveURL(/\/dashboard\/course$/);
    await expect(page.getByText('You have no courses yet')).toBeVisible();
    await page.getByRole('link', { name: 'Add course' }).first().click();

    const editor = page.getByTestId('course-editor');
    await editor.getByLabel('Title (VI)').fill(`Kiểm thử tự động ${code}`);
    await editor.getByLabel('Title (EN)').fill(`Automated testing ${code}`);
    await editor.getByLabel('Description (VI)').fill('Khóa học do bài kiểm thử tạo ra.');
    await editor.getByLabel('Category').selectOption({ label: 'Music' });
    await editor.getByLabel('Price', { exact: true }).fill('990000');
    // The thumbnail is uploaded, kept by the server, and its public link fills the image field.
    await editor
      .getByLabel('Upload image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(32) });
    await expect(editor.getByLabel('Image link')).toHaveValue(/^\/files\/public\/thumbnails\/[0-9a-f]{32}\.png$/);
    const thumbnail = await editor.getByLabel('Image link').inputValue();
    expect((await page.request.get(thumbnail)).headers()['content-type']).toBe('image/png');
    await editor.getByRole('button', { name: 'Create course' }).click();
    await expect(page.getByText('Course created. Now add its content.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/course\/edit\/.+\?tab=curriculum$/);

    await page.getByRole('button', { name: 'Add section' }).click();
    const curriculum = page.getByTestId('curriculum-editor');
    await curriculum.getByLabel('Section title (VI)').fill('Bắt đầu');
    await curriculum.getByLabel('Lesson 1 title (VI)').fill('Chào mừng');
    await curriculum.getByLabel('Video link').fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    await curriculum.getByLabel('Minutes').fill('3');
    await curriculum.getByLabel('Free preview').check();
    await page.getByRole('button', { name: 'Save curriculum' }).click();
    await expect(page.getByText('Curriculum saved')).toBeVisible();

    await page.getByRole('tab', { name: 'Publishing' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('The course is published')).toBeVisible();

    await page.goto(`/courselist?search=${code}`);
    const card = page.getByTestId('course-results').getByTestId('course-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Automated testing ${code}`);
    await expect(card.locator(`img[src="${thumbnail}"]`)).toHaveCount(1);
    await card.getByRole('heading').getByRole('link').click();
    // The English title was left empty: the page shows the Vietnamese one.
    await expect(page.getByTestId('curriculum')).toContainText('Chào mừng');
  });

  test('on a phone, a new course sent without a title scrolls its title into view and focuses it', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    await page.goto('/dashboard/course/add-new');
    const editor = page.getByTestId('course-editor');
    const create = editor.getByRole('button', { name: 'Create course' });
    await create.scrollIntoViewIfNeeded();
    await expect(editor.getByLabel('Title (VI)')).not.toBeInViewport();
    await create.click();

    const title = editor.getByLabel('Title (VI)');
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toBeInViewport();
    await expect(editor.getByText('This field is required').first()).toBeInViewport();
  });

  test("a teacher cannot open another teacher's course in the editor", async ({ page, baseURL }) => {
    const demoCourse = (await (await page.request.get('/api/courses?search=rust')).json()) as {
      result: { items: { _id: string }[] };
    };
    const id = demoCourse.result.items[0]!._id;
    const teacher = newAccount('tch');
    await registerViaApi(page.request, teacher, 'Teacher');
    await signInViaApi(page.context(), baseURL!, teacher);
    await page.goto(`/dashboard/course/edit/${id}`);
    await expect(page.getByRole('alert')).toContainText('you may not edit it');
  });

  test('the demo teacher sees only their own courses', async ({ page, baseURL }) => {
    await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
    await page.goto('/dashboard/course');
    const rows = page.getByTestId('managed-courses').locator('li');
    // Nguyễn Minh Khoa teaches the three programming courses of the demo catalogue (Python, web, Rust), nothing else.
    await expect(rows).toHaveCount(3);
    for (const title of await rows.getByRole('link').filter({ hasText: /\S/ }).allTextContents())
      expect(title).toMatch(/Python|Full-stack|Rust/);
  });
});

test.describe('inboxes', () => {
  test('an admission message reaches the admin inbox, opens and is marked read', async ({ page, baseURL }) => {
    const name = `Người học ${Date.now()}`;
    const sent = await page.request.post('/api/contact/admissionMessage', {
      data: { name, email: 'learner@example.com', phone: '0901234567', courseName: 'Python' },
    });
    expect(((await sent.json()) as { ok: boolean }).ok).toBe(true);

    await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
    await page.goto('/dashboard/admission-message');
    await page.getByRole('searchbox', { name: /Search name/ }).fill(name);
    const message = page.getByRole('button', { name: new RegExp(name) });
    await expect(message).toBeVisible();
    await expect(message).toContainText('Unread');
    await message.click();
    await expect(page.getByRole('link', { name: 'learner@example.com' })).toBeVisible();
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  });
});
