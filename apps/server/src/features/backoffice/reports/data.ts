import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, row } from '../../../db/rows.ts';

/**
 * The reports' reads that are not money movements (decision 084): rounds by vendor and game type,
 * rounds per member, the agents whose teams a report shows, and the members a report groups. The
 * money itself is read through the wallet's reports. Test accounts are left out everywhere.
 */

export interface Period {
  merchantId: number;
  timezone: string;
  from: string;
  to: string;
}

const inPeriod = (column: SQL, q: Period) =>
  sql`${column} >= (${q.from}::date)::timestamp AT TIME ZONE ${q.timezone}
      AND ${column} < (${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timezone}`;
const notTest = (column: SQL, merchantId: number) =>
  sql`${column} NOT IN (SELECT id FROM members WHERE merchant_id = ${merchantId} AND test_account)`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

const GameRow = row({
  vendor: col.text,
  gameType: col.text,
  rounds: col.count,
  players: col.count,
  turnover: col.sum,
  wins: col.sum,
});

/**
 * Rounds started in the period and not refunded, by vendor, game type or both (as the dashboard
 * counts them): turnover is the stake net of refunds; wins what the rounds paid.
 */
export type GameRowT = ReturnType<typeof GameRow.parse>;

export const games = (
  db: Db,
  q: Period & { by: 'vendor' | 'gameType' | 'both'; vendor?: string | undefined; gameType?: string | undefined },
) => {
  const vendor = q.by === 'gameType' ? sql`''` : sql`r.vassalage`;
  const gameType = q.by === 'vendor' ? sql`''` : sql`r.game_type`;
  return many(
    db,
    GameRow,
    sql`
      SELECT ${vendor} AS vendor, ${gameType} AS game_type, count(*) AS rounds, count(DISTINCT r.member_id) AS players,
             sum(r.bet_total - r.refund_total) AS turnover, sum(r.win_total) AS wins
        FROM game_rounds r
       WHERE r.merchant_id = ${q.merchantId} AND r.status <> 'refunded' AND ${inPeriod(sql`r.started_at`, q)}
         AND ${notTest(sql`r.member_id`, q.merchantId)}
         ${q.vendor ? sql`AND r.vassalage = ${q.vendor}` : sql``}
         ${q.gameType ? sql`AND r.game_type = ${q.gameType}` : sql``}
       GROUP BY 1, 2
       ORDER BY turnover DESC, 1, 2`,
  );
};

/** Distinct players over the same rounds (a player of two vendors counts once). */
export const gamePlayers = async (db: Db, q: Period & { vendor?: string | undefined; gameType?: string | undefined }) =>
  (
    await many(
      db,
      row({ n: col.count }),
      sql`
      SELECT count(DISTINCT r.member_id) AS n FROM game_rounds r
       WHERE r.merchant_id = ${q.merchantId} AND r.status <> 'refunded' AND ${inPeriod(sql`r.started_at`, q)}
         AND ${notTest(sql`r.member_id`, q.merchantId)}
         ${q.vendor ? sql`AND r.vassalage = ${q.vendor}` : sql``}
         ${q.gameType ? sql`AND r.game_type = ${q.gameType}` : sql``}`,
    )
  )[0]?.n ?? 0;

const Account = row({
  id: col.int,
  username: col.text,
  type: col.int,
  treePath: col.text,
  testAccount: col.bool,
});
export type Account = ReturnType<typeof Account.parse>;

export const accountByUsername = (db: Db, merchantId: number, username: string) =>
  maybeOne(
    db,
    Account,
    sql`SELECT id, username, type, tree_path, test_account FROM members
         WHERE merchant_id = ${merchantId} AND username_key = ${username.toLowerCase()}`,
  );

export const accountById = (db: Db, merchantId: number, id: number) =>
  maybeOne(
    db,
    Account,
    sql`SELECT id, username, type, tree_path, test_account FROM members WHERE merchant_id = ${merchantId} AND id = ${id}`,
  );

/** The agents directly under `uplineId`, or the brand's top agents (no upline) when it is null. */
export const agentsUnder = (db: Db, merchantId: number, uplineId: number | null, agentTypes: readonly number[]) =>
  many(
    db,
    Account,
    sql`SELECT id, username, type, tree_path, test_account FROM members
         WHERE merchant_id = ${merchantId} AND type = ANY(${`{${agentTypes.join(',')}}`}::int[]) AND NOT test_account
           AND ${uplineId === null ? sql`upline_id IS NULL` : sql`upline_id = ${uplineId}`}
         ORDER BY username_key`,
  );

/** (member_id, head id) for every account in each head's team (the head included), test accounts left out. */
export const teamGroups = (merchantId: number, heads: { id: number; prefix: string }[]) =>
  sql`SELECT m.id, h.id FROM members m
        JOIN (VALUES ${sql.join(
          heads.map((h) => sql`(${h.id}::int, ${`${escapeLike(h.prefix)}%`}::text)`),
          sql`, `,
        )}) h(id, pattern) ON m.tree_path LIKE h.pattern
       WHERE m.merchant_id = ${merchantId} AND NOT m.test_account`;

const TeamSize = row({ id: col.int, n: col.count });

/** How many accounts each head's team holds (test accounts left out). */
export const teamSizes = (db: Db, merchantId: number, heads: { id: number; prefix: string }[]) =>
  many(
    db,
    TeamSize,
    sql`SELECT g.id, count(*) AS n FROM (${teamGroups(merchantId, heads)}) g(member_id, id) GROUP BY 1`,
  );

/** (member_id, member_id) for the real members whose username starts with `prefix` (every one without). */
export const memberGroups = (merchantId: number, prefix: string | undefined) =>
  sql`SELECT m.id, m.id FROM members m
       WHERE m.merchant_id = ${merchantId} AND NOT m.test_account AND m.type <> 4
         ${prefix ? sql`AND m.username_key LIKE ${`${escapeLike(prefix.toLowerCase())}%`}` : sql``}`;

const Named = row({ id: col.int, username: col.text, rounds: col.count });

/** Usernames and rounds played in the period of the given members. */
export const membersNamed = (db: Db, q: Period, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : many(
        db,
        Named,
        sql`SELECT m.id, m.username,
                   (SELECT count(*) FROM game_rounds r WHERE r.member_id = m.id AND r.status <> 'refunded'
                       AND ${inPeriod(sql`r.started_at`, q)}) AS rounds
              FROM members m WHERE m.merchant_id = ${q.merchantId} AND m.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      );
