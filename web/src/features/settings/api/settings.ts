import { ApiError, api, type QueryValue } from '@/lib/api-client';
import type { SettingsHistory, SiteSettingsBody, SiteSettingsView } from '@/lib/api/types';
import type { PayoutRules } from '@/lib/rules';

function resultOf<T>(envelope: { result?: T }): T {
  if (envelope.result === undefined) throw new ApiError('No result', { kind: 'bad-response' });
  return envelope.result;
}

/** The history's filters: a setting or a group (`site.`), a person, days `YYYY-MM-DD` (the end day included). */
export interface HistoryFilter {
  setting: string;
  userId: string;
  from: string;
  to: string;
  page: number;
}

/** The start of a day of the browser's calendar, in epoch milliseconds. */
function dayStart(day: string, plusDays = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays).getTime();
}

/** What this page reads of the payment settings (edited on /dashboard/payment-method). */
export interface PaymentSummary {
  configured: boolean;
  bankName?: string | null;
  accountName?: string | null;
  commissionPercent: number;
  orderExpiryMinutes: number;
}

/** What this page reads of the payout settings (edited on /dashboard/withdraw-getway). */
export interface PayoutSummary {
  rules: PayoutRules;
}

export const settingsApi = {
  site: async () => resultOf(await api.get<SiteSettingsView>('/api/admin/site-settings')),
  saveSite: async (body: SiteSettingsBody) =>
    resultOf(await api.put<SiteSettingsView>('/api/admin/site-settings', body)),
  history: async (filter: HistoryFilter) => {
    const query: Record<string, QueryValue> = {
      page: filter.page,
      pageSize: 20,
      setting: filter.setting || undefined,
      userId: filter.userId || undefined,
      from: dayStart(filter.from),
      to: dayStart(filter.to, 1),
    };
    return resultOf(await api.get<SettingsHistory>('/api/admin/settings-history', { query }));
  },
  payment: async () => resultOf(await api.get<PaymentSummary>('/api/admin/payment-settings')),
  payouts: async () => resultOf(await api.get<PayoutSummary>('/api/admin/payout-settings')),
};
