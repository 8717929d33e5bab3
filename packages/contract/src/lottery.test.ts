import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LOTTERY_BET_TYPES,
  SSC_BET_TYPES,
  SSC_SEED_PRIZES,
  betCost,
  betWin,
  checkPicks,
  prizeAt,
  type BetTypeDef,
} from './lottery-bets.ts';
import { deriveResult, fromHex, hmacSha256, seedHash, sha256, toHex } from './lottery-draw.ts';
import { lotteryPlaceBody } from './lottery.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const P = SSC_SEED_PRIZES;
const win = (type: string, picks: string[][], result: number[], multiplier = 1) =>
  betWin(LOTTERY_BET_TYPES[type]!, picks, result, multiplier, P);
const units = (type: string, picks: string[][]) => LOTTERY_BET_TYPES[type]!.units(picks);

describe('fairness primitives', () => {
  it('SHA-256 and HMAC-SHA256 agree with node:crypto', () => {
    for (const len of [0, 1, 55, 56, 63, 64, 65, 200]) {
      const m = randomBytes(len);
      expect(toHex(sha256(m))).toBe(createHash('sha256').update(m).digest('hex'));
      const k = randomBytes(len % 3 === 0 ? 32 : 80);
      expect(toHex(hmacSha256(k, m))).toBe(createHmac('sha256', k).update(m).digest('hex'));
    }
    expect(toHex(sha256(bytes('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('publishes the hash of the seed bytes', () => {
    const seed = 'ab'.repeat(32);
    expect(seedHash(seed)).toBe(createHash('sha256').update(fromHex(seed)).digest('hex'));
  });

  it('derives each family result in its shape, the same every time', () => {
    for (let i = 0; i < 200; i++) {
      const seed = randomBytes(32).toString('hex');
      const ssc = deriveResult('SSC', seed, 'lott-ssc-1-min', '20261125-0001');
      expect(ssc).toHaveLength(5);
      expect(ssc.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)).toBe(true);
      expect(deriveResult('SSC', seed, 'lott-ssc-1-min', '20261125-0001')).toEqual(ssc);
      expect([...deriveResult('PK10', seed, 'g', 'n')].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const x5 = deriveResult('11X5', seed, 'g', 'n');
      expect(new Set(x5).size).toBe(5);
      expect(x5.every((n) => n >= 1 && n <= 11)).toBe(true);
      const lhc = deriveResult('LHC', seed, 'g', 'n');
      expect(new Set(lhc).size).toBe(7);
      expect(lhc.every((n) => n >= 1 && n <= 49)).toBe(true);
      expect(deriveResult('LF', seed, 'g', 'n')).toHaveLength(3);
    }
  });

  it('depends on the game and the period as well as the seed', () => {
    const seed = '11'.repeat(32);
    const a = deriveResult('PK10', seed, 'lott-pk10-1-min', '20261125-0001');
    expect(deriveResult('PK10', seed, 'lott-pk10-1-min', '20261125-0002')).not.toEqual(a);
    expect(deriveResult('PK10', seed, 'lott-pk10-3-min', '20261125-0001')).not.toEqual(a);
  });

  it('draws every digit about equally often (no modulo bias)', () => {
    const counts = new Array<number>(10).fill(0);
    const seed = randomBytes(32).toString('hex');
    for (let i = 0; i < 4000; i++) for (const d of deriveResult('SSC', seed, 'g', String(i))) counts[d]!++;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200); // 20,000 digits, σ ≈ 42
  });
});

describe('SSC payouts, worked by hand at prize group 1800', () => {
  it('pays the straights the issue names for one 2.00 unit', () => {
    const r = [1, 2, 3, 4, 5];
    expect(win('star5', [['1'], ['2'], ['3'], ['4'], ['5']], r)).toBe(18_000_000n); // 180,000.00
    expect(win('star4', [['2'], ['3'], ['4'], ['5']], r)).toBe(1_800_000n); // 18,000.00
    expect(win('last3', [['3'], ['4'], ['5']], r)).toBe(180_000n); // 1,800.00
    expect(win('front3', [['1'], ['2'], ['3']], r)).toBe(180_000n);
    expect(win('middle3', [['2'], ['3'], ['4']], r)).toBe(180_000n);
    expect(win('last2', [['4'], ['5']], r)).toBe(18_000n); // 180.00
    expect(win('last3', [['3'], ['4'], ['6']], r)).toBe(0n);
    expect(win('star5', [['1'], ['2'], ['3'], ['4'], ['6']], r)).toBe(0n);
  });

  it('expands a multi-pick straight into its units and pays the one that hits', () => {
    const picks = [['3', '7'], ['4', '8', '0'], ['5']];
    expect(units('last3', picks)).toBe(6);
    expect(betCost(6, 1)).toBe(1_200n); // 6 units × 2.00
    expect(win('last3', picks, [9, 9, 7, 0, 5], 3)).toBe(540_000n); // 1,800.00 × 3
  });

  it('pays group 3 and group 6 on the matching patterns only', () => {
    expect(units('last3_group3', [['4', '7']])).toBe(2); // (4,4,7) and (7,7,4)
    expect(win('last3_group3', [['4', '7']], [0, 0, 4, 7, 4])).toBe(60_000n); // 600.00
    expect(win('last3_group3', [['4', '7']], [0, 0, 7, 7, 4])).toBe(60_000n);
    expect(win('last3_group3', [['4', '7']], [0, 0, 4, 4, 4])).toBe(0n); // a triple is neither
    expect(win('front3_group3', [['1', '2', '3']], [2, 1, 1, 9, 9])).toBe(60_000n);
    expect(units('last3_group6', [['1', '2', '3', '4']])).toBe(4);
    expect(win('last3_group6', [['1', '2', '3', '4']], [0, 0, 3, 1, 2])).toBe(30_000n); // 300.00
    expect(win('last3_group6', [['1', '2', '3', '4']], [0, 0, 3, 1, 1])).toBe(0n);
    expect(win('middle3_group6', [['5', '6', '7']], [0, 7, 5, 6, 0])).toBe(30_000n);
  });

  it('pays fixed position and any position per hit', () => {
    const fixed = [['1'], [], [], [], ['5', '6']];
    expect(units('fixed', fixed)).toBe(3);
    expect(win('fixed', fixed, [1, 2, 3, 4, 5])).toBe(3_600n); // two hits × 18.00
    expect(win('any3', [['3', '9']], [1, 2, 3, 3, 4])).toBe(664n); // 3 appears (twice, paid once)
    expect(win('any3', [['3', '4']], [1, 2, 3, 3, 4])).toBe(1_328n);
    expect(win('any3', [['1']], [1, 2, 3, 3, 4])).toBe(0n); // the first two digits do not count
  });

  it('pays big/small/odd/even per position and on the sum', () => {
    const picks = [['B', 'O'], [], [], [], [], ['B']];
    expect(win('bsoe', picks, [7, 0, 0, 0, 9], 10)).toBe(7_200n); // 7 is big and odd; sum 16 is small
    // The sum 23 is big (23 and above) and odd: B hits, E does not.
    expect(win('bsoe', [[], [], [], [], [], ['B', 'E']], [9, 9, 5, 0, 0])).toBe(360n);
    expect(win('bsoe', [[], [], [], [], [], ['S', 'E']], [9, 9, 4, 0, 0])).toBe(720n); // 22: small and even
  });

  it('pays dragon, tiger and tie on the first against the last digit', () => {
    expect(win('dragon_tiger', [['D', 'X']], [9, 0, 0, 0, 2])).toBe(400n); // 4.00
    expect(win('dragon_tiger', [['D', 'X']], [5, 0, 0, 0, 5])).toBe(1_800n); // tie 18.00
    expect(win('dragon_tiger', [['D', 'X']], [1, 0, 0, 0, 5])).toBe(0n);
  });

  it('scales prizes with the prize group', () => {
    expect(prizeAt(180_000n, 1950)).toBe(195_000n);
    expect(prizeAt(180_000n, 1700)).toBe(170_000n);
  });
});

describe('bet validation', () => {
  it('refuses picks that are not a bet', () => {
    const d = LOTTERY_BET_TYPES.last3!;
    expect(checkPicks(d, [['1'], ['2']])).toMatch(/3 rows/);
    expect(checkPicks(d, [['1'], ['2'], []])).toMatch(/at least one/);
    expect(checkPicks(d, [['1', '1'], ['2'], ['3']])).toMatch(/twice/);
    expect(checkPicks(d, [['A'], ['2'], ['3']])).toMatch(/not on this board/);
    expect(checkPicks(LOTTERY_BET_TYPES.last3_group6!, [['1', '2']])).toMatch(/at least one/);
    expect(checkPicks(d, [['1'], ['2'], ['3']])).toBeNull();
  });

  it('the request schema checks the picks against the bet type', () => {
    const ok = { gameCode: 'lott-ssc-1-min', numero: '20261125-0001', betType: 'bsoe', multiplier: 1 };
    expect(lotteryPlaceBody.safeParse({ ...ok, picks: [['B'], [], [], [], [], []] }).success).toBe(true);
    expect(lotteryPlaceBody.safeParse({ ...ok, picks: [['7'], [], [], [], [], []] }).success).toBe(false);
    expect(lotteryPlaceBody.safeParse({ ...ok, betType: 'toString', picks: [['B']] }).success).toBe(false);
    expect(lotteryPlaceBody.safeParse({ ...ok, multiplier: 0, picks: [['B'], [], [], [], [], []] }).success).toBe(
      false,
    );
  });
});

/* ---------------------------------------------------------------- property: against a reference */

/** An independent model: list every unit a bet expands into, each with its own test and prize key. */
type Unit = { key: string; wins: (r: number[]) => boolean };
const cartesian = (rows: string[][]): string[][] =>
  rows.reduce<string[][]>((acc, row) => acc.flatMap((a) => row.map((t) => [...a, t])), [[]]);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b).join();
const STRAIGHT: Record<string, [number[], string]> = {
  star5: [[0, 1, 2, 3, 4], 'star5'],
  star4: [[1, 2, 3, 4], 'star4'],
  front3: [[0, 1, 2], 'star3'],
  middle3: [[1, 2, 3], 'star3'],
  last3: [[2, 3, 4], 'star3'],
  last2: [[3, 4], 'star2'],
};
const FROM: Record<string, number> = { front3: 0, middle3: 1, last3: 2 };
const referenceUnits = (type: string, picks: string[][]): Unit[] => {
  if (STRAIGHT[type]) {
    const [pos, key] = STRAIGHT[type];
    return cartesian(picks).map((tuple) => ({ key, wins: (r) => pos.every((p, i) => r[p] === Number(tuple[i])) }));
  }
  const group = /^(front3|middle3|last3)_group([36])$/.exec(type);
  if (group) {
    const from = FROM[group[1]!]!;
    const digits = picks[0]!.map(Number);
    const three = (r: number[]) => sorted(r.slice(from, from + 3));
    if (group[2] === '3')
      return digits.flatMap((a) =>
        digits
          .filter((b) => b !== a)
          .map((b) => ({ key: 'group3', wins: (r: number[]) => three(r) === sorted([a, a, b]) })),
      );
    const out: Unit[] = [];
    for (let i = 0; i < digits.length; i++)
      for (let j = i + 1; j < digits.length; j++)
        for (let k = j + 1; k < digits.length; k++) {
          const set = sorted([digits[i]!, digits[j]!, digits[k]!]);
          out.push({ key: 'group6', wins: (r) => three(r) === set });
        }
    return out;
  }
  if (type === 'fixed')
    return picks.flatMap((row, p) => row.map((d) => ({ key: 'fixed', wins: (r: number[]) => r[p] === Number(d) })));
  if (type === 'any3')
    return picks[0]!.map((d) => ({ key: 'any3', wins: (r: number[]) => r.slice(2).includes(Number(d)) }));
  if (type === 'bsoe')
    return picks.flatMap((row, p) =>
      row.map((t) => ({
        key: 'bsoe',
        wins: (r: number[]) => {
          const v = p < 5 ? r[p]! : r.reduce((a, b) => a + b, 0);
          const big = p < 5 ? v > 4 : v > 22;
          return t === 'B' ? big : t === 'S' ? !big : t === 'O' ? v % 2 === 1 : v % 2 === 0;
        },
      })),
    );
  if (type === 'dragon_tiger')
    return picks[0]!.map((t) => ({
      key: t === 'X' ? 'tie' : 'dragon_tiger',
      wins: (r: number[]) => (t === 'D' ? r[0]! > r[4]! : t === 'T' ? r[0]! < r[4]! : r[0] === r[4]),
    }));
  throw new Error(`no reference for ${type}`);
};

const rng = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const randomPicks = (def: BetTypeDef, rnd: () => number): string[][] =>
  def.rows.map((row) => row.tokens.filter(() => rnd() < (def.rows.length > 3 ? 0.25 : 0.45)));

describe('settlement equals an independent reference', () => {
  it('for 20,000 random bets on random results', () => {
    const rnd = rng(20261126);
    let checked = 0;
    for (let i = 0; i < 20_000; i++) {
      const def = SSC_BET_TYPES[Math.floor(rnd() * SSC_BET_TYPES.length)]!;
      const picks = randomPicks(def, rnd);
      if (checkPicks(def, picks) !== null) continue;
      // Results with repeated digits often, so the group and tie cases are exercised.
      const pool = Array.from({ length: 3 }, () => Math.floor(rnd() * 10));
      const result = Array.from({ length: 5 }, () =>
        rnd() < 0.5 ? pool[Math.floor(rnd() * 3)]! : Math.floor(rnd() * 10),
      );
      const multiplier = 1 + Math.floor(rnd() * 20);
      const ref = referenceUnits(def.id, picks);
      expect(def.units(picks), def.id).toBe(ref.length);
      const expected = ref.filter((u) => u.wins(result)).reduce((s, u) => s + P[u.key]! * BigInt(multiplier), 0n);
      expect(
        betWin(def, picks, result, multiplier, P),
        `${def.id} ${JSON.stringify(picks)} on ${result.join('')}`,
      ).toBe(expected);
      checked++;
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('returns 90 % at prize group 1800 for each bet type (exact expectation over every result)', () => {
    const all: number[][] = [];
    for (let n = 0; n < 100_000; n++) all.push(String(n).padStart(5, '0').split('').map(Number));
    const cases: [string, string[][]][] = [
      ['last3', [['1'], ['2'], ['3']]],
      ['last3_group3', [['1', '2']]],
      ['last3_group6', [['1', '2', '3']]],
      ['fixed', [['4'], [], [], [], []]],
      ['bsoe', [[], [], [], [], [], ['B']]],
      ['dragon_tiger', [['D']]],
      ['any3', [['7']]],
    ];
    for (const [type, picks] of cases) {
      const def = LOTTERY_BET_TYPES[type]!;
      const total = all.reduce((s, r) => s + betWin(def, picks, r, 1, P), 0n);
      const rtp = Number(total) / all.length / Number(betCost(def.units(picks), 1));
      expect(rtp, type).toBeGreaterThan(0.895);
      expect(rtp, type).toBeLessThan(0.905);
    }
  });
});
