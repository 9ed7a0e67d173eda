import { expect, test } from './test';
import { DEMO_TEACHER, signInViaApi } from './identity-fixtures';

/** The demo's staff account (server/demo/README.md). */
const DEMO_STAFF = { username: 'staff01', password: 'Staff@2026' };

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
});

test('staff creates a syllabus with two subjects in order and views it', async ({ page, baseURL }) => {
  await signInViaApi(page.context(), baseURL!, DEMO_STAFF);
  const code = `SYL-E2E-${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/dashboard/syllabus');
  await expect(page.getByRole('heading', { name: 'Syllabuses' })).toBeVisible();
  await page.getByRole('link', { name: 'Add syllabus' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/syllabus\/add$/);

  const editor = page.getByTestId('syllabus-editor');
  // Nothing typed: the shared rule answers for every field at once, before anything is sent.
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('group', { name: 'Name' }).getByText('This field is required')).toBeVisible();
  await expect(editor.getByText('This field is required')).toHaveCount(2);

  await editor.getByLabel('Code').fill(code);
  await editor.getByLabel('Name (VI)').fill('Lộ trình kiểm thử tự động');
  await editor.getByLabel('Name (EN)').fill('Automated testing path');
  await editor.getByLabel('Length (weeks)').fill('16');
  await editor.getByLabel('Status').selectOption('published');
  const pick = editor.getByLabel('Choose a subject to add');
  for (const subject of ['WEB201', 'PY101']) {
    const value = await pick.locator('option', { hasText: subject }).getAttribute('value');
    await pick.selectOption(value);
    await editor.getByRole('button', { name: 'Add subject' }).click();
  }
  await expect(editor.getByTestId('syllabus-subjects').getByRole('listitem')).toHaveCount(2);
  await editor.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Created')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/syllabus\/view\/.+/);
  const view = page.getByTestId('syllabus-view');
  await expect(view.getByRole('heading', { name: 'Automated testing path' })).toBeVisible();
  await expect(view).toContainText(code);
  await expect(view).toContainText('16 weeks');
  await expect(view).toContainText('In use');
  const subjects = view.getByTestId('syllabus-subject-list').getByRole('listitem');
  await expect(subjects).toHaveCount(2);
  await expect(subjects.nth(0)).toContainText('WEB201');
  await expect(subjects.nth(1)).toContainText('PY101');

  await page.getByRole('link', { name: 'Back to syllabuses' }).click();
  await page.getByRole('searchbox', { name: /syllabus code/ }).fill('kiem thu tu dong');
  const rows = page.getByTestId('syllabuses').getByRole('row');
  await expect(rows).toHaveCount(2); // the header row and the new syllabus
  await expect(rows.nth(1)).toContainText('Automated testing path');
  await expect(rows.nth(1)).toContainText('2 subjects');
});

test('a teacher sees the subjects list, their own marked, and their syllabus read-only', async ({ page, baseURL }) => {
  await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);

  await page.goto('/dashboard/subjects');
  const list = page.getByTestId('subjects');
  await expect(list.getByRole('heading', { name: 'Subjects' })).toBeVisible();
  const own = list.getByRole('row').filter({ hasText: 'PY101' });
  await expect(own).toContainText('Yours');
  await expect(own.getByRole('link', { name: /^Edit / })).toBeVisible();
  const others = list.getByRole('row').filter({ hasText: 'DA101' });
  await expect(others).toBeVisible();
  await expect(others.getByRole('link', { name: /^Edit / })).toHaveCount(0);

  await page.goto('/syllabus');
  await expect(page.getByRole('link', { name: 'Add syllabus' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: 'SYL-WEB-2026' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/syllabus\/[^/]+$/);
  await expect(
    page.getByTestId('syllabus-view').getByTestId('syllabus-subject-list').getByRole('listitem'),
  ).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});
