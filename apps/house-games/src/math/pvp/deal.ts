import { uniformInt, words } from '../fair/hmac.ts';
import { dealDeck } from './niuniu.ts';

/**
 * A PvP hand's deal (decisions 100 and 103): the first `count` cards of one 52-card deck shuffled by
 * a partial Fisher–Yates reading uniform integers from the hand's HMAC words (nonce 0). Both rooms
 * deal with it, and `npm run rtp` deals its simulated hands with it.
 */
export const dealHand = (serverSeed: string, clientSeed: string, count: number): number[] => {
  const stream = words(serverSeed, clientSeed, 0);
  return dealDeck((n) => uniformInt(stream, n), count);
};
