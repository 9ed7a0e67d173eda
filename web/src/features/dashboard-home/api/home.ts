import { queryOptions } from '@tanstack/react-query';
import { api, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Home = components['schemas']['HomeView'];
export type AdminHome = components['schemas']['AdminHomeView'];
export type TeacherHome = components['schemas']['TeacherHomeView'];
export type StaffHome = components['schemas']['StaffHomeView'];

export const homeQueries = {
  /** The dashboard's home for the caller's role, in one request. */
  home: () =>
    queryOptions({
      queryKey: ['dashboard-home'] as const,
      queryFn: async () => resultOf(await api.get<Home>('/api/dashboard/home')),
    }),
};
