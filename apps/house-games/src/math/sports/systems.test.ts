import { describe, expect, it } from 'vitest';
import { linesOf, SYSTEM_KINDS, systemLines, systemPotential, systemReturn } from './systems.ts';

describe('systems (decision 107)', () => {
  it('expands each system into its lines', () => {
    expect(systemLines('2/3')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(systemLines('trixie')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(systemLines('patent')).toEqual([[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]);
    expect(Object.fromEntries(SYSTEM_KINDS.map((k) => [k, linesOf(k)]))).toEqual({
      '2/3': 3,
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
    });
    // Yankee: 6 doubles, 4 trebles, 1 fourfold; Lucky 15 adds the 4 singles.
    const sizes = (k: 'yankee' | 'lucky15') => systemLines(k).map((l) => l.length);
    expect(sizes('yankee')).toEqual([2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4]);
    expect(sizes('lucky15').filter((n) => n === 1)).toHaveLength(4);
  });

  // A Trixie at 1.00 a line (4.00 staked) on 2.00, 3.00 and 4.00.
  const odds = [200, 300, 400];
  it('settles a Trixie when every leg wins: 6 + 8 + 12 + 24', () => {
    expect(systemPotential(100n, 'trixie', odds)).toBe(5000n);
    expect(
      systemReturn(
        100n,
        'trixie',
        odds.map((o) => ({ odds: o, result: 'WIN' as const })),
      ),
    ).toBe(5000n);
  });

  it('counts a void leg as 1.00 in every line that holds it', () => {
    // Doubles 2×3 = 6, 2×1 = 2, 3×1 = 3; treble 2×3×1 = 6: 17.00.
    const legs = [
      { odds: 200, result: 'WIN' as const },
      { odds: 300, result: 'WIN' as const },
      { odds: 400, result: 'VOID' as const },
    ];
    expect(systemReturn(100n, 'trixie', legs)).toBe(1700n);
  });

  it('loses only the lines a lost leg is in', () => {
    const legs = [
      { odds: 200, result: 'WIN' as const },
      { odds: 300, result: 'LOSE' as const },
      { odds: 400, result: 'WIN' as const },
    ];
    // Only the double 2×4 = 8 stands.
    expect(systemReturn(100n, 'trixie', legs)).toBe(800n);
  });

  it('takes a quarter line’s half result in a 2/3, each line floored', () => {
    // 10.00 a line: A half win at 1.90 (×1.45), B win at 2.50, C lost → only AB: 10 × 1.45 × 2.5 = 36.25.
    const legs = [
      { odds: 190, result: 'HALF_WIN' as const },
      { odds: 250, result: 'WIN' as const },
      { odds: 180, result: 'LOSE' as const },
    ];
    expect(systemReturn(1000n, '2/3', legs)).toBe(3625n);
    // A half loss halves the lines it is in; a push counts 1.00; each line floored.
    const half = [
      { odds: 333, result: 'HALF_LOSE' as const },
      { odds: 333, result: 'WIN' as const },
      { odds: 101, result: 'PUSH' as const },
    ];
    // AB = 1 × 0.5 × 3.33 = 1.665 → 1.66; AC = 0.5 × 1 = 0.50; BC = 3.33 × 1 = 3.33: 5.49.
    expect(systemReturn(100n, '2/3', half)).toBe(549n);
  });

  it('pays a Lucky 15 with everything void its stake back', () => {
    const legs = [150, 200, 250, 300].map((o) => ({ odds: o, result: 'VOID' as const }));
    expect(systemReturn(100n, 'lucky15', legs)).toBe(1500n);
  });
});
