import { expect, test, type APIRequestContext } from './test';
import { E2E_SEPAY_KEY, newAccount, registerViaApi, signInViaApi } from './identity-fixtures';

/** A paid demo course (VND) and a free one. */
const PAID_COURSE = 'lap-trinh-rust-backend-hieu-nang-cao';
const FREE_COURSE = 'chup-anh-dep-bang-dien-thoai';

interface PublicCourse {
  _id: string;
  title: string;
  price: number;
  currentPrice: number;
}

async function course(request: APIRequestContext, slug: string): Promise<PublicCourse> {
  const response = await request.get(`/api/courses/${slug}`);
  return ((await response.json()) as { result: PublicCourse }).result;
}

/** What the bank feed sends when `amount` đồng arrive with `note` as the transfer's text. */
function bankTransaction(note: string, amount: number) {
  return {
    id: Date.now() * 1000 + Math.floor(Math.random() * 1000),
    gateway: 'Vietcombank',
    transactionDate: '2026-11-24 10:15:00',
    accountNumber: '1027493651',
    code: null,
    content: `${note} chuyen tien hoc`,
    transferType: 'in',
    transferAmount: amount,
    accumulated: 0,
    subAccount: null,
    referenceCode: 'FT' + Date.now(),
    description: `BankAPINotify ${note}`,
  };
}

test.describe('commerce', () => {
  test('a student adds a course, checks out with VietQR, and the page moves on once the transfer lands', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const account = newAccount('buyer');
    await registerViaApi(request, account);
    await signInViaApi(page.context(), baseURL!, account);
    const paid = await course(request, PAID_COURSE);
    const price = paid.currentPrice;

    // Add to cart on the course page; the header's dropdown shows it.
    await page.goto(`/course/details/${PAID_COURSE}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('go-to-cart')).toBeVisible();
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');
    // The "added" toast leaves the header's controls free: it shows at the bottom, under none of them.
    await expect(page.locator('[data-sonner-toast]')).toBeVisible();
    const toastBox = await page.locator('[data-sonner-toast]').boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    expect(toastBox && headerBox && toastBox.y > headerBox.y + headerBox.height).toBe(true);
    await page.getByTestId('cart-count').first().hover();
    const dropdown = page.getByTestId('cart-dropdown');
    await expect(dropdown).toContainText(paid.title);
    await dropdown.getByRole('link', { name: 'Thanh toán' }).click();

    // Checkout: VietQR is the default method; a double click makes one order.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('order-summary')).toContainText(paid.title);
    await page.getByTestId('place-order').dblclick();
    await expect(page).toHaveURL(/\/checkout\?order=/);
    const panel = page.getByTestId('vietqr-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('img')).toBeVisible();
    await expect(page.getByTestId('vietqr-countdown')).toContainText(/\d\d:\d\d/);
    const note = (await page.getByTestId('vietqr-note').locator('dd').first().textContent())!.trim();
    expect(note).toMatch(/^[A-Z0-9 ]{1,25}$/);

    // The bank reports the transfer; the page notices by itself and goes on to the course.
    const answer = await request.post('/api/payments/sepay/webhook', {
      headers: { Authorization: `Apikey ${E2E_SEPAY_KEY}` },
      data: bankTransaction(note, price),
    });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ success: true });
    await expect(page).toHaveURL(new RegExp(`/profile/enroll-lectures\\?id=${paid._id}`), { timeout: 20_000 });

    // One order only, paid; the course is among the enrolled ones; the cart is empty.
    await page.goto('/profile/orders');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-row')).toContainText('Đã thanh toán');
    await page.goto('/profile');
    await expect(page.getByTestId('enrolled-course').filter({ hasText: paid.title })).toBeVisible();
    await expect(page.getByTestId('cart-count').first()).toHaveText('0');
  });

  test('a free course is one click away', async ({ page, baseURL, request }) => {
    const account = newAccount('free');
    await registerViaApi(request, account);
    await signInViaApi(page.context(), baseURL!, account);
    const free = await course(request, FREE_COURSE);

    await page.goto(`/course/details/${FREE_COURSE}`);
    await page.getByTestId('enroll-free').click();
    await expect(page).toHaveURL(new RegExp(`/profile/enroll-lectures\\?id=${free._id}`));
    await page.goto(`/course/details/${FREE_COURSE}`);
    await expect(page.getByTestId('go-to-learning')).toBeVisible();
  });

  test("a visitor's cart stays in the browser and joins the account at sign-in", async ({ page, baseURL, request }) => {
    const paid = await course(request, PAID_COURSE);
    await page.goto(`/course/details/${PAID_COURSE}`);
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');

    const account = newAccount('guest');
    await registerViaApi(request, account);
    await signInViaApi(page.context(), baseURL!, account);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByTestId('cart-item')).toContainText(paid.title);
    expect(await page.evaluate(() => localStorage.getItem('academy.cart'))).toBeNull();
  });
});
