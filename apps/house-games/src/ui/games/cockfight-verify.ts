import { fightForm, fightResult, type FightForm, type FightSide } from '../../math/fair/cockfight-draw.ts';
import { drawInt } from '../../math/live/draw.ts';
import { liveWords } from './live/fair.ts';

/**
 * A simulated fight decided again in the browser: its form from the HMAC-SHA256 words of
 * (server seed, "odds", fight number) and its result from (server seed, "result", fight number),
 * from WebCrypto, through the very functions the server's feed runs (math/fair/cockfight-draw.ts).
 */
export const recomputeFight = async (
  serverSeed: string,
  fightNo: number,
): Promise<{ form: FightForm; result: FightSide }> => {
  if (!Number.isSafeInteger(fightNo) || fightNo < 0) throw new RangeError('a fight number is a whole number');
  // 2 blocks = 16 words: a fight draws three numbers, and a rejection is rarer than 1 in 2^18.
  const odds = (await liveWords(serverSeed, 'odds', fightNo, 2))[Symbol.iterator]();
  const form = fightForm((n) => drawInt(odds, n));
  const result = (await liveWords(serverSeed, 'result', fightNo, 2))[Symbol.iterator]();
  return { form, result: fightResult((n) => drawInt(result, n), form) };
};
