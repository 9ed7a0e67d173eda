// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, startTestServer, stubCookies } from '@/testing/http-server';
import { configureApiClient } from './api-client';
import { resolveSession, signIn, signOut } from './auth';

const me = { firstName: 'Lan', lastName: 'Trần', email: 'lan@example.com', avatar: null, roleName: 'STUDENT' };
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
  configureApiClient({ baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.seen.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const urls = () => server.state.seen.map((r) => `${r.method} ${r.url}`);

describe('auth state on startup', () => {
  it('without an access-token cookie the visitor is signed out and nothing is asked', async () => {
    stubCookies({});
    expect(await resolveSession()).toBeNull();
    expect(urls()).toEqual([]);
  });

  it('a valid token is introspected, then the user info is fetched', async () => {
    stubCookies({ 'access-token': 't1' });
    server.state.handler = (req, body, res) => {
      if (req.url === '/auth/introspect') {
        expect(JSON.parse(body)).toEqual({ token: 't1' });
        return json(res, 200, { code: 1000, result: { valid: true } });
      }
      if (req.url === '/users/my-info') return json(res, 200, { code: 1000, result: me });
      json(res, 404, { code: 1004 });
    };
    expect(await resolveSession()).toEqual(me);
    expect(urls()).toEqual(['POST /auth/introspect', 'GET /users/my-info']);
  });

  it('an invalid token is refreshed, then the user info is fetched with the new token', async () => {
    const jar = stubCookies({ 'access-token': 'old', 'current-token': 'old' });
    server.state.handler = (req, _body, res) => {
      if (req.url === '/auth/introspect') return json(res, 200, { code: 1000, result: { valid: false } });
      if (req.url === '/auth/refresh') return json(res, 200, { code: 1000, result: { token: 'fresh' } });
      if (req.url === '/users/my-info' && req.headers.authorization === 'Bearer fresh') {
        return json(res, 200, { code: 1000, result: me });
      }
      json(res, 401, { code: 1002 });
    };
    expect(await resolveSession()).toEqual(me);
    expect(urls()).toEqual(['POST /auth/introspect', 'POST /auth/refresh', 'GET /users/my-info']);
    expect(jar.get('access-token')).toBe('fresh');
  });

  it('an invalid token that cannot be refreshed leaves the visitor signed out without the token', async () => {
    const jar = stubCookies({ 'access-token': 'old' });
    server.state.handler = (_req, _body, res) => json(res, 200, { code: 1000, result: { valid: false } });
    expect(await resolveSession()).toBeNull();
    expect(urls()).toEqual(['POST /auth/introspect']);
    expect(jar.has('access-token')).toBe(false);
  });
});

describe('sign in and out', () => {
  it('a 1000 code with a token stores the token and fetches the user', async () => {
    const jar = stubCookies({});
    server.state.handler = (req, body, res) => {
      if (req.url === '/auth/token') {
        expect(JSON.parse(body)).toEqual({ username: 'lantran', password: 'Secret#2025' });
        return json(res, 200, { code: 1000, result: { token: 'tok' } });
      }
      return json(res, 200, { code: 1000, result: me });
    };
    expect(await signIn('lantran', 'Secret#2025')).toEqual(me);
    expect(jar.get('access-token')).toBe('tok');
    expect(jar.get('current-token')).toBe('tok');
  });

  it('a failure carries the server result.message and stores nothing', async () => {
    const jar = stubCookies({});
    server.state.handler = (_req, _body, res) =>
      json(res, 401, {
        code: 1002,
        message: 'Unauthenticated',
        result: { message: 'Sai tên đăng nhập hoặc mật khẩu' },
      });
    await expect(signIn('lantran', 'wrong')).rejects.toMatchObject({ message: 'Sai tên đăng nhập hoặc mật khẩu' });
    expect(jar.size).toBe(0);
    expect(urls()).toEqual(['POST /auth/token']);
  });

  it('a success code without a token is not a success', async () => {
    stubCookies({});
    server.state.handler = (_req, _body, res) => json(res, 200, { code: 1000, result: {} });
    await expect(signIn('lantran', 'x')).rejects.toMatchObject({ kind: 'envelope' });
  });

  it('stores the refresh token the login returns in current-token', async () => {
    const jar = stubCookies({});
    server.state.handler = (req, _body, res) =>
      req.url === '/auth/token'
        ? json(res, 200, { code: 1000, result: { token: 'access', refreshToken: 'refresh' } })
        : json(res, 200, { code: 1000, result: me });
    await signIn('lantran', 'Secret#2025');
    expect(jar.get('access-token')).toBe('access');
    expect(jar.get('current-token')).toBe('refresh');
  });

  it('logout sends the token (and the refresh token) to /auth/logout', async () => {
    const jar = stubCookies({ 'access-token': 'access', 'current-token': 'refresh' });
    server.state.handler = (_req, body, res) => {
      expect(JSON.parse(body)).toEqual({ token: 'access', refreshToken: 'refresh' });
      json(res, 200, { code: 1000, result: null });
    };
    expect(await signOut()).toBe(true);
    expect(jar.size).toBe(0);
  });

  it.each(['/api/logout', '/api/logout/'] as const)(
    'the %s variant posts with the bearer token only',
    async (endpoint) => {
      const jar = stubCookies({ 'access-token': 'access', 'current-token': 'refresh' });
      server.state.handler = (req, body, res) => {
        expect(req.headers.authorization).toBe('Bearer access');
        expect(body).toBe('');
        json(res, 200, { code: 1000, result: null });
      };
      expect(await signOut(endpoint)).toBe(true);
      expect(urls()).toEqual([`POST ${endpoint}`]);
      expect(jar.size).toBe(0);
    },
  );

  it('logout tells the server, then deletes the token cookies even when the call fails', async () => {
    const jar = stubCookies({ 'access-token': 'tok', 'current-token': 'tok' });
    server.state.handler = (_req, _body, res) => json(res, 500, { code: 9999 });
    await signOut();
    expect(urls()).toEqual(['POST /auth/logout']);
    expect(jar.size).toBe(0);
  });
});
