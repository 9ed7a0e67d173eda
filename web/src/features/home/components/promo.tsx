import { ArrowRight, Play } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { VideoDialog } from '@/components/video-dialog';
import { paths } from '@/config/paths';
import { countPromotion, promotionQueries, promotionTexts } from '@/lib/promotions';
import { inLanguage, useSite } from '@/lib/site';

/** The promo's external video (the demo catalogue's `site.promoVideoUrl`). */
export const PROMO_VIDEO_URL = 'https://www.youtube.com/embed/aqz-KE-bpKQ';

/**
 * The promotion band: the first promotion placed on it (/dashboard/ads-promo; "40% off for the first 100
 * customers" by default) with its code's uses left, else the title and text of the settings
 * (/dashboard/settings); Join With Us, Our Courses, and the video overlay.
 */
export function Promo() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const site = useSite();
  const promotion = useQuery(promotionQueries.showing('home')).data?.[0];
  useEffect(() => {
    if (promotion) countPromotion(promotion.id, 'view');
  }, [promotion]);
  const texts = promotion && promotionTexts(promotion, i18n.language);
  const title = texts?.title || inLanguage(site.promoTitleVi, site.promoTitleEn, i18n.language) || t('promo.title');
  const text = texts?.text || inLanguage(site.promoTextVi, site.promoTextEn, i18n.language) || t('promo.text');
  const left = promotion?.remainingUses;
  const tapped = () => promotion && countPromotion(promotion.id, 'click');
  const [playing, setPlaying] = useState(false);
  return (
    <section data-section="promo" aria-labelledby="promo-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-slate-900 via-teal-900 to-teal-700 px-6 py-12 text-white shadow-2xl shadow-teal-900/20 sm:px-12 lg:py-16">
        <div aria-hidden="true" className="absolute -top-24 -right-16 size-72 rounded-full bg-amber-300/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-24 left-1/3 size-72 rounded-full bg-teal-300/20 blur-3xl" />
        <div className="relative grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="inline-flex rounded-full bg-amber-400 px-4 py-1 text-sm font-bold text-slate-900">
              {t('promo.badge')}
            </p>
            <h2 id="promo-title" className="mt-5 text-3xl leading-tight font-extrabold sm:text-4xl">
              {title}
            </h2>
            <p className="mt-4 max-w-xl text-teal-50/90">{text}</p>
            {promotion && (
              <p className="mt-3 text-sm text-teal-50" data-testid="promo-code">
                {t('common:promotion.code')}{' '}
                <span className="rounded bg-white/15 px-1.5 py-0.5 font-mono font-semibold">
                  {promotion.couponCode}
                </span>
                {left !== null && left !== undefined && (
                  <span className="ml-2 font-semibold text-amber-300" data-testid="promo-left">
                    {t('common:promotion.left', { count: left })}
                  </span>
                )}
              </p>
            )}
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.about} onClick={tapped} className={buttonClass('accent', 'lg')}>
                {t('promo.join')}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
              <Link
                to={paths.courseList}
                onClick={tapped}
                className={`${buttonClass('ghost', 'lg')} text-white ring-1 ring-white/40 hover:bg-white/10`}
              >
                {t('promo.courses')}
              </Link>
            </div>
          </div>
          <div className="flex justify-center">
            <button
              type="button"
              onClick={() => setPlaying(true)}
              className="group relative flex size-36 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/30 backdrop-blur transition hover:bg-white/20 sm:size-44"
              aria-label={t('promo.play')}
            >
              <span
                aria-hidden="true"
                className="absolute inset-0 animate-ping rounded-full bg-white/10 [animation-duration:2.5s]"
              />
              <span className="flex size-20 items-center justify-center rounded-full bg-amber-400 text-slate-900 shadow-xl transition group-hover:scale-110 sm:size-24">
                <Play aria-hidden="true" className="ml-1 size-9 fill-current" />
              </span>
            </button>
          </div>
        </div>
      </div>
      <VideoDialog url={PROMO_VIDEO_URL} title={t('promo.videoTitle')} open={playing} onOpenChange={setPlaying} />
    </section>
  );
}
