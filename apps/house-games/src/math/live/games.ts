import { BACCARAT_SPOTS, baccaratReturn, dealBaccarat, type BaccaratResult, type BaccaratSpot } from './baccarat.ts';
import {
  DRAGON_TIGER_SPOTS,
  dealDragonTiger,
  dragonTigerReturn,
  type DragonTigerResult,
  type DragonTigerSpot,
} from './dragon-tiger.ts';
import type { WordStream } from './draw.ts';
import { dealFanTan, fanTanReturn, fanTanSpotOk, type FanTanResult } from './fan-tan.ts';
import { dealRoulette, rouletteReturn, rouletteSpotOk, type RouletteResult } from './roulette.ts';
import { dealSicBo, sicBoReturn, sicBoSpotOk, type SicBoResult } from './sic-bo.ts';

/** The live table games: what a spot is, how a round is dealt and what each spot returns. */
export type LiveKind = 'baccarat' | 'roulette' | 'dragontiger' | 'sicbo' | 'fantan';
export const LIVE_KINDS: readonly LiveKind[] = ['baccarat', 'roulette', 'dragontiger', 'sicbo', 'fantan'];

export type LiveResult = BaccaratResult | RouletteResult | DragonTigerResult | SicBoResult | FanTanResult;

export interface LiveGame {
  kind: LiveKind;
  spotOk(spot: string): boolean;
  deal(stream: WordStream): LiveResult;
  /** What `stake` on `spot` returns (stake included; 0 when lost). */
  returned(spot: string, stake: bigint, r: LiveResult): bigint;
}

export const LIVE_GAMES: Record<LiveKind, LiveGame> = {
  baccarat: {
    kind: 'baccarat',
    spotOk: (s) => (BACCARAT_SPOTS as readonly string[]).includes(s),
    deal: dealBaccarat,
    returned: (s, k, r) => baccaratReturn(s as BaccaratSpot, k, r as BaccaratResult),
  },
  roulette: {
    kind: 'roulette',
    spotOk: rouletteSpotOk,
    deal: dealRoulette,
    returned: (s, k, r) => rouletteReturn(s, k, r as RouletteResult),
  },
  dragontiger: {
    kind: 'dragontiger',
    spotOk: (s) => (DRAGON_TIGER_SPOTS as readonly string[]).includes(s),
    deal: dealDragonTiger,
    returned: (s, k, r) => dragonTigerReturn(s as DragonTigerSpot, k, r as DragonTigerResult),
  },
  sicbo: {
    kind: 'sicbo',
    spotOk: sicBoSpotOk,
    deal: dealSicBo,
    returned: (s, k, r) => sicBoReturn(s, k, r as SicBoResult),
  },
  fantan: {
    kind: 'fantan',
    spotOk: fanTanSpotOk,
    deal: dealFanTan,
    returned: (s, k, r) => fanTanReturn(s, k, r as FanTanResult),
  },
};

/** What a set of stakes returns in total for a result. */
export const totalReturn = (kind: LiveKind, stakes: { spot: string; amount: bigint }[], r: LiveResult): bigint =>
  stakes.reduce((sum, s) => sum + LIVE_GAMES[kind].returned(s.spot, s.amount, r), 0n);
