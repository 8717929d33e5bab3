import { describe, expect, it } from 'vitest';
import { betCost, betWin, checkPicks } from './lottery-bets.ts';
import { checkResult, deriveResult, vnWidths } from './lottery-draw.ts';
import { VN_BET_TYPES, VN_SEED_PRIZES, betTypeOf, vnLines } from './lottery-vn.ts';

/**
 * Vietnamese bet types against hand-worked sheets (decision 068). Prizes are the seeds, for one
 * 2.00 unit: đề 160.00, đầu/đuôi 16.00, 3 càng 1,400.00, lô 2 198.00, lô 3 1,800.00, lô 4 17,760.00
 * per hit; xiên 2/3/4 34.00 / 130.00 / 500.00 per winning combination.
 */

// North, 27 lines: special 12345, 1st 67890, 2nd ×2, 3rd ×6, 4th ×4, 5th ×6, 6th ×3, 7th ×4.
const NORTH = [
  12345, 67890, 11145, 22245, 33300, 44401, 55502, 66603, 77704, 88805, 1234, 5645, 9999, 1000, 2045, 3001, 4002, 5003,
  6004, 7005, 123, 456, 789, 45, 10, 20, 99,
];
// South, 18 lines: special 123456, 1st, 2nd, 3rd ×2, 4th ×7, 5th, 6th ×3, 7th, 8th.
const SOUTH = [
  123456, 54321, 11156, 22222, 33356, 40000, 41111, 42222, 43333, 44444, 45556, 46666, 7056, 1111, 2222, 3333, 456, 56,
];

const north = (id: string) => betTypeOf('VN_NORTH', id)!;
const south = (id: string) => betTypeOf('VN_SOUTH', id)!;
const win = (def: ReturnType<typeof north>, picks: string[][], result: number[], multiplier = 1) =>
  betWin(def, picks, result, multiplier, VN_SEED_PRIZES);

describe('Vietnamese result sheets', () => {
  it('North has 27 lines and South/Central 18, special first, with their widths', () => {
    expect(vnWidths('VN_NORTH')).toHaveLength(27);
    expect(vnWidths('VN_SOUTH')).toHaveLength(18);
    expect(vnWidths('VN_CENTRAL')).toEqual(vnWidths('VN_SOUTH'));
    expect(vnWidths('VN_NORTH')[0]).toBe(5);
    expect(vnWidths('VN_SOUTH')[0]).toBe(6);
    expect(vnWidths('VN_SOUTH').at(-1)).toBe(2);
    expect(checkResult('VN_NORTH', NORTH)).toBeNull();
    expect(checkResult('VN_SOUTH', SOUTH)).toBeNull();
    expect(checkResult('VN_NORTH', NORTH.slice(1))).toMatch(/27 numbers/);
    expect(checkResult('VN_NORTH', [...NORTH.slice(0, 26), 100])).toMatch(/Number 27/); // the 7th prize has 2 digits
    expect(checkResult('VN_SOUTH', [1_000_000, ...SOUTH.slice(1)])).toMatch(/Number 1/);
  });

  it('a house draw of a sheet fits its widths', () => {
    const seed = 'ab'.repeat(32);
    for (const family of ['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH'] as const) {
      const r = deriveResult(family, seed, 'tcg_lotto_vn-x', '20261126-0001');
      expect(checkResult(family, r)).toBeNull();
    }
  });

  it('bao lô plays on every line with enough digits: North 27/23/20, South and Central 18/17/16', () => {
    expect([2, 3, 4].map((d) => vnLines('VN_NORTH', d))).toEqual([27, 23, 20]);
    expect([2, 3, 4].map((d) => vnLines('VN_SOUTH', d))).toEqual([18, 17, 16]);
  });
});

describe('Vietnamese bet types, hand-worked (North sheet, special 12345)', () => {
  it('đề: the last two of the special (45); one unit per number', () => {
    expect(north('de').units([['45', '46']])).toBe(2);
    expect(betCost(2, 1)).toBe(400n);
    expect(win(north('de'), [['45', '46']], NORTH)).toBe(16_000n); // 160.00
    expect(win(north('de'), [['45']], NORTH, 3)).toBe(48_000n);
    expect(win(north('de'), [['54']], NORTH)).toBe(0n);
  });

  it('đầu / đuôi: the tens (4) and units (5) digit of the đề number', () => {
    expect(win(north('dau'), [['4']], NORTH)).toBe(1_600n);
    expect(win(north('dau'), [['5']], NORTH)).toBe(0n);
    expect(north('duoi').units([['5', '6']])).toBe(2);
    expect(win(north('duoi'), [['5', '6']], NORTH)).toBe(1_600n);
  });

  it('3 càng: the last three of the special (345)', () => {
    expect(win(north('cang3'), [['345']], NORTH)).toBe(140_000n);
    expect(win(north('cang3'), [['346']], NORTH)).toBe(0n);
    expect(checkPicks(north('cang3'), [['34']])).toMatch(/3 digits/);
    expect(checkPicks(north('cang3'), [['345', '999']])).toBeNull();
  });

  it('lô 2: stake × 27 lines, paid per hit (45 is on six lines: special, 2nd ×2, 4th, 5th, 7th)', () => {
    expect(north('lo2').units([['45']])).toBe(27);
    expect(betCost(27, 1)).toBe(5_400n); // 54.00
    expect(win(north('lo2'), [['45']], NORTH)).toBe(6n * 19_800n); // 1,188.00
    expect(win(north('lo2'), [['45', '77']], NORTH)).toBe(6n * 19_800n);
    expect(north('lo2').units([['45', '77']])).toBe(54);
    expect(win(north('lo2'), [['99', '00']], NORTH)).toBe(4n * 19_800n); // 99 twice, 00 twice
  });

  it('lô 3: × 23 lines (the 7th prize has 2 digits); 345, 045 and 005 hit once each', () => {
    expect(north('lo3').units([['345', '005']])).toBe(46);
    expect(win(north('lo3'), [['345', '005']], NORTH)).toBe(360_000n);
    expect(win(north('lo3'), [['045']], NORTH)).toBe(180_000n);
  });

  it('lô 4: × 20 lines; 2345 hits once', () => {
    expect(north('lo4').units([['2345']])).toBe(20);
    expect(win(north('lo4'), [['2345']], NORTH)).toBe(1_776_000n);
    expect(win(north('lo4'), [['1145', '9999']], NORTH)).toBe(2n * 1_776_000n);
  });

  it('xiên 2/3/4: one unit per combination; a combination wins once when all its numbers came out', () => {
    expect(north('xien2').units([['45', '99', '77']])).toBe(3);
    expect(win(north('xien2'), [['45', '99', '77']], NORTH)).toBe(3_400n); // only {45, 99}
    expect(win(north('xien3'), [['45', '99', '00', '77']], NORTH)).toBe(13_000n);
    expect(north('xien4').units([['45', '99', '00', '10', '77']])).toBe(5);
    expect(win(north('xien4'), [['45', '99', '00', '10', '77']], NORTH)).toBe(50_000n);
    expect(win(north('xien4'), [['45', '99', '00', '10', '20']], NORTH)).toBe(5n * 50_000n); // C(5,4)
    expect(checkPicks(north('xien3'), [['45', '99']])).toMatch(/at least one/);
  });
});

describe('Vietnamese bet types, hand-worked (South sheet, special 123456)', () => {
  it('đề 56, 3 càng 456, lô 2 × 18 with 56 on seven lines, lô 3 456 on two', () => {
    expect(win(south('de'), [['56']], SOUTH)).toBe(16_000n);
    expect(win(south('cang3'), [['456']], SOUTH)).toBe(140_000n);
    expect(south('lo2').units([['56']])).toBe(18);
    expect(betCost(18, 1)).toBe(3_600n); // 36.00
    expect(win(south('lo2'), [['56']], SOUTH)).toBe(7n * 19_800n);
    expect(south('lo3').units([['456']])).toBe(17);
    expect(win(south('lo3'), [['456']], SOUTH)).toBe(2n * 180_000n);
    expect(south('lo4').units([['3356']])).toBe(16);
    expect(win(south('lo4'), [['3356']], SOUTH)).toBe(1_776_000n);
  });

  it('every region has the same ten bet types; SSC ids are not Vietnamese ones', () => {
    for (const f of ['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH'] as const)
      expect(VN_BET_TYPES[f].map((d) => d.id)).toEqual([
        'de',
        'dau',
        'duoi',
        'cang3',
        'lo2',
        'lo3',
        'lo4',
        'xien2',
        'xien3',
        'xien4',
      ]);
    expect(betTypeOf('VN_NORTH', 'star5')).toBeUndefined();
    expect(betTypeOf('SSC', 'de')).toBeUndefined();
  });
});
