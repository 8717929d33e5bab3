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

/** Regulation minutes; an overtime lasts OT_MINUTES. */
export const REGULATION_MINUTES = 48;
export const OT_MINUTES = 5;

/**
 * Minutes left in the block being played at `minute` (elapsed): regulation until 48, then each
 * overtime of five; at the end of a block the next overtime's five (a tie at the end plays one).
 */
export const minutesLeft = (minute: number) =>
  minute < REGULATION_MINUTES ? REGULATION_MINUTES - minute : OT_MINUTES - ((minute - REGULATION_MINUTES) % OT_MINUTES);

/**
 * The final-score distribution: each final score (keyed home × 10 000 + away) with its probability
 * (overtime included). In-play (decision 115) from the score at `minute`: each side's points still
 * to come are the same normal over the minutes left of the block (mean and variance in proportion),
 * added to the score; a tie at the end goes to overtime as before. From 0–0 at minute 0 it is the
 * pre-match distribution exactly.
 */
export const basketballScores = (
  m: BasketballModel,
  from: Score = { home: 0, away: 0 },
  minute = 0,
): Map<number, { home: number; away: number; p: number }> => {
  const f = minutesLeft(minute) / REGULATION_MINUTES;
  const H = discreteNormal(m.home * f, m.sd * Math.sqrt(f));
  const A = discreteNormal(m.away * f, m.sd * Math.sqrt(f));
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
      const h = from.home + i + H.lo;
      const a = from.away + j + A.lo;
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

/** Every selection of a basketball fixture with its fair price (in-play: from the score at a minute). */
export const basketballFairPrices = (
  m: BasketballModel,
  live?: { score: Score; minute: number },
): Record<string, number> => {
  // Money line and spread settle on the margin, totals on the total: their distributions suffice.
  // In-play the lines stay the fixture's (its selection keys) and the prices come from the score.
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  for (const s of basketballScores(m, live?.score, live?.minute).values()) {
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

/** The simulated match's clock steps (decision 115): three minutes in regulation, an overtime whole. */
export const BASKETBALL_STEP = 3;

/**
 * The points of the next step of a match at `minute` (elapsed) from uniforms u(): each side's a
 * normal over the step's minutes (the model's mean and variance in proportion) rounded to whole
 * points, as the prices assume. A step ends at a quarter's end (every 12 minutes); an overtime is
 * one step. Returns the minute the step ends at and both sides' points in it.
 */
export const basketballStep = (m: BasketballModel, minute: number, u: () => number) => {
  const len = minute < REGULATION_MINUTES ? Math.min(BASKETBALL_STEP, REGULATION_MINUTES - minute) : OT_MINUTES;
  const f = len / REGULATION_MINUTES;
  const draw = (mean: number) => {
    const d = discreteNormal(mean * f, m.sd * Math.sqrt(f));
    return d.lo + drawIndex(d.p, u());
  };
  return { minute: minute + len, home: draw(m.home), away: draw(m.away) };
};
