// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, stubCookies } from '@/testing/http-server';
import { loadAccountRules } from '@/lib/wasm-account';
import { fetchEnrolledCourses, fetchMentorshipEnrollments, uploadAvatar, type UploadEvent } from './profile';

let server: Awaited<ReturnType<typeof startTestServer>>;
const texts = {
  getUrlFailed: 'Failed to get upload URL',
  uploadStatus: (status: number) => `Upload failed with status ${status}`,
  storeFailed: 'Failed to upload file to S3',
  avatarFailed: 'Failed to update avatar',
};

/** A stand-in for the browser's XMLHttpRequest: reports half the bytes, then answers `status`. */
function stubXhr(status: number | 'network-error') {
  const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown }[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 0;
    timeout = 0;
    onload?: () => void;
    onerror?: () => void;
    private record = { headers: {} } as (typeof sent)[number];
    open(method: string, url: string) {
      Object.assign(this.record, { method, url });
    }
    setRequestHeader(key: string, value: string) {
      this.record.headers[key] = value;
    }
    send(body: unknown) {
      this.record.body = body;
      sent.push(this.record);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (status === 'network-error') return this.onerror?.();
        this.status = status;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

beforeAll(async () => {
  server = await startTestServer();
  configureApiClient({ baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  server.state.seen.length = 0;
  stubCookies({ 'access-token': 'tok' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const file = new File([new Uint8Array(100)], 'me.png', { type: 'image/png' });

function happyServer(uploadUrl: string) {
  server.state.handler = (req, _body, res) => {
    if (req.url?.startsWith('/files/get-upload-url')) return json(res, 200, { code: 1000, result: { url: uploadUrl } });
    if (req.url?.startsWith('/users/upload-avatar'))
      return json(res, 200, { code: 1000, result: { url: '/files/public/avatar-1.png' } });
    json(res, 404, { code: 1004 });
  };
}

describe('uploadAvatar', () => {
  it('asks for a PUBLIC upload URL, PUTs the bytes with the spec headers, records the avatar, and steps 10→30→…→70→100', async () => {
    happyServer('http://store.example/upload/abc?sig=1');
    const sent = stubXhr(200);
    const steps: number[] = [];
    const rules = await loadAccountRules();
    const url = await uploadAvatar(file, texts, (e: UploadEvent) => steps.push(rules.uploadProgress(e)));

    expect(url).toBe('/files/public/avatar-1.png');
    expect(server.state.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /files/get-upload-url?file-id=avatar-me.png&access-type=PUBLIC',
      'POST /users/upload-avatar?file-id=avatar-me.png',
    ]);
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: 'http://store.example/upload/abc?sig=1',
        headers: { 'Content-Type': 'image/png', 'x-amz-acl': 'public-read', 'Content-Disposition': 'inline' },
        body: file,
      },
    ]);
    expect(steps).toEqual([10, 30, 50, 70, 100]);
  });

  it('falls back to the upload URL without its query when the avatar call returns no url', async () => {
    server.state.handler = (req, _body, res) =>
      req.url?.startsWith('/files')
        ? json(res, 200, { code: 1000, result: { url: 'http://s/x.png?sig=2' } })
        : json(res, 200, { code: 1000, result: {} });
    stubXhr(200);
    expect(await uploadAvatar(file, texts, () => undefined)).toBe('http://s/x.png');
  });

  it.each([
    [
      'no upload URL',
      () => (server.state.handler = (_q, _b, res) => json(res, 500, { code: 9999 })),
      200,
      'Failed to get upload URL',
    ],
    ['a 403 from the store', () => happyServer('http://s/u'), 403, 'Upload failed with status 403'],
    ['a network failure', () => happyServer('http://s/u'), 'network-error', 'Failed to upload file to S3'],
    [
      'a refused avatar',
      () =>
        (server.state.handler = (req, _b, res) =>
          req.url?.startsWith('/files')
            ? json(res, 200, { code: 1000, result: { url: 'http://s/u' } })
            : json(res, 400, { code: 1001, result: { message: 'no' } })),
      200,
      'Failed to update avatar',
    ],
  ] as const)('fails with the spec text on %s', async (_name, arrange, status, text) => {
    arrange();
    stubXhr(status);
    await expect(uploadAvatar(file, texts, () => undefined)).rejects.toThrow(text);
  });
});

describe('enrol lists', () => {
  it('post an empty multipart form and read enrollList, bare or inside the envelope', async () => {
    server.state.handler = (req, _body, res) =>
      req.url === '/api/course/enroll-list'
        ? json(res, 200, { enrollList: [{ _id: 'c1', title: 'A' }] })
        : json(res, 200, { code: 1000, result: { enrollList: [{ _id: 'm1' }], total: 1 } });
    expect(await fetchEnrolledCourses()).toEqual([{ _id: 'c1', title: 'A' }]);
    expect(await fetchMentorshipEnrollments()).toEqual([{ _id: 'm1' }]);
    const [courses, mentors] = server.state.seen;
    expect(courses?.method).toBe('POST');
    expect(courses?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(mentors?.url).toBe('/api/mentorship-plan/enroll-list');
  });
});
