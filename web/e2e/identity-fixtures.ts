/**
 * Settings the browser tests give the server (playwright.config.ts passes them as its environment) and the
 * helpers the identity specs share: accounts made through the API, a token secret known to the tests (so they can
 * mint a genuinely expired access token), the demo accounts, and a small PNG made on the fly.
 */
import { createHmac } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/** HS256 secret of the test server only (ACADEMY_TOKEN_SECRET); at least 32 bytes. */
export const E2E_TOKEN_SECRET = 'e2e-only-token-secret-0123456789abcdef';

/** Demo accounts the e2e server loads (server/demo/README.md, "Accounts"); admin01 is the only administrator. */
export const E2E_ADMIN = { username: 'admin01', password: 'Admin@2026' };
export const DEMO_STUDENT = { username: 'phanthiyen', password: 'Demo@2026' };
export const DEMO_TEACHER = { username: 'nguyenminhkhoa', password: 'Demo@2026' };

/** The API key the test server's bank feed (SePay's webhook) takes (ACADEMY_SEPAY_API_KEY). */
export const E2E_SEPAY_KEY = 'e2e-only-sepay-key-2026';

/**
 * The test server's settings. The browser tests of every feature register their own people from one address:
 * more than the 20 registrations a quarter of an hour an address gets by default.
 */
export const serverEnv = {
  ACADEMY_TOKEN_SECRET: E2E_TOKEN_SECRET,
  ACADEMY_SEPAY_API_KEY: E2E_SEPAY_KEY,
  ACADEMY_RATE_LIMITS: 'registration=500/900',
};

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh account (username ≥ 6 characters, a password of score 5). */
export function newAccount(prefix = 'e2e'): Account {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { username: `${prefix}${id}`, email: `${prefix}${id}@academy.test`, password: 'Hoc#Tap2025' };
}

/** POST /users with the registration payload. */
export async function registerViaApi(
  request: APIRequestContext,
  account: Account,
  role: 'Student' | 'Teacher' = 'Student',
) {
  const response = await request.post('/users', {
    data: {
      firstName: '',
      lastName: '',
      username: account.username,
      email: account.email,
      password: account.password,
      phoneNumber: '',
      address: '',
      dob: null,
      roleName: role,
      loginType: '',
    },
  });
  if (!response.ok()) throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
}

/** POST /auth/token, then the two cookies the app keeps, as the login page would. */
export async function signInViaApi(
  context: BrowserContext,
  baseURL: string,
  account: { username: string; password: string },
) {
  const response = await context.request.post('/auth/token', {
    data: { username: account.username, password: account.password },
  });
  const body = (await response.json()) as { code: number; result: { token: string; refreshToken?: string } };
  if (body.code !== 1000) throw new Error(`login failed: ${JSON.stringify(body)}`);
  await context.addCookies([
    { name: 'access-token', value: body.result.token, url: baseURL, sameSite: 'Lax' },
    { name: 'current-token', value: body.result.refreshToken ?? body.result.token, url: baseURL, sameSite: 'Lax' },
  ]);
  return body.result;
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The same access token with `exp` in the past, signed again with the test server's secret: expired, not forged. */
export function expire(token: string): string {
  const [header, payload] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const body = base64url(JSON.stringify({ ...claims, iat: now - 3600, exp: now - 1800 }));
  const signature = createHmac('sha256', E2E_TOKEN_SECRET).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `size`×`size` PNG of one colour (8-bit RGB), built byte by byte. */
export function makePng(size = 16, rgb: [number, number, number] = [13, 148, 136]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
