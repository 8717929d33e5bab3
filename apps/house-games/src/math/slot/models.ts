/**
 * The base maths models. A catalogue slot is one model with per-game variations (lines, paytable,
 * free spins, bet levels, target RTP) re-tuned to its target; see derive.ts.
 *
 * Pays are multiples of the line bet for line symbols (index = count of a kind) and of the total
 * bet for scatters. `counts` are the starting reel-strip counts per reel; the tuner moves them.
 */
export type Volatility = 'low' | 'medium' | 'high';

export interface BaseModel {
  id: string;
  name: string;
  reels: number;
  rows: number;
  lineOptions: number[];
  volatility: Volatility;
  /** Pays of the high symbols h1..hN (best first). */
  high: number[][];
  /** Pays of the low symbols l1..lN. */
  low: number[][];
  wild: { pays: number[]; reels: number[]; count: number };
  scatter: { pays: number[]; freeSpins: number[][]; multipliers: number[]; count: number };
  /** Starting counts per reel: high symbols, low symbols (same on every reel before jitter). */
  highCount: number[];
  lowCount: number[];
  /** Reel strips stay inside these lengths while tuning. */
  stripLength: [number, number];
  /** Minimum coin (line bet, minor units) options, and the bet ladder in coins. */
  coinOptions: number[];
  betLadder: number[];
}

const pays = (...byCount: number[]): number[] => byCount;

export const BASE_MODELS: readonly BaseModel[] = [
  {
    id: 'classic-3x3',
    name: 'Classic 3×3',
    reels: 3,
    rows: 3,
    lineOptions: [5],
    volatility: 'low',
    high: [pays(0, 0, 0, 80), pays(0, 0, 0, 40), pays(0, 0, 0, 25), pays(0, 0, 0, 15)],
    low: [pays(0, 0, 1, 8), pays(0, 0, 0, 5)],
    wild: { pays: pays(0, 0, 0, 150), reels: [0, 1, 2], count: 1 },
    scatter: { pays: pays(0, 0, 0, 4), freeSpins: [pays(0, 0, 0, 8), pays(0, 0, 0, 10)], multipliers: [2], count: 1 },
    highCount: [3, 4, 4, 5],
    lowCount: [7, 7],
    stripLength: [18, 60],
    coinOptions: [10, 20, 50],
    betLadder: [1, 2, 5, 10, 20, 50],
  },
  {
    id: 'fruit-5x3',
    name: 'Fruit 5×3',
    reels: 5,
    rows: 3,
    lineOptions: [9, 10, 15],
    volatility: 'low',
    high: [
      pays(0, 0, 0, 20, 80, 300),
      pays(0, 0, 0, 15, 50, 200),
      pays(0, 0, 0, 10, 40, 150),
      pays(0, 0, 0, 10, 30, 100),
    ],
    low: [pays(0, 0, 0, 5, 15, 60), pays(0, 0, 0, 5, 15, 50), pays(0, 0, 0, 4, 10, 40), pays(0, 0, 0, 4, 10, 40)],
    wild: { pays: pays(0, 0, 0, 30, 150, 500), reels: [1, 2, 3], count: 2 },
    scatter: {
      pays: pays(0, 0, 0, 2, 10, 50),
      freeSpins: [pays(0, 0, 0, 8, 12, 20), pays(0, 0, 0, 10, 15, 20)],
      multipliers: [2],
      count: 1,
    },
    highCount: [3, 3, 4, 4],
    lowCount: [6, 6, 7, 7],
    stripLength: [30, 90],
    coinOptions: [2, 5, 10, 20],
    betLadder: [1, 2, 3, 5, 10, 20, 50, 100],
  },
  {
    id: 'video-5x3',
    name: 'Video 5×3',
    reels: 5,
    rows: 3,
    lineOptions: [20, 25, 30],
    volatility: 'medium',
    high: [
      pays(0, 0, 0, 30, 150, 750),
      pays(0, 0, 0, 25, 100, 400),
      pays(0, 0, 0, 20, 75, 250),
      pays(0, 0, 0, 15, 50, 200),
      pays(0, 0, 0, 10, 40, 150),
    ],
    low: [
      pays(0, 0, 0, 5, 20, 100),
      pays(0, 0, 0, 5, 15, 80),
      pays(0, 0, 0, 5, 15, 60),
      pays(0, 0, 0, 3, 10, 50),
      pays(0, 0, 0, 3, 10, 50),
    ],
    wild: { pays: pays(0, 0, 0, 50, 250, 1000), reels: [1, 2, 3, 4], count: 2 },
    scatter: {
      pays: pays(0, 0, 0, 2, 10, 100),
      freeSpins: [pays(0, 0, 0, 10, 15, 20), pays(0, 0, 0, 12, 15, 25), pays(0, 0, 0, 8, 12, 15)],
      multipliers: [2, 3],
      count: 1,
    },
    highCount: [2, 3, 3, 4, 4],
    lowCount: [6, 6, 6, 7, 7],
    stripLength: [36, 110],
    coinOptions: [1, 2, 4, 5, 10],
    betLadder: [1, 2, 3, 5, 10, 20, 50, 100, 200],
  },
  {
    id: 'wild-5x3',
    name: 'Wild 5×3 (high volatility)',
    reels: 5,
    rows: 3,
    lineOptions: [25, 30],
    volatility: 'high',
    high: [
      pays(0, 0, 0, 50, 250, 2500),
      pays(0, 0, 0, 30, 150, 1000),
      pays(0, 0, 0, 25, 100, 500),
      pays(0, 0, 0, 20, 75, 300),
    ],
    low: [
      pays(0, 0, 0, 5, 20, 100),
      pays(0, 0, 0, 5, 15, 75),
      pays(0, 0, 0, 4, 10, 50),
      pays(0, 0, 0, 4, 10, 50),
      pays(0, 0, 0, 3, 8, 40),
    ],
    wild: { pays: pays(0, 0, 0, 100, 500, 5000), reels: [1, 2, 3], count: 2 },
    scatter: {
      pays: pays(0, 0, 0, 3, 20, 200),
      freeSpins: [pays(0, 0, 0, 10, 15, 25), pays(0, 0, 0, 8, 12, 20)],
      multipliers: [3, 5],
      count: 1,
    },
    highCount: [2, 2, 3, 3],
    lowCount: [6, 7, 7, 8, 8],
    stripLength: [40, 120],
    coinOptions: [1, 2, 4, 8],
    betLadder: [1, 2, 3, 5, 10, 20, 50, 100],
  },
  {
    id: 'mega-5x4',
    name: 'Mega 5×4',
    reels: 5,
    rows: 4,
    lineOptions: [40, 50],
    volatility: 'medium',
    high: [
      pays(0, 0, 0, 25, 125, 500),
      pays(0, 0, 0, 20, 100, 300),
      pays(0, 0, 0, 15, 60, 200),
      pays(0, 0, 0, 12, 50, 150),
      pays(0, 0, 0, 10, 40, 120),
    ],
    low: [
      pays(0, 0, 0, 5, 15, 60),
      pays(0, 0, 0, 4, 12, 50),
      pays(0, 0, 0, 4, 10, 40),
      pays(0, 0, 0, 3, 8, 30),
      pays(0, 0, 0, 2, 6, 25),
    ],
    wild: { pays: pays(0, 0, 0, 40, 200, 1000), reels: [1, 2, 3, 4], count: 2 },
    scatter: {
      pays: pays(0, 0, 0, 2, 10, 50),
      freeSpins: [pays(0, 0, 0, 10, 15, 20), pays(0, 0, 0, 8, 10, 15)],
      multipliers: [2, 3],
      count: 1,
    },
    highCount: [2, 3, 3, 3, 4],
    lowCount: [6, 6, 7, 7, 8],
    stripLength: [44, 130],
    coinOptions: [1, 2, 5],
    betLadder: [1, 2, 3, 5, 10, 20, 50, 100],
  },
  {
    id: 'grand-6x4',
    name: 'Grand 6×4',
    reels: 6,
    rows: 4,
    lineOptions: [50, 60],
    volatility: 'high',
    high: [
      pays(0, 0, 0, 20, 100, 500, 2000),
      pays(0, 0, 0, 15, 75, 300, 1000),
      pays(0, 0, 0, 12, 50, 200, 600),
      pays(0, 0, 0, 10, 40, 150, 400),
    ],
    low: [
      pays(0, 0, 0, 4, 12, 40, 150),
      pays(0, 0, 0, 4, 10, 30, 120),
      pays(0, 0, 0, 3, 8, 25, 100),
      pays(0, 0, 0, 3, 8, 25, 80),
      pays(0, 0, 0, 2, 5, 20, 60),
    ],
    wild: { pays: pays(0, 0, 0, 40, 200, 1000, 5000), reels: [1, 2, 3, 4, 5], count: 2 },
    scatter: {
      pays: pays(0, 0, 0, 2, 5, 25, 100),
      freeSpins: [pays(0, 0, 0, 8, 12, 15, 20), pays(0, 0, 0, 10, 12, 15, 20)],
      multipliers: [2, 3],
      count: 1,
    },
    highCount: [2, 2, 3, 3],
    lowCount: [6, 6, 7, 7, 8],
    stripLength: [44, 140],
    coinOptions: [1, 2, 4],
    betLadder: [1, 2, 3, 5, 10, 20, 50, 100],
  },
];

export const TARGET_RTPS = [0.94, 0.95, 0.955, 0.96, 0.965, 0.97] as const;

export const modelById = (id: string): BaseModel | undefined => BASE_MODELS.find((m) => m.id === id);
