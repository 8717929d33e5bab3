import { SeededRng } from '../rng.ts';
import { linePayOf } from './evaluate.ts';
import type { SlotMath } from './types.ts';

export interface SlotSimulation {
  spins: number;
  rtp: number;
  /** Standard error of the RTP estimate (sample standard deviation of a round's return / √n). */
  standardError: number;
  /** Share of paid spins that win anything (free spins included in the round). */
  hitRate: number;
  featureRate: number;
  /** Biggest round win as a multiple of the total bet. */
  maxWin: number;
}

/**
 * Plays `spins` paid rounds with a seeded RNG, free spins included, through the same line
 * evaluation as real play (linePayOf), reusing buffers so a million rounds take seconds.
 */
export const simulateSlot = (math: SlotMath, spins: number, seed = 'sim'): SlotSimulation => {
  const rng = new SeededRng(seed);
  const reels = math.reels;
  const rows = math.rows;
  const lines = math.paylines.length;
  const window = new Int32Array(reels * rows);
  const lineSymbols = new Array<number>(reels);
  const sc = math.scatter;
  const mult = sc?.multiplier ?? 1;

  /** One spin's pay in line bets (lines + scatter), and its free-spin award. */
  let award = 0;
  const spin = (): number => {
    for (let r = 0; r < reels; r++) {
      const strip = math.strips[r] as number[];
      const stop = rng.int(strip.length);
      for (let row = 0; row < rows; row++) window[r * rows + row] = strip[(stop + row) % strip.length] as number;
    }
    let pay = 0;
    for (const rowsOfLine of math.paylines) {
      for (let r = 0; r < reels; r++) lineSymbols[r] = window[r * rows + (rowsOfLine[r] as number)] as number;
      pay += linePayOf(math, lineSymbols).pay;
    }
    award = 0;
    if (sc) {
      let count = 0;
      for (let i = 0; i < window.length; i++) if (window[i] === sc.symbol) count++;
      pay += (sc.pays[count] ?? 0) * lines;
      award = sc.freeSpins[count] ?? 0;
    }
    return pay;
  };

  let total = 0;
  let totalSq = 0;
  let hits = 0;
  let features = 0;
  let maxWin = 0;
  for (let i = 0; i < spins; i++) {
    let win = spin();
    let remaining = award;
    if (remaining > 0) features++;
    while (remaining > 0) {
      remaining--;
      win += spin() * mult;
      remaining += award;
    }
    const ret = win / lines;
    total += ret;
    totalSq += ret * ret;
    if (win > 0) hits++;
    if (ret > maxWin) maxWin = ret;
  }
  const mean = total / spins;
  const variance = Math.max(0, totalSq / spins - mean * mean);
  return {
    spins,
    rtp: mean,
    standardError: Math.sqrt(variance / spins),
    hitRate: hits / spins,
    featureRate: features / spins,
    maxWin,
  };
};
