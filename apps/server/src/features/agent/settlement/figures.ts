import type { RoundFigure, TeamFigures } from '../contracts/terms.ts';

/**
 * Team figures for many beneficiaries at once (pure). One pass over the period's members (or
 * rounds): each is added to every ancestor on its tree path that is a beneficiary, so a settlement
 * run costs O(rows × depth) whatever the number of contracts. A beneficiary's team is everyone
 * strictly below it; its own play is not part of it.
 */

export interface MemberWindow {
  memberId: number;
  treePath: string;
  rounds: number;
  bet: bigint;
  validBet: bigint;
  win: bigint;
}

export interface RoundWindow extends RoundFigure {
  memberId: number;
  treePath: string;
}

export interface Beneficiary {
  id: number;
  /** Valid bets that make a member active under this beneficiary's contract; null when unused. */
  activeThreshold: bigint | null;
}

/** Ancestor ids of a member from its path ('/1/5/9/' for member 9 → [1, 5]). */
export const ancestorsOf = (treePath: string, memberId: number): number[] => {
  const ids: number[] = [];
  for (const part of treePath.split('/')) {
    if (!part) continue;
    const id = Number(part);
    if (id !== memberId) ids.push(id);
  }
  return ids;
};

export const teamFiguresFor = (
  beneficiaries: readonly Beneficiary[],
  members: readonly MemberWindow[],
): Map<number, TeamFigures> => {
  const byId = new Map(beneficiaries.map((b) => [b.id, b]));
  const out = new Map<number, TeamFigures>(
    beneficiaries.map((b) => [b.id, { rounds: 0, bet: 0n, validBet: 0n, win: 0n, activeMembers: 0 }]),
  );
  for (const m of members) {
    for (const a of ancestorsOf(m.treePath, m.memberId)) {
      const b = byId.get(a);
      if (!b) continue;
      const f = out.get(a)!;
      f.rounds += m.rounds;
      f.bet += m.bet;
      f.validBet += m.validBet;
      f.win += m.win;
      if (b.activeThreshold !== null && m.validBet > 0n && m.validBet >= b.activeThreshold) f.activeMembers += 1;
    }
  }
  return out;
};

export const teamRoundsFor = (
  beneficiaryIds: readonly number[],
  rounds: readonly RoundWindow[],
): Map<number, RoundFigure[]> => {
  const out = new Map<number, RoundFigure[]>(beneficiaryIds.map((id) => [id, []]));
  for (const r of rounds) {
    for (const a of ancestorsOf(r.treePath, r.memberId))
      out.get(a)?.push({ bet: r.bet, validBet: r.validBet, win: r.win });
  }
  return out;
};
