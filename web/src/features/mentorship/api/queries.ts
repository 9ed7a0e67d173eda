import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorshipKeys } from './keys';
import { deletePlan, fetchBookings, fetchPlan, fetchPlans, savePlan, type BookingQuery } from './plans';

export const mentorshipQueries = {
  plans: () => queryOptions({ queryKey: mentorshipKeys.plans(), queryFn: () => fetchPlans() }),
  plan: (id: string) =>
    queryOptions({ queryKey: mentorshipKeys.plan(id), queryFn: () => fetchPlan(id), enabled: id !== '' }),
  bookings: (query: BookingQuery) =>
    queryOptions({
      queryKey: mentorshipKeys.bookings(query),
      queryFn: () => fetchBookings(query),
      placeholderData: keepPreviousData,
    }),
};

/** Saves a plan; the plan lists are read again. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => client.invalidateQueries({ queryKey: mentorshipKeys.plans() }),
  });
}

/** Deletes a plan never booked; the plan lists are read again. */
export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => client.invalidateQueries({ queryKey: mentorshipKeys.plans() }),
  });
}
