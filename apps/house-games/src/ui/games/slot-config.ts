/** A slot as the server describes it to the screens (GET /api/slot). */
export interface SlotConfig {
  code: string;
  model: string;
  volatility: string;
  theme: string;
  themeName: { en: string; pt: string };
  hue: number;
  reels: number;
  rows: number;
  lines: number;
  paylines: number[][];
  symbols: { key: string; kind: string; pays: number[] }[];
  scatter: { pays: number[]; freeSpins: number[]; multiplier: number } | null;
  strips: string[][];
  bets: string[];
  minBet: string;
  rtp: number;
}
