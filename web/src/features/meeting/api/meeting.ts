/** The online room's calls: the room, a ticket to its signalling socket, and the socket's address. */
import { api, resultOf } from '@/lib/api-client';
import type { CalendarView, RoomTicket, RoomView } from '@/lib/api/types';

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Empty response');
  return value;
}

const room = (id: string) => `/api/meeting/${encodeURIComponent(id)}`;

/** `GET /api/meeting/{id}`: the room as the caller sees it. */
export async function fetchRoom(id: string): Promise<RoomView> {
  return need((await api.get<RoomView>(room(id))).result);
}

/** `POST /api/meeting/{id}/ticket`: a ticket valid 60 seconds to open the room's socket. */
export async function createTicket(id: string): Promise<RoomTicket> {
  return need((await api.post<RoomTicket>(`${room(id)}/ticket`, {})).result);
}

/** The room's signalling socket address on this origin. */
export function signalUrl(id: string, ticket: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${room(id)}/signal?ticket=${encodeURIComponent(ticket)}`;
}

/** `GET /api/dashboard/schedule/calendar` over [from, to): the teacher's sessions and classes, in time order. */
export async function fetchUpcomingRooms(from: number, to: number): Promise<CalendarView> {
  const query = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  return resultOf(await api.get<CalendarView>('/api/dashboard/schedule/calendar', { query }));
}
