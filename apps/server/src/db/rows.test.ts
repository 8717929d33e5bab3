import { describe, expect, it } from 'vitest';
import { col, row } from './rows.ts';

describe('row schemas', () => {
  const Round = row({ memberId: col.int, betTotal: col.bigint, winTotal: col.sum, endedAt: col.date.nullable() });

  it('reads snake_case columns into camelCase, whatever shape the driver gives', () => {
    const fromPg = Round.parse({ member_id: '7', bet_total: '12345678901234567', win_total: null, ended_at: null });
    expect(fromPg).toEqual({ memberId: 7, betTotal: 12345678901234567n, winTotal: 0n, endedAt: null });
    const fromPglite = Round.parse({
      member_id: 7,
      bet_total: 5n,
      win_total: 3,
      ended_at: '2026-11-25T10:00:00.000Z',
    });
    expect(fromPglite).toEqual({ memberId: 7, betTotal: 5n, winTotal: 3n, endedAt: new Date('2026-11-25T10:00:00Z') });
  });

  it('names the column that does not fit', () => {
    expect(() => Round.parse({ member_id: 'x', bet_total: 1, win_total: 0, ended_at: null })).toThrow(/member_id/);
    expect(() => Round.parse({ member_id: '9007199254740993', bet_total: 1, win_total: 0, ended_at: null })).toThrow(
      /safe integer/,
    );
    expect(() => Round.parse({ member_id: 1, bet_total: '1.5', win_total: 0, ended_at: null })).toThrow(/bet_total/);
  });
});
