import type { BaccaratResult } from '../../../math/live/baccarat.ts';
import type { DragonTigerResult } from '../../../math/live/dragon-tiger.ts';
import type { Card } from '../../../math/live/draw.ts';
import type { FanTanResult } from '../../../math/live/fan-tan.ts';
import type { LiveKind, LiveResult } from '../../../math/live/games.ts';
import { colourOf, WHEEL_ORDER, type RouletteResult } from '../../../math/live/roulette.ts';
import type { SicBoResult } from '../../../math/live/sic-bo.ts';
import { tl } from './words.ts';

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

export const PlayingCard = ({ card, shown }: { card: Card | undefined; shown: boolean }) => (
  <div
    className={`pcard ${shown && card ? 'up' : 'down'} ${card && (card.suit === 1 || card.suit === 2) ? 'redc' : ''}`}
  >
    {shown && card ? (
      <>
        <span className="pcard-rank">{RANKS[card.rank]}</span>
        <span className="pcard-suit">{SUITS[card.suit]}</span>
      </>
    ) : null}
  </div>
);

/** How far the deal has got: 0 before it starts, 1 when the dealer is done. */
export interface DealClock {
  phase: 'betting' | 'dealing' | 'result';
  progress: number;
}

const BaccaratStage = ({ r, clock }: { r: BaccaratResult | null; clock: DealClock }) => {
  // Shoe order: P1 B1 P2 B2, then the player's third card, then the banker's.
  const order: { side: 'player' | 'banker'; i: number }[] = [
    { side: 'player', i: 0 },
    { side: 'banker', i: 0 },
    { side: 'player', i: 1 },
    { side: 'banker', i: 1 },
  ];
  if (r && r.player.length === 3) order.push({ side: 'player', i: 2 });
  if (r && r.banker.length === 3) order.push({ side: 'banker', i: 2 });
  const dealt = clock.phase === 'result' ? order.length : Math.floor(clock.progress * (order.length + 1));
  const shown = (side: 'player' | 'banker', i: number) =>
    order.findIndex((o) => o.side === side && o.i === i) < dealt && clock.phase !== 'betting';
  const points = (side: 'player' | 'banker') => {
    const cards = (r?.[side] ?? []).filter((_, i) => shown(side, i));
    return cards.reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
  };
  const hand = (side: 'player' | 'banker') => (
    <div className={`hand ${side} ${clock.phase === 'result' && r?.winner === side ? 'winner' : ''}`}>
      <div className="hand-head">
        <strong>{tl(side)}</strong>
        {clock.phase !== 'betting' && (
          <span className="hand-points" data-testid={`live-${side}-points`}>
            {points(side)}
          </span>
        )}
      </div>
      <div className="cards">
        {[0, 1, 2].map((i) =>
          i < 2 || (r?.[side].length ?? 0) > 2 ? (
            <PlayingCard key={i} card={r?.[side][i]} shown={shown(side, i)} />
          ) : null,
        )}
      </div>
    </div>
  );
  return (
    <div className="felt baccarat-felt">
      {hand('player')}
      {hand('banker')}
    </div>
  );
};

const DragonTigerStage = ({ r, clock }: { r: DragonTigerResult | null; clock: DealClock }) => {
  const dealt = clock.phase === 'result' ? 2 : clock.phase === 'dealing' ? Math.floor(clock.progress * 3) : 0;
  return (
    <div className="felt baccarat-felt">
      {(['dragon', 'tiger'] as const).map((side, i) => (
        <div key={side} className={`hand ${side} ${clock.phase === 'result' && r?.winner === side ? 'winner' : ''}`}>
          <div className="hand-head">
            <strong>{tl(side)}</strong>
          </div>
          <div className="cards">
            <PlayingCard card={r?.[side]} shown={dealt > i} />
          </div>
        </div>
      ))}
    </div>
  );
};

const POCKET = 360 / 37;
/** The wheel idles while bets are taken and slows onto the drawn pocket as the deal runs. */
export const wheelAngle = (now: number, dealStart: number, dealEnd: number, result: number | null) => {
  const idle = (t: number) => (t * 0.012) % 360;
  if (result === null || now <= dealStart) return idle(now);
  const a0 = idle(dealStart);
  const k = WHEEL_ORDER.indexOf(result as (typeof WHEEL_ORDER)[number]);
  const target = (360 - k * POCKET) % 360;
  const delta = 3 * 360 + ((((target - a0) % 360) + 360) % 360);
  const p = Math.min(1, (now - dealStart) / Math.max(1, dealEnd - dealStart));
  return a0 + delta * (1 - (1 - p) ** 3);
};

const RouletteStage = ({ r, clock, angle }: { r: RouletteResult | null; clock: DealClock; angle: number }) => (
  <div className="felt roulette-felt">
    <svg className="wheel" viewBox="-110 -110 220 220" role="img" aria-label="roulette wheel">
      <g transform={`rotate(${angle})`}>
        {WHEEL_ORDER.map((n, i) => {
          const a = ((i * POCKET - POCKET / 2 - 90) * Math.PI) / 180;
          const b = (((i + 1) * POCKET - POCKET / 2 - 90) * Math.PI) / 180;
          const c = colourOf(n);
          const mid = ((i * POCKET - 90) * Math.PI) / 180;
          return (
            <g key={n}>
              <path
                d={`M0 0 L${100 * Math.cos(a)} ${100 * Math.sin(a)} A100 100 0 0 1 ${100 * Math.cos(b)} ${100 * Math.sin(b)} Z`}
                className={`pocket ${c}`}
              />
              <text
                x={88 * Math.cos(mid)}
                y={88 * Math.sin(mid)}
                transform={`rotate(${i * POCKET} ${88 * Math.cos(mid)} ${88 * Math.sin(mid)})`}
                className="pocket-n"
              >
                {n}
              </text>
            </g>
          );
        })}
        <circle r="62" className="wheel-hub" />
        <circle r="20" className="wheel-cap" />
      </g>
      <polygon points="-6,-108 6,-108 0,-96" className="wheel-pointer" />
      {clock.phase !== 'betting' && <circle cx="0" cy="-76" r="5" className="wheel-ball" />}
    </svg>
    {clock.phase === 'result' && r && (
      <div className={`roulette-number ${r.colour}`} data-testid="live-number">
        {r.number}
      </div>
    )}
  </div>
);

const Die = ({ n, rolling }: { n: number; rolling: boolean }) => (
  <div className={`die ${rolling ? 'rolling' : ''}`} aria-label={String(n)}>
    {Array.from({ length: 9 }, (_, i) => {
      const pips: Record<number, number[]> = {
        1: [4],
        2: [0, 8],
        3: [0, 4, 8],
        4: [0, 2, 6, 8],
        5: [0, 2, 4, 6, 8],
        6: [0, 2, 3, 5, 6, 8],
      };
      return <span key={i} className={pips[n]?.includes(i) ? 'pip' : ''} />;
    })}
  </div>
);

const SicBoStage = ({ r, clock, now }: { r: SicBoResult | null; clock: DealClock; now: number }) => {
  const rolling = clock.phase === 'dealing' && clock.progress < 0.8;
  const faces =
    r && !rolling && clock.phase !== 'betting'
      ? r.dice
      : [1, 2, 3].map((i) => 1 + ((Math.floor(now / 120) + i * 2) % 6));
  return (
    <div
      className="felt dice-felt"
      data-testid="live-dice"
      data-dice={clock.phase === 'result' && r ? r.dice.join(',') : ''}
    >
      {faces.map((n, i) => (
        <Die key={i} n={n} rolling={rolling} />
      ))}
      {clock.phase === 'result' && r && <div className="dice-total">{r.total}</div>}
    </div>
  );
};

const FanTanStage = ({ r, clock }: { r: FanTanResult | null; clock: DealClock }) => {
  const heap = r?.beads ?? 80;
  const removed =
    clock.phase === 'result'
      ? heap - (r?.result ?? 0)
      : clock.phase === 'dealing'
        ? Math.floor(((heap - (r?.result ?? 4)) * clock.progress) / 4) * 4
        : 0;
  return (
    <div className="felt beads-felt">
      <div className="beads" aria-hidden="true">
        {Array.from({ length: Math.max(0, heap - removed) }, (_, i) => (
          <span key={i} className="bead" />
        ))}
      </div>
      {clock.phase === 'result' && r && <div className="dice-total">{r.result}</div>}
    </div>
  );
};

export const Stage = ({
  kind,
  result,
  clock,
  angle,
  now,
}: {
  kind: LiveKind;
  result: LiveResult | null;
  clock: DealClock;
  angle: number;
  now: number;
}) => {
  if (kind === 'baccarat') return <BaccaratStage r={result as BaccaratResult | null} clock={clock} />;
  if (kind === 'roulette') return <RouletteStage r={result as RouletteResult | null} clock={clock} angle={angle} />;
  if (kind === 'dragontiger') return <DragonTigerStage r={result as DragonTigerResult | null} clock={clock} />;
  if (kind === 'sicbo') return <SicBoStage r={result as SicBoResult | null} clock={clock} now={now} />;
  return <FanTanStage r={result as FanTanResult | null} clock={clock} />;
};
