import type { LiveKind, LiveResult } from '../math/live/games.ts';

/**
 * What a live table tells its players (decision 094): the engine sends it, the screen reads it.
 * One shape for both sides.
 */
export type LivePhase = 'betting' | 'dealing' | 'result';

export interface LiveRoundView {
  id: number;
  phase: LivePhase;
  serverSeedHash: string;
  bettingEndsAt: number;
  dealEndsAt: number | null;
  resultEndsAt: number | null;
  result: LiveResult | null;
  serverSeed: string | null;
  clientSeed: string | null;
  /** The table's stakes per spot, in minor units. */
  totals: Record<string, string>;
  players: number;
  mine: { spot: string; amount: string }[];
  myWin: string | null;
  /** Every bet of the round has been paid (or refused) by the wallet: the balance now holds the wins. */
  paid: boolean;
  winners: { name: string; win: string }[];
}

export interface LiveEvent {
  type: 'state';
  serverNow: number;
  table: { id: string; kind: LiveKind; name: string; dealer: string; minBet: string; maxBet: string };
  round: LiveRoundView | null;
  history: { id: number; result: LiveResult }[];
}
