import { HERO_FADE_MS, HERO_PAUSE_MIN_WIDTH_PX, HERO_ROTATION_MS } from '@bima/domain/constants';
import { type SyntheticEvent, useEffect, useState } from 'react';
import { t } from '../../../lib/i18n';
import { getAlternateImagePath, HERO_IMAGES } from './hero-images';

interface HeroProps {
  /** The pointer is over the main area; rotation pauses only on wide windows. */
  isPointerOverMain: boolean;
  onExplore: () => void;
}

function retryWithAlternatePath(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.retried) return;
  image.dataset.retried = 'true';
  image.src = getAlternateImagePath(image.getAttribute('src') ?? '');
}

export function Hero({ isPointerOverMain, onExplore }: HeroProps) {
  const [activeIndex, setActiveIndex] = useState(0);
  // Images after the first load only once their turn is near, to keep the first paint light.
  const [loadedCount, setLoadedCount] = useState(1);
  const isPaused =
    isPointerOverMain && typeof window !== 'undefined' && window.innerWidth > HERO_PAUSE_MIN_WIDTH_PX;

  useEffect(() => {
    if (isPaused) return;
    const timer = window.setInterval(() => {
      setActiveIndex((index) => (index + 1) % HERO_IMAGES.length);
    }, HERO_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [isPaused]);

  useEffect(() => {
    setLoadedCount((count) => Math.min(HERO_IMAGES.length, Math.max(count, activeIndex + 2)));
  }, [activeIndex]);

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-emerald-950 text-white"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        {HERO_IMAGES.slice(0, loadedCount).map((src, index) => (
          <img
            key={src}
            src={src}
            alt=""
            width={1600}
            height={900}
            decoding="async"
            fetchPriority={index === 0 ? 'high' : 'low'}
            onError={retryWithAlternatePath}
            className="absolute inset-0 size-full object-cover transition-opacity ease-in-out motion-reduce:transition-none"
            style={{ opacity: index === activeIndex ? 1 : 0, transitionDuration: `${HERO_FADE_MS}ms` }}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-r from-slate-950/85 via-slate-950/70 to-slate-950/45" />
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-5 px-4 py-16 sm:px-6 sm:py-24 lg:py-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold ring-1 ring-white/30">
          <span aria-hidden="true">★</span>
          {t('landing.badge')}
        </p>
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
        >
          {t('landing.title')}
        </h1>
        <p className="max-w-2xl text-lg text-slate-100">{t('landing.subtitle')}</p>
        <button
          type="button"
          onClick={onExplore}
          className="mt-2 rounded-full bg-amber-400 px-7 py-3 text-base font-bold text-slate-950 shadow-lg hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t('landing.exploreNow')}
        </button>
      </div>
    </section>
  );
}
