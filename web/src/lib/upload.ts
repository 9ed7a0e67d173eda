/**
 * File uploads with progress (XMLHttpRequest: fetch cannot report the bytes sent), beside the API client for the
 * pages that upload only, so a visitor's first download does not carry them.
 */
import { ApiError, api, asRecord, buildUrl, type Envelope } from './api-client';
import { storedLanguage } from './language';

export interface UploadOptions {
  /** Extra request headers (e.g. `x-amz-acl`). `Content-Type` defaults to the file's type. */
  headers?: Record<string, string>;
  /** Called as bytes go out, with the bytes sent and the total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Called with the answer's text once it arrived. */
  onResponse?: (text: string) => void;
}

/**
 * PUTs a file's bytes to a (signed) upload URL with XMLHttpRequest, whose upload events report the bytes sent
 * (fetch cannot). Resolves with the HTTP status, whatever it is: the caller decides what counts as success.
 */
export function uploadFile(url: string, file: Blob, options: UploadOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', buildUrl(url));
    const headers = { 'Content-Type': file.type || 'application/octet-stream', ...options.headers };
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      options.onResponse?.(xhr.responseText);
      resolve(xhr.status);
    };
    xhr.onerror = () => reject(new ApiError('Network Error', { kind: 'network' }));
    xhr.ontimeout = () => reject(new ApiError(`timeout of ${xhr.timeout}ms exceeded`, { kind: 'timeout' }));
    xhr.onabort = () => reject(new ApiError('canceled', { kind: 'aborted' }));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * PUTs a file to one of this server's signed upload URLs ({@link uploadFile}, with the request's language) and
 * resolves once it is stored (200); any other answer throws its envelope's error, in the user's language (a
 * file over the limit: 413; no room left: 507).
 */
export async function uploadToServer(url: string, file: Blob, options: UploadOptions = {}): Promise<void> {
  let answer = '';
  const status = await uploadFile(url, file, {
    ...options,
    headers: { 'Accept-Language': storedLanguage(), ...options.headers },
    onResponse: (text) => {
      answer = text;
    },
  });
  if (status === 200) return;
  let envelope: Partial<Envelope<unknown>> | undefined;
  try {
    envelope = JSON.parse(answer) as Partial<Envelope<unknown>>;
  } catch {
    envelope = undefined;
  }
  const result = asRecord(envelope?.result);
  const message = (typeof result?.message === 'string' && result.message) || envelope?.message;
  throw new ApiError(message || `Upload failed with status ${status}`, {
    kind: message ? 'envelope' : 'bad-response',
    status,
    code: envelope?.code,
  });
}

/**
 * Uploads a public picture through the signed-URL flow: GET /files/get-upload-url (file-id
 * `{prefix}-{time}-{filename}`, PUBLIC), PUT the bytes, then POST /files/commit-picture, which checks the file's
 * type and size and keeps it for good; the picture's public address.
 */
export async function uploadPicture(
  prefix: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const fileId = `${prefix}-${Date.now()}-${file.name}`;
  const envelope = await api.get<{ url?: string }>('/files/get-upload-url', {
    query: { 'file-id': fileId, 'access-type': 'PUBLIC' },
  });
  const url = envelope.result?.url;
  if (!url) throw new ApiError('Failed to get upload URL', { kind: 'bad-response' });
  const status = await uploadFile(url, file, {
    headers: { 'Content-Type': file.type, 'x-amz-acl': 'public-read', 'Content-Disposition': 'inline' },
    onProgress: (loaded, total) => onProgress?.(Math.round((loaded / total) * 100)),
  });
  if (status !== 200) throw new ApiError(`Upload failed with status ${status}`, { kind: 'bad-response', status });
  const committed = await api.post<{ url?: string }>('/files/commit-picture', undefined, {
    query: { 'file-id': fileId },
  });
  const picture = committed.result?.url;
  if (!picture) throw new ApiError('Failed to upload the picture', { kind: 'bad-response' });
  return picture;
}
