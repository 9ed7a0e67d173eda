// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  startTestServer,
  stubCookies as setCookies,
  type Handler,
  type SeenRequest,
} from '@/testing/http-server';
import { ApiError, api, configureApiClient, request } from './api-client';

let server: Awaited<ReturnType<typeof startTestServer>>;
let seen: SeenRequest[];
/** The handler of the running test server. */
let handler: Handler;

beforeAll(async () => {
  server = await startTestServer();
  server.state.handler = (req, body, res) => handler(req, body, res);
  seen = server.state.seen;
  configureApiClient({ baseUrl: server.url });
});

afterAll(() => server.close());

beforeEach(() => {
  seen.length = 0;
  setCookies({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with Accept-Language, credentials and the bearer token from the access-token cookie', async () => {
    setCookies({ 'access-token': 'abc.def' });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    handler = (_req, _body, res) => json(res, 200, { code: 1000, result: { ok: true } });

    const envelope = await api.post<{ ok: boolean }>('/api/things', { name: 'Lập trình' });

    expect(envelope.result).toEqual({ ok: true });
    const [request] = seen;
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['accept-language']).toBe('vi');
    expect(request?.headers.authorization).toBe('Bearer abc.def');
    expect(request?.headers['x-public-route']).toBeUndefined();
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Lập trình' });
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('sends no Authorization header without the cookie, and x-public-route when asked', async () => {
    handler = (_req, _body, res) => json(res, 200, { code: 1000, result: null });
    await api.get('/api/public', { publicRoute: true });
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['x-public-route']).toBe('true');
  });

  it('gives up after the timeout with the text of the HTTP layer', async () => {
    handler = () => {
      /* never answers */
    };
    const error = await api.get('/slow', { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect((error as ApiError).message).toBe('timeout of 50ms exceeded');
  });

  it('uses a 10,000 ms timeout by default', async () => {
    const { REQUEST_TIMEOUT_MS } = await import('./api-client');
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('turns an error envelope into an ApiError with status, code, message and fields', async () => {
    handler = (_req, _body, res) =>
      json(res, 422, {
        code: 1006,
        message: 'Unprocessable',
        result: { message: 'Check the input data', fields: { email: 'Please enter a valid email' } },
      });
    const error = (await api.put('/users/1', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'bad-request',
      status: 422,
      code: 1006,
      message: 'Check the input data',
      fields: { email: 'Please enter a valid email' },
    });
  });

  it('rejects a 2xx envelope whose code is not 1000', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, { code: 1002, message: 'Bad credentials', result: { message: 'Wrong password' } });
    const error = (await api.post('/api/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'envelope', status: 200, code: 1002, message: 'Wrong password' });
  });

  it('reports a 5xx as a bad response and an unreachable server as a network error', async () => {
    handler = (_req, _body, res) => json(res, 500, { code: 9999, message: 'Internal error' });
    await expect(api.get('/boom')).rejects.toMatchObject({ kind: 'bad-response', status: 500, code: 9999 });
    await expect(request('http://127.0.0.1:1/nothing')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('sends a FormData body as multipart, without a JSON content type', async () => {
    handler = (_req, _body, res) => json(res, 200, { status: 200, message: 'ok' });
    const form = new FormData();
    form.append('markAllRead', 'true');
    await request('/api/notification/update', { method: 'POST', body: form });
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="markAllRead"');
  });
});

describe('401 handling', () => {
  it('refreshes once for concurrent requests and replays each with the new token', async () => {
    const jar = setCookies({ 'access-token': 'old', 'current-token': 'old' });
    handler = (req, body, res) => {
      if (req.url === '/auth/refresh') {
        expect(JSON.parse(body)).toEqual({ token: 'old' });
        return json(res, 200, { code: 1000, result: { token: 'new' } });
      }
      if (req.headers.authorization === 'Bearer new') return json(res, 200, { code: 1000, result: req.url });
      return json(res, 401, { code: 1002, message: 'Unauthenticated' });
    };

    const results = await Promise.all([api.get<string>('/a'), api.get<string>('/b'), api.get<string>('/c')]);

    expect(results.map((r) => r.result)).toEqual(['/a', '/b', '/c']);
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
    expect(jar.get('access-token')).toBe('new');
  });

  it('stores the rotated refresh token the refresh returns in current-token', async () => {
    const jar = setCookies({ 'access-token': 'old', 'current-token': 'refresh-1' });
    handler = (req, body, res) => {
      if (req.url === '/auth/refresh') {
        expect(JSON.parse(body)).toEqual({ token: 'refresh-1' });
        return json(res, 200, { code: 1000, result: { token: 'access-2', refreshToken: 'refresh-2' } });
      }
      if (req.headers.authorization === 'Bearer access-2') return json(res, 200, { code: 1000, result: 'ok' });
      return json(res, 401, { code: 1002, message: 'Unauthenticated' });
    };
    expect((await api.get<string>('/a')).result).toBe('ok');
    expect(jar.get('access-token')).toBe('access-2');
    expect(jar.get('current-token')).toBe('refresh-2');
  });

  it('replays a request whose 401 arrives after the refresh finished, without a second refresh', async () => {
    setCookies({ 'access-token': 'old', 'current-token': 'old' });
    let releaseSlow: () => void = () => undefined;
    const slowAnswered = new Promise<void>((resolve) => (releaseSlow = resolve));
    handler = (req, _body, res) => {
      if (req.url === '/auth/refresh')
        return json(res, 200, { code: 1000, result: { token: 'new', refreshToken: 'r2' } });
      if (req.headers.authorization === 'Bearer new') return json(res, 200, { code: 1000, result: req.url });
      // The slow request answers 401 only once the fast one has been refreshed and replayed.
      if (req.url === '/slow') return void slowAnswered.then(() => json(res, 401, { code: 1002 }));
      return json(res, 401, { code: 1002 });
    };
    const slow = api.get<string>('/slow');
    expect((await api.get<string>('/fast')).result).toBe('/fast');
    releaseSlow();
    expect((await slow).result).toBe('/slow');
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
  });

  it('removes the access token and rejects every waiting request when the refresh fails', async () => {
    const jar = setCookies({ 'access-token': 'old', 'current-token': 'old' });
    handler = (req, _body, res) =>
      req.url === '/auth/refresh'
        ? json(res, 401, { code: 1002, message: 'Expired' })
        : json(res, 401, { code: 1002, message: 'Unauthenticated' });

    const outcomes = await Promise.allSettled([api.get('/a'), api.get('/b')]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(seen.filter((r) => r.url === '/auth/refresh')).toHaveLength(1);
    expect(jar.has('access-token')).toBe(false);
  });

  it('says "No token available" when there is no current-token cookie', async () => {
    setCookies({ 'access-token': 'old' });
    handler = (_req, _body, res) => json(res, 401, { code: 1002, message: 'Unauthenticated' });
    await expect(api.get('/a')).rejects.toMatchObject({ kind: 'no-token', message: 'No token available' });
    expect(seen.map((r) => r.url)).toEqual(['/a']);
  });

  it('never retries the token call, the refresh call or a public-route request', async () => {
    setCookies({ 'access-token': 'old', 'current-token': 'old' });
    handler = (_req, _body, res) => json(res, 401, { code: 1002, message: 'Unauthenticated' });
    await expect(api.post('/auth/token', {})).rejects.toMatchObject({ status: 401 });
    await expect(api.post('/auth/refresh', {})).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/api/home', { publicRoute: true })).rejects.toMatchObject({ status: 401 });
    expect(seen.map((r) => r.url)).toEqual(['/auth/token', '/auth/refresh', '/api/home']);
  });
});
