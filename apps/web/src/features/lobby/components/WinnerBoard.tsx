import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useMediaQuery } from '../../../lib/useMediaQuery.ts';
import { useWinners } from '../api/winners.ts';

/** Spec §9: the board scrolls 0.5 px per frame and shows 3 rows at a time. */
export const WINNER_BOARD = { step: 0.5, visibleRows: 3, rowHeight: 56 } as const;

/** The winners board (HOME only): real wins only; until there are some it says so. */
export function WinnerBoard() {
  const { t } = useTranslation();
  const money = useBrandMoney();
  const { data, isLoading } = useWinners();
  const list = data?.list ?? [];
  const viewport = useRef<HTMLDivElement>(null);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const scrolls = list.length > WINNER_BOARD.visibleRows && !reduced;

  useEffect(() => {
    const el = viewport.current;
    if (!el || !scrolls) return;
    let frame = 0;
    let hovered = false;
    let visible = true;
    let offset = 0;
    const tick = () => {
      frame = 0;
      if (hovered || !visible || document.hidden) return;
      offset += WINNER_BOARD.step;
      // The list is rendered twice; past the first copy, start over seamlessly.
      if (offset >= el.scrollHeight / 2) offset = 0;
      el.scrollTop = offset;
      frame = requestAnimationFrame(tick);
    };
    // Frames run only while the board can be seen: off screen, in a hidden tab or under the
    // pointer it stands still and costs nothing.
    const run = () => {
      if (!frame && !hovered && visible && !document.hidden) frame = requestAnimationFrame(tick);
    };
    const pause = () => (hovered = true);
    const resume = () => {
      hovered = false;
      run();
    };
    const seen =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            visible = entries.some((e) => e.isIntersecting);
            run();
          });
    seen?.observe(el);
    el.addEventListener('mouseenter', pause);
    el.addEventListener('mouseleave', resume);
    document.addEventListener('visibilitychange', run);
    run();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      seen?.disconnect();
      el.removeEventListener('mouseenter', pause);
      el.removeEventListener('mouseleave', resume);
      document.removeEventListener('visibilitychange', run);
    };
  }, [scrolls, list.length]);

  const rows = scrolls ? [...list, ...list] : list;
  return (
    <section className="winner-board" aria-labelledby="winner-board-title" data-testid="winner-board">
      <h2 id="winner-board-title" className="winner-board__title">
        <Icon name="trophy" size={18} />
        {t('winners')}
      </h2>
      {list.length === 0 ? (
        <p className="winner-board__empty">{isLoading ? t('loading') : t('winners_empty')}</p>
      ) : (
        <div
          ref={viewport}
          className="winner-board__viewport"
          style={{ height: WINNER_BOARD.rowHeight * Math.min(WINNER_BOARD.visibleRows, list.length) }}
          tabIndex={0}
          aria-label={t('winners')}
        >
          <ul className="winner-board__list">
            {rows.map((w, i) => (
              <li
                key={`${w.nodeId}-${w.winTime}-${i}`}
                className="winner-row"
                aria-hidden={i >= list.length || undefined}
                style={{ height: WINNER_BOARD.rowHeight }}
              >
                <img src={w.iconUrl} alt="" width={40} height={40} loading="lazy" className="winner-row__icon" />
                <span className="winner-row__who">
                  <strong>{w.customerName}</strong>
                  <span className="winner-row__game">{w.gameName}</span>
                </span>
                <span className="winner-row__amount">{formatMoney(w.winAmount, money)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
