import { describe, expect, it } from 'vitest';
import { ancestorsOf, teamFiguresFor, teamRoundsFor, type MemberWindow } from './figures.ts';

const row = (memberId: number, treePath: string, validBet: bigint, win = 0n): MemberWindow => ({
  memberId,
  treePath,
  rounds: 2,
  bet: validBet,
  validBet,
  win,
});

describe('team figures for many beneficiaries in one pass', () => {
  it('reads ancestors from the path, never the member itself', () => {
    expect(ancestorsOf('/1/5/9/', 9)).toEqual([1, 5]);
    expect(ancestorsOf('/1/', 1)).toEqual([]);
  });

  it('adds each member to every beneficiary above it, counting actives by each contract’s threshold', () => {
    // 1 ─ 5 ─ 9 ; 1 ─ 6 ; 5 plays itself
    const members = [row(9, '/1/5/9/', 3000n, 1000n), row(6, '/1/6/', 500n), row(5, '/1/5/', 10_000n)];
    const f = teamFiguresFor(
      [
        { id: 1, activeThreshold: 1000n },
        { id: 5, activeThreshold: 5000n },
        { id: 6, activeThreshold: 1n },
      ],
      members,
    );
    expect(f.get(1)).toEqual({ rounds: 6, bet: 13_500n, validBet: 13_500n, win: 1000n, activeMembers: 2 });
    // 5's own play is not its team's.
    expect(f.get(5)).toEqual({ rounds: 2, bet: 3000n, validBet: 3000n, win: 1000n, activeMembers: 0 });
    expect(f.get(6)).toEqual({ rounds: 0, bet: 0n, validBet: 0n, win: 0n, activeMembers: 0 });
  });

  it('a member with no valid bet is never active, even at a zero threshold', () => {
    const f = teamFiguresFor([{ id: 1, activeThreshold: 0n }], [row(2, '/1/2/', 0n)]);
    expect(f.get(1)!.activeMembers).toBe(0);
  });

  it('gives each beneficiary the rounds of its whole team', () => {
    const r = teamRoundsFor(
      [1, 5],
      [
        { memberId: 9, treePath: '/1/5/9/', bet: 10n, validBet: 10n, win: 0n },
        { memberId: 6, treePath: '/1/6/', bet: 20n, validBet: 20n, win: 40n },
      ],
    );
    expect(r.get(1)).toHaveLength(2);
    expect(r.get(5)).toEqual([{ bet: 10n, validBet: 10n, win: 0n }]);
  });
});
