import { describe, expect, it } from 'vitest';
import { hashServerSeed, words } from '../fair/hmac.ts';
import { baccaratReturn, bankerDraws, playCoup, type BaccaratResult, type BaccaratSpot } from './baccarat.ts';
import { dragonTigerReturn, type DragonTigerResult } from './dragon-tiger.ts';
import { cardOf, dealFromShoe, streamOf, type Card } from './draw.ts';
import { fanTanReturn, fanTanSpotOk, type FanTanResult } from './fan-tan.ts';
import { baccaratCoups, exactOutcomes, exactReturn, RTP_SPOTS } from './exact.ts';
import { LIVE_GAMES, LIVE_KINDS, totalReturn } from './games.ts';
import { coveredBy, rouletteReturn, rouletteSpotOk, WHEEL_ORDER } from './roulette.ts';
import { sicBoReturn, sicBoSpotOk, type SicBoResult } from './sic-bo.ts';

const card = (rank: number): Card => ({ rank, suit: 0 });
const coup = (...ranks: number[]) => playCoup(ranks.map(card));

describe('baccarat', () => {
  it('follows the tableau: naturals stand, the player draws on 0–5, the banker by the third card', () => {
    // P 3+3=6 stands; B 2+3=5 draws (player stood).
    expect(coup(3, 2, 3, 3, 1).banker).toHaveLength(3);
    // A natural 9 for the banker ends the coup.
    const n = coup(2, 4, 1, 5);
    expect([n.natural, n.player.length, n.banker.length, n.winner]).toEqual([true, 2, 2, 'banker']);
    // P 2+2=4 draws an 8; B 3 does not draw on a player's 8.
    expect(coup(2, 1, 2, 2, 8).banker).toHaveLength(2);
    expect(bankerDraws(6, 7)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(7, null)).toBe(false);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(5, 4)).toBe(true);
    // Face cards count 0: K+Q = 0 for the player.
    expect(coup(13, 9, 12, 10, 13).playerTotal).toBe(0);
  });

  it('pays 1:1, 0.95:1 on the banker, 8:1 on a tie, 11:1 on pairs, pushes main bets on a tie', () => {
    const tie = coup(4, 4, 4, 4, 13, 13);
    expect(tie.winner).toBe('tie');
    expect(tie.playerPair && tie.bankerPair).toBe(true);
    const pay = (s: BaccaratSpot, r: BaccaratResult) => baccaratReturn(s, 1000n, r);
    expect([pay('player', tie), pay('banker', tie), pay('tie', tie), pay('playerPair', tie)]).toEqual([
      1000n,
      1000n,
      9000n,
      12000n,
    ]);
    const banker = coup(2, 4, 1, 5);
    expect([pay('banker', banker), pay('player', banker), pay('bankerPair', banker)]).toEqual([1950n, 0n, 0n]);
    expect(baccaratReturn('banker', 101n, banker)).toBe(196n); // commission rounded down
  });

  it('has the exact eight-deck odds and house edges the maths note gives', () => {
    const coups = baccaratCoups();
    const total = coups.reduce((s, c) => s + c.p, 0);
    expect(total).toBeCloseTo(1, 9);
    const prob = (f: (r: BaccaratResult) => boolean) => coups.reduce((s, c) => s + (f(c.r) ? c.p : 0), 0);
    expect(prob((r) => r.winner === 'banker')).toBeCloseTo(0.458597, 6);
    expect(prob((r) => r.winner === 'player')).toBeCloseTo(0.446247, 6);
    expect(prob((r) => r.winner === 'tie')).toBeCloseTo(0.095156, 6);
    const edge = (s: BaccaratSpot) =>
      1 - coups.reduce((sum, c) => sum + (c.p * Number(baccaratReturn(s, 1_000_000n, c.r))) / 1e6, 0);
    expect(edge('banker')).toBeCloseTo(0.010579, 5);
    expect(edge('player')).toBeCloseTo(0.012351, 5);
    expect(edge('tie')).toBeCloseTo(0.143596, 5);
    // A pair: the second card of the hand has the first one's rank, 31 of the 415 cards left.
    expect(1 - (12 * 31) / 415).toBeCloseTo(0.103614, 6);
  });
});

describe('roulette', () => {
  it('knows the layout: valid and invalid inside bets', () => {
    expect(coveredBy('split:1-2')).toEqual([1, 2]);
    expect(coveredBy('split:3-4')).toBeNull();
    expect(coveredBy('split:2-5')).toEqual([2, 5]);
    expect(coveredBy('split:0-3')).toEqual([0, 3]);
    expect(coveredBy('split:0-4')).toBeNull();
    expect(coveredBy('street:4')).toEqual([4, 5, 6]);
    expect(coveredBy('street:5')).toBeNull();
    expect(coveredBy('corner:3')).toBeNull();
    expect(coveredBy('corner:32')).toEqual([32, 33, 35, 36]);
    expect(coveredBy('line:31')).toEqual([31, 32, 33, 34, 35, 36]);
    expect(coveredBy('column:2')).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35]);
    expect(coveredBy('straight:37')).toBeNull();
    expect(coveredBy('red:1')).toBeNull();
    expect(rouletteSpotOk('banana')).toBe(false);
    expect(new Set(WHEEL_ORDER).size).toBe(37);
  });

  it('returns 36/37 on every bet (edge 1/37) and pays 35:1 … 1:1', () => {
    const spots = [
      'straight:0',
      'straight:17',
      'split:8-11',
      'street:10',
      'trio:0-1-2',
      'corner:1',
      'first-four',
      'line:4',
      'column:3',
      'dozen:2',
      'red',
      'black',
      'odd',
      'even',
      'low',
      'high',
    ];
    for (const s of spots) {
      let back = 0n;
      for (let n = 0; n < 37; n++) back += rouletteReturn(s, 100n, { number: n, colour: 'red' });
      expect([s, back]).toEqual([s, 3600n]);
    }
    expect(rouletteReturn('straight:17', 100n, { number: 17, colour: 'black' })).toBe(3600n);
    expect(rouletteReturn('red', 100n, { number: 0, colour: 'green' })).toBe(0n);
  });
});

describe('dragon tiger, sic bo, fan tan', () => {
  it('dragon tiger: higher card wins, a tie pays 8:1 and returns half of the side bets', () => {
    const r = (d: number, t: number): DragonTigerResult => ({
      dragon: card(d),
      tiger: card(t),
      winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie',
    });
    expect(dragonTigerReturn('dragon', 100n, r(13, 1))).toBe(200n);
    expect(dragonTigerReturn('tiger', 100n, r(13, 1))).toBe(0n);
    expect(dragonTigerReturn('tiger', 100n, r(5, 5))).toBe(50n);
    expect(dragonTigerReturn('tie', 100n, r(5, 5))).toBe(900n);
    // Exact edge over the 8-deck shoe: P(tie) = 31/415.
    const pTie = 31 / 415;
    expect(1 - (2 * (1 - pTie)) / 2 - 0.5 * pTie).toBeCloseTo(0.037349, 6);
  });

  it('sic bo: the house edges of the maths note over the 216 outcomes', () => {
    const outcomes: SicBoResult[] = [];
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) outcomes.push({ dice: [a, b, c], total: a + b + c, triple: a === b && b === c });
    const edge = (s: string) => 1 - outcomes.reduce((sum, r) => sum + Number(sicBoReturn(s, 1000n, r)), 0) / 216_000;
    expect(edge('small')).toBeCloseTo(1 / 36, 10);
    expect(edge('even')).toBeCloseTo(1 / 36, 10);
    expect(edge('any-triple')).toBeCloseTo(1 - (31 * 6) / 216, 10);
    expect(edge('triple:4')).toBeCloseTo(1 - 181 / 216, 10);
    expect(edge('double:2')).toBeCloseTo(1 - (11 * 16) / 216, 10);
    expect(edge('combo:1-6')).toBeCloseTo(1 - (6 * 30) / 216, 10);
    expect(edge('single:3')).toBeCloseTo(17 / 216, 10);
    expect(edge('total:4')).toBeCloseTo(1 - (51 * 3) / 216, 10);
    expect(edge('total:10')).toBeCloseTo(1 - (7 * 27) / 216, 10);
    expect([sicBoSpotOk('total:3'), sicBoSpotOk('combo:2-2'), sicBoSpotOk('single:7')]).toEqual([false, false, false]);
  });

  it('fan tan: 3:1 and 1:1 less 5% commission', () => {
    const r = (n: 1 | 2 | 3 | 4): FanTanResult => ({ beads: 40 + n, result: n });
    expect(fanTanReturn('fan:3', 1000n, r(3))).toBe(3850n);
    expect(fanTanReturn('odd', 1000n, r(3))).toBe(1950n);
    expect(fanTanReturn('kwok:1-4', 1000n, r(4))).toBe(1950n);
    expect(fanTanReturn('even', 1000n, r(3))).toBe(0n);
    expect([fanTanSpotOk('kwok:1-3'), fanTanSpotOk('fan:5')]).toEqual([false, false]);
    const deal = LIVE_GAMES.fantan.deal(words('s', 'c', 1)) as FanTanResult;
    expect(deal.result).toBe(((deal.beads - 1) % 4) + 1);
  });
});

describe('provably fair deal', () => {
  it('is a pure function of the seeds and the round: the same words deal the same round', () => {
    const serverSeed = 'a'.repeat(64);
    const first = LIVE_GAMES.baccarat.deal(words(serverSeed, 'mix', 7));
    const again = LIVE_GAMES.baccarat.deal(words(serverSeed, 'mix', 7));
    expect(again).toEqual(first);
    // A precomputed word list (what the browser has) deals the same.
    const w: number[] = [];
    const it = words(serverSeed, 'mix', 7);
    for (let i = 0; i < 256; i++) w.push(it.next().value as number);
    expect(LIVE_GAMES.baccarat.deal(streamOf(w))).toEqual(first);
    expect(LIVE_GAMES.baccarat.deal(words(serverSeed, 'mix', 8))).not.toEqual(first);
    expect(hashServerSeed(serverSeed)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deals distinct cards from the shoe and sums stakes over spots', () => {
    const cards = dealFromShoe(words('x', 'y', 1), 6);
    expect(cards).toHaveLength(6);
    expect(cardOf(51)).toEqual({ rank: 13, suit: 3 });
    const r = LIVE_GAMES.roulette.deal(words('x', 'y', 2));
    const stakes = [
      { spot: 'red', amount: 100n },
      { spot: `straight:${(r as { number: number }).number}`, amount: 100n },
    ];
    expect(totalReturn('roulette', stakes, r)).toBe(3600n + rouletteReturn('red', 100n, r as never));
  });
});

describe('exact returns', () => {
  it("every table's outcomes sum to 1, and each reported bet returns what its maths note says", () => {
    for (const kind of LIVE_KINDS) {
      expect(exactOutcomes(kind).reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 9);
      for (const spot of RTP_SPOTS[kind]) expect(LIVE_GAMES[kind].spotOk(spot)).toBe(true);
    }
    expect(exactReturn('baccarat', 'banker')).toBeCloseTo(1 - 0.010579, 6);
    expect(exactReturn('baccarat', 'playerPair')).toBeCloseTo(1 - 0.103614, 6);
    for (const spot of RTP_SPOTS.roulette) expect(exactReturn('roulette', spot)).toBeCloseTo(36 / 37, 12);
    expect(exactReturn('dragontiger', 'dragon')).toBeCloseTo(1 - 0.037349, 6);
    expect(exactReturn('dragontiger', 'tie')).toBeCloseTo(1 - 0.327711, 6);
    expect(exactReturn('sicbo', 'small')).toBeCloseTo(1 - 1 / 36, 12);
    expect(exactReturn('sicbo', 'single:3')).toBeCloseTo(1 - 17 / 216, 12);
    expect(exactReturn('fantan', 'fan:2')).toBeCloseTo(1 - 0.0375, 12);
    expect(exactReturn('fantan', 'kwok:1-2')).toBeCloseTo(1 - 0.025, 12);
  });
});
