import { describe, expect, it } from 'vitest';
import {
  BOMB,
  BULL_BULL,
  FIVE_SMALL,
  NO_BULL,
  compareNiu,
  dealDeck,
  niuEscrows,
  niuExposure,
  payoutOf,
  rakeOf,
  rankNiu,
  settleNiu,
  type PvpCard,
} from './niuniu.ts';

// ♠ 0, ♥ 1, ♣ 2, ♦ 3
const c = (s: string): PvpCard => {
  const rank = { A: 1, J: 11, Q: 12, K: 13 }[s.slice(0, -1)] ?? Number(s.slice(0, -1));
  return { rank, suit: '♠♥♣♦'.indexOf(s.slice(-1)) };
};
const hand = (s: string) => s.split(' ').map(c);

describe('Niu Niu hand ranks', () => {
  it('finds the bull and its points (worked examples)', () => {
    // 3 + 7 + K = 20 → bull; 5 + 4 = 9 → bull 9
    expect(rankNiu(hand('3♠ 7♥ K♣ 5♦ 4♠'))).toMatchObject({ category: 9, multiplier: 2 });
    // 2 + 8 + 10 = 20 → bull; J + Q = 20 → bull-bull
    expect(rankNiu(hand('2♠ 8♥ 10♣ J♦ Q♠'))).toMatchObject({ category: BULL_BULL, multiplier: 3 });
    // A + 9 + K = 20; 2 + 4 = 6 → bull 6 pays ×1
    expect(rankNiu(hand('A♠ 9♥ K♣ 2♦ 4♠'))).toMatchObject({ category: 6, multiplier: 1 });
    // 7 + 8 + 5 = 20; 3 + 4 = 7 → bull 7 pays ×2
    expect(rankNiu(hand('7♠ 8♥ 5♣ 3♦ 4♠'))).toMatchObject({ category: 7, multiplier: 2 });
    // A + 3 + 6 = 10; 2 + 9 = 11 → bull 1
    expect(rankNiu(hand('A♠ 2♥ 3♣ 9♦ 6♠'))).toMatchObject({ category: 1, multiplier: 1 });
  });

  it('says no bull when no three cards make a multiple of ten', () => {
    // points 1, 1, 2, 5, 5: no three sum to 10 or 20
    expect(rankNiu(hand('A♠ A♥ 2♣ 5♦ 5♠')).category).toBe(NO_BULL);
    expect(rankNiu(hand('A♠ A♥ 2♣ 5♦ 5♠')).multiplier).toBe(1);
  });

  it('picks the best bull when several triples make one', () => {
    // K Q J = 30 leaves 4 + 5 = 9; 4 + 6 + K... other triples give lower points
    expect(rankNiu(hand('K♠ Q♥ J♣ 4♦ 5♠')).category).toBe(9);
  });

  it('ranks a bomb and five small above bull-bull', () => {
    expect(rankNiu(hand('9♠ 9♥ 9♣ 9♦ 2♠'))).toMatchObject({ category: BOMB, multiplier: 4 });
    expect(rankNiu(hand('A♠ A♥ 2♣ 2♦ 3♠'))).toMatchObject({ category: FIVE_SMALL, multiplier: 5 });
    // five cards under 5 but summing to 11: not five small
    expect(rankNiu(hand('4♠ 4♥ A♣ A♦ A♠')).category).not.toBe(FIVE_SMALL);
  });

  it('breaks a tie of categories by the highest card, rank then suit', () => {
    const a = rankNiu(hand('K♠ 3♥ 7♣ 5♦ 4♠')); // bull 9, top K♠
    const b = rankNiu(hand('K♥ 2♥ 8♣ 5♣ 4♦')); // bull 9, top K♥
    expect(a.category).toBe(b.category);
    expect(compareNiu(a, b)).toBeGreaterThan(0);
    expect(compareNiu(b, a)).toBeLessThan(0);
  });
});

describe('Niu Niu settlement', () => {
  it('pays stake × bid × multiple × winner multiplier, banker against each player (worked example)', () => {
    // Stake 1.00 (100), banker bid ×3. Seat 1 (banker) bull 8 (×2).
    // Seat 2 ×2 with bull-bull (×3) beats the banker: +100·3·2·3 = +1800.
    // Seat 3 ×5 with no bull loses at the banker's ×2: −100·3·5·2 = −3000.
    const banker = rankNiu(hand('3♠ 7♥ K♣ 4♦ 4♠')); // bull 8
    expect(banker.category).toBe(8);
    const nets = settleNiu(100n, 1, 3, [
      { seat: 1, hand: banker, multiple: 1 },
      { seat: 2, hand: rankNiu(hand('2♠ 8♥ 10♣ J♦ Q♠')), multiple: 2 },
      { seat: 3, hand: rankNiu(hand('A♠ A♥ 2♣ 5♦ 5♠')), multiple: 5 },
    ]);
    expect(nets.get(2)).toBe(1800n);
    expect(nets.get(3)).toBe(-3000n);
    expect(nets.get(1)).toBe(1200n);
    expect([...nets.values()].reduce((a, b) => a + b, 0n)).toBe(0n);
  });

  it('treats a banker nobody bid for as ×1', () => {
    const nets = settleNiu(100n, 2, 0, [
      { seat: 1, hand: rankNiu(hand('9♠ 9♥ 9♣ 9♦ 2♠')), multiple: 1 },
      { seat: 2, hand: rankNiu(hand('A♠ A♥ 2♣ 5♦ 5♠')), multiple: 1 },
    ]);
    expect(nets.get(1)).toBe(400n); // bomb ×4
    expect(nets.get(2)).toBe(-400n);
  });

  it('never makes a seat lose more than its escrow', () => {
    const worst = 100n * 4n * 5n * 5n;
    expect(niuExposure(100n, 4, 5)).toBe(worst);
    expect(niuExposure(100n, 0, 1)).toBe(500n);
  });

  it('takes the rake from winners only, rounded down', () => {
    expect(rakeOf(1800n, 500)).toBe(90n);
    expect(rakeOf(1199n, 500)).toBe(59n);
    expect(rakeOf(-3000n, 500)).toBe(0n);
    expect(rakeOf(0n, 500)).toBe(0n);
  });

  it('escrows each player its most possible loss and the banker the sum of its players', () => {
    const e = niuEscrows(100n, 1, 3, [
      { seat: 1, multiple: null },
      { seat: 2, multiple: 2 },
      { seat: 3, multiple: 5 },
    ]);
    expect(e.get(2)).toBe(100n * 3n * 2n * 5n);
    expect(e.get(3)).toBe(100n * 3n * 5n * 5n);
    expect(e.get(1)).toBe(e.get(2)! + e.get(3)!);
  });

  it('pays back escrow + net − rake, so stakes = payouts + rake over the hand (worked example)', () => {
    // The worked example above: escrows 3000, 7500 (banker 10500); nets +1800, −3000, +1200.
    const seats = [
      { escrow: 10_500n, net: 1200n },
      { escrow: 3000n, net: 1800n },
      { escrow: 7500n, net: -3000n },
    ].map((x) => ({ ...x, ...payoutOf(x.escrow, x.net, 500) }));
    expect(seats.map((x) => [x.rake, x.payout])).toEqual([
      [60n, 11_640n],
      [90n, 4710n],
      [0n, 4500n],
    ]);
    const sum = (f: (x: (typeof seats)[number]) => bigint) => seats.reduce((a, x) => a + f(x), 0n);
    expect(sum((x) => x.escrow)).toBe(sum((x) => x.payout) + sum((x) => x.rake));
  });

  it('deals distinct cards from one deck', () => {
    let x = 7;
    const cards = dealDeck((n) => (x = (x * 1103515245 + 12345) % 2 ** 31) % n, 30);
    expect(new Set(cards).size).toBe(30);
    expect(cards.every((i) => i >= 0 && i < 52)).toBe(true);
  });
});
