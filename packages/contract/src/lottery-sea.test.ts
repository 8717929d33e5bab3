import { describe, expect, it } from 'vitest';
import { betCost, betWin, checkPicks, type BetTypeDef } from './lottery-bets.ts';
import { SEA_FAMILIES, checkResult, deriveResult, sheetWidths, type SeaFamily } from './lottery-draw.ts';
import { SEA_BET_TYPES, SEA_SEED_PRIZES } from './lottery-sea.ts';
import { ALL_BET_TYPE_IDS, betTypeOf } from './lottery-vn.ts';

/**
 * South-East Asian bet types against hand-worked sheets (decision 072). Prizes are the seeds for
 * one 2.00 unit: the market's "1 pays N" × 2 (Thai 3 top 900 → 1,800.00).
 */

// Thailand: first prize 845123, front 3: 512 / 078, back 3: 321 / 945, back 2: 23.
const THAI = [845123, 512, 78, 321, 945, 23];
// Laos: 6-digit 904712 → 4 straight 4712, 3 straight 712, 2 top 12, 2 bottom 47.
const LAO = [904712];
// 4D: 1st 1234, 2nd 5678, 3rd 9012, starters 1000–1009, consolations 2000–2009.
const FOUR_D = [
  1234,
  5678,
  9012,
  ...Array.from({ length: 10 }, (_, i) => 1000 + i),
  ...Array.from({ length: 10 }, (_, i) => 2000 + i),
];

const def = (family: SeaFamily, id: string) => betTypeOf(family, id)!;
const win = (family: SeaFamily, id: string, picks: string[][], result: number[], multiplier = 1) =>
  betWin(def(family, id), picks, result, multiplier, SEA_SEED_PRIZES[family]);

describe('South-East Asian result sheets', () => {
  it('Thailand has six lines, Laos one, a 4D draw 23 different four-digit numbers', () => {
    expect(sheetWidths('SEA_TH')).toEqual([6, 3, 3, 3, 3, 2]);
    expect(sheetWidths('SEA_LA')).toEqual([6]);
    for (const f of ['SEA_MY', 'SEA_SG', 'SEA_KH'] as const) expect(sheetWidths(f)).toEqual(Array(23).fill(4));
    expect(checkResult('SEA_TH', THAI)).toBeNull();
    expect(checkResult('SEA_LA', LAO)).toBeNull();
    expect(checkResult('SEA_MY', FOUR_D)).toBeNull();
    expect(checkResult('SEA_TH', [845123, 512, 78, 321, 945, 123])).toMatch(/Number 6/); // the back 2 has 2 digits
    expect(checkResult('SEA_LA', [1_000_000])).toMatch(/Number 1/);
    expect(checkResult('SEA_SG', [...FOUR_D.slice(0, 22), 1234])).toMatch(/different/);
    expect(checkResult('SEA_SG', FOUR_D.slice(1))).toMatch(/23 numbers/);
  });

  it('a house draw fits its sheet (4D numbers all different) and is the same from the same seed', () => {
    for (let s = 0; s < 40; s++) {
      const seed = s.toString(16).padStart(2, '0').repeat(32);
      for (const family of SEA_FAMILIES) {
        const r = deriveResult(family, seed, `tcg_sea-${family}`, '20261201-0001');
        expect(checkResult(family, r)).toBeNull();
        expect(deriveResult(family, seed, `tcg_sea-${family}`, '20261201-0001')).toEqual(r);
      }
    }
  });

  it('every SEA bet type id is known to the place body and has a seeded prize for each key', () => {
    for (const family of SEA_FAMILIES)
      for (const d of SEA_BET_TYPES[family]) {
        expect(ALL_BET_TYPE_IDS.has(d.id)).toBe(true);
        for (const k of d.prizeKeys) expect(SEA_SEED_PRIZES[family][k], `${family} ${k}`).toBeGreaterThan(0n);
      }
    expect(betTypeOf('SEA_TH', 'd4_big')).toBeUndefined();
    expect(betTypeOf('SEA_MY', 'th_top3')).toBeUndefined();
  });
});

describe('Thai bet types (hand-worked on 845123 / 512 078 / 321 945 / 23)', () => {
  it('3 top: 123 in order pays 1,800.00 per 2.00 unit; 321 loses', () => {
    expect(win('SEA_TH', 'th_top3', [['123']], THAI)).toBe(180_000n);
    expect(win('SEA_TH', 'th_top3', [['321']], THAI)).toBe(0n);
    // Two numbers, multiplier 5: costs 2 × 2.00 × 5 = 20.00, one hits: 1,800.00 × 5 = 9,000.00.
    const top3 = def('SEA_TH', 'th_top3');
    expect(betCost(top3.units([['123', '999']]), 5)).toBe(2_000n);
    expect(win('SEA_TH', 'th_top3', [['123', '999']], THAI, 5)).toBe(900_000n);
  });

  it('3 tote: any order of 1-2-3 pays 300.00 once per pick', () => {
    expect(win('SEA_TH', 'th_tote3', [['321']], THAI)).toBe(30_000n);
    expect(win('SEA_TH', 'th_tote3', [['213', '123']], THAI)).toBe(60_000n);
    expect(win('SEA_TH', 'th_tote3', [['124']], THAI)).toBe(0n);
  });

  it('3 front / 3 back pay 900.00 per matching line', () => {
    expect(win('SEA_TH', 'th_front3', [['078']], THAI)).toBe(90_000n);
    expect(win('SEA_TH', 'th_front3', [['321']], THAI)).toBe(0n);
    expect(win('SEA_TH', 'th_back3', [['321', '945']], THAI)).toBe(180_000n);
    // The same number on both back lines pays twice.
    expect(win('SEA_TH', 'th_back3', [['777']], [845123, 512, 78, 777, 777, 23])).toBe(180_000n);
  });

  it('2 top is the first prize’s last two (23), 2 bottom the back-2 prize (23 here too): 180.00 each', () => {
    expect(win('SEA_TH', 'th_top2', [['23']], THAI)).toBe(18_000n);
    expect(win('SEA_TH', 'th_bottom2', [['23']], THAI)).toBe(18_000n);
    expect(win('SEA_TH', 'th_top2', [['12']], THAI)).toBe(0n);
    expect(win('SEA_TH', 'th_bottom2', [['23']], [845123, 512, 78, 321, 945, 5])).toBe(0n);
    expect(win('SEA_TH', 'th_bottom2', [['05']], [845123, 512, 78, 321, 945, 5])).toBe(18_000n);
  });

  it('running top pays 6.40 per digit of 1-2-3 picked (once even if a digit repeats); running bottom 8.40', () => {
    expect(win('SEA_TH', 'th_run_top', [['1', '3', '7']], THAI)).toBe(1_280n);
    expect(win('SEA_TH', 'th_run_top', [['1']], [845111, 512, 78, 321, 945, 23])).toBe(640n);
    expect(win('SEA_TH', 'th_run_bottom', [['2', '3', '4']], THAI)).toBe(1_680n);
    // Three digits cost 3 units: 6.00.
    expect(betCost(def('SEA_TH', 'th_run_top').units([['1', '3', '7']]), 1)).toBe(600n);
  });

  it('typed rows take exactly their digits', () => {
    expect(checkPicks(def('SEA_TH', 'th_top3'), [['12']])).toMatch(/3 digits/);
    expect(checkPicks(def('SEA_TH', 'th_top3'), [['123']])).toBeNull();
    expect(checkPicks(def('SEA_TH', 'th_top2'), [['5']])).toMatch(/not on this board/);
  });
});

describe('Lao bet types (hand-worked on 904712)', () => {
  it('4 straight 4712 pays 12,000.00; 3 straight 712 1,800.00; tote 217 300.00', () => {
    expect(win('SEA_LA', 'la_4', [['4712']], LAO)).toBe(1_200_000n);
    expect(win('SEA_LA', 'la_4', [['0471']], LAO)).toBe(0n);
    expect(win('SEA_LA', 'la_3', [['712']], LAO)).toBe(180_000n);
    expect(win('SEA_LA', 'la_tote3', [['217']], LAO)).toBe(30_000n);
  });

  it('2 top is 12, 2 bottom 47: 180.00 each at multiplier 1, 1,800.00 at 10', () => {
    expect(win('SEA_LA', 'la_2top', [['12']], LAO)).toBe(18_000n);
    expect(win('SEA_LA', 'la_2bottom', [['47']], LAO, 10)).toBe(180_000n);
    expect(win('SEA_LA', 'la_2bottom', [['12']], LAO)).toBe(0n);
  });
});

describe('4D big and small (hand-worked on 1234 / 5678 / 9012 / starters 1000–1009 / consolations 2000–2009)', () => {
  const my = (id: string, picks: string[], m = 1) => win('SEA_MY', id, [picks], FOUR_D, m);
  const sg = (id: string, picks: string[], m = 1) => win('SEA_SG', id, [picks], FOUR_D, m);

  it('Malaysia big: 1st 5,000.00, 2nd 2,000.00, 3rd 1,000.00, starter 360.00, consolation 120.00 per 2.00', () => {
    expect(my('d4_big', ['1234'])).toBe(500_000n);
    expect(my('d4_big', ['5678'])).toBe(200_000n);
    expect(my('d4_big', ['9012'])).toBe(100_000n);
    expect(my('d4_big', ['1005'])).toBe(36_000n);
    expect(my('d4_big', ['2009'])).toBe(12_000n);
    expect(my('d4_big', ['4321'])).toBe(0n);
    // Three numbers at ×3: cost 3 × 2.00 × 3 = 18.00; 1st + consolation: (5,000 + 120) × 3 = 15,360.00.
    const big = def('SEA_MY', 'd4_big') as BetTypeDef;
    expect(betCost(big.units([['1234', '2000', '7777']]), 3)).toBe(1_800n);
    expect(my('d4_big', ['1234', '2000', '7777'], 3)).toBe(1_536_000n);
  });

  it('Malaysia small pays only the top three: 7,000.00 / 4,000.00 / 2,000.00', () => {
    expect(my('d4_small', ['1234'])).toBe(700_000n);
    expect(my('d4_small', ['5678'])).toBe(400_000n);
    expect(my('d4_small', ['9012'])).toBe(200_000n);
    expect(my('d4_small', ['1000', '2000'])).toBe(0n);
  });

  it('Singapore has its own table: big 4,000.00 / 2,000.00 / 980.00 / 500.00 / 120.00, small 6,000.00 / 4,000.00 / 1,600.00', () => {
    expect(sg('d4_big', ['1234'])).toBe(400_000n);
    expect(sg('d4_big', ['9012'])).toBe(98_000n);
    expect(sg('d4_big', ['1001'])).toBe(50_000n);
    expect(sg('d4_big', ['2001'])).toBe(12_000n);
    expect(sg('d4_small', ['1234'])).toBe(600_000n);
    expect(sg('d4_small', ['9012'])).toBe(160_000n);
  });

  it('a bought number has four digits', () => {
    expect(checkPicks(def('SEA_KH', 'd4_big'), [['123']])).toMatch(/4 digits/);
    expect(checkPicks(def('SEA_KH', 'd4_big'), [['0123']])).toBeNull();
  });
});
