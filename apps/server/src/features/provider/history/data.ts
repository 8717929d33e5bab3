import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, type RowOf } from '../../../db/rows.ts';

export interface HistoryFilter {
  memberId: number;
  from: Date | null;
  to: Date | null;
  gameType: string | null;
  vassalage: string | null;
}

const historyWhere = (f: HistoryFilter) => sql`
  r.member_id = ${f.memberId}
  AND (${f.from}::timestamptz IS NULL OR r.started_at >= ${f.from}::timestamptz)
  AND (${f.to}::timestamptz IS NULL OR r.started_at < ${f.to}::timestamptz)
  AND (${f.gameType}::text IS NULL OR r.game_type = ${f.gameType}::text)
  AND (${f.vassalage}::text IS NULL OR r.vassalage = ${f.vassalage}::text)`;

const roundColumns = {
  id: col.int,
  provider: col.text,
  roundId: col.text,
  vassalage: col.text,
  gameCode: col.text,
  gameName: col.text,
  gameType: col.text,
  status: col.text,
  betTotal: col.bigint,
  winTotal: col.bigint,
  refundTotal: col.bigint,
  balanceBefore: col.bigint.nullable(),
  balanceAfter: col.bigint.nullable(),
  currency: col.text,
  detail: col.json,
  startedAt: col.date,
  endedAt: col.date.nullable(),
};
export type RoundRow = RowOf<typeof roundColumns>;
const Round = row(roundColumns);

export const historyPage = (db: Db, f: HistoryFilter, language: string, limit: number, offset: number) =>
  many(
    db,
    Round,
    sql`
      SELECT r.*, COALESCE(g.names ->> ${language}, g.node_name, r.game_code) AS game_name
        FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
       WHERE ${historyWhere(f)}
       ORDER BY r.started_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );

const HistoryTotals = row({ n: col.count, bet: col.sum, win: col.sum, refund: col.sum });

export const historyTotals = (db: Db, f: HistoryFilter) =>
  one(
    db,
    HistoryTotals,
    sql`
    SELECT count(*)::bigint AS n, COALESCE(sum(r.bet_total), 0)::bigint AS bet, COALESCE(sum(r.win_total), 0)::bigint AS win,
           COALESCE(sum(r.refund_total), 0)::bigint AS refund
      FROM game_rounds r WHERE ${historyWhere(f)}`,
  );

export const historyRound = (db: Db, memberId: number, id: number, language: string) =>
  maybeOne(
    db,
    Round,
    sql`
    SELECT r.*, COALESCE(g.names ->> ${language}, g.node_name, r.game_code) AS game_name
      FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id WHERE r.id = ${id} AND r.member_id = ${memberId}`,
  );

const RoundTransaction = row({ transactionId: col.text, kind: col.text, amount: col.bigint, createdAt: col.date });

export const roundTransactions = (db: Db, provider: string, roundId: string) =>
  many(
    db,
    RoundTransaction,
    sql`SELECT transaction_id, kind, amount, created_at FROM provider_transactions
         WHERE provider = ${provider} AND round_id = ${roundId} ORDER BY id`,
  );

const DemoPlayer = row({ id: col.int, username: col.text, rounds: col.int });

export const demoPlayers = (db: Db, merchantId: number, usernames: string[]) =>
  many(
    db,
    DemoPlayer,
    sql`
      SELECT m.id, m.username, (SELECT count(*)::int FROM game_rounds r WHERE r.member_id = m.id) AS rounds
        FROM members m WHERE m.merchant_id = ${merchantId} AND m.username = ANY(${`{${usernames.join(',')}}`}::text[])
       ORDER BY m.id`,
  );

/* ---------------------------------------------------------------- the platform's own games */

export interface HouseRoundInput {
  merchantId: number;
  memberId: number;
  provider: string;
  roundId: string;
  vassalage: string;
  gameCode: string;
  gameType: string;
  currency: string;
  bet: bigint;
  balanceAfter: bigint | null;
  detail: Record<string, unknown>;
}

const OpenedRound = row({ id: col.int, gameId: col.int.nullable() });

/** Opens the round of a game the platform runs itself (a lottery bet); a second call changes nothing. */
export const openHouseRound = (db: Db, r: HouseRoundInput) =>
  one(
    db,
    OpenedRound,
    sql`
    WITH ins AS (
      INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type,
                               currency, bet_total, balance_before, balance_after, detail)
      VALUES (${r.merchantId}, ${r.memberId}, ${r.provider}, ${r.roundId}, ${r.vassalage},
              (SELECT id FROM games WHERE merchant_id = ${r.merchantId} AND vassalage = ${r.vassalage}
                                      AND game_code = ${r.gameCode} LIMIT 1),
              ${r.gameCode}, ${r.gameType}, ${r.currency}, ${r.bet},
              ${r.balanceAfter === null ? null : r.balanceAfter + r.bet}, ${r.balanceAfter},
              ${JSON.stringify(r.detail)}::jsonb)
      ON CONFLICT (provider, round_id) DO NOTHING
      RETURNING id, game_id)
    SELECT id, game_id FROM ins
    UNION ALL
    SELECT id, game_id FROM game_rounds WHERE provider = ${r.provider} AND round_id = ${r.roundId}
    LIMIT 1`,
  );

/**
 * Closes many such rounds of one provider at once (a lottery draw's settlement), each with its win,
 * its balance after (when money moved) and what to add to its detail; only open rounds change.
 */
export const closeHouseRounds = async (
  db: Db,
  provider: string,
  closed: { roundId: string; win: bigint; balanceAfter: bigint | null; detail: Record<string, unknown> }[],
) => {
  if (!closed.length) return [];
  const json = JSON.stringify(
    closed.map((c) => ({
      round_id: c.roundId,
      win: String(c.win),
      balance_after: c.balanceAfter === null ? null : String(c.balanceAfter),
      detail: c.detail,
    })),
  );
  return many(
    db,
    row({ roundId: col.text, id: col.int, gameId: col.int.nullable() }),
    // Each round is found by its own index lookup (a subquery per entry), then updated by id: the
    // planner's guess for the JSON's size (100 rows) must not turn this into a scan per entry.
    sql`WITH v AS MATERIALIZED (
          SELECT v.*, (SELECT g.id FROM game_rounds g WHERE g.provider = ${provider} AND g.round_id = v.round_id) AS id
            FROM jsonb_to_recordset(${json}::jsonb) AS v(round_id text, win bigint, balance_after bigint, detail jsonb)
        )
        UPDATE game_rounds g
           SET status = 'closed', win_total = v.win, refund_total = 0,
               balance_after = COALESCE(v.balance_after, g.balance_after),
               detail = COALESCE(g.detail, '{}'::jsonb) || v.detail,
               ended_at = now(), updated_at = now()
          FROM v
         WHERE g.id = v.id AND g.status = 'open'
        RETURNING g.round_id, g.id, g.game_id`,
  );
};

/** Ends such a round: closed with its win, or refunded; only an open round changes. */
export const endHouseRound = (
  db: Db,
  r: {
    provider: string;
    roundId: string;
    status: 'closed' | 'refunded';
    win: bigint;
    refund: bigint;
    balanceAfter: bigint | null;
    detail: Record<string, unknown>;
  },
) =>
  maybeOne(
    db,
    OpenedRound,
    sql`
    UPDATE game_rounds
       SET status = ${r.status}, win_total = ${r.win}, refund_total = ${r.refund},
           balance_after = COALESCE(${r.balanceAfter}::bigint, balance_after),
           detail = COALESCE(detail, '{}'::jsonb) || ${JSON.stringify(r.detail)}::jsonb,
           ended_at = now(), updated_at = now()
     WHERE provider = ${r.provider} AND round_id = ${r.roundId} AND status = 'open'
     RETURNING id, game_id`,
  );
