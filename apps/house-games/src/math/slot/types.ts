/**
 * The shape of a slot's maths. Everything a spin needs is data: a game is one `SlotMath` plus a
 * theme that only changes how symbols look.
 */
export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  /** Stable key inside the game (h1..h5 high, l1..l6 low, W wild, S scatter). */
  key: string;
  kind: SymbolKind;
  /**
   * Line pays by count of a kind, as multiples of the line bet: `pays[k]` is the pay for k in a
   * row from the leftmost reel (index 0 unused). Scatters pay through `ScatterRule` instead.
   */
  pays: number[];
}

export interface ScatterRule {
  symbol: number;
  /** Pays by number of scatters anywhere in the window, as multiples of the total bet. */
  pays: number[];
  /** Free spins awarded by number of scatters (also during free spins: retriggers). */
  freeSpins: number[];
  /** Every win during free spins is multiplied by this. */
  multiplier: number;
}

export interface SlotMath {
  reels: number;
  rows: number;
  /** Each payline names the row it crosses on every reel. */
  paylines: number[][];
  symbols: SlotSymbol[];
  /** Index of the wild symbol, or -1. The wild substitutes for every regular symbol. */
  wild: number;
  scatter: ScatterRule | null;
  /**
   * Reel strips (symbol indices). A spin picks one stop per reel uniformly and independently and
   * shows `rows` consecutive symbols. Scatters sit at least `rows` apart on every strip, so a reel
   * never shows two of them.
   */
  strips: number[][];
}

export interface SlotWinLine {
  line: number;
  symbol: number;
  count: number;
  /** Multiple of the line bet (before the free-spin multiplier). */
  pay: number;
}

export interface SpinEvaluation {
  /** window[reel][row] = symbol index. */
  window: number[][];
  stops: number[];
  lines: SlotWinLine[];
  scatterCount: number;
  /** Multiple of the total bet from scatters (before the free-spin multiplier). */
  scatterPay: number;
  freeSpinsAwarded: number;
  /** Sum of line pays, in line bets (before the free-spin multiplier). */
  linePay: number;
}
