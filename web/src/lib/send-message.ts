import { ApiError, request } from './api-client';

/** The answer of the visitor message calls: an ok flag, and an error text on failure. */
export type SendOutcome = { ok: true } | { ok: false; error?: string; fields?: Record<string, string> };

function outcomeOf(body: unknown): SendOutcome {
  const record =
    body && typeof body === 'object' ? (body as { ok?: unknown; error?: unknown; result?: { fields?: unknown } }) : {};
  if (record.ok === true) return { ok: true };
  const fields = record.result?.fields;
  return {
    ok: false,
    error: typeof record.error === 'string' && record.error ? record.error : undefined,
    fields: fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
  };
}

/**
 * POSTs a visitor's message (admission, contact) to `path`. Resolves to the server's ok/error answer, also for
 * 4xx/5xx answers that carry one; rejects only when no answer came (network failure, timeout).
 */
export async function sendVisitorMessage(path: string, body: unknown): Promise<SendOutcome> {
  try {
    return outcomeOf(await request<unknown>(path, { method: 'POST', body, publicRoute: true }));
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return outcomeOf(error.body);
    throw error;
  }
}
