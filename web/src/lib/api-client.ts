/**
 * The only place that calls `fetch`:
 * JSON bodies, credentials included, a 10,000 ms timeout, `Authorization: Bearer <access-token cookie>`,
 * `Accept-Language` from the stored language, and the `x-public-route: true` flag.
 * Responses are parsed into the envelope `{code, message, result}`; failures become a typed `ApiError`.
 * A 401 is answered by one shared token refresh and a single replay.
 */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, getCookie, removeCookie, storeToken } from './cookies';
import { takeFirstAnswer } from './first-view';
import { storedLanguage } from './language';
import { isSuccess } from './wasm';

/** request timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOKEN_PATH = '/auth/token';
export const REFRESH_PATH = '/auth/refresh';

export interface Envelope<T> {
  code: number;
  message?: string;
  result?: T;
}

/** Where a failure came from, in the words the error toasts use. */
export type ApiErrorKind =
  | 'network' // no response at all
  | 'timeout' // "timeout of 10000ms exceeded"
  | 'aborted' // cancelled by the caller
  | 'bad-request' // HTTP 4xx
  | 'bad-response' // HTTP 5xx or an unreadable body
  | 'envelope' // HTTP 2xx, but the envelope's code is not success
  | 'no-token'; // a refresh was needed without a current-token cookie

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The envelope's application code (1001…9999), when the server sent one. */
  readonly code?: number;
  /** Per-field messages of a validation failure (`result.fields`). */
  readonly fields?: Record<string, string>;
  /** The parsed response body, when there was one. */
  readonly body?: unknown;

  constructor(
    message: string,
    init: { kind: ApiErrorKind; status?: number; code?: number; fields?: Record<string, string>; body?: unknown },
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code;
    this.fields = init.fields;
    this.body = init.body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Sends `x-public-route: true`; such requests are never retried on 401. */
  publicRoute?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface ClientConfig {
  /** Prefix of every path; empty means same origin (the academy server serves the API and the app). */
  baseUrl: string;
  /** Called after a refresh failed and the access token was removed (the auth state clears itself). */
  onSessionExpired?: () => void;
}

const config: ClientConfig = {
  baseUrl: (import.meta.env?.VITE_API_BASE as string | undefined) ?? '',
};

export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const absolute = /^https?:\/\//.test(path);
  let url = absolute ? path : `${config.baseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const text = params.toString();
    if (text) url += (url.includes('?') ? '&' : '?') + text;
  }
  return url;
}

function buildHeaders(options: RequestOptions, isForm: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': storedLanguage() });
  if (!isForm && options.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getCookie(ACCESS_TOKEN_COOKIE);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.publicRoute) headers.set('x-public-route', 'true');
  for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value);
  return headers;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Reads `{code, message, result: {message, fields}}` out of an error body. */
function errorFromBody(status: number, body: unknown): ApiError {
  const envelope = asRecord(body);
  const result = asRecord(envelope?.result);
  const message =
    (typeof result?.message === 'string' && result.message) ||
    (typeof envelope?.message === 'string' && envelope.message) ||
    (typeof body === 'string' && body.trim()) ||
    `Request failed with status code ${status}`;
  const fields = asRecord(result?.fields) as Record<string, string> | undefined;
  return new ApiError(message, {
    kind: status >= 500 ? 'bad-response' : 'bad-request',
    status,
    code: typeof envelope?.code === 'number' ? envelope.code : undefined,
    fields,
    body,
  });
}

/** One HTTP exchange with timeout; no retry here. */
async function send(path: string, options: RequestOptions): Promise<{ status: number; body: unknown }> {
  const url = buildUrl(path, options.query);
  const first = (options.method ?? 'GET') === 'GET' ? takeFirstAnswer(url) : undefined;
  if (first !== undefined) return { status: 200, body: first };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options, isForm),
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'include',
      signal: controller.signal,
    });
    const body = parseBody(await response.text());
    if (!response.ok) throw errorFromBody(response.status, body);
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(`timeout of ${timeoutMs}ms exceeded`, { kind: 'timeout' });
    if (controller.signal.aborted) throw new ApiError('canceled', { kind: 'aborted' });
    throw new ApiError('Network Error', { kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * The result the page's first view carries for a GET of `path` with `query` (used up; see first-view.ts), for a
 * query's initial data: the page then renders with it at once, without waiting for a request to settle.
 */
export function firstResult<T>(path: string, query?: Record<string, QueryValue>): T | undefined {
  const envelope = takeFirstAnswer(buildUrl(path, query)) as Envelope<T> | undefined;
  return envelope && isSuccess(envelope.code) ? envelope.result : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// 401 handling: one refresh at a time; the requests that wait for it are replayed once with the new token.

let refreshInFlight: Promise<string> | null = null;

async function performRefresh(): Promise<string> {
  const current = getCookie(REFRESH_TOKEN_COOKIE);
  if (!current) {
    removeCookie(ACCESS_TOKEN_COOKIE);
    throw new ApiError('No token available', { kind: 'no-token' });
  }
  try {
    const { status, body } = await send(REFRESH_PATH, { method: 'POST', body: { token: current } });
    const envelope = asRecord(body) as Envelope<{ token?: string; refreshToken?: string }> | undefined;
    const token = envelope?.result?.token;
    if (!envelope || !isSuccess(envelope.code, true, Boolean(token)) || !token) {
      throw new ApiError(envelope?.message ?? 'Token refresh failed', {
        kind: 'envelope',
        status,
        code: envelope?.code,
        body,
      });
    }
    // The server rotates the refresh token on every refresh: the new one replaces the spent one.
    storeToken(token, envelope.result?.refreshToken);
    return token;
  } catch (error) {
    removeCookie(ACCESS_TOKEN_COOKIE);
    config.onSessionExpired?.();
    throw error;
  }
}

/** Refreshes the access token; concurrent callers share the single refresh in flight. */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function isRetriable(path: string, options: RequestOptions): boolean {
  if (options.publicRoute) return false;
  const pathname = path.split('?')[0] ?? path;
  return !pathname.endsWith(TOKEN_PATH) && !pathname.endsWith(REFRESH_PATH);
}

async function sendWithRefresh(path: string, options: RequestOptions): Promise<{ status: number; body: unknown }> {
  const sentWith = getCookie(ACCESS_TOKEN_COOKIE);
  try {
    return await send(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !isRetriable(path, options)) throw error;
    // A request whose 401 arrives after another one already refreshed is replayed with the new token at once,
    // so a burst of requests with an expired token costs exactly one refresh.
    const current = getCookie(ACCESS_TOKEN_COOKIE);
    if (refreshInFlight || !current || current === sentWith) await refreshAccessToken();
    return send(path, options); // replayed once, with the new token read from the cookie
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Public surface.

/** Any JSON endpoint, returning the parsed body as is (for endpoints that answer `{status, ...}`). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await sendWithRefresh(path, options)).body as T;
}

/** An endpoint answering the envelope; resolves to the envelope when its code is success, else throws. */
export async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { status, body } = await sendWithRefresh(path, options);
  const envelope = asRecord(body) as Envelope<T> | undefined;
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiError('Unexpected response', { kind: 'bad-response', status, body });
  }
  if (!isSuccess(envelope.code, false, false)) {
    const result = asRecord(envelope.result);
    throw new ApiError(
      (typeof result?.message === 'string' && result.message) || envelope.message || 'Request failed',
      {
        kind: 'envelope',
        status,
        code: envelope.code,
        fields: asRecord(result?.fields) as Record<string, string>,
        body,
      },
    );
  }
  return envelope;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    requestEnvelope<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    requestEnvelope<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    requestEnvelope<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    requestEnvelope<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    requestEnvelope<T>(path, { ...options, method: 'DELETE', body }),
};

/** The `result` of a successful envelope; an answer without one is a broken response. */
export function resultOf<T>(envelope: Envelope<T>): T {
  if (envelope.result === undefined) throw new ApiError('Empty response', { kind: 'bad-response' });
  return envelope.result;
}
