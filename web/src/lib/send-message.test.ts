// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer } from '@/testing/http-server';
import { configureApiClient } from './api-client';
import { sendVisitorMessage } from './send-message';

describe('visitor messages (admission, contact)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer();
    configureApiClient({ baseUrl: server.url });
  });
  afterAll(async () => {
    configureApiClient({ baseUrl: '' });
    await server.close();
  });

  it('resolves ok when the server says ok, sending the form as JSON without retry headers', async () => {
    server.state.handler = (_req, _body, res) => json(res, 200, { ok: true, code: 1000, result: { id: 'm1' } });
    await expect(sendVisitorMessage('/api/contact/admissionMessage', { name: 'An' })).resolves.toEqual({ ok: true });
    const seen = server.state.seen.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(JSON.parse(seen.body)).toEqual({ name: 'An' });
    expect(seen.headers['x-public-route']).toBe('true');
  });

  it('reads the error text and field texts of a refusal (HTTP 422)', async () => {
    server.state.handler = (_req, _body, res) =>
      json(res, 422, {
        ok: false,
        error: 'Số điện thoại không hợp lệ',
        result: { fields: { phone: 'Số điện thoại không hợp lệ' } },
      });
    await expect(sendVisitorMessage('/api/contact/admissionMessage', {})).resolves.toEqual({
      ok: false,
      error: 'Số điện thoại không hợp lệ',
      fields: { phone: 'Số điện thoại không hợp lệ' },
    });
  });

  it('reports a failure without a text when the answer has none (the caller shows "Unknown error")', async () => {
    server.state.handler = (_req, _body, res) => res.writeHead(500).end();
    await expect(sendVisitorMessage('/api/contact/message', {})).resolves.toEqual({
      ok: false,
      error: undefined,
      fields: undefined,
    });
  });

  it('rejects when no answer comes (the caller shows "Failed to send message")', async () => {
    configureApiClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(sendVisitorMessage('/api/contact/message', {})).rejects.toMatchObject({ kind: 'network' });
    configureApiClient({ baseUrl: server.url });
  });
});
