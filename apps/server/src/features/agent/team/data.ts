import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, one, row } from '../../../db/rows.ts';

/**
 * Agent-centre report queries over rounds (game-provider feature), read-only, always narrowed to
 * one scope of the caller's own team first. Wallet movements are read through the wallet's
 * reports, with `scopeMemberIds` saying whose.
 */

/** Which members a report covers. */
export interface Scope {
  agentId: number;
  prefix: string;
  direct: boolean;
  /** Narrowed to one member (already checked to be in the team). */
  memberId?: number | undefined;
}

const scopeSql = (s: Scope): SQL =>
  s.memberId
    ? sql`m.id = ${s.memberId}`
    : s.direct
      ? sql`m.upline_id = ${s.agentId}`
      : sql`m.tree_path LIKE ${`${s.prefix}%`} AND m.id <> ${s.agentId}`;

/** The scope's member ids as a subquery (what the wallet's reports take as their owners). */
export const scopeMemberIds = (s: Scope): SQL => sql`SELECT m.id FROM members m WHERE ${scopeSql(s)}`;

const TeamBet = row({
  id: col.int,
  account: col.text,
  roundId: col.text,
  gameType: col.text,
  vassalage: col.text,
  gameCode: col.text,
  stake: col.bigint,
  win: col.bigint,
  status: col.text,
  startedAt: col.date,
  endedAt: col.date.nullable(),
});
const TeamBetTotals = row({ n: col.count, bet: col.sum, validBet: col.sum, win: col.sum });

export const teamBets = async (
  db: Db,
  q: {
    merchantId: number;
    scope: Scope;
    gameType?: string | undefined;
    start: Date;
    end: Date;
    limit: number;
    offset: number;
  },
) => {
  const where = sql`r.merchant_id = ${q.merchantId} AND ${scopeSql(q.scope)}
    AND r.started_at >= ${q.start.toISOString()}::timestamptz AND r.started_at < ${q.end.toISOString()}::timestamptz
    ${q.gameType ? sql`AND r.game_type = ${q.gameType}` : sql``}`;
  const [rows, totals] = await Promise.all([
    many(
      db,
      TeamBet,
      sql`
      SELECT r.id, m.username AS account, r.round_id, r.game_type, r.vassalage, r.game_code,
             r.bet_total - r.refund_total AS stake, r.win_total AS win, r.status, r.started_at, r.ended_at
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE ${where}
       ORDER BY r.started_at DESC, r.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    one(
      db,
      TeamBetTotals,
      sql`
      SELECT count(*) AS n, sum(r.bet_total - r.refund_total) AS bet,
             sum(CASE WHEN r.status = 'closed' THEN GREATEST(r.bet_total - r.refund_total, 0) ELSE 0 END) AS valid_bet,
             sum(r.win_total) AS win
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE ${where}`,
    ),
  ]);
  return { rows, total: totals.n, totals: { bet: totals.bet, validBet: totals.validBet, win: totals.win } };
};
