import type { LegResult, Score } from './football.ts';
import { fairFrom } from './normal.ts';

/**
 * Esports markets (issue 23): a best-of-three series played map by map. Selection keys:
 *   MW:H | MW:A                 match (series) winner
 *   M1:H | M1:A                 map 1 winner
 *   MH:<line>:H | MH:<line>:A   map handicap, the line (±1.5) is the home side's and the away side
 *                               takes the opposite: MH:-1.5:H home wins 2–0, MH:-1.5:A away wins a map
 *   TM:2.5:O | TM:2.5:U         total maps: three | two
 * The result's score is the maps won; `maps` holds each map's winner in order.
 *
 * The model: the home side wins each map with probability q, maps independent; the simulated feed
 * draws each map from the CSPRNG with the same q.
 */
const SELECTION = /^(MW:[HA]|M1:[HA]|MH:[+-]1\.5:[HA]|TM:2\.5:[OU])$/;
export const isEsportsSelection = (s: string) => SELECTION.test(s);

export type MapWinner = 'H' | 'A';

export const settleEsports = (selection: string, score: Score | null, maps?: MapWinner[] | null): LegResult => {
  if (!score) return 'VOID';
  const [kind, p1, p2] = selection.split(':') as [string, string, string | undefined];
  const win = (b: boolean): LegResult => (b ? 'WIN' : 'LOSE');
  const { home: h, away: a } = score;
  switch (kind) {
    case 'MW':
      return win(p1 === 'H' ? h > a : a > h);
    case 'M1':
      return maps?.[0] ? win(maps[0] === p1) : 'VOID';
    case 'MH':
      return win((p2 === 'H' ? h - a + Number(p1) : a - h - Number(p1)) > 0);
    case 'TM':
      return win(p2 === 'O' ? h + a > 2.5 : h + a < 2.5);
    default:
      throw new RangeError(`unknown selection ${selection}`);
  }
};

/** Every way a best-of-three series ends (in-play: from the maps played so far): its maps in order and probability. */
export const seriesOutcomes = (q: number, played: MapWinner[] = []) => {
  const out: { maps: MapWinner[]; score: Score; p: number }[] = [];
  const walk = (maps: MapWinner[], p: number) => {
    const h = maps.filter((m) => m === 'H').length;
    const a = maps.length - h;
    if (h === 2 || a === 2) out.push({ maps, score: { home: h, away: a }, p });
    else {
      walk([...maps, 'H'], p * q);
      walk([...maps, 'A'], p * (1 - q));
    }
  };
  walk([...played], 1);
  return out;
};

export const ESPORTS_SELECTIONS = [
  'MW:H',
  'MW:A',
  'M1:H',
  'M1:A',
  'MH:-1.5:H',
  'MH:-1.5:A',
  'MH:+1.5:H',
  'MH:+1.5:A',
  'TM:2.5:O',
  'TM:2.5:U',
];

/**
 * Every selection of a series with its fair price; in-play (decision 115) from the maps won so far,
 * the map in play at q like the rest (a decided market has no price).
 */
export const esportsFairPrices = (q: number, played: MapWinner[] = []): Record<string, number> => {
  const outcomes = seriesOutcomes(q, played);
  const out: Record<string, number> = {};
  for (const k of ESPORTS_SELECTIONS) {
    let win = 0;
    for (const o of outcomes) if (settleEsports(k, o.score, o.maps) === 'WIN') win += o.p;
    out[k] = fairFrom(win, 0);
  }
  return out;
};

/** The home side's chance on a map from two ratings (a logistic on the difference). */
export const mapProbability = (homeRating: number, awayRating: number) =>
  1 / (1 + Math.exp(-(homeRating - awayRating)));

/** Plays a series map by map from uniforms u() in [0, 1) (the CSPRNG's). */
export const simulateSeries = (q: number, u: () => number) => {
  const maps: MapWinner[] = [];
  const score = { home: 0, away: 0 };
  while (score.home < 2 && score.away < 2) {
    const m: MapWinner = u() < q ? 'H' : 'A';
    maps.push(m);
    if (m === 'H') score.home++;
    else score.away++;
  }
  return { score, maps };
};
