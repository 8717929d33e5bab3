import type { SlotMath } from './types.ts';

/**
 * Exact return to player of a slot configuration, by analysis rather than sampling.
 *
 * - Reel stops are independent and uniform, so the symbol a payline crosses on reel r has the
 *   strip's symbol frequencies, whatever the row. A line's win probability is therefore a product
 *   of per-reel frequencies, and by linearity every payline has the same expected pay.
 * - Scatters sit at least `rows` apart on each strip, so reel r shows one scatter with probability
 *   count·rows/length and none otherwise; the scatter count is the convolution of those reels.
 * - Free spins replay the same reels with a multiplier M. If a spin awards on average `a` free
 *   spins (a < 1), a paid spin leads to a/(1−a) free spins on average (a subcritical branching
 *   process), so RTP = base·(1 + M·a/(1−a)), where base = line RTP + scatter RTP of one spin.
 */
export interface SlotAnalysis {
  /** Expected line pay of one spin, per unit of total bet. */
  lineRtp: number;
  scatterRtp: number;
  /** Probability of each scatter count 0..reels. */
  scatterDistribution: number[];
  /** Probability that a spin awards free spins. */
  featureChance: number;
  /** Expected free spins awarded by one spin. */
  freeSpinsPerSpin: number;
  /** Expected free spins per paid spin, retriggers included. */
  freeSpinsPerPaidSpin: number;
  /** Share of the total return from free spins. */
  featureRtp: number;
  rtp: number;
}

/** The maths without reel order: what the analysis needs. */
export type SlotShape = Omit<SlotMath, 'strips'>;

/** counts[reel][symbol]: how many stops of each symbol a strip holds. */
export const countsOf = (math: SlotMath): number[][] =>
  math.strips.map((strip) => {
    const c = new Array<number>(math.symbols.length).fill(0);
    for (const s of strip) c[s] = (c[s] ?? 0) + 1;
    return c;
  });

const frequencies = (counts: number[][]): number[][] =>
  counts.map((c) => {
    const len = c.reduce((a, b) => a + b, 0);
    return c.map((n) => n / len);
  });

/** Expected pay of one payline, in line bets. O(reels² × symbols). */
export const expectedLinePay = (math: SlotShape, freq: number[][]): number => {
  const n = math.reels;
  const wild = math.wild;
  const w = (r: number) => (wild >= 0 ? (freq[r]?.[wild] ?? 0) : 0);
  const wildPays = wild >= 0 ? (math.symbols[wild]?.pays ?? []) : [];
  let ev = 0;
  // Probability that reels 0..j-1 all show the wild.
  let leadingWild = 1;
  for (let j = 0; j < n; j++) {
    const wildPay = wildPays[j] ?? 0;
    // Reel j breaks the wild run with something that is not a regular symbol (a scatter).
    let nonRegular = 0;
    math.symbols.forEach((sym, s) => {
      if (s !== wild && sym.kind !== 'regular') nonRegular += freq[j]?.[s] ?? 0;
    });
    ev += leadingWild * nonRegular * wildPay;
    math.symbols.forEach((sym, s) => {
      if (sym.kind !== 'regular') return;
      const pStart = freq[j]?.[s] ?? 0;
      if (pStart === 0) return;
      // The run of s (or wild) continues through reels j+1..k-1 and stops at reel k (or the end).
      let cont = leadingWild * pStart;
      for (let k = j + 1; k <= n; k++) {
        const pay = Math.max(sym.pays[k] ?? 0, wildPay);
        if (k === n) {
          ev += cont * pay;
          break;
        }
        const pSame = (freq[k]?.[s] ?? 0) + w(k);
        ev += cont * (1 - pSame) * pay;
        cont *= pSame;
        if (cont === 0) break;
      }
    });
    leadingWild *= w(j);
    if (leadingWild === 0) break;
  }
  // Every reel shows the wild.
  ev += leadingWild * (wildPays[n] ?? 0);
  return ev;
};

export const scatterDistribution = (math: SlotShape, counts: number[][]): number[] => {
  let dist = [1];
  const sc = math.scatter;
  if (!sc) return dist;
  for (const c of counts) {
    const len = c.reduce((a, b) => a + b, 0);
    const p = ((c[sc.symbol] ?? 0) * math.rows) / len;
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k] = (next[k] ?? 0) + q * (1 - p);
      next[k + 1] = (next[k + 1] ?? 0) + q * p;
    });
    dist = next;
  }
  return dist;
};

export const analyse = (math: SlotMath): SlotAnalysis => analyseCounts(math, countsOf(math));

export const analyseCounts = (math: SlotShape, counts: number[][]): SlotAnalysis => {
  const lineRtp = expectedLinePay(math, frequencies(counts));
  const dist = scatterDistribution(math, counts);
  const sc = math.scatter;
  let scatterRtp = 0;
  let freeSpinsPerSpin = 0;
  let featureChance = 0;
  dist.forEach((p, k) => {
    scatterRtp += p * (sc?.pays[k] ?? 0);
    const fs = sc?.freeSpins[k] ?? 0;
    freeSpinsPerSpin += p * fs;
    if (fs > 0) featureChance += p;
  });
  const base = lineRtp + scatterRtp;
  if (freeSpinsPerSpin >= 1) {
    return {
      lineRtp,
      scatterRtp,
      scatterDistribution: dist,
      featureChance,
      freeSpinsPerSpin,
      freeSpinsPerPaidSpin: Infinity,
      featureRtp: Infinity,
      rtp: Infinity,
    };
  }
  const freeSpinsPerPaidSpin = freeSpinsPerSpin / (1 - freeSpinsPerSpin);
  const featureRtp = base * (sc?.multiplier ?? 1) * freeSpinsPerPaidSpin;
  return {
    lineRtp,
    scatterRtp,
    scatterDistribution: dist,
    featureChance,
    freeSpinsPerSpin,
    freeSpinsPerPaidSpin,
    featureRtp,
    rtp: base + featureRtp,
  };
};
