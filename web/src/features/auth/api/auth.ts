/** The identity calls of the auth pages (SPEC §7; forgot/reset are the product's own). */
import { api } from '@/lib/api-client';
import type { RegistrationPayload } from '@/lib/wasm';

/** POST /users with the registration payload (§3). Rejects with an ApiError (status 400/409/422…). */
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
