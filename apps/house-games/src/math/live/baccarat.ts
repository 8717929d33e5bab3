import { dealFromShoe, type Card, type WordStream } from './draw.ts';

/**
 * Punto banco from a full eight-deck shoe, standard tableau.
 *
 * Deal: player, banker, player, banker. A natural (8 or 9 on either two-card hand) ends the coup.
 * Otherwise the player draws on 0–5 and stands on 6–7. If the player stood, the banker draws on
 * 0–5; if the player drew a third card worth p, the banker draws on 0–2, on 3 unless p = 8, on 4 if
 * p ∈ 2–7, on 5 if p ∈ 4–7, on 6 if p ∈ 6–7, and stands on 7.
 *
 * Pays (returned for a stake of 1, stake included) and the exact odds of an eight-deck shoe, computed
 * by enumeration in baccarat.test.ts:
 *   player       2     (1:1), push on a tie       P(player) 0.446247  house edge 1.2351%
 *   banker       1.95  (1:1 less 5% commission), push on a tie   P(banker) 0.458597  edge 1.0579%
 *   tie          9     (8:1)                       P(tie)    0.095156  edge 14.3596%
 *   player pair  12    (11:1) first two player cards of one rank: P = 31/415   edge 10.3614%
 *   banker pair  12    (11:1) the same for the banker's                         edge 10.3614%
 * Commission is rounded down to the minor unit (the player never gets more than 1.95 × stake).
 */
export type BaccaratSpot = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export const BACCARAT_SPOTS: readonly BaccaratSpot[] = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'];

export interface BaccaratResult {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
}

export const pointOf = (c: Card): number => (c.rank >= 10 ? 0 : c.rank);
const total = (cards: Card[]) => cards.reduce((s, c) => s + pointOf(c), 0) % 10;

/** Whether the banker draws, given its two-card total and the player's third card (null: player stood). */
export const bankerDraws = (banker: number, playerThird: number | null): boolean => {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
};

/** Plays the coup from six cards in shoe order (at most six are ever used). */
export const playCoup = (cards: Card[]): BaccaratResult => {
  const player = [cards[0]!, cards[2]!];
  const banker = [cards[1]!, cards[3]!];
  let next = 4;
  const p2 = total(player);
  const b2 = total(banker);
  const natural = p2 >= 8 || b2 >= 8;
  if (!natural) {
    let third: number | null = null;
    if (p2 <= 5) {
      const c = cards[next++]!;
      player.push(c);
      third = pointOf(c);
    }
    if (bankerDraws(b2, third)) banker.push(cards[next++]!);
  }
  const pt = total(player);
  const bt = total(banker);
  return {
    player,
    banker,
    playerTotal: pt,
    bankerTotal: bt,
    winner: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
    natural,
  };
};

export const dealBaccarat = (stream: WordStream): BaccaratResult => playCoup(dealFromShoe(stream, 6));

/** What a stake on a spot returns (stake included; 0 when lost). */
export const baccaratReturn = (spot: BaccaratSpot, stake: bigint, r: BaccaratResult): bigint => {
  switch (spot) {
    case 'player':
      return r.winner === 'player' ? stake * 2n : r.winner === 'tie' ? stake : 0n;
    case 'banker':
      return r.winner === 'banker' ? stake + (stake * 95n) / 100n : r.winner === 'tie' ? stake : 0n;
    case 'tie':
      return r.winner === 'tie' ? stake * 9n : 0n;
    case 'playerPair':
      return r.playerPair ? stake * 12n : 0n;
    case 'bankerPair':
      return r.bankerPair ? stake * 12n : 0n;
  }
};
