import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsBody } from '@/lib/api/types';
import { refreshSite } from '@/lib/site';
import { settingsApi, type HistoryFilter } from './settings';

export const settingsKeys = {
  all: () => ['settings'] as const,
  site: () => [...settingsKeys.all(), 'site'] as const,
  history: (filter: HistoryFilter) => [...settingsKeys.all(), 'history', filter] as const,
  money: () => [...settingsKeys.all(), 'money'] as const,
};

export const settingsQueries = {
  site: () => queryOptions({ queryKey: settingsKeys.site(), queryFn: settingsApi.site }),
  history: (filter: HistoryFilter) =>
    queryOptions({
      queryKey: settingsKeys.history(filter),
      queryFn: () => settingsApi.history(filter),
      placeholderData: keepPreviousData,
    }),
  payment: () => queryOptions({ queryKey: [...settingsKeys.money(), 'payment'], queryFn: settingsApi.payment }),
  payouts: () => queryOptions({ queryKey: [...settingsKeys.money(), 'payouts'], queryFn: settingsApi.payouts }),
};

/** Saving changes the settings, their history and what the public pages show. */
export function useSaveSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsBody) => settingsApi.saveSite(body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: settingsKeys.all() }), refreshSite()]),
  });
}
