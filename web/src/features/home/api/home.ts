import { ApiError, api, firstResult } from '@/lib/api-client';
import type { Home } from '@/lib/api/types';
import { sendVisitorMessage, type SendOutcome } from '@/lib/send-message';

/** `GET /api/home`: every list of the home page in one request. */
export async function fetchHome(signal: AbortSignal): Promise<Home> {
  const envelope = await api.get<Home>('/api/home', { publicRoute: true, signal });
  if (!envelope.result) throw new ApiError('No home data', { kind: 'bad-response' });
  return envelope.result;
}

/** What the page's first view says of `GET /api/home`, if anything (see `firstResult`). */
export const firstHome = () => firstResult<Home>('/api/home');

/** An admission message as the form sends it. */
export interface AdmissionMessage {
  name: string;
  email: string;
  phone: string;
  courseName: string;
  message?: string;
}

/** `POST /api/contact/admissionMessage`; the optional message is left out when empty. */
export function sendAdmissionMessage(form: AdmissionMessage): Promise<SendOutcome> {
  const { message, ...rest } = form;
  return sendVisitorMessage('/api/contact/admissionMessage', message?.trim() ? { ...rest, message } : rest);
}

/** `POST /api/newsletter`: subscribing twice is fine. Rejects with an ApiError (fields.email) when invalid. */
export async function subscribeNewsletter(email: string): Promise<void> {
  await api.post<{ subscribed: boolean }>('/api/newsletter', { email }, { publicRoute: true });
}
