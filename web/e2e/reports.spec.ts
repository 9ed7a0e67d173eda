/**
 * Sales reports: an administrator changes the grouping and range, the address keeps them, the table follows and
 * the series downloads as CSV for Excel; a teacher's report has no teacher or category rankings (their own only).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { DEMO_TEACHER, E2E_ADMIN, signInViaApi } from './identity-fixtures';

test('an administrator groups the course report by month, keeps it in the address and downloads it', async ({
  page,
  baseURL,
}) => {
  await signInViaApi(page.context(), baseURL!, E2E_ADMIN);
  await page.goto('/dashboard/sales-report/course');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Khóa học');
  await expect(page.getByTestId('report-figures')).toContainText('Doanh thu thuần');
  await expect(page.getByTestId('sales-chart').locator('canvas')).toHaveCount(1);

  await page.getByTestId('report-group').selectOption('month');
  await expect(page).toHaveURL(/group=month/);
  await expect(page.getByTestId('report-series').getByRole('columnheader').first()).toHaveText(/Tháng/);
  await page.reload();
  await expect(page.getByTestId('report-group')).toHaveValue('month');
  await expect(page.getByRole('heading', { name: 'Theo giảng viên' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('report-csv').click();
  const bytes = await readFile(await (await download).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('Tổng cộng');
});

test("a teacher's report is their own: no ranking by teacher or category", async ({ page, baseURL }) => {
  await signInViaApi(page.context(), baseURL!, DEMO_TEACHER);
  await page.goto('/dashboard/sales-report/course');
  await expect(page.getByTestId('report-figures')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Theo khóa học' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Theo giảng viên' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Theo danh mục' })).toHaveCount(0);
});
