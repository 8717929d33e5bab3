import { dealFromShoe, type Card, type WordStream } from './draw.ts';

/**
 * Dragon tiger from a full eight-deck shoe: one card to the dragon, one to the tiger; ace low
 * (1) to king (13); the higher card wins, equal ranks tie.
 *   dragon / tiger  2 (1:1); on a tie half the stake comes back   P(win) 192/415  edge 3.7349%
 *   tie             9 (8:1)                                      P(tie) 31/415    edge 32.7711%
 * (P(tie) = 31/415 = 0.074699; each side wins (1 − 31/415)/2.)
 */
export type DragonTigerSpot = 'dragon' | 'tiger' | 'tie';
export const DRAGON_TIGER_SPOTS: readonly DragonTigerSpot[] = ['dragon', 'tiger', 'tie'];

export interface DragonTigerResult {
  dragon: Card;
  tiger: Card;
  winner: 'dragon' | 'tiger' | 'tie';
}

export const dealDragonTiger = (stream: WordStream): DragonTigerResult => {
  const [dragon, tiger] = dealFromShoe(stream, 2) as [Card, Card];
  return {
    dragon,
    tiger,
    winner: dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie',
  };
};

export const dragonTigerReturn = (spot: DragonTigerSpot, stake: bigint, r: DragonTigerResult): bigint => {
  if (spot === 'tie') return r.winner === 'tie' ? stake * 9n : 0n;
  if (r.winner === 'tie') return stake / 2n;
  return r.winner === spot ? stake * 2n : 0n;
};
