// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, stubCookies } from '@/testing/http-server';
import { confirmEmail } from './auth';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
  configureApiClient({ baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.seen.length = 0;
  stubCookies({});
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('confirmEmail', () => {
  it('posts the token once however often the page asks, and resolves the new address', async () => {
    server.state.handler = (_req, _body, res) => json(res, 200, { code: 1000, result: { email: 'new@example.com' } });

    const answers = await Promise.all([confirmEmail('t-once'), confirmEmail('t-once')]);
    expect(await confirmEmail('t-once')).toBe('new@example.com');

    expect(answers).toEqual(['new@example.com', 'new@example.com']);
    expect(server.state.seen.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /users/confirm-email {"token":"t-once"}',
    ]);
  });

  it('rejects with the server status for a dead link', async () => {
    server.state.handler = (_req, _body, res) => json(res, 400, { code: 1001, message: 'invalid' });
    await expect(confirmEmail('t-dead')).rejects.toMatchObject({ status: 400 });
  });
});
