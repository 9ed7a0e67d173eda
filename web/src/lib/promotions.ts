/**
 * The promotions visitors see: those of a placement (the home page's promo band, above the course list, in the
 * cart), taken from the page's first view when it carries them, and the view and click counts the server keeps.
 * The server decides what is shown (period, priority, coupon usable) and what is counted; the browser only says
 * which promotion was seen or tapped.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, firstResult } from './api-client';
import type { components } from './api/schema';

export type PublicPromotion = components['schemas']['PublicPromotionView'];
export type Placement = 'home' | 'courses' | 'cart';

const PATH = '/api/promotions';

async function fetchPromotions(placement: Placement, signal: AbortSignal): Promise<PublicPromotion[]> {
  const envelope = await api.get<PublicPromotion[]>(PATH, { query: { placement }, publicRoute: true, signal });
  return envelope.result ?? [];
}

export const promotionQueries = {
  showing: (placement: Placement) =>
    queryOptions({
      queryKey: ['promotions', placement] as const,
      queryFn: ({ signal }) => fetchPromotions(placement, signal),
      initialData: () => firstResult<PublicPromotion[]>(PATH, { placement }),
      staleTime: 60_000,
    }),
};

const seen = new Set<string>();

/** Tells the server a promotion was shown (once per page load) or tapped; failures are not the person's concern. */
export function countPromotion(id: string, what: 'view' | 'click'): void {
  if (what === 'view') {
    if (seen.has(id)) return;
    seen.add(id);
  }
  api.post(`${PATH}/${encodeURIComponent(id)}/${what}`, undefined, { publicRoute: true }).catch(() => undefined);
}

/** The promotion's title and text in `lang`, the Vietnamese ones when the English are empty. */
export function promotionTexts(promotion: PublicPromotion, lang: string): { title: string; text: string } {
  const en = lang.startsWith('en');
  return {
    title: (en && promotion.titleEn) || promotion.titleVi,
    text: (en && promotion.textEn) || promotion.textVi,
  };
}
