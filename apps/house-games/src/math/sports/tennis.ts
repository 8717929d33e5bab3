import type { LegResult, Score } from './football.ts';
import { fairFrom } from './normal.ts';

/**
 * Tennis markets (issue 23), best of three sets, a tie-break at 6–6. Selection keys:
 *   MW:H | MW:A                         match winner
 *   SH:<line>:H | SH:<line>:A           set handicap, the line is the home side's (-1.5, +1.5) and
 *                                       the away side takes the opposite: SH:-1.5:H home wins 2–0,
 *                                       SH:-1.5:A away wins at least a set
 *   TG:<line>:O | TG:<line>:U           total games (a tie-break counts as one game), half lines
 * The result's score is the sets won; `sets` holds each set's games.
 *
 * The model is the server's probability of winning a point on his serve (p for the home player, r
 * for the away player), every point independent: the prices come from the exact distribution of the
 * sets (games → sets → match, the serve alternating by game and across sets), and the simulated
 * feed plays the same match point by point from the CSPRNG.
 */
const SELECTION = /^(MW:[HA]|SH:[+-]1\.5:[HA]|TG:\d{1,2}\.5:[OU])$/;
export const isTennisSelection = (s: string) => SELECTION.test(s);

export const settleTennis = (selection: string, score: Score | null, sets?: [number, number][] | null): LegResult => {
  if (!score) return 'VOID';
  const [kind, p1, p2] = selection.split(':') as [string, string, string | undefined];
  const win = (b: boolean): LegResult => (b ? 'WIN' : 'LOSE');
  const { home: h, away: a } = score;
  switch (kind) {
    case 'MW':
      return win(p1 === 'H' ? h > a : a > h);
    case 'SH': {
      const diff = p2 === 'H' ? h - a + Number(p1) : a - h - Number(p1);
      return win(diff > 0);
    }
    case 'TG': {
      if (!sets) return 'VOID';
      const games = sets.reduce((s, [x, y]) => s + x + y, 0);
      return win(p2 === 'O' ? games > Number(p1) : games < Number(p1));
    }
    default:
      throw new RangeError(`unknown selection ${selection}`);
  }
};

/** P(the server holds) when he wins each point with p (deuce: two in a row). */
export const holdProbability = (p: number) => {
  const q = 1 - p;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + (20 * p ** 3 * q ** 3 * p * p) / (p * p + q * q);
};

/** Who serves point n (0-based) of a tie-break: the first server, then two each. */
const tbServerIsFirst = (n: number) => Math.floor((n + 1) / 2) % 2 === 0;

/** P(home wins a tie-break); `homeFirst`: home serves its first point. p, r: each one's serve. */
export const tieBreakProbability = (p: number, r: number, homeFirst: boolean) => {
  const ptWon = (n: number) => (tbServerIsFirst(n) === homeFirst ? p : 1 - r);
  // f[i][j]: P(reaching i–j), i, j < 7 before 6–6.
  const f: number[][] = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  f[0]![0] = 1;
  let won = 0;
  for (let i = 0; i <= 6; i++)
    for (let j = 0; j <= 6; j++) {
      const x = f[i]![j]!;
      if (!x || (i === 6 && j === 6)) continue;
      const w = ptWon(i + j);
      if (i + 1 === 7) won += x * w;
      else f[i + 1]![j]! += x * w;
      if (j + 1 < 7) f[i]![j + 1]! += x * (1 - w);
    }
  // From 6–6 every two points have one on each serve: home needs two in a row.
  const a = p;
  const b = 1 - r;
  return won + f[6]![6]! * ((a * b) / (a * b + (1 - a) * (1 - b)));
};

type SetEnd = { home: number; away: number; p: number; homeServesNext: boolean };

/** The distribution of one set's games given who serves first (in-play: from the games i0–j0). */
export const setScores = (p: number, r: number, homeFirst: boolean, i0 = 0, j0 = 0): SetEnd[] => {
  const hold = holdProbability(p);
  const breakR = 1 - holdProbability(r);
  const f: number[][] = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  f[i0]![j0] = 1;
  const out: SetEnd[] = [];
  const end = (home: number, away: number, x: number) =>
    out.push({ home, away, p: x, homeServesNext: (home + away) % 2 === 0 ? homeFirst : !homeFirst });
  for (let i = 0; i <= 7; i++)
    for (let j = 0; j <= 7; j++) {
      const x = f[i]![j]!;
      if (!x) continue;
      const over = (i >= 6 || j >= 6) && Math.abs(i - j) >= 2;
      if (over || i === 7 || j === 7) {
        end(i, j, x);
        continue;
      }
      if (i === 6 && j === 6) {
        const t = tieBreakProbability(p, r, homeFirst);
        end(7, 6, x * t);
        end(6, 7, x * (1 - t));
        continue;
      }
      const homeServes = (i + j) % 2 === 0 ? homeFirst : !homeFirst;
      const w = homeServes ? hold : breakR;
      f[i + 1]![j]! += x * w;
      f[i]![j + 1]! += x * (1 - w);
    }
  return out;
};

/**
 * A match in play at a game's end (decision 115): the sets finished (games each), the games of the
 * set being played, and whether the home player serves the next game.
 */
export interface TennisLive {
  sets: [number, number][];
  games: [number, number];
  homeServes: boolean;
}
export const TENNIS_START: TennisLive = { sets: [], games: [0, 0], homeServes: true };

/**
 * Every way a best-of-three match can end from a state (the start by default): its sets and
 * probability. The set in play goes on from its games with the serve where it is; the sets after
 * it from 0–0, the serve alternating on.
 */
export const tennisOutcomes = (p: number, r: number, from: TennisLive = TENNIS_START) => {
  type Path = { sets: [number, number][]; p: number; homeServes: boolean; h: number; a: number };
  const won = (who: 0 | 1) => from.sets.filter((x) => (who === 0 ? x[0] > x[1] : x[1] > x[0])).length;
  const [i0, j0] = from.games;
  // The first server of the set in play (setScores counts the serve from the set's first game).
  const firstOfSet = (i0 + j0) % 2 === 0 ? from.homeServes : !from.homeServes;
  let open: Path[] = [{ sets: [...from.sets], p: 1, homeServes: firstOfSet, h: won(0), a: won(1) }];
  const done: Path[] = open[0]!.h >= 2 || open[0]!.a >= 2 ? open.splice(0) : [];
  const cache = new Map<boolean, SetEnd[]>();
  let first = true;
  while (open.length) {
    const next: Path[] = [];
    for (const path of open) {
      const ends = first
        ? setScores(p, r, path.homeServes, i0, j0)
        : (cache.get(path.homeServes) ?? setScores(p, r, path.homeServes));
      if (!first) cache.set(path.homeServes, ends);
      for (const e of ends) {
        const h = path.h + (e.home > e.away ? 1 : 0);
        const a = path.a + (e.away > e.home ? 1 : 0);
        const np: Path = {
          sets: [...path.sets, [e.home, e.away]],
          p: path.p * e.p,
          homeServes: e.homeServesNext,
          h,
          a,
        };
        (h === 2 || a === 2 ? done : next).push(np);
      }
    }
    first = false;
    open = next;
  }
  return done.map((d) => ({ score: { home: d.h, away: d.a }, sets: d.sets, p: d.p }));
};

/** The total-games lines a match offers: half lines around the expected total. */
export const tennisLines = (outcomes: ReturnType<typeof tennisOutcomes>) => {
  const mean = outcomes.reduce((s, o) => s + o.p * o.sets.reduce((t, [x, y]) => t + x + y, 0), 0);
  const mid = Math.floor(mean) + 0.5;
  return [mid - 2, mid - 1, mid, mid + 1, mid + 2];
};

/**
 * Every selection of a tennis match with its fair price; in-play (decision 115) from the state by the
 * same dynamic programming, the total-games lines staying the fixture's (its selection keys).
 */
export const tennisFairPrices = (p: number, r: number, live?: TennisLive): Record<string, number> => {
  const before = tennisOutcomes(p, r);
  const outcomes = live ? tennisOutcomes(p, r, live) : before;
  const keys = ['MW:H', 'MW:A', 'SH:-1.5:H', 'SH:-1.5:A', 'SH:+1.5:H', 'SH:+1.5:A'];
  for (const l of tennisLines(before)) keys.push(`TG:${l}:O`, `TG:${l}:U`);
  const out: Record<string, number> = {};
  for (const k of keys) {
    let win = 0;
    for (const o of outcomes) if (settleTennis(k, o.score, o.sets) === 'WIN') win += o.p;
    out[k] = fairFrom(win, 0);
  }
  return out;
};

/** Serve strengths from two ratings (ATP around 0.64 a point on serve, WTA around 0.56). */
export const serveProbabilities = (base: number, homeRating: number, awayRating: number) => ({
  p: base + (homeRating - awayRating) * 0.02,
  r: base + (awayRating - homeRating) * 0.02,
});

/** The sets won from a state's finished sets. */
export const setsWon = (sets: [number, number][]) => ({
  home: sets.filter(([x, y]) => x > y).length,
  away: sets.filter(([x, y]) => y > x).length,
});

/**
 * Plays a best-of-three match point by point from uniforms u() in [0, 1) (the CSPRNG's), yielding
 * the state after every game (a tie-break is a game); the last state yielded is the match's end.
 */
export function* playTennis(
  p: number,
  r: number,
  u: () => number,
  from: TennisLive = TENNIS_START,
): Generator<TennisLive> {
  let homeServes = from.homeServes;
  const sets: [number, number][] = [...from.sets];
  const score = setsWon(sets);
  let [h0, a0] = from.games;
  const point = (homeServing: boolean) => u() < (homeServing ? p : 1 - r); // true: home wins the point
  const game = (homeServing: boolean) => {
    let h = 0;
    let a = 0;
    for (;;) {
      if (point(homeServing)) h++;
      else a++;
      if ((h >= 4 || a >= 4) && Math.abs(h - a) >= 2) return h > a;
    }
  };
  const tieBreak = (homeFirst: boolean) => {
    let h = 0;
    let a = 0;
    for (let n = 0; ; n++) {
      if (point(tbServerIsFirst(n) === homeFirst)) h++;
      else a++;
      if ((h >= 7 || a >= 7) && Math.abs(h - a) >= 2) return h > a;
    }
  };
  while (score.home < 2 && score.away < 2) {
    let h = h0;
    let a = a0;
    [h0, a0] = [0, 0];
    for (;;) {
      if (h === 6 && a === 6) {
        if (tieBreak(homeServes)) h++;
        else a++;
        homeServes = !homeServes;
        break;
      }
      if (game(homeServes)) h++;
      else a++;
      homeServes = !homeServes;
      if ((h >= 6 || a >= 6) && Math.abs(h - a) >= 2) break;
      yield { sets: [...sets], games: [h, a], homeServes };
    }
    sets.push([h, a]);
    if (h > a) score.home++;
    else score.away++;
    yield { sets: [...sets], games: [0, 0], homeServes };
  }
}

/** Plays a whole match (playTennis to its end): the sets won and each set's games. */
export const simulateTennis = (p: number, r: number, u: () => number) => {
  let last = TENNIS_START;
  for (const s of playTennis(p, r, u)) last = s;
  return { score: setsWon(last.sets), sets: last.sets };
};
