import { deriveResult, type LotteryFamily } from '@app/contract';

/**
 * Where an official lottery's result comes from (decision 068). A real results provider (the
 * Vietnamese lottery companies' published sheets, a SEA 4D operator's feed) implements `result`:
 * given a period, the numbers in the family's result order (`checkResult` shape), or null when it
 * has none yet. The draw job asks at the draw; a null leaves the period closed for the operators'
 * draws desk (one enters, another confirms). A feed's result still waits the game's settle hold, in
 * which two operators may correct it.
 */
export interface ResultFeed {
  /** Stored as the period's result source: `house` results can be verified from the seed. */
  readonly source: 'house' | 'feed';
  result(period: {
    merchantId: number;
    gameCode: string;
    family: LotteryFamily;
    numero: string;
    drawAt: Date;
    seed: string;
  }): Promise<number[] | null>;
}

/**
 * Demo mode's stand-in for the official feed: the period's own committed seed draws the sheet
 * (CSPRNG seed, hash published while open, revealed with the result), like every house draw.
 */
export const houseFeed: ResultFeed = {
  source: 'house',
  result: async (p) => deriveResult(p.family, p.seed, p.gameCode, p.numero),
};

/** No provider configured (production until one is wired): every official result comes from the desk. */
export const noFeed: ResultFeed = {
  source: 'feed',
  result: async () => null,
};
