import { createHash } from 'node:crypto';
import { SLOT_THEMES } from '../../shared/themes.ts';
import { SeededRng } from '../rng.ts';
import { analyse, type SlotAnalysis, type SlotShape } from './analysis.ts';
import { BASE_MODELS, TARGET_RTPS, modelById, type BaseModel, type Volatility } from './models.ts';
import { paylinesFor } from './paylines.ts';
import { tuneCounts } from './tune.ts';
import type { SlotMath, SlotSymbol } from './types.ts';

/** One playable slot: its maths, look and bet levels, all derived from the game code. */
export interface SlotGame {
  code: string;
  model: string;
  modelName: string;
  volatility: Volatility;
  theme: string;
  /** Hue rotation (degrees) that makes games sharing a theme look different. */
  hue: number;
  math: SlotMath;
  lines: number;
  /** Line bets offered, in minor units; a total bet is a line bet × lines. */
  coins: number[];
  /** Total bets offered, in minor units. */
  bets: number[];
  minBet: number;
  maxBet: number;
  targetRtp: number;
  analysis: SlotAnalysis;
}

/** A game's maths never changes once derived; this version is part of every round record. */
export const MATHS_VERSION = 1;

const scalePays = (pays: number[], factor: number): number[] =>
  pays.map((p) => (p > 0 ? Math.max(1, Math.round(p * factor)) : 0));

/**
 * Lays the tuned counts out as a reel strip: scatters evenly spaced (at least `rows` apart, so a
 * reel never shows two), the other symbols shuffled into the gaps by the game's own seeded RNG.
 * Order never changes the RTP (see analysis.ts); it only changes what a near miss looks like.
 */
const arrangeStrip = (counts: number[], scatter: number, rows: number, rng: SeededRng): number[] => {
  const len = counts.reduce((a, b) => a + b, 0);
  const strip = new Array<number>(len).fill(-1);
  const scatters = scatter >= 0 ? (counts[scatter] ?? 0) : 0;
  if (scatters * rows > len) throw new RangeError('strip too short for its scatters');
  for (let i = 0; i < scatters; i++) strip[Math.floor((i * len) / scatters)] = scatter;
  const rest: number[] = [];
  counts.forEach((c, s) => {
    if (s !== scatter) for (let i = 0; i < c; i++) rest.push(s);
  });
  rng.shuffle(rest);
  let k = 0;
  for (let i = 0; i < len; i++) if (strip[i] === -1) strip[i] = rest[k++] as number;
  return strip;
};

export const buildSlot = (code: string, model: BaseModel, rng: SeededRng): SlotGame => {
  const theme = rng.pick(SLOT_THEMES);
  const hue = rng.pick([0, 0, 15, 30, -15, -30, 45, -45]);
  const lines = rng.pick(model.lineOptions);
  const targetRtp = rng.pick(TARGET_RTPS);
  const topFactor = rng.pick([0.8, 0.9, 1, 1, 1.1, 1.25, 1.5]);
  const lowFactor = rng.pick([0.8, 1, 1, 1.2]);
  const freeSpins = rng.pick(model.scatter.freeSpins);
  const multiplier = rng.pick(model.scatter.multipliers);
  // Picked before tuning so that slotSpec() can publish a game's bets without tuning it.
  const minCoin = rng.pick(model.coinOptions);

  const symbols: SlotSymbol[] = [
    ...model.high.map((p, i) => ({ key: `h${i + 1}`, kind: 'regular' as const, pays: scalePays(p, topFactor) })),
    ...model.low.map((p, i) => ({ key: `l${i + 1}`, kind: 'regular' as const, pays: scalePays(p, lowFactor) })),
    { key: 'W', kind: 'wild', pays: scalePays(model.wild.pays, topFactor) },
    { key: 'S', kind: 'scatter', pays: [...model.scatter.pays] },
  ];
  const wild = symbols.length - 2;
  const scatterIdx = symbols.length - 1;
  const shape: SlotShape = {
    reels: model.reels,
    rows: model.rows,
    paylines: paylinesFor(model.reels, model.rows, lines),
    symbols,
    wild,
    scatter: { symbol: scatterIdx, pays: [...model.scatter.pays], freeSpins: [...freeSpins], multiplier },
  };
  // Starting counts with a little per-game jitter, then tuned to the target.
  const start = Array.from({ length: model.reels }, (_, reel) => [
    ...model.highCount.map((c) => Math.max(1, c + rng.pick([-1, 0, 0, 1]))),
    ...model.lowCount.map((c) => Math.max(1, c + rng.pick([-1, 0, 0, 1]))),
    model.wild.reels.includes(reel) ? model.wild.count : 0,
    model.scatter.count,
  ]);
  const tuned = tuneCounts(shape, start, targetRtp, {
    minLength: model.stripLength[0],
    maxLength: model.stripLength[1],
    fixed: new Set([scatterIdx]),
    absent: (reel, s) => s === wild && !model.wild.reels.includes(reel),
    minCount: 1,
  });
  const strips = tuned.counts.map((c) => arrangeStrip(c, scatterIdx, model.rows, rng));
  const math: SlotMath = { ...shape, strips };
  const coins = model.betLadder.map((k) => k * minCoin);
  const bets = coins.map((c) => c * lines);
  return {
    code,
    model: model.id,
    modelName: model.name,
    volatility: model.volatility,
    theme: theme.id,
    hue,
    math,
    lines,
    coins,
    bets,
    minBet: bets[0] as number,
    maxBet: bets[bets.length - 1] as number,
    targetRtp,
    analysis: analyse(math),
  };
};

/** Which base model a game code gets: a stable hash, so the catalogue spreads over every model. */
export const modelFor = (code: string): BaseModel => {
  const h = createHash('sha256').update(`model:${code}`).digest().readUInt32BE(0);
  return BASE_MODELS[h % BASE_MODELS.length] as BaseModel;
};

/** What a vendor publishes about a slot for the casino's catalogue, without tuning its reels. */
export interface SlotSpec {
  code: string;
  model: string;
  theme: string;
  lines: number;
  minBet: number;
  maxBet: number;
  targetRtp: number;
}

export const slotSpec = (code: string): SlotSpec => {
  const model = modelFor(code);
  const rng = new SeededRng(`slot:v${MATHS_VERSION}:${model.id}|${code}`);
  // The same draws, in the same order, as buildSlot up to the bet levels.
  const theme = rng.pick(SLOT_THEMES);
  rng.pick([0, 0, 15, 30, -15, -30, 45, -45]);
  const lines = rng.pick(model.lineOptions);
  const targetRtp = rng.pick(TARGET_RTPS);
  rng.pick([0.8, 0.9, 1, 1, 1.1, 1.25, 1.5]);
  rng.pick([0.8, 1, 1, 1.2]);
  rng.pick(model.scatter.freeSpins);
  rng.pick(model.scatter.multipliers);
  const minCoin = rng.pick(model.coinOptions);
  const ladder = model.betLadder;
  return {
    code,
    model: model.id,
    theme: theme.id,
    lines,
    minBet: (ladder[0] as number) * minCoin * lines,
    maxBet: (ladder[ladder.length - 1] as number) * minCoin * lines,
    targetRtp,
  };
};

const cache = new Map<string, SlotGame>();
const CACHE_LIMIT = 2000;

/**
 * The slot behind a catalogue game code. Deterministic: the same code always yields the same
 * maths and look, on every machine. Game codes are trimmed and case-sensitive.
 */
export const deriveSlot = (code: string, forceModel?: string): SlotGame => {
  const model = forceModel ? modelById(forceModel) : modelFor(code);
  if (!model) throw new RangeError(`unknown model ${forceModel}`);
  const key = `${model.id}|${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const game = buildSlot(code, model, new SeededRng(`slot:v${MATHS_VERSION}:${key}`));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, game);
  return game;
};
