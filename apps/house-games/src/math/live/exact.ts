import { bankerDraws, playCoup, type BaccaratResult } from './baccarat.ts';
import { SHOE_CARDS, type Card } from './draw.ts';
import type { DragonTigerResult } from './dragon-tiger.ts';
import type { FanTanResult } from './fan-tan.ts';
import { LIVE_GAMES, type LiveKind, type LiveResult } from './games.ts';
import { colourOf, ROULETTE_POCKETS, type RouletteResult } from './roulette.ts';
import type { SicBoResult } from './sic-bo.ts';

/**
 * Every outcome of a live table with its exact probability, so the return of any bet is a sum, not
 * an estimate (`npm run rtp` sets each beside a simulation of the deal code; the unit tests check
 * the maths notes of each game against it).
 */
export interface Weighted<R> {
  r: R;
  p: number;
}

const card = (rank: number): Card => ({ rank, suit: 0 });
const RANKS = 13;
const PER_RANK = SHOE_CARDS / RANKS;

/**
 * Every coup of an eight-deck shoe (cards drawn without replacement) by point value, ten-value
 * cards being 128 of the 416, drawing only the cards the tableau needs. Ranks within the ten-value
 * cards are not told apart, so pairs are not read from these coups (see `pairReturn`).
 */
export const baccaratCoups = (): Weighted<BaccaratResult>[] => {
  const out: Weighted<BaccaratResult>[] = [];
  const counts = [4 * PER_RANK, ...Array.from({ length: 9 }, () => PER_RANK)];
  const needed = (v: number[]): number => {
    if (v.length < 4) return 4;
    const p2 = (v[0]! + v[2]!) % 10;
    const b2 = (v[1]! + v[3]!) % 10;
    if (p2 >= 8 || b2 >= 8) return 4;
    const third = p2 <= 5 ? (v[4] ?? -1) : null;
    if (third === -1) return 5;
    const base = third === null ? 4 : 5;
    return bankerDraws(b2, third) ? base + 1 : base;
  };
  const walk = (v: number[], p: number, left: number) => {
    if (v.length >= needed(v)) {
      out.push({ r: playCoup(v.map((x) => card(x === 0 ? 10 : x))), p });
      return;
    }
    for (let x = 0; x <= 9; x++) {
      const c = counts[x]!;
      counts[x] = c - 1;
      walk([...v, x], (p * c) / left, left - 1);
      counts[x] = c;
    }
  };
  walk([], 1, SHOE_CARDS);
  return out;
};

/** A pair pays 12 for 1 when a hand's second card has its first card's rank: 31 of the 415 left. */
export const pairReturn = 12 * ((PER_RANK - 1) / (SHOE_CARDS - 1));

const dragonTigerCards = (): Weighted<DragonTigerResult>[] => {
  const out: Weighted<DragonTigerResult>[] = [];
  for (let a = 1; a <= RANKS; a++)
    for (let b = 1; b <= RANKS; b++)
      out.push({
        r: { dragon: card(a), tiger: card(b), winner: a > b ? 'dragon' : b > a ? 'tiger' : 'tie' },
        p: (PER_RANK / SHOE_CARDS) * ((a === b ? PER_RANK - 1 : PER_RANK) / (SHOE_CARDS - 1)),
      });
  return out;
};

const sicBoRolls = (): Weighted<SicBoResult>[] => {
  const out: Weighted<SicBoResult>[] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++)
        out.push({ r: { dice: [a, b, c], total: a + b + c, triple: a === b && b === c }, p: 1 / 216 });
  return out;
};

/** Fan tan: 40 to 199 beads, 160 counts, each remainder 1–4 exactly 40 times. */
const fanTanResults = (): Weighted<FanTanResult>[] =>
  ([1, 2, 3, 4] as const).map((result) => ({ r: { beads: 40 + result, result }, p: 1 / 4 }));

const rouletteNumbers = (): Weighted<RouletteResult>[] =>
  Array.from({ length: ROULETTE_POCKETS }, (_, number) => ({
    r: { number, colour: colourOf(number) },
    p: 1 / ROULETTE_POCKETS,
  }));

/** Every outcome of a kind of table with its probability (they sum to 1). */
export const exactOutcomes = (kind: LiveKind): Weighted<LiveResult>[] => {
  if (kind === 'baccarat') return baccaratCoups();
  if (kind === 'roulette') return rouletteNumbers();
  if (kind === 'dragontiger') return dragonTigerCards();
  if (kind === 'sicbo') return sicBoRolls();
  return fanTanResults();
};

/** The bets `npm run rtp` reports for each table: every kind of bet on its layout once. */
export const RTP_SPOTS: Record<LiveKind, readonly string[]> = {
  baccarat: ['player', 'banker', 'tie', 'playerPair', 'bankerPair'],
  roulette: [
    'straight:17',
    'split:0-1',
    'street:13',
    'trio:0-1-2',
    'corner:14',
    'first-four',
    'line:19',
    'column:2',
    'dozen:3',
    'red',
    'even',
    'low',
  ],
  dragontiger: ['dragon', 'tiger', 'tie'],
  sicbo: ['small', 'odd', 'any-triple', 'triple:4', 'double:2', 'combo:1-6', 'single:3', 'total:4', 'total:10'],
  fantan: ['fan:2', 'odd', 'kwok:1-2'],
};

const STAKE = 1_000_000n;

/** What one unit staked on `spot` returns on average, stake included (1 − the house edge). */
export const exactReturn = (kind: LiveKind, spot: string, outcomes = exactOutcomes(kind)): number => {
  if (kind === 'baccarat' && (spot === 'playerPair' || spot === 'bankerPair')) return pairReturn;
  const game = LIVE_GAMES[kind];
  return outcomes.reduce((sum, o) => sum + (o.p * Number(game.returned(spot, STAKE, o.r))) / Number(STAKE), 0);
};
