import type { Rng } from '../rng.ts';
import type { SlotMath, SlotWinLine, SpinEvaluation } from './types.ts';

/** The window shown for the given stops: `rows` consecutive strip positions per reel (wrapping). */
export const windowAt = (math: SlotMath, stops: readonly number[]): number[][] =>
  math.strips.map((strip, r) => {
    const stop = stops[r] ?? 0;
    const col: number[] = [];
    for (let row = 0; row < math.rows; row++) col.push(strip[(stop + row) % strip.length] as number);
    return col;
  });

/**
 * Pay of one line of symbols, read left to right. Leading wilds take the value of the first
 * regular symbol after them; the line pays the better of that run and the wilds' own run. A
 * scatter breaks the line.
 */
export const linePayOf = (
  math: SlotMath,
  symbols: readonly number[],
): { symbol: number; count: number; pay: number } => {
  const n = symbols.length;
  const wild = math.wild;
  let wildRun = 0;
  while (wildRun < n && symbols[wildRun] === wild) wildRun++;
  const wildPay = wild >= 0 ? (math.symbols[wild]?.pays[wildRun] ?? 0) : 0;
  if (wildRun === n) return { symbol: wild, count: n, pay: wildPay };
  const first = symbols[wildRun] as number;
  if (math.symbols[first]?.kind !== 'regular') return { symbol: wild, count: wildRun, pay: wildPay };
  let run = wildRun + 1;
  while (run < n && (symbols[run] === first || symbols[run] === wild)) run++;
  const symPay = math.symbols[first]?.pays[run] ?? 0;
  return symPay >= wildPay
    ? { symbol: first, count: run, pay: symPay }
    : { symbol: wild, count: wildRun, pay: wildPay };
};

export const evaluateWindow = (math: SlotMath, window: number[][], stops: number[]): SpinEvaluation => {
  const lines: SlotWinLine[] = [];
  let linePay = 0;
  const lineSymbols = new Array<number>(math.reels);
  math.paylines.forEach((rowsOfLine, line) => {
    for (let r = 0; r < math.reels; r++) lineSymbols[r] = window[r]?.[rowsOfLine[r] as number] as number;
    const win = linePayOf(math, lineSymbols);
    if (win.pay > 0) {
      lines.push({ line, ...win });
      linePay += win.pay;
    }
  });
  let scatterCount = 0;
  let scatterPay = 0;
  let freeSpinsAwarded = 0;
  const sc = math.scatter;
  if (sc) {
    for (const col of window) for (const s of col) if (s === sc.symbol) scatterCount++;
    scatterPay = sc.pays[scatterCount] ?? 0;
    freeSpinsAwarded = sc.freeSpins[scatterCount] ?? 0;
  }
  return { window, stops, lines, scatterCount, scatterPay, freeSpinsAwarded, linePay };
};

export const spinOnce = (math: SlotMath, rng: Rng): SpinEvaluation => {
  const stops = math.strips.map((strip) => rng.int(strip.length));
  return evaluateWindow(math, windowAt(math, stops), stops);
};

/** Win of one evaluated spin in minor units: integer because line bets are whole minor units. */
export const spinWin = (math: SlotMath, ev: SpinEvaluation, lineBet: number, multiplier = 1): number =>
  (ev.linePay * lineBet + ev.scatterPay * lineBet * math.paylines.length) * multiplier;

export interface PlayedRound {
  base: SpinEvaluation;
  freeSpins: SpinEvaluation[];
  /** Win in minor units, free spins included. */
  win: number;
}

/** Free spins run to completion inside the round, so one bet settles with one win. */
export const MAX_FREE_SPINS = 500;

/**
 * One paid spin and every free spin it leads to. The cap only guards against an unbounded loop;
 * with the derived maths the chance of reaching it is below 1e-12 (the analysis in analysis.ts
 * ignores it for that reason).
 */
export const playRound = (math: SlotMath, rng: Rng, lineBet: number): PlayedRound => {
  const base = spinOnce(math, rng);
  let win = spinWin(math, base, lineBet);
  const freeSpins: SpinEvaluation[] = [];
  let remaining = base.freeSpinsAwarded;
  const mult = math.scatter?.multiplier ?? 1;
  while (remaining > 0 && freeSpins.length < MAX_FREE_SPINS) {
    remaining--;
    const ev = spinOnce(math, rng);
    freeSpins.push(ev);
    win += spinWin(math, ev, lineBet, mult);
    remaining += ev.freeSpinsAwarded;
  }
  return { base, freeSpins, win };
};
