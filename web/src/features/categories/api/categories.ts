import { ApiError, api } from '@/lib/api-client';
import type { Category } from '@/lib/api/types';

/** `GET /api/categories`, in display order with their published course counts. */
export async function fetchCategories(signal: AbortSignal): Promise<Category[]> {
  const result = (await api.get<Category[]>('/api/categories', { publicRoute: true, signal })).result;
  if (!result) throw new ApiError('Empty response', { kind: 'bad-response' });
  return result;
}
