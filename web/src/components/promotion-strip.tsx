import { useQuery } from '@tanstack/react-query';
import { TicketPercent } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { countPromotion, promotionQueries, promotionTexts, type Placement } from '@/lib/promotions';

/**
 * The first promotion of a placement (the course list's top, the cart) as a strip: picture, title, text, its code
 * and the uses left; `onApply`, when given, is a button that applies the code (the cart). Nothing when none is
 * shown.
 */
export function PromotionStrip({ placement, onApply }: { placement: Placement; onApply?: (code: string) => void }) {
  const { t, i18n } = useTranslation('common');
  const { data } = useQuery(promotionQueries.showing(placement));
  const promotion = data?.[0];
  useEffect(() => {
    if (promotion) countPromotion(promotion.id, 'view');
  }, [promotion]);
  if (!promotion) return null;
  const { title, text } = promotionTexts(promotion, i18n.language);
  const left = promotion.remainingUses;
  return (
    <aside
      data-testid={`promotion-${placement}`}
      aria-label={t('promotion.label')}
      className="flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-teal-800 to-teal-600 p-4 text-white shadow-md sm:flex-row sm:items-center"
    >
      {promotion.pictureUrl ? (
        <img src={promotion.pictureUrl} alt="" className="size-14 shrink-0 rounded-xl object-cover" loading="lazy" />
      ) : (
        <TicketPercent aria-hidden="true" className="size-10 shrink-0 text-amber-300" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-bold">{title}</p>
        {text && <p className="text-sm text-teal-50/90">{text}</p>}
        <p className="mt-1 text-sm">
          {t('promotion.code')}{' '}
          <span className="rounded bg-white/15 px-1.5 py-0.5 font-mono font-semibold">{promotion.couponCode}</span>
          {left !== null && left !== undefined && (
            <span className="ml-2 font-semibold text-amber-300" data-testid="promotion-left">
              {t('promotion.left', { count: left })}
            </span>
          )}
        </p>
      </div>
      {onApply && (
        <button
          type="button"
          onClick={() => {
            countPromotion(promotion.id, 'click');
            onApply(promotion.couponCode);
          }}
          className="rounded-full bg-amber-400 px-4 py-2 text-sm font-bold text-slate-900 hover:bg-amber-300"
        >
          {t('promotion.apply')}
        </button>
      )}
    </aside>
  );
}
