import type React from 'react';
import type { LiveKind } from '../../../math/live/games.ts';
import { colourOf } from '../../../math/live/roulette.ts';
import { formatMoney, type Money } from '../../lib/format.ts';
import { rouletteHotSpots, SICBO_COMBOS, SICBO_DOUBLES, SICBO_SINGLES, SICBO_TRIPLES } from './layout.ts';
import { tl, type LiveKey } from './words.ts';

export interface SpotFigures {
  totals: Record<string, string>;
  mine: Record<string, bigint>;
  pending: Record<string, bigint>;
  winning: (spot: string) => boolean;
}

const Spot = ({
  spot,
  label,
  pays,
  className = '',
  figures,
  money,
  disabled,
  onPick,
  place,
}: {
  place?: Record<string, number>;
  spot: string;
  label: string;
  pays?: string;
  className?: string;
  figures: SpotFigures;
  money: Money;
  disabled: boolean;
  onPick: (spot: string) => void;
}) => {
  const total = figures.totals[spot];
  const mine = (figures.mine[spot] ?? 0n) + (figures.pending[spot] ?? 0n);
  return (
    <button
      type="button"
      className={`spot ${className} ${figures.winning(spot) ? 'win' : ''} ${figures.pending[spot] ? 'pending' : ''}`}
      disabled={disabled}
      onClick={() => onPick(spot)}
      data-testid={`spot-${spot}`}
      aria-label={`${label}${pays ? ` ${pays}` : ''}`}
      style={place as React.CSSProperties | undefined}
    >
      <span className="spot-label">{label}</span>
      {pays && <span className="spot-pays">{pays}</span>}
      {total && (
        <span className="spot-total" title={tl('tableTotal')}>
          {formatMoney(total, money)}
        </span>
      )}
      {mine > 0n && <span className="spot-mine">{formatMoney(mine, money)}</span>}
    </button>
  );
};

/**
 * A split or corner on the roulette layout: a small target on the line between two numbers, or where
 * four meet, laid over the numbers' cells (the chip on it shows the stake).
 */
const HotSpot = ({
  spot,
  label,
  className,
  figures,
  money,
  disabled,
  onPick,
}: {
  spot: string;
  label: string;
  className: string;
  figures: SpotFigures;
  money: Money;
  disabled: boolean;
  onPick: (spot: string) => void;
}) => {
  const mine = (figures.mine[spot] ?? 0n) + (figures.pending[spot] ?? 0n);
  const total = figures.totals[spot];
  return (
    <button
      type="button"
      className={`rl-hot ${className} ${figures.winning(spot) ? 'win' : ''} ${mine > 0n ? 'staked' : ''}`}
      disabled={disabled}
      onClick={() => onPick(spot)}
      data-testid={`spot-${spot}`}
      aria-label={label}
      title={`${label}${total ? ` · ${tl('tableTotal')} ${formatMoney(total, money)}` : ''}${mine > 0n ? ` · ${formatMoney(mine, money)}` : ''}`}
    >
      {mine > 0n && <span className="rl-hot-chip">{formatMoney(mine, money).replace(/[^\d.,]/g, '')}</span>}
    </button>
  );
};

const simple = (spots: [string, LiveKey | string, string][]) => spots;

/** ⚀…⚅ */
const die = (n: number) => String.fromCodePoint(0x267f + n);

export const Board = ({
  kind,
  figures,
  money,
  disabled,
  onPick,
}: {
  kind: LiveKind;
  figures: SpotFigures;
  money: Money;
  disabled: boolean;
  onPick: (spot: string) => void;
}) => {
  const p = { figures, money, disabled, onPick };
  const word = (k: string) => (k.length > 2 && /^[a-zA-Z]+$/.test(k) ? tl(k as LiveKey) : k);
  if (kind === 'baccarat')
    return (
      <div className="board baccarat-board">
        {simple([
          ['playerPair', 'playerPair', '11:1'],
          ['tie', 'tie', '8:1'],
          ['bankerPair', 'bankerPair', '11:1'],
        ]).map(([s, l, pays]) => (
          <Spot key={s} spot={s} label={word(l)} pays={pays} className={`side ${s}`} {...p} />
        ))}
        <Spot spot="player" label={tl('player')} pays="1:1" className="main player" {...p} />
        <Spot spot="banker" label={tl('banker')} pays="0.95:1" className="main banker" {...p} />
      </div>
    );
  if (kind === 'dragontiger')
    return (
      <div className="board dt-board">
        <Spot spot="dragon" label={tl('dragon')} pays="1:1" className="main dragon" {...p} />
        <Spot spot="tie" label={tl('tie')} pays="8:1" className="main tie" {...p} />
        <Spot spot="tiger" label={tl('tiger')} pays="1:1" className="main tiger" {...p} />
      </div>
    );
  if (kind === 'roulette') {
    return (
      <div className="board roulette-board">
        <div className="rl-grid">
          <Spot spot="straight:0" label="0" className="rl-zero green" {...p} />
          {Array.from({ length: 36 }, (_, i) => {
            const n = i + 1;
            // Wide: three rows of twelve (3 on top); narrow: twelve rows of three, as a phone shows it.
            const place = {
              '--c': Math.ceil(n / 3) + 1,
              '--r': 3 - ((n - 1) % 3),
              '--mc': ((n - 1) % 3) + 1,
              '--mr': Math.ceil(n / 3) + 1,
            };
            // Its splits and corner: targets on this cell's edges (layout.ts; which edges: live.css).
            return (
              <div key={n} className="rl-cell" style={place as React.CSSProperties}>
                <Spot spot={`straight:${n}`} label={String(n)} className={`rl-n ${colourOf(n)}`} {...p} />
                {rouletteHotSpots(n).map((h) => (
                  <HotSpot
                    key={h.spot}
                    spot={h.spot}
                    label={
                      h.edge === 'corner'
                        ? tl('cornerOf', { a: h.numbers[0]!, b: h.numbers[1]!, c: h.numbers[2]!, d: h.numbers[3]! })
                        : tl('splitOf', { a: h.numbers[0]!, b: h.numbers[1]! })
                    }
                    className={`hs-${h.edge}`}
                    {...p}
                  />
                ))}
              </div>
            );
          })}
          {[1, 2, 3].map((k) => (
            <Spot
              key={`c${k}`}
              spot={`column:${k}`}
              label="2:1"
              className="rl-col"
              place={{ '--r': 4 - k, '--mc': k }}
              {...p}
            />
          ))}
        </div>
        <div className="rl-outside">
          {[1, 2, 3].map((d) => (
            <Spot
              key={d}
              spot={`dozen:${d}`}
              label={`${12 * (d - 1) + 1}–${12 * d}`}
              pays="2:1"
              className="rl-dozen"
              {...p}
            />
          ))}
          {(['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((s) => (
            <Spot key={s} spot={s} label={tl(s)} pays="1:1" className={`rl-even ${s}`} {...p} />
          ))}
        </div>
        <p className="muted small rl-legend">
          {tl('rouletteHint')} · {tl('straight')} 35:1 · {tl('split')} 17:1 · {tl('corner')} 8:1
        </p>
      </div>
    );
  }
  if (kind === 'sicbo')
    return (
      <div className="board sicbo-board">
        {(['small', 'odd', 'even', 'big'] as const).map((s) => (
          <Spot key={s} spot={s} label={tl(s)} pays="1:1" className="main" {...p} />
        ))}
        <Spot spot="any-triple" label={tl('anyTriple')} pays="30:1" className="wide" {...p} />
        {[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((n) => (
          <Spot
            key={n}
            spot={`total:${n}`}
            label={String(n)}
            pays={`${{ 4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 13: 8, 14: 12, 15: 14, 16: 18, 17: 50 }[n] ?? 6}:1`}
            className="small-spot"
            {...p}
          />
        ))}
        <h3 className="sb-title">
          {tl('singleNumber')} <span>1:1 · 2:1 · 3:1</span>
        </h3>
        {SICBO_SINGLES.map((s, i) => (
          <Spot key={s} spot={s} label={die(i + 1)} pays="1–3:1" className="sb-die" {...p} />
        ))}
        <h3 className="sb-title">
          {tl('doubles')} <span>10:1</span>
        </h3>
        {SICBO_DOUBLES.map((s, i) => (
          <Spot key={s} spot={s} label={die(i + 1).repeat(2)} pays="10:1" className="sb-die" {...p} />
        ))}
        <h3 className="sb-title">
          {tl('triples')} <span>180:1</span>
        </h3>
        {SICBO_TRIPLES.map((s, i) => (
          <Spot key={s} spot={s} label={die(i + 1).repeat(3)} pays="180:1" className="sb-die" {...p} />
        ))}
        <h3 className="sb-title">
          {tl('combinations')} <span>5:1</span>
        </h3>
        {SICBO_COMBOS.map((s) => {
          const [a, b] = s.slice('combo:'.length).split('-').map(Number) as [number, number];
          return <Spot key={s} spot={s} label={`${die(a)}${die(b)}`} pays="5:1" className="sb-die sb-combo" {...p} />;
        })}
      </div>
    );
  return (
    <div className="board fantan-board">
      {[1, 2, 3, 4].map((n) => (
        <Spot key={n} spot={`fan:${n}`} label={String(n)} pays="2.85:1" className="main" {...p} />
      ))}
      <Spot spot="odd" label={tl('odd')} pays="0.95:1" className="main" {...p} />
      <Spot spot="even" label={tl('even')} pays="0.95:1" className="main" {...p} />
    </div>
  );
};
