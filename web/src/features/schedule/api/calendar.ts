/** The teacher's calendar: events over a range, the .ics download, and the subscription address. */
import { api, request, resultOf } from '@/lib/api-client';
import type { CalendarView, FeedView } from '@/lib/api/types';

const CALENDAR = '/api/dashboard/schedule/calendar';
const FEED = '/api/dashboard/schedule/feed';

/** `GET /api/dashboard/schedule/calendar` over [from, to) (instants, at most 62 days apart). */
export async function fetchCalendar(from: number, to: number): Promise<CalendarView> {
  const query = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  return resultOf(await api.get<CalendarView>(CALENDAR, { query }));
}

/** Whether the caller has a subscription address. */
export async function fetchFeed(): Promise<FeedView> {
  return resultOf(await api.get<FeedView>(FEED));
}

/** Makes a new subscription address; the old one stops working. */
export async function createFeed(): Promise<FeedView> {
  return resultOf(await api.post<FeedView>(FEED));
}

/** Revokes the subscription address. */
export async function revokeFeed(): Promise<FeedView> {
  return resultOf(await api.delete<FeedView>(FEED));
}

/** The caller's calendar as iCalendar text, to save as a file. */
export async function downloadCalendar(): Promise<string> {
  return request<string>(`${CALENDAR}.ics`);
}
