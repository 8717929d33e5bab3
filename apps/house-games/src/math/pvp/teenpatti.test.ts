import { describe, expect, it } from 'vitest';
import type { PvpCard } from './niuniu.ts';
import {
  COLOUR,
  HIGH_CARD,
  PAIR,
  PURE_SEQUENCE,
  SEQUENCE,
  TRAIL,
  compareTeen,
  priceOf,
  rankTeen,
  sideshowLoser,
  sideshowTarget,
  splitPot,
  teenExposure,
  teenNets,
} from './teenpatti.ts';

// ♠ 0, ♥ 1, ♣ 2, ♦ 3
const c = (s: string): PvpCard => {
  const rank = { A: 1, J: 11, Q: 12, K: 13 }[s.slice(0, -1)] ?? Number(s.slice(0, -1));
  return { rank, suit: '♠♥♣♦'.indexOf(s.slice(-1)) };
};
const h = (s: string) => rankTeen(s.split(' ').map(c));
const beats = (a: string, b: string) => {
  expect(compareTeen(h(a), h(b))).toBeGreaterThan(0);
  expect(compareTeen(h(b), h(a))).toBeLessThan(0);
};

describe('Teen Patti hand ranks', () => {
  it('names each category (worked examples)', () => {
    expect(h('7♠ 7♥ 7♣').category).toBe(TRAIL);
    expect(h('5♥ 6♥ 4♥').category).toBe(PURE_SEQUENCE);
    expect(h('5♥ 6♠ 4♥').category).toBe(SEQUENCE);
    expect(h('2♦ 9♦ K♦').category).toBe(COLOUR);
    expect(h('9♣ 9♦ A♠').category).toBe(PAIR);
    expect(h('2♣ 9♦ A♠').category).toBe(HIGH_CARD);
  });

  it('orders the categories trail > pure sequence > sequence > colour > pair > high card', () => {
    beats('2♠ 2♥ 2♣', 'A♥ K♥ Q♥');
    beats('2♥ 3♥ 4♥', 'A♠ K♥ Q♥');
    beats('2♥ 3♠ 4♥', 'A♦ K♦ J♦');
    beats('2♦ 3♦ 5♦', 'A♠ A♥ K♣');
    beats('2♦ 2♠ 3♣', 'A♠ K♥ J♣');
  });

  it('ranks A-K-Q highest, A-2-3 second, K-A-2 as no sequence', () => {
    beats('A♠ K♥ Q♣', 'A♦ 2♠ 3♥');
    beats('A♦ 2♠ 3♥', 'K♠ Q♥ J♣');
    beats('K♠ Q♥ J♣', '4♠ 3♥ 2♣');
    expect(h('K♠ A♥ 2♣').category).toBe(HIGH_CARD);
    beats('A♥ 2♥ 3♥', 'K♥ Q♥ J♥');
  });

  it('breaks ties within a category', () => {
    beats('A♠ A♥ A♣', 'K♠ K♥ K♣');
    beats('10♠ 10♥ 2♣', '9♠ 9♥ A♣'); // the pair's rank first
    beats('10♠ 10♥ 5♣', '10♣ 10♦ 4♠'); // then the odd card
    beats('A♦ 7♦ 3♦', 'K♣ Q♣ 9♣'); // colour: highest card
    beats('K♠ 9♥ 3♣', 'K♦ 8♣ 7♥'); // high card: the next card decides
    beats('K♠ 9♥ 4♣', 'K♦ 9♣ 3♥'); // … then the lowest
  });

  it('ties on equal ranks whatever the suits', () => {
    expect(compareTeen(h('K♠ 9♥ 4♣'), h('K♦ 9♣ 4♥'))).toBe(0);
    expect(compareTeen(h('5♠ 6♥ 7♣'), h('5♦ 6♣ 7♥'))).toBe(0);
  });
});

describe('Teen Patti prices and pot', () => {
  it('prices blind at 1×/2× and seen at 2×/4× the unit, the unit capped at 4 boots', () => {
    expect(priceOf(100n, 100n, false, 'chaal')).toEqual({ pay: 100n, unit: 100n });
    expect(priceOf(100n, 100n, false, 'raise')).toEqual({ pay: 200n, unit: 200n });
    expect(priceOf(100n, 100n, true, 'chaal')).toEqual({ pay: 200n, unit: 100n });
    expect(priceOf(100n, 200n, true, 'raise')).toEqual({ pay: 800n, unit: 400n });
    expect(priceOf(100n, 400n, true, 'raise')).toBeNull();
    expect(priceOf(100n, 400n, true, 'show')).toEqual({ pay: 800n, unit: 400n });
    // boot + 4 turns at 8 boots
    expect(teenExposure(100n)).toBe(3300n);
  });

  it('gives the pot to the best hand, splits a tie with the odd unit to the first seat', () => {
    expect(
      splitPot(900n, [
        { seat: 0, hand: h('K♠ 9♥ 4♣') },
        { seat: 2, hand: h('2♠ 2♥ 5♣') },
      ]),
    ).toEqual(new Map([[2, 900n]]));
    expect(
      splitPot(901n, [
        { seat: 1, hand: h('K♠ 9♥ 4♣') },
        { seat: 3, hand: h('K♦ 9♣ 4♥') },
        { seat: 4, hand: h('Q♦ 9♣ 4♥') },
      ]),
    ).toEqual(
      new Map([
        [1, 451n],
        [3, 450n],
      ]),
    );
  });

  it('nets each seat its share less its put: the last seat in, or the split of a show', () => {
    const hand = (x: string) => h(x);
    // Seat 1 packed; seats 0 and 2 show, seat 2 wins the pot of 900.
    const nets = teenNets(900n, [
      { seat: 0, put: 300n, packed: false, hand: hand('K♠ 9♥ 4♣') },
      { seat: 1, put: 200n, packed: true, hand: hand('A♠ A♥ A♣') },
      { seat: 2, put: 400n, packed: false, hand: hand('2♠ 2♥ 5♣') },
    ]);
    expect([...nets.values()]).toEqual([
      { share: 0n, net: -300n },
      { share: 0n, net: -200n },
      { share: 900n, net: 500n },
    ]);
    // Everyone else packed: the last seat takes the pot whatever it holds.
    const last = teenNets(300n, [
      { seat: 0, put: 100n, packed: true, hand: hand('A♠ A♥ A♣') },
      { seat: 1, put: 200n, packed: false, hand: hand('2♠ 3♥ 5♣') },
    ]);
    expect(last.get(1)).toEqual({ share: 300n, net: 100n });
    // A tie splits: each tied seat's net is its half less its put.
    const tie = teenNets(1001n, [
      { seat: 0, put: 500n, packed: false, hand: hand('K♠ 9♥ 4♣') },
      { seat: 1, put: 501n, packed: false, hand: hand('K♦ 9♣ 4♥') },
    ]);
    expect([...tie.values()].map((x) => x.net)).toEqual([1n, -1n]);
  });
});

describe('Teen Patti sideshow', () => {
  it('costs a seen player the chaal; a blind player cannot ask', () => {
    expect(priceOf(100n, 100n, true, 'sideshow')).toEqual({ pay: 200n, unit: 100n });
    expect(priceOf(100n, 400n, true, 'sideshow')).toEqual({ pay: 800n, unit: 400n });
    expect(priceOf(100n, 100n, false, 'sideshow')).toBeNull();
  });

  it('is asked of the player before, round the table, when both have seen and three or more are in', () => {
    const seats = (...seen: [number, boolean][]) => seen.map(([seat, x]) => ({ seat, seen: x }));
    expect(sideshowTarget(seats([0, true], [2, true], [4, true]), 2)).toBe(0);
    // Round the table: the first seat asks the last.
    expect(sideshowTarget(seats([0, true], [2, true], [4, true]), 0)).toBe(4);
    // The player before is blind: no sideshow (it is not passed to the one before them).
    expect(sideshowTarget(seats([0, true], [2, false], [4, true]), 4)).toBeNull();
    // The asker must have seen.
    expect(sideshowTarget(seats([0, true], [2, true], [4, false]), 4)).toBeNull();
    // Two left: that is a show, not a sideshow.
    expect(sideshowTarget(seats([0, true], [2, true]), 2)).toBeNull();
  });

  it('packs the worse hand; on a tie, the one who asked', () => {
    expect(sideshowLoser(h('A♠ A♥ 2♣'), h('K♠ Q♥ 9♣'))).toBe('asked');
    expect(sideshowLoser(h('K♠ Q♥ 9♣'), h('A♠ A♥ 2♣'))).toBe('asker');
    expect(sideshowLoser(h('K♠ 9♥ 4♣'), h('K♦ 9♣ 4♥'))).toBe('asker');
  });
});
