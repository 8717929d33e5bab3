import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * Agent-centre report queries over rounds (game-provider feature) and the ledger (wallet
 * feature), read-only, always narrowed to one scope of the caller's own team first.
 */

export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const big = (v: unknown) => (v === null || v === undefined ? 0n : BigInt(String(v)));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? new Date(String(v)).toISOString() : null);

/** Which members a report covers, as a condition on members `m`. */
export interface Scope {
  agentId: number;
  prefix: string;
  direct: boolean;
  /** Narrowed to one member (already checked to be in the team). */
  memberId?: number | undefined;
}

export const scopeSql = (s: Scope): SQL =>
  s.memberId
    ? sql`m.id = ${s.memberId}`
    : s.direct
      ? sql`m.upline_id = ${s.agentId}`
      : sql`m.tree_path LIKE ${`${s.prefix}%`} AND m.id <> ${s.agentId}`;

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
    db.execute(sql`
      SELECT r.id, m.username, r.round_id, r.game_type, r.vassalage, r.game_code, r.bet_total, r.refund_total, r.win_total,
             r.status, r.started_at, r.ended_at
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE ${where}
       ORDER BY r.started_at DESC, r.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`),
    db.execute(sql`
      SELECT count(*) AS n, sum(r.bet_total - r.refund_total) AS bet,
             sum(CASE WHEN r.status = 'closed' THEN GREATEST(r.bet_total - r.refund_total, 0) ELSE 0 END) AS valid_bet,
             sum(r.win_total) AS win
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE ${where}`),
  ]);
  const t = rowsOf<Record<string, unknown>>(totals)[0] ?? {};
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => {
      const stake = big(r.bet_total) - big(r.refund_total);
      const win = big(r.win_total);
      return {
        id: Number(r.id),
        account: String(r.username),
        roundId: String(r.round_id),
        gameType: String(r.game_type),
        vassalage: String(r.vassalage),
        gameCode: String(r.game_code),
        bet: stake.toString(),
        validBet: (r.status === 'closed' && stake > 0n ? stake : 0n).toString(),
        win: win.toString(),
        profitLoss: (r.status === 'open' ? 0n : win - stake).toString(),
        status: String(r.status),
        startedAt: iso(r.started_at)!,
        endedAt: iso(r.ended_at),
      };
    }),
    total: Number(t.n ?? 0),
    totals: { bet: big(t.bet), validBet: big(t.valid_bet), win: big(t.win) },
  };
};

/** Ledger kinds behind each transaction-type filter of the downline transaction page. */
export const TX_KIND_SQL: Record<string, SQL> = {
  deposit: sql`t.kind = 'deposit'`,
  withdrawal: sql`t.kind LIKE 'withdraw%'`,
  transfer: sql`t.kind LIKE '%transfer%'`,
  bet: sql`t.kind = 'bet'`,
  win: sql`t.kind = 'win'`,
  bonus: sql`(t.kind LIKE 'bonus%' OR t.kind LIKE 'promo%' OR t.kind LIKE 'rebate%')`,
  salary: sql`t.kind = 'salary'`,
  dividend: sql`t.kind = 'dividend'`,
  red_envelope: sql`t.kind LIKE 'red_envelope%'`,
  other: sql`NOT (t.kind IN ('deposit', 'bet', 'win', 'salary', 'dividend') OR t.kind LIKE 'withdraw%' OR t.kind LIKE '%transfer%'
             OR t.kind LIKE 'bonus%' OR t.kind LIKE 'promo%' OR t.kind LIKE 'rebate%' OR t.kind LIKE 'red_envelope%')`,
};

/** Movements on the wallets of the scope's members, newest first. */
export const downlineTransactions = async (
  db: Db,
  q: {
    merchantId: number;
    scope: Scope;
    kind?: string | undefined;
    start: Date;
    end: Date;
    limit: number;
    offset: number;
  },
) => {
  const where = sql`la.merchant_id = ${q.merchantId} AND ${scopeSql(q.scope)}
    AND p.created_at >= ${q.start.toISOString()}::timestamptz AND p.created_at < ${q.end.toISOString()}::timestamptz
    ${q.kind ? sql`AND ${TX_KIND_SQL[q.kind]!}` : sql``}`;
  const from = sql`FROM members m
    JOIN ledger_accounts la ON la.owner_id = m.id
    JOIN ledger_postings p ON p.account_id = la.id
    JOIN ledger_transactions t ON t.id = p.transaction_id`;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      SELECT p.id, m.username, t.kind, p.amount, p.balance_after, t.reference, p.created_at ${from}
       WHERE ${where} ORDER BY p.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`),
    db.execute(sql`SELECT count(*) AS n ${from} WHERE ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      account: String(r.username),
      kind: String(r.kind),
      amount: big(r.amount).toString(),
      balanceAfter: big(r.balance_after).toString(),
      reference: r.reference === null || r.reference === undefined ? null : String(r.reference),
      createdAt: iso(r.created_at)!,
    })),
    total: Number(rowsOf<{ n: unknown }>(count)[0]?.n ?? 0),
  };
};
