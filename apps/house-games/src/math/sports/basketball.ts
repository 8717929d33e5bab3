import type { LegResult, Score } from './football.ts';
import { discreteNormal, drawIndex, fairFrom, lineText } from './normal.ts';

/**
 * Basketball markets (issue 23): money line, point handicap (spread) and total points, settled on
 * the final score including overtime. Selection keys:
 *   ML:H | ML:A                     money line (no draw: overtime decides)
 *   SP:<line>:H | SP:<line>:A       point handicap, the line is the home side's (-5.5, +3 …); the away
 *                                   side takes the opposite line; a whole line can push
 *   TP:<line>:O | TP:<line>:U       total points over / under (215.5, 216 …); a whole line can push
 *
 * The model (the simulated feed's fair prices and its results are the same table): each side's
 * regulation points are a normal rounded to a whole number, independent; a tie goes to overtime,
 * whose points are again such normals over 5 of 48 minutes, drawn again while tied.
 */
const SELECTION = /^(ML:[HA]|SP:[+-]?\d{1,2}(\.5)?:[HA]|TP:\d{2,3}(\.5)?:[OU])$/;
export const isBasketballSelection = (s: string) => SELECTION.test(s);

export const settleBasketball = (selection: string, score: Score | null): LegResult => {
  if (!score) return 'VOID';
  const [kind, p1, p2] = selection.split(':') as [string, string, string | undefined];
  const { home: h, away: a } = score;
  const out = (x: number): LegResult => (x > 0 ? 'WIN' : x < 0 ? 'LOSE' : 'PUSH');
  switch (kind) {
    case 'ML':
      return out(p1 === 'H' ? h - a : a - h);
    case 'SP':
      return p2 === 'H' ? out(h - a + Number(p1)) : out(a - h - Number(p1));
    case 'TP':
      return p2 === 'O' ? out(h + a - Number(p1)) : out(Number(p1) - (h + a));
    default:
      throw new RangeError(`unknown selection ${selection}`);
  }
};

export interface BasketballModel {
  /** Each side's expected regulation points and their standard deviation. */
  home: number;
  away: number;
  sd: number;
}

/** Expected points from two ratings (points better than an average side) with home advantage. */
export const basketballModel = (base: number, homeRating: number, awayRating: number): BasketballModel => {
  const edge = (homeRating - awayRating) / 2 + base * 0.012;
  return { home: base + edge, away: base - edge, sd: base * 0.1 };
};

const OT_SHARE = 5 / 48;

/** The final-score distribution: each final score (keyed home × 10 000 + away) with its probability (overtime included). */
export const basketballScores = (m: BasketballModel): Map<number, { home: number; away: number; p: number }> => {
  const H = discreteNormal(m.home, m.sd);
  const A = discreteNormal(m.away, m.sd);
  const OH = discreteNormal(m.home * OT_SHARE, m.sd * Math.sqrt(OT_SHARE));
  const OA = discreteNormal(m.away * OT_SHARE, m.sd * Math.sqrt(OT_SHARE));
  // Overtime until someone leads: the tied overtimes are drawn again, so their share is renormalised.
  const ot: { d: number; t: number; p: number }[] = [];
  let notTied = 0;
  OH.p.forEach((x, i) =>
    OA.p.forEach((y, j) => {
      if (i + OH.lo !== j + OA.lo) {
        ot.push({ d: i + OH.lo, t: j + OA.lo, p: x * y });
        notTied += x * y;
      }
    }),
  );
  const out = new Map<number, { home: number; away: number; p: number }>();
  const add = (home: number, away: number, p: number) => {
    const k = home * 10_000 + away;
    const was = out.get(k);
    if (was) was.p += p;
    else out.set(k, { home, away, p });
  };
  H.p.forEach((x, i) =>
    A.p.forEach((y, j) => {
      const h = i + H.lo;
      const a = j + A.lo;
      if (x * y < 1e-13) return;
      if (h !== a) add(h, a, x * y);
      else for (const o of ot) add(h + o.d, a + o.t, (x * y * o.p) / notTied);
    }),
  );
  return out;
};

/** The lines a fixture offers: half lines around the expected margin and total, and the whole lines beside them. */
export const basketballLines = (m: BasketballModel) => {
  const spread = -(Math.floor(m.home - m.away) + 0.5); // the home side's line, a half line
  const total = Math.floor(m.home + m.away) + 0.5;
  return {
    spread: [-2, -1, -0.5, 0, 0.5, 1, 2].map((d) => spread + d),
    total: [-4, -2, -0.5, 0, 0.5, 2, 4].map((d) => total + d),
  };
};

/** Every selection of a basketball fixture with its fair price. */
export const basketballFairPrices = (m: BasketballModel): Record<string, number> => {
  // Money line and spread settle on the margin, totals on the total: their distributions suffice.
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  for (const s of basketballScores(m).values()) {
    diff.set(s.home - s.away, (diff.get(s.home - s.away) ?? 0) + s.p);
    total.set(s.home + s.away, (total.get(s.home + s.away) ?? 0) + s.p);
  }
  const lines = basketballLines(m);
  const keys = ['ML:H', 'ML:A'];
  for (const l of lines.spread) keys.push(`SP:${lineText(l, true)}:H`, `SP:${lineText(l, true)}:A`);
  for (const l of lines.total) keys.push(`TP:${l}:O`, `TP:${l}:U`);
  const out: Record<string, number> = {};
  for (const k of keys) {
    let win = 0;
    let push = 0;
    const over = k.startsWith('TP') ? total : diff;
    for (const [x, p] of over) {
      // A score with this margin (or total): home x, away 0 stands for any such score.
      const r = k.startsWith('TP')
        ? settleBasketball(k, { home: x, away: 0 })
        : settleBasketball(k, x >= 0 ? { home: x, away: 0 } : { home: 0, away: -x });
      if (r === 'WIN') win += p;
      else if (r === 'PUSH') push += p;
    }
    out[k] = fairFrom(win, push);
  }
  return out;
};

/** Plays a match from uniforms u() in [0, 1) (the CSPRNG's): the same tables as the prices. */
export const simulateBasketball = (m: BasketballModel, u: () => number): Score => {
  const table = (mean: number, sd: number) => {
    const d = discreteNormal(mean, sd);
    return () => d.lo + drawIndex(d.p, u());
  };
  const [home0, away0] = [table(m.home, m.sd), table(m.away, m.sd)];
  const [otHome, otAway] = [
    table(m.home * OT_SHARE, m.sd * Math.sqrt(OT_SHARE)),
    table(m.away * OT_SHARE, m.sd * Math.sqrt(OT_SHARE)),
  ];
  let home = home0();
  let away = away0();
  while (home === away) {
    const oh = otHome();
    const oa = otAway();
    if (oh !== oa) {
      home += oh;
      away += oa;
    }
  }
  return { home, away };
};
