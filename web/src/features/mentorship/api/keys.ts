import type { BookingQuery } from './plans';

/** The mentorship dashboard's query keys. */
export const mentorshipKeys = {
  all: () => ['mentorship'] as const,
  plans: () => [...mentorshipKeys.all(), 'plans'] as const,
  plan: (id: string) => [...mentorshipKeys.plans(), id] as const,
  bookings: (query: BookingQuery) => [...mentorshipKeys.all(), 'bookings', query] as const,
};
