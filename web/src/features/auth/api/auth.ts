/** The identity calls of the auth pages. */
import { api } from '@/lib/api-client';
import type { RegistrationPayload } from '@/lib/wasm';

/** POST /users with the registration payload. Rejects with an ApiError (status 400/409/422…). */
export function registerUser(payload: RegistrationPayload) {
  return api.post<unknown>('/users', payload, { publicRoute: true });
}

/** POST /auth/forgot-password {email}: the server mails a single-use link when the account exists. */
export function requestPasswordReset(email: string) {
  return api.post<unknown>('/auth/forgot-password', { email }, { publicRoute: true });
}

/** POST /auth/reset-password {token, password}. */
export function resetPassword(token: string, password: string) {
  return api.post<unknown>('/auth/reset-password', { token, password }, { publicRoute: true });
}

const emailConfirmations = new Map<string, Promise<string>>();

/**
 * POST /users/confirm-email {token}: confirms a change of e-mail address with the token of the mailed link;
 * resolves the account's new address. A link works once, so a page that asks twice for the same token (a
 * re-render, React's development double effects) shares the first answer instead of spending the token twice.
 */
export function confirmEmail(token: string): Promise<string> {
  let confirmation = emailConfirmations.get(token);
  if (!confirmation) {
    confirmation = api
      .post<{ email?: string }>('/users/confirm-email', { token }, { publicRoute: true })
      .then((envelope) => envelope.result?.email ?? '');
    emailConfirmations.set(token, confirmation);
  }
  return confirmation;
}
