import type { BaccaratResult } from '../../../math/live/baccarat.ts';
import type { DragonTigerResult } from '../../../math/live/dragon-tiger.ts';
import type { FanTanResult } from '../../../math/live/fan-tan.ts';
import type { LiveKind, LiveResult } from '../../../math/live/games.ts';
import { colourOf, type RouletteResult } from '../../../math/live/roulette.ts';
import type { SicBoResult } from '../../../math/live/sic-bo.ts';
import { tl } from './words.ts';

type Winner = 'player' | 'banker' | 'tie' | 'dragon' | 'tiger';
const LETTER: Record<Winner, string> = { player: 'P', banker: 'B', tie: 'T', dragon: 'D', tiger: 'T' };

/** Big road: a new column whenever the winner changes; ties mark the cell they follow; six rows. */
export const bigRoad = (winners: Winner[]): { w: Winner; ties: number }[][] => {
  const cols: { w: Winner; ties: number }[][] = [];
  for (const w of winners) {
    const col = cols.at(-1);
    if (w === 'tie') {
      const last = col?.at(-1);
      if (last) last.ties++;
      else cols.push([{ w: 'tie', ties: 1 }]);
      continue;
    }
    if (col && col[0]!.w === w) col.push({ w, ties: 0 });
    else cols.push([{ w, ties: 0 }]);
  }
  return cols;
};

const BeadPlate = ({ cells }: { cells: { w: Winner; label: string }[] }) => (
  <div className="bead-plate" data-testid="live-bead-plate">
    {cells.map((c, i) => (
      <span key={i} className={`bead-cell ${c.w}`}>
        {c.label}
      </span>
    ))}
  </div>
);

export const Roads = ({ kind, history }: { kind: LiveKind; history: { id: number; result: LiveResult }[] }) => {
  const oldestFirst = [...history].reverse();
  if (kind === 'baccarat' || kind === 'dragontiger') {
    const winners = oldestFirst.map((h) => (h.result as BaccaratResult | DragonTigerResult).winner as Winner);
    const beads = oldestFirst.slice(-48).map((h) => {
      const w = (h.result as BaccaratResult).winner as Winner;
      return { w, label: LETTER[w] };
    });
    const road = bigRoad(winners).slice(-24);
    return (
      <div className="roads">
        <section>
          <h3>{tl('beadPlate')}</h3>
          <BeadPlate cells={beads} />
        </section>
        <section>
          <h3>{tl('bigRoad')}</h3>
          <div className="big-road" data-testid="live-big-road">
            {road.map((col, i) => (
              <div key={i} className="road-col">
                {col.slice(0, 6).map((c, j) => (
                  <span key={j} className={`road-ring ${c.w}`}>
                    {c.ties > 0 ? <i className="tie-mark">{c.ties > 1 ? c.ties : ''}</i> : null}
                  </span>
                ))}
                {col.length > 6 && <span className="road-more">+{col.length - 6}</span>}
              </div>
            ))}
          </div>
        </section>
      </div>
    );
  }
  if (kind === 'roulette') {
    const numbers = history.map((h) => (h.result as RouletteResult).number);
    const counts = Array.from({ length: 37 }, (_, n) => ({ n, c: numbers.filter((x) => x === n).length }));
    const sorted = [...counts].sort((a, b) => b.c - a.c || a.n - b.n);
    const hot = sorted.slice(0, 5);
    const cold = [...counts].sort((a, b) => a.c - b.c || a.n - b.n).slice(0, 5);
    const ball = (n: number, extra = '') => (
      <span key={`${n}${extra}`} className={`num-ball ${colourOf(n)}`}>
        {n}
      </span>
    );
    return (
      <div className="roads">
        <section>
          <h3>{tl('recent')}</h3>
          <div className="recent-numbers" data-testid="live-recent">
            {numbers.slice(0, 20).map((n, i) => ball(n, `-${i}`))}
          </div>
        </section>
        <section className="hot-cold">
          <div>
            <h3>{tl('hot')}</h3>
            <div className="recent-numbers">
              {hot.map((h) => (
                <span key={h.n} className="hc">
                  {ball(h.n)}
                  <small>×{h.c}</small>
                </span>
              ))}
            </div>
          </div>
          <div>
            <h3>{tl('cold')}</h3>
            <div className="recent-numbers">
              {cold.map((h) => (
                <span key={h.n} className="hc">
                  {ball(h.n)}
                  <small>×{h.c}</small>
                </span>
              ))}
            </div>
          </div>
        </section>
      </div>
    );
  }
  const label = (r: LiveResult) =>
    kind === 'sicbo'
      ? `${(r as SicBoResult).total}${(r as SicBoResult).triple ? '★' : (r as SicBoResult).total <= 10 ? 'S' : 'B'}`
      : String((r as FanTanResult).result);
  return (
    <div className="roads">
      <section>
        <h3>{tl('recent')}</h3>
        <div className="recent-numbers" data-testid="live-recent">
          {history.slice(0, 24).map((h) => (
            <span key={h.id} className="num-ball plain">
              {label(h.result)}
            </span>
          ))}
        </div>
      </section>
    </div>
  );
};
