import { analyseCounts, type SlotShape } from './analysis.ts';

export interface TuneLimits {
  /** Strip length bounds per reel. */
  minLength: number;
  maxLength: number;
  /** Symbols the tuner may not move (the scatter: its frequency is the feature's design). */
  fixed: Set<number>;
  /** Symbols that must stay at zero on a reel (wilds only on some reels). */
  absent: (reel: number, symbol: number) => boolean;
  /** Fewest stops of a movable symbol on a reel where it may appear. */
  minCount: number;
}

interface Move {
  reel: number;
  symbol: number;
  delta: 1 | -1;
}

export interface TuneResult {
  counts: number[][];
  rtp: number;
  iterations: number;
}

/**
 * Moves reel-strip counts one stop at a time (the single move that brings the exact RTP closest
 * to the target) until the RTP is within `tolerance` of the target or no move helps. Deterministic:
 * ties go to the first move in reel, symbol, direction order.
 */
export const tuneCounts = (
  shape: SlotShape,
  start: number[][],
  target: number,
  limits: TuneLimits,
  tolerance = 0.0002,
  maxIterations = 400,
): TuneResult => {
  const counts = start.map((c) => [...c]);
  let rtp = analyseCounts(shape, counts).rtp;
  let iterations = 0;
  const moves: Move[] = [];
  counts.forEach((row, reel) =>
    row.forEach((_, symbol) => {
      if (limits.fixed.has(symbol) || limits.absent(reel, symbol)) return;
      moves.push({ reel, symbol, delta: 1 }, { reel, symbol, delta: -1 });
    }),
  );
  const apply = (m: Move, sign: 1 | -1): boolean => {
    const row = counts[m.reel] as number[];
    const len = row.reduce((a, b) => a + b, 0);
    const d = m.delta * sign;
    const next = (row[m.symbol] as number) + d;
    if (sign === 1 && (next < limits.minCount || len + d < limits.minLength || len + d > limits.maxLength))
      return false;
    row[m.symbol] = next;
    return true;
  };
  const rtpNow = () => analyseCounts(shape, counts).rtp;
  const gap = (r: number) => (Number.isFinite(r) ? Math.abs(r - target) : Infinity);
  while (gap(rtp) > tolerance && iterations < maxIterations) {
    iterations++;
    let best: { moves: Move[]; rtp: number } | null = null;
    for (const m of moves) {
      if (!apply(m, 1)) continue;
      const r = rtpNow();
      apply(m, -1);
      if (!best || gap(r) < gap(best.rtp)) best = { moves: [m], rtp: r };
    }
    if (!best || gap(best.rtp) >= gap(rtp)) {
      // Stuck between single steps: look for a pair of steps that lands closer.
      best = null;
      for (const a of moves) {
        if (!apply(a, 1)) continue;
        for (const b of moves) {
          if (b.reel === a.reel && b.symbol === a.symbol) continue;
          if (!apply(b, 1)) continue;
          const r = rtpNow();
          apply(b, -1);
          if (!best || gap(r) < gap(best.rtp)) best = { moves: [a, b], rtp: r };
        }
        apply(a, -1);
      }
      if (!best || gap(best.rtp) >= gap(rtp)) break;
    }
    for (const m of best.moves) apply(m, 1);
    rtp = best.rtp;
  }
  return { counts, rtp, iterations };
};
