/**
 * Every page a person can reach fits the screen it is shown on: on a 375 × 812 phone and a 1280 × 900 desktop, in
 * Vietnamese and English, the document is never wider than the viewport (nothing cut at the right edge, no sideways
 * panning), and the page logs no error. The public pages as a visitor, the account pages as the demo student, the
 * dashboard as the demo teacher and the administrator. Each page is opened once per language, on the phone, then
 * checked again at the desktop size; a screenshot of each is kept with the run's results.
 */
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { DEMO_STUDENT, DEMO_TEACHER, E2E_ADMIN, signInViaApi } from './identity-fixtures';
import { expect, test, waitForHydration } from './test';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const LANGUAGES = ['vi', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
type Role = 'visitor' | 'student' | 'teacher' | 'admin';

/** Ids of demo records the pages with an id in their path open (read through the API). */
interface DemoIds {
  course: string;
  mentor: string;
  post: string;
}

async function resultOf<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return ((await response.json()) as { result: T }).result;
}

async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const courses = await resultOf<{ items: { _id: string }[] }>(request, '/api/courses?pageSize=1');
  const mentors = await resultOf<{ userId: string }[]>(request, '/api/mentors');
  const posts = await resultOf<{ items: { _id: string }[] }>(request, '/api/posts?page=1&pageSize=1');
  return { course: courses.items[0]!._id, mentor: mentors[0]!.userId, post: posts.items[0]!._id };
}

/** The paths each role's run opens. */
function pathsOf(role: Role, ids: DemoIds): string[] {
  switch (role) {
    case 'visitor':
      return [
        '/',
        '/courselist',
        '/courses',
        `/course/details/${ids.course}`,
        '/categorylist',
        '/mentorlist',
        `/mentor/${ids.mentor}`,
        '/post-feed',
        '/popular-post',
        `/popular-post/page?id=${ids.post}`,
        '/informations',
        '/about',
        '/contact',
        '/terms',
        '/privacy',
        '/login',
        '/register',
        '/forgot-password',
        '/no-such-page',
      ];
    case 'student':
      return [
        '/profile',
        '/profile/enroll-lectures',
        '/profile/orders',
        '/profile/sessions',
        '/notification',
        '/cart',
        `/course/details/${ids.course}`,
      ];
    case 'teacher':
      return [
        '/profile',
        '/syllabus',
        '/dashboard',
        '/dashboard/course',
        '/dashboard/course/add-new',
        '/dashboard/syllabus',
        '/dashboard/subjects',
        '/dashboard/myschedule',
        '/dashboard/available',
        '/dashboard/class-register',
        '/dashboard/mentorship/add-plan',
        '/dashboard/mentorship/all-plan',
        '/dashboard/mentorship/booked-mentorship',
        '/dashboard/transection',
        '/dashboard/sales-report/course',
        '/dashboard/sales-report/mentorship',
        '/dashboard/payment',
        '/dashboard/payment-account',
        '/dashboard/payment/withholding',
        '/dashboard/ADMIN-profile',
      ];
    case 'admin':
      return [
        '/profile',
        '/dashboard',
        '/dashboard/user',
        '/dashboard/notification',
        '/dashboard/course',
        '/dashboard/category',
        '/dashboard/course-type',
        '/dashboard/banners',
        '/dashboard/post-feed',
        '/dashboard/contact-message',
        '/dashboard/admission-message',
        '/dashboard/syllabus',
        '/dashboard/syllabus/add',
        '/dashboard/subjects',
        '/dashboard/subjects/create',
        '/dashboard/ads-promo',
        '/dashboard/payment-method',
        '/dashboard/transection',
        '/dashboard/settings',
        '/dashboard/sales-report/course',
        '/dashboard/sales-report/mentorship',
        '/dashboard/payment',
        '/dashboard/payment-account',
        '/dashboard/payment-request',
        '/dashboard/withdraw-getway',
        '/dashboard/ADMIN-profile',
      ];
  }
}

const ACCOUNTS = { student: DEMO_STUDENT, teacher: DEMO_TEACHER, admin: E2E_ADMIN } as const;

/**
 * One browser context for the role's whole run: signed in once, in `language`, at the phone's size, its clock in
 * California: 14 or 15 hours behind Vietnam, so a date the server renders in the academy's zone and the browser
 * renders in the device's would differ (a hydration error) whatever the hour the test runs at.
 */
async function contextFor(browser: Browser, baseURL: string, role: Role, language: Language) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    locale: language === 'vi' ? 'vi-VN' : 'en-US',
    timezoneId: 'America/Los_Angeles',
  });
  await context.addCookies([{ name: 'academy.lang', value: language, url: baseURL }]);
  await context.addInitScript((lang) => localStorage.setItem('academy.lang', lang), language);
  if (role !== 'visitor') await signInViaApi(context, baseURL, ACCOUNTS[role]);
  return context;
}

/** The page has its data: no part is still loading (no spinner, no busy list). */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await waitForHydration(page);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('.animate-spin, [aria-busy="true"]')).toHaveCount(0);
}

async function widthOf(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The outermost elements reaching past the right edge, named by tag, test id or class (to say what to fix). */
async function widest(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll('*')].filter(
      // A positioned element escapes a scrolling box that is not its containing block (a screen reader's label).
      (element) =>
        element.getBoundingClientRect().right > edge + 1 &&
        (!clipped(element) || getComputedStyle(element).position === 'absolute'),
    );
    const outermost = past.filter((element) => !past.includes(element.parentElement as Element));
    return outermost.slice(0, 3).map((element) => {
      const id = element.getAttribute('data-testid');
      const classes = (element.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.');
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${classes ? `.${classes}` : ''} (${Math.round(element.getBoundingClientRect().right)} px)`;
    });
  });
}

function fileName(path: string, language: Language, size: { width: number }) {
  const name = path.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'home';
  return `${name}-${language}-${size.width}.png`;
}

async function sweep(browser: Browser, baseURL: string, role: Role, language: Language, testInfo: TestInfo) {
  const context = await contextFor(browser, baseURL, role, language);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  const ids = await demoIds(context.request);
  const tooWide: string[] = [];
  for (const path of pathsOf(role, ids)) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await settle(page);
    for (const size of [PHONE, DESKTOP]) {
      if (size !== PHONE) {
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise(requestAnimationFrame));
      }
      const width = await widthOf(page);
      await page.screenshot({ path: testInfo.outputPath(fileName(path, language, size)) });
      if (width > size.width) {
        tooWide.push(`${path} at ${size.width} px is ${width} px wide: ${(await widest(page)).join(', ')}`);
      }
    }
  }
  await context.close();
  expect.soft(tooWide, `pages wider than the screen (${role}, ${language})`).toEqual([]);
  expect(errors, `errors logged (${role}, ${language})`).toEqual([]);
}

test.describe('every page fits a phone and a desktop', () => {
  test.describe.configure({ timeout: 120_000 });
  for (const role of ['visitor', 'student', 'teacher', 'admin'] as const) {
    for (const language of LANGUAGES) {
      test(`${role}, ${language}`, async ({ browser, baseURL }, testInfo) => {
        await sweep(browser, baseURL!, role, language, testInfo);
      });
    }
  }
});
