import { expect, test } from './test';
import { newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
});

/** A tiny MP4 by its boxes: `ftyp` (isom), then an `mdat` of filler. The browser need not decode it. */
function tinyMp4(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]);
  const filler = Buffer.alloc(4096, 7);
  const mdat = Buffer.concat([
    Buffer.from([0, 0, (filler.length + 8) >> 8, (filler.length + 8) & 0xff]),
    Buffer.from('mdat'),
    filler,
  ]);
  return Buffer.concat([ftyp, mdat]);
}

test("a teacher uploads a lesson's video in the curriculum editor and the learning page plays it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const teacher = newAccount('vid');
  await registerViaApi(page.request, teacher, 'Teacher');
  await signInViaApi(page.context(), baseURL!, teacher);
  const code = teacher.username.slice(3);

  await page.goto('/instructor');
  await page.getByRole('link', { name: 'Add course' }).first().click();
  const editor = page.getByTestId('course-editor');
  await editor.getByLabel('Title (VI)').fill(`Video tải lên ${code}`);
  await editor.getByLabel('Category').selectOption({ label: 'Music' });
  await editor.getByLabel('Price', { exact: true }).fill('0');
  await editor.getByRole('button', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/dashboard\/course\/edit\/.+\?tab=curriculum$/);
  const courseId = new URL(page.url()).pathname.split('/').pop()!;

  await page.getByRole('button', { name: 'Add section' }).click();
  const curriculum = page.getByTestId('curriculum-editor');
  await curriculum.getByLabel('Section title (VI)').fill('Bắt đầu');
  await curriculum.getByLabel('Lesson 1 title (VI)').fill('Bài quay sẵn');
  await curriculum.getByLabel('Minutes').fill('1');
  // A lesson not saved yet has no video to upload for.
  await expect(curriculum.getByText('Save the curriculum first to upload a video for this lesson.')).toBeVisible();
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(page.getByText('Curriculum saved')).toBeVisible();

  // A file the shared rule refuses is never sent.
  const lesson = curriculum.getByRole('listitem', { name: 'Lesson 1' });
  await lesson
    .getByLabel('Upload video')
    .setInputFiles({ name: 'clip.mov', mimeType: 'video/quicktime', buffer: tinyMp4() });
  await expect(lesson.getByRole('alert')).toHaveText('Only MP4 or WebM videos are accepted.');

  await lesson
    .getByLabel('Upload video')
    .setInputFiles({ name: 'lesson.mp4', mimeType: 'video/mp4', buffer: tinyMp4() });
  await expect(lesson.getByRole('status')).toHaveText("Video uploaded: it is now this lesson's video.");
  // The video is read at a signed URL only; saving the curriculum keeps the video without its query.
  await expect(lesson.getByLabel('Video link')).toHaveValue(
    /^\/files\/public\/videos\/[0-9a-f]{32}\.mp4\?expires=\d+&sig=[0-9a-f]+$/,
  );
  const path = (await lesson.getByLabel('Video link').inputValue()).split('?')[0] ?? '';

  // Saving the curriculum again keeps it; the course is published and its learning page plays the file.
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(page.getByText('Curriculum saved').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Publishing' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('The course is published')).toBeVisible();

  await page.goto(`/profile/enroll-lectures?id=${courseId}`);
  const video = page.getByTestId('lesson-player').locator('video');
  await expect(video).toHaveAttribute('src', new RegExp(`^${path}\\?expires=\\d+&sig=`));
  const src = (await video.getAttribute('src')) ?? '';
  const served = await page.request.get(src, { headers: { Range: 'bytes=0-11' } });
  expect(served.status()).toBe(206);
  expect(served.headers()['content-type']).toBe('video/mp4');
  expect(served.headers()['cache-control']).toMatch(/^private, max-age=\d+$/);
  expect((await page.request.get(path)).status()).toBe(403);
});
