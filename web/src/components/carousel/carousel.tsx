import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Autoplay, EMBLA_DURATION } from './autoplay';

/** 4 slides visible, 3 under 1024 px, 2 under 600 px, 1 under 480 px. */
export const COURSE_SLIDE_CLASS = 'basis-full min-[480px]:basis-1/2 min-[600px]:basis-1/3 min-[1024px]:basis-1/4';
/**
 * Per slide, the screens where it is out of sight before the carousel starts (with {@link COURSE_SLIDE_CLASS}): not
 * displayed there, so a phone does not style and lay out three cards per carousel that it cannot show.
 */
export const COURSE_SLIDES_OUT_OF_SIGHT = ['', 'max-[479px]:hidden', 'max-[599px]:hidden', 'max-[1023px]:hidden'];

export interface CarouselControls {
  previous: () => void;
  next: () => void;
  canScroll: boolean;
}

/** The most slides that show at once (the course carousels' 4 on a wide screen). */
const SLIDES_BEFORE_START = 4;
/** How far below (or above) the screen a carousel starts, so it runs before it is seen. */
const ACTIVATE_MARGIN = '300px';

/**
 * The state of one carousel: embla with loop, autoplay (every 2000 ms, paused on hover, focus, a hidden tab or
 * reduced motion), the selected snap and the number of snaps (for the dots). Embla starts when the carousel comes
 * within {@link ACTIVATE_MARGIN} of the screen (and stays started): starting measures the page's layout, which
 * several carousels below the fold would otherwise each do while a phone is still showing the page. Until then the
 * slides sit where embla will start them.
 */
export function useCarousel() {
  const [setEmblaViewport, api] = useEmblaCarousel({ loop: true, align: 'start', duration: EMBLA_DURATION });
  // The viewport once near the screen. Not near on the first render, in the browser as on the server (whose HTML
  // the first render must match); set from the observer, not from the ref: a state set while React attaches refs
  // renders the carousel and its slides again at once, in one piece, as the page starts.
  const [activeViewport, setActiveViewport] = useState<HTMLElement | null>(null);
  const setViewport = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setActiveViewport(node);
      },
      { rootMargin: ACTIVATE_MARGIN },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      setActiveViewport((current) => (current === node ? null : current));
    };
  }, []);
  const active = activeViewport !== null;
  useEffect(() => setEmblaViewport(activeViewport), [activeViewport, setEmblaViewport]);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const autoplay = useRef<Autoplay | null>(null);

  useEffect(() => {
    if (!api || !active) return;
    const player = new Autoplay(() => api.scrollNext());
    autoplay.current = player;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    const onPointerDown = () => player.restart();
    sync();
    api.on('select', sync).on('reInit', sync).on('pointerDown', onPointerDown);

    const motion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const onMotion = () => (motion?.matches ? player.pause('reduced-motion') : player.resume('reduced-motion'));
    const onVisibility = () => (document.hidden ? player.pause('hidden') : player.resume('hidden'));
    onMotion();
    onVisibility();
    motion?.addEventListener?.('change', onMotion);
    document.addEventListener('visibilitychange', onVisibility);
    player.start();
    return () => {
      player.stop();
      autoplay.current = null;
      api.off('select', sync).off('reInit', sync).off('pointerDown', onPointerDown);
      motion?.removeEventListener?.('change', onMotion);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, active]);

  const previous = useCallback(() => {
    api?.scrollPrev();
    autoplay.current?.restart();
  }, [api]);
  const next = useCallback(() => {
    api?.scrollNext();
    autoplay.current?.restart();
  }, [api]);
  const scrollTo = useCallback(
    (index: number) => {
      api?.scrollTo(index);
      autoplay.current?.restart();
    },
    [api],
  );

  /** Handlers for the carousel's root: hover or focus inside pause autoplay, leaving resumes it. */
  const pauseHandlers = useMemo(
    () => ({
      onMouseEnter: () => autoplay.current?.pause('hover'),
      onMouseLeave: () => autoplay.current?.resume('hover'),
      // Keyboard focus pauses; a mouse click on a dot or link leaves the pause to the hover.
      onFocus: (event: FocusEvent<HTMLElement>) => {
        if (isFocusVisible(event.target)) autoplay.current?.pause('focus');
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) autoplay.current?.resume('focus');
      },
    }),
    [],
  );

  return { setViewport, api, active, selected, snapCount, previous, next, scrollTo, pauseHandlers };
}

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

export type CarouselState = ReturnType<typeof useCarousel>;

/** The section-level previous and next buttons (the carousel itself has no arrows). */
export function CarouselButtons({ carousel, label }: { carousel: CarouselState; label: string }) {
  const { t } = useTranslation('catalogue');
  const disabled = carousel.snapCount < 2;
  const button =
    'flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm transition hover:border-teal-600 hover:bg-teal-700 hover:text-white disabled:pointer-events-none disabled:opacity-40';
  return (
    <div className="flex gap-2" role="group" aria-label={label}>
      <button
        type="button"
        className={button}
        onClick={carousel.previous}
        disabled={disabled}
        aria-label={t('carousel.previous')}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={button}
        onClick={carousel.next}
        disabled={disabled}
        aria-label={t('carousel.next')}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

/**
 * The viewport and its dots. Children are the slides; `slideClassName` sets how many show at once
 * (default: the course carousels' 4 / 3 / 2 / 1).
 */
export function Carousel({
  carousel,
  label,
  children,
  slideClassName = COURSE_SLIDE_CLASS,
  outOfSightBeforeStart = COURSE_SLIDES_OUT_OF_SIGHT,
  testId,
}: {
  carousel: CarouselState;
  label: string;
  children: ReactNode;
  slideClassName?: string;
  /** Per slide, classes that hide it where it cannot show before the carousel starts (`slideClassName`'s counts). */
  outOfSightBeforeStart?: readonly string[];
  testId?: string;
}) {
  const { t } = useTranslation('catalogue');
  const { setViewport, active, selected, snapCount, scrollTo, pauseHandlers } = carousel;
  const all = Children.toArray(children);
  // Until embla starts, only the slides that can show at once are there: the rest (out of sight to the right)
  // would make the page's first HTML and layout a third larger for nothing.
  const slides = active ? all : all.slice(0, SLIDES_BEFORE_START);
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-selected={selected}
      {...pauseHandlers}
    >
      <div ref={setViewport} className="-mx-2 overflow-hidden py-2">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { number: index + 1, total: all.length })}
              className={`min-w-0 shrink-0 grow-0 px-2 ${slideClassName} ${active ? '' : (outOfSightBeforeStart[index] ?? '')}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* The dots' room is kept until embla has started and counted the snaps: nothing below moves then. */}
      {!active && <div className="mt-6 h-6" aria-hidden="true" />}
      {snapCount > 1 && (
        <div className="mt-6 flex justify-center gap-1" role="group" aria-label={t('carousel.dots')}>
          {Array.from({ length: snapCount }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => scrollTo(index)}
              aria-label={t('carousel.goTo', { number: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              className="group flex h-6 min-w-6 items-center justify-center"
            >
              <span
                className={`block h-2 rounded-full transition-all duration-300 ${
                  index === selected ? 'w-7 bg-teal-700' : 'w-2 bg-slate-300 group-hover:bg-slate-400'
                }`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
