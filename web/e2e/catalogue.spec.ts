import { DEMO_TEACHER } from './identity-fixtures';
import { expect, test, type Locator, type Page } from './test';

/** the home page's sections, in order of appearance. */
const HOME_SECTIONS = [
  'hero',
  'instructor-call',
  'promo',
  'about',
  'popular',
  'bestSelling',
  'bestRated',
  'topPopular',
  'free',
  'categories',
  'why',
  'instructors',
  'stats',
  'testimonials',
  'admission',
  'newsletter',
  'blog',
];

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('academy.lang', 'en'));
}

test.describe('home page', () => {
  test('shows every section in order, with the catalogue data', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByTestId('popular-grid').getByTestId('course-card')).toHaveCount(8);
    const order = await page
      .locator('[data-section]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')));
    expect(order).toEqual(HOME_SECTIONS);

    for (const key of ['bestSelling', 'bestRated', 'topPopular', 'free']) {
      await expect(page.getByTestId(`carousel-${key}`).getByTestId('course-card').first()).toBeVisible();
    }
    await expect(page.getByTestId('category-grid').getByRole('link')).toHaveCount(10);
    await expect(page.getByTestId('category-skeleton')).toHaveCount(0);
    await expect(page.getByTestId('carousel-instructors').getByTestId('instructor-card')).toHaveCount(8);
    await expect(page.locator('[data-section="testimonials"] figure')).toHaveCount(4);
    await expect(page.getByTestId('blog-card')).toHaveCount(3);
    await expect(page.getByTestId('blog-card').first()).toContainText('Bình luận (06)');
    await expect(
      page
        .getByTestId('blog-card')
        .first()
        .getByRole('link', { name: /Đọc thêm/ }),
    ).toHaveAttribute('href', /\/popular-post\/page\?id=/);
    await expect(page.getByTestId('site-footer').getByTestId('footer-recent-posts').locator('li')).toHaveCount(2);
    expect(problems).toEqual([]);
  });

  test("a course card shows the price in đồng, the course's own figures and links to its page", async ({ page }) => {
    await page.goto('/');
    const card = page
      .getByTestId('popular-grid')
      .getByTestId('course-card')
      .filter({ has: page.locator('del') })
      .first();
    await expect(card.getByTestId('course-price')).toContainText(/\d{1,3}(\.\d{3})+ ₫/);
    const href = (await card.getByRole('link', { name: /^Đăng ký/ }).getAttribute('href')) ?? '';
    const id = href.split('/').pop() ?? '';
    const course = (
      (await (await page.request.get(`/api/courses/${id}`)).json()) as {
        result: { category: { categoryName: string }; lessonCount: number; ratingAverage: number; ratingCount: number };
      }
    ).result;
    await expect(card).toContainText(course.category.categoryName);
    await expect(card).toContainText(`${course.lessonCount} bài học`);
    await expect(card.getByTestId('rating-label')).toHaveText(
      course.ratingCount > 0
        ? `${course.ratingAverage.toFixed(1)} (${course.ratingCount.toLocaleString('vi-VN')})`
        : 'Chưa có đánh giá',
    );
    for (const madeUp of ['5.3k', 'Bài học 10', '10:30m', '20+ học viên', 'Digital Marketing']) {
      await expect(card).not.toContainText(madeUp);
    }
    await card.getByRole('link', { name: /^Đăng ký/ }).click();
    await expect(page).toHaveURL(/\/course\/details\//);
    await expect(page.getByTestId('curriculum')).toBeVisible();
  });

  test('a carousel pauses while hovered and moves again after the pointer leaves', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByTestId('carousel-bestRated');
    await carousel.scrollIntoViewIfNeeded();
    const start = await carousel.getAttribute('data-selected');
    await expect(carousel).not.toHaveAttribute('data-selected', start ?? '0', { timeout: 5_000 }); // autoplay runs

    await carousel.hover();
    const held = await carousel.getAttribute('data-selected');
    await page.waitForTimeout(2_600);
    await expect(carousel).toHaveAttribute('data-selected', held ?? '');

    await page.mouse.move(5, 5);
    await expect(carousel).not.toHaveAttribute('data-selected', held ?? '', { timeout: 4_000 });
  });

  test('the promo video opens full screen and "Close video" closes it', async ({ page }) => {
    await english(page);
    await page.goto('/');
    await expect(page.getByText('40% off for the first 100 customers')).toBeVisible();
    await page.getByRole('button', { name: 'Play the introduction video' }).click();
    const dialog = page.getByTestId('video-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /youtube\.com\/embed\/.*autoplay=1/);
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the admission form sends, shows "Message sent successfully" and clears itself', async ({ page }) => {
    await english(page);
    await page.goto('/');
    const form = page.getByTestId('admission-form');
    await form.getByLabel('Name', { exact: true }).fill('Nguyễn Văn An');
    await form.getByLabel('Email').fill('an.nguyen@example.com');
    await form.getByLabel('Phone').fill('0901234567');
    await form.getByLabel('Course name').fill('Lập trình Python');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
  });

  test('a rejected admission message shows "Failed to send message: …"', async ({ page }) => {
    await english(page);
    await page.goto('/');
    const form = page.getByTestId('admission-form');
    await form.getByLabel('Name', { exact: true }).fill('An');
    await form.getByLabel('Email').fill('an@example.com');
    await form.getByLabel('Phone').fill('abc');
    await form.getByLabel('Course name').fill('Python');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(/^Failed to send message: .+/)).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('An');
  });

  test('the countdown starts at 120 days and ticks', async ({ page }) => {
    const start = new Date('2026-11-22T08:00:00Z');
    // Date.now() stands still while the page's timers keep running: the countdown shows exactly what the clock says.
    await page.clock.setFixedTime(start);
    await page.goto('/');
    const timer = page.getByTestId('countdown');
    // Below the first screen: it ticks once the app has taken it over, as it comes near.
    await timer.scrollIntoViewIfNeeded();
    await expect(timer.locator('[data-unit="days"]')).toHaveText('120');
    await expect(timer.locator('[data-unit="seconds"]')).toHaveText('10');
    await page.clock.setFixedTime(new Date(start.getTime() + 3_000));
    await expect(timer.locator('[data-unit="seconds"]')).toHaveText('07');
  });

  test('the newsletter confirms a subscription, also a second one', async ({ page }) => {
    await english(page);
    await page.goto('/');
    const form = page.getByTestId('newsletter-form');
    for (let i = 0; i < 2; i++) {
      await form.getByLabel('E-mail address').fill('reader@example.com');
      await form.getByRole('button', { name: 'Subscribe Now' }).click();
      await expect(page.getByText('Thank you! reader@example.com is subscribed.')).toBeVisible();
    }
  });
});

test.describe('course search and browsing', () => {
  test('the course list shows its first view from the page itself, in the language of the visitor', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    const listRequests = () => asked.filter((url) => /^\/api\/(courses|categories)\b/.test(url));
    const cards = page.getByTestId('course-results').getByTestId('course-card');

    await page.goto('/courselist');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('category-filter').getByRole('button').nth(1)).toBeVisible();
    expect(listRequests()).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

    // English chosen in another tab: this page asks in English (its first view is Vietnamese) and tells the
    // server, whose next page comes with an English first view.
    await page.evaluate(() => localStorage.setItem('academy.lang', 'en'));
    await page.reload();
    await expect(page.getByTestId('result-count')).toContainText('course');
    asked.length = 0;
    await page.goto('/courselist?sort=newest');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText('course');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(listRequests()).toEqual([]);
  });

  test('on a phone, what lies below the first screen is rendered as it comes near, in place', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // `checkVisibility({ contentVisibilityAuto: true })` is false for what the browser skips rendering.
    const rendered = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
    await page.goto('/');
    expect(await rendered('[data-section="hero"] h1')).toBe(true);
    // The browser decides in the page's first frames: polled.
    await expect.poll(() => rendered('[data-testid="blog-card"]')).toBe(false);
    await expect.poll(() => rendered('[data-testid="site-footer"] a')).toBe(false);
    await expect(page.getByTestId('blog-card')).toHaveCount(3); // in the page, for search and screen readers

    await page.getByTestId('blog-card').first().scrollIntoViewIfNeeded();
    await expect(page.getByTestId('blog-card').first()).toBeInViewport();
    expect(await rendered('[data-testid="blog-card"]')).toBe(true);

    await page.goto('/courselist');
    const cards = page.getByTestId('course-results').getByTestId('course-card');
    expect(await cards.first().evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await expect
      .poll(() => cards.last().evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true })))
      .toBe(false);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toBeInViewport();
  });

  test('on a phone, the app takes over the parts below the first screen as they come near, keeping their HTML', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    // Every server-rendered part the app would throw away and draw again is recorded.
    await page.addInitScript(() => {
      const removed: string[] = ((window as unknown as { removedParts: string[] }).removedParts = []);
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => Array.from(record.removedNodes))) {
          if (node instanceof HTMLElement && (node.dataset.section || node.dataset.courseItem || node.dataset.testid))
            removed.push(node.dataset.section ?? node.dataset.courseItem ?? node.dataset.testid ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // Whether React has taken the element over (it keeps its fiber on the DOM node it hydrated).
    const live = (target: string | Locator) =>
      (typeof target === 'string' ? page.locator(target) : target)
        .first()
        .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

    await page.goto('/');
    await expect.poll(() => live('[data-section="hero"]')).toBe(true);
    await expect.poll(() => live('[data-testid="site-footer"] a')).toBe(false);
    expect(await live('[data-section="blog"]')).toBe(false);
    expect(await live('[data-section="testimonials"]')).toBe(false);

    await page.locator('[data-section="blog"]').scrollIntoViewIfNeeded();
    await expect.poll(() => live('[data-section="blog"]')).toBe(true);
    await expect.poll(() => live('[data-testid="site-footer"] a')).toBe(true);
    // The newsletter's form, whose validation is the app's once it is live.
    await page.locator('[data-section="newsletter"]').scrollIntoViewIfNeeded();
    await expect.poll(() => live('[data-section="newsletter"] form')).toBe(true);

    // A page opened afresh starts at its top, though the tab's last page was left scrolled to its end.
    await page.goto('/courselist');
    const cards = page.locator('[data-course-item]');
    await expect.poll(() => live('[data-course-item]')).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await live(cards.last())).toBe(false);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => live(cards.last())).toBe(true);
    // The card's link, now the app's, navigates to the course.
    await cards.last().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/course\/details\//);

    expect(await page.evaluate(() => (window as unknown as { removedParts: string[] }).removedParts)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("a visitor's public pages arrive as HTML and come alive without a mismatch", async ({ browser, page }) => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const withoutScripts = await plain.newPage();
    await withoutScripts.goto('/courselist');
    await expect(withoutScripts.getByTestId('course-results').getByTestId('course-card')).toHaveCount(12);
    await expect(withoutScripts.getByRole('link', { name: 'Đăng nhập' }).first()).toBeVisible();
    await withoutScripts.goto('/mentorlist');
    await expect(withoutScripts.getByTestId('mentor-list').getByRole('link').first()).toBeVisible();
    await withoutScripts.goto('/');
    await expect(withoutScripts.getByRole('heading', { level: 1 })).toBeVisible();
    await plain.close();

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/courselist');
    // Once React has taken the page over, its buttons work: a category filters the list.
    const category = page.getByTestId('category-filter').getByRole('button').nth(1);
    await expect(async () => {
      await category.click();
      await expect(page).toHaveURL(/category=/, { timeout: 500 });
    }).toPass();
    await expect(page.getByTestId('course-results').getByTestId('course-card').first()).toBeVisible();
    for (const path of ['/', '/mentorlist']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    expect(errors).toEqual([]);
  });

  test('the header search finds "Lập trình…" courses from "lap trinh"', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox').first();
    await search.fill('lap trinh');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/courselist\?search=lap(%20|\+)trinh$/);
    const results = page.getByTestId('course-results').getByTestId('course-card');
    await expect(results.first()).toBeVisible();
    const titles = await results.getByRole('heading').allTextContents();
    // The demo's three "Lập trình …" courses; the search also reads category names, so courses other tests add
    // to the programming category may join them.
    expect(titles.filter((title) => title.startsWith('Lập trình'))).toHaveLength(3);
    await expect(page.getByTestId('result-count')).toContainText(String(titles.length));
  });

  test('a category filters the list and an unknown search shows the empty state', async ({ page }) => {
    await page.goto('/courselist');
    const filter = page.getByTestId('category-filter');
    const first = filter.getByRole('button').nth(1);
    const count = Number(await first.locator('span').last().textContent());
    await first.click();
    await expect(page).toHaveURL(/category=/);
    await expect(page.getByTestId('course-results').getByTestId('course-card')).toHaveCount(count);

    await page.goto('/courselist?search=zzzz-khong-co');
    await expect(page.getByText('Không tìm thấy khóa học nào')).toBeVisible();
  });

  test('the price filter lists paid courses only, then free ones only', async ({ page }) => {
    await english(page);
    await page.goto('/courselist');
    const filter = page.getByRole('group', { name: 'Price' });
    const prices = page.getByTestId('course-results').getByTestId('course-price');

    await filter.getByRole('button', { name: 'Paid' }).click();
    await expect(page).toHaveURL(/price=paid/);
    await expect(prices.first()).toBeVisible();
    expect(await prices.allTextContents()).not.toContainEqual(expect.stringContaining('Free'));

    await filter.getByRole('button', { name: 'Free' }).click();
    await expect(page).toHaveURL(/price=free/);
    await expect(prices.first()).toBeVisible();
    const free = await prices.allTextContents();
    expect(free.every((text) => text.startsWith('Free'))).toBe(true);
  });

  test('a course page plays a free preview lesson in a dialog', async ({ page }) => {
    await english(page);
    await page.goto('/courselist?search=python');
    await page.getByTestId('course-card').first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByTestId('curriculum').getByTestId('play-lesson').first().click();
    const dialog = page.getByTestId('video-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Log in to enroll' })).toHaveAttribute('href', /\/login\?redirect=/);
  });
});

test('a large course page shows its whole curriculum, the later sections fetched as it opens', async ({ page }) => {
  await english(page);
  const login = await page.request.post('/auth/token', { data: DEMO_TEACHER });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const headers = { Authorization: `Bearer ${token}` };
  const categories = (await (await page.request.get('/api/categories')).json()) as { result: { id: string }[] };
  const title = `Large course ${Date.now()}`;
  const created = await page.request.post('/api/dashboard/courses', {
    headers,
    data: { title: { vi: title, en: title }, price: 0, categoryId: categories.result[0]?.id },
  });
  const id = ((await created.json()) as { result: { _id: string } }).result._id;
  const sections = Array.from({ length: 5 }, (_, s) => ({
    title: { vi: `Chương ${s}`, en: `Part ${s}` },
    lessons: Array.from({ length: 30 }, (_, l) => ({
      title: { vi: `Bài ${s}.${l}`, en: `Lesson ${s}.${l}` },
      durationSeconds: 60,
    })),
  }));
  const saved = await page.request.put(`/api/dashboard/courses/${id}/curriculum`, { headers, data: { sections } });
  expect(saved.status()).toBe(200);
  const published = await page.request.put(`/api/dashboard/courses/${id}/status`, {
    headers,
    data: { status: 'published' },
  });
  expect(published.status()).toBe(200);

  const more = page.waitForResponse((r) => r.url().includes(`/api/courses/${id}/sections?from=3`));
  await page.goto(`/course/details/${id}`);
  expect((await more).status()).toBe(200);
  const curriculum = page.getByTestId('curriculum');
  await expect(page.getByText('5 sections · 150 lessons · 2 h 30 min')).toBeVisible();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(curriculum.getByText('Lesson 0.0', { exact: true })).toBeVisible();
  await expect(curriculum.getByText('Lesson 4.29', { exact: true })).toBeVisible();
  await expect(curriculum.locator('li li')).toHaveCount(150);
});

test.describe('public pages', () => {
  test('mentor list, both mentor URL shapes and a post', async ({ page }) => {
    await page.goto('/mentorlist');
    const cards = page.getByTestId('mentor-list').getByRole('link');
    await expect(cards).toHaveCount(8);
    await page.getByRole('searchbox', { name: 'Tìm cố vấn' }).fill('thiet ke');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThan(8);
    const href = await cards.first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByTestId('mentor-plans').locator('li').first()).toBeVisible();
    const id = href!.split('/').pop()!;
    await page.goto(`/mentor?id=${id}`);
    await expect(page.getByTestId('mentor-profile')).toBeVisible();

    await page.goto('/popular-post');
    await page.getByTestId('featured-post').click();
    await expect(page).toHaveURL(/\/popular-post\/page\?id=/);
    await expect(page.getByTestId('post-content').locator('h2').first()).toBeVisible();
  });

  test('each information page has its title and description in the active language', async ({ page }) => {
    await english(page);
    const pages: [string, string][] = [
      ['/about', 'About us | Academy'],
      ['/contact', 'Contact | Academy'],
      ['/informations', 'Information | Academy'],
      ['/terms', 'Terms of service | Academy'],
      ['/privacy', 'Privacy policy | Academy'],
      ['/categorylist', 'All categories | Academy'],
      ['/post-feed', 'Community | Academy'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the contact form sends a message', async ({ page }) => {
    await english(page);
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name', { exact: true }).fill('Trần Bình');
    await form.getByLabel('E-mail').fill('binh@example.com');
    await form.getByLabel('Message').fill('Tôi muốn hỏi về lịch khai giảng khóa Python.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('');
  });
});
