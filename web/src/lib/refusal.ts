import { ApiError } from '@/lib/api-client';

/** The server's refusal in the person's language: a field's message, else the envelope's, else `fallback`. */
export function refusalOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const field = error.fields && Object.values(error.fields)[0];
  return field || (error.kind === 'envelope' || error.kind === 'bad-request' ? error.message : fallback);
}
