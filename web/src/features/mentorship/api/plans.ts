/** The mentorship dashboard's calls: plans (teachers their own, administrators all) and bookings. */
import { api } from '@/lib/api-client';
import type { BookingPage, ManagedPlan } from '@/lib/api/types';
import type { PlanRulesInput } from '@/lib/wasm-dashboard';

/** A plan as the editor holds and sends it: every field present. */
export type PlanForm = PlanRulesInput & { active: boolean };

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Empty response');
  return value;
}

const PLANS = '/api/dashboard/mentorship/plans';

/** `GET /api/dashboard/mentorship/plans`: the caller's plans (an administrator: all), newest first. */
export async function fetchPlans(): Promise<ManagedPlan[]> {
  return need((await api.get<ManagedPlan[]>(PLANS)).result);
}

/** `GET /api/dashboard/mentorship/plans/{id}`. */
export async function fetchPlan(id: string): Promise<ManagedPlan> {
  return need((await api.get<ManagedPlan>(`${PLANS}/${encodeURIComponent(id)}`)).result);
}

/** Creates (no id) or rewrites a plan. */
export async function savePlan({ id, body }: { id?: string; body: PlanForm }): Promise<ManagedPlan> {
  const envelope = id
    ? await api.put<ManagedPlan>(`${PLANS}/${encodeURIComponent(id)}`, body)
    : await api.post<ManagedPlan>(PLANS, body);
  return need(envelope.result);
}

/** `DELETE /api/dashboard/mentorship/plans/{id}` (a booked plan is refused: pause it). */
export async function deletePlan(id: string): Promise<void> {
  await api.delete(`${PLANS}/${encodeURIComponent(id)}`);
}

export interface BookingQuery {
  status: '' | 'active' | 'expired';
  search: string;
  page: number;
}

/** `GET /api/dashboard/mentorship/bookings`: the bookings of the caller's plans (an administrator: all). */
export async function fetchBookings({ status, search, page }: BookingQuery): Promise<BookingPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: '20' });
  if (status) query.set('status', status);
  if (search.trim()) query.set('search', search.trim());
  return need((await api.get<BookingPage>(`/api/dashboard/mentorship/bookings?${query}`)).result);
}
