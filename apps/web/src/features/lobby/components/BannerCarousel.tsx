import type { BannerValue } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/index.ts';
import { useMediaQuery } from '../../../lib/useMediaQuery.ts';
import { startGame } from '../startGame.ts';

/** Spec §9: autoplay every 5000 ms, a 1000 ms slide, up to 3 banners side by side. */
export const CAROUSEL = { autoplayMs: 5000, speedMs: 1000, maxVisible: 3 } as const;

const useVisibleCount = (): number => {
  const two = useMediaQuery('(min-width: 768px)');
  const three = useMediaQuery('(min-width: 1280px)');
  return Math.min(CAROUSEL.maxVisible, three ? 3 : two ? 2 : 1);
};

/** Where a banner leads (linkageType URL, ROUTE, PROMOTION or GAME). */
const useFollow = () => {
  const navigate = useNavigate();
  return (b: BannerValue) => {
    if (b.linkageType === 'URL' && /^https?:\/\//.test(b.linkage))
      window.open(b.linkage, '_blank', 'noopener,noreferrer');
    else if (b.linkageType === 'ROUTE' && b.linkage.startsWith('/')) void navigate(b.linkage);
    else if (b.linkageType === 'PROMOTION') void navigate(`/promotions#${encodeURIComponent(b.linkage)}`);
    else if (b.linkageType === 'GAME' && /^\d+$/.test(b.linkage)) {
      startGame(
        { nodeId: Number(b.linkage), gameCode: '', gameType: 'RNG', vassalage: '', isGame: 'GAME', vendorName: '' },
        (to) => void navigate(to),
      );
    }
  };
};

/** Home banners (group w_home): a looping carousel that pauses on hover, focus and reduced motion. */
export function BannerCarousel({ banners }: { banners: readonly BannerValue[] }) {
  const { t } = useTranslation();
  const follow = useFollow();
  const visible = Math.min(useVisibleCount(), banners.length);
  const positions = Math.max(1, banners.length - visible + 1);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const root = useRef<HTMLElement>(null);
  const current = Math.min(index, positions - 1);

  useEffect(() => {
    if (paused || reduced || positions < 2) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % positions);
    }, CAROUSEL.autoplayMs);
    return () => window.clearInterval(timer);
  }, [paused, reduced, positions]);

  if (!banners.length) return null;
  const go = (i: number) => setIndex(((i % positions) + positions) % positions);

  return (
    <section
      ref={root}
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('banner_label')}
      data-testid="banner-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="banner-carousel__viewport">
        <ul
          className="banner-carousel__track"
          style={{
            transform: `translateX(-${(current * 100) / visible}%)`,
            transitionDuration: `${reduced ? 0 : CAROUSEL.speedMs}ms`,
          }}
        >
          {banners.map((b, i) => {
            const shown = i >= current && i < current + visible;
            return (
              <li
                key={b.id}
                className="banner-carousel__slide"
                style={{ flexBasis: `${100 / visible}%` }}
                aria-roledescription="slide"
                aria-label={t('banner_slide', { n: String(i + 1), total: String(banners.length) })}
                aria-hidden={!shown}
              >
                <button
                  type="button"
                  className="banner-card"
                  onClick={() => follow(b)}
                  tabIndex={shown ? 0 : -1}
                  data-testid="banner"
                >
                  <img
                    src={b.url}
                    alt=""
                    width={1200}
                    height={400}
                    loading={i < visible ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  <span className="banner-card__title">{b.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {positions > 1 ? (
        <div className="banner-carousel__controls">
          <button
            type="button"
            className="banner-carousel__arrow banner-carousel__arrow--prev"
            onClick={() => go(current - 1)}
            aria-label={t('banner_prev')}
          >
            <Icon name="chevronRight" size={18} />
          </button>
          <div className="banner-carousel__dots">
            {Array.from({ length: positions }, (_, i) => (
              <button
                key={i}
                type="button"
                className={`banner-carousel__dot${i === current ? ' banner-carousel__dot--active' : ''}`}
                aria-label={t('banner_goto', { n: String(i + 1) })}
                aria-current={i === current || undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="banner-carousel__arrow"
            onClick={() => go(current + 1)}
            aria-label={t('banner_next')}
          >
            <Icon name="chevronRight" size={18} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
