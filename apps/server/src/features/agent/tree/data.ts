import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../../db/rows.ts';

/**
 * Writes on the agent tree itself (decision 079): an account's type, and moving an account with its
 * whole team under another upline. Every write of the tree runs after `lockTree`, so two moves of
 * one brand never interleave (A under B while B goes under A would make a cycle).
 */

/** Serialises the tree writes of one brand until the transaction ends. */
export const lockTree = (tx: Db, merchantId: number) => run(tx, sql`SELECT pg_advisory_xact_lock(79, ${merchantId})`);

const Node = row({
  id: col.int,
  merchantId: col.int,
  username: col.text,
  type: col.int,
  status: col.text,
  uplineId: col.int.nullable(),
  treePath: col.text,
  depth: col.int,
});
export type Node = ReturnType<typeof Node.parse>;

const NODE = sql.raw('id, merchant_id, username, type, status, upline_id, tree_path, depth');

export const nodeById = (tx: Db, merchantId: number, id: number) =>
  maybeOne(tx, Node, sql`SELECT ${NODE} FROM members WHERE merchant_id = ${merchantId} AND id = ${id} FOR UPDATE`);

export const nodeByUsername = (tx: Db, merchantId: number, username: string) =>
  maybeOne(
    tx,
    Node,
    sql`SELECT ${NODE} FROM members WHERE merchant_id = ${merchantId} AND username_key = ${username.trim().toLowerCase()}
         FOR UPDATE`,
  );

const Types = row({ type: col.int, n: col.count });

/** The types of an account's direct downlines, with how many of each. */
export const directTypes = (tx: Db, id: number) =>
  many(tx, Types, sql`SELECT type, count(*) AS n FROM members WHERE upline_id = ${id} GROUP BY type ORDER BY type`);

const Count = row({ n: col.count });

/** Contracts not yet ended on either side of the account (offers included). */
export const openContracts = async (tx: Db, id: number) =>
  (
    await one(
      tx,
      Count,
      sql`SELECT count(*) AS n FROM agent_contracts
           WHERE (downline_id = ${id} OR upline_id = ${id}) AND status IN ('offered', 'active', 'terminating')`,
    )
  ).n;

export const setType = (tx: Db, id: number, type: number) =>
  run(tx, sql`UPDATE members SET type = ${type} WHERE id = ${id}`);

/**
 * Moves the subtree under `oldPrefix` (the moved account's own path) to `newPrefix`: one statement
 * rewrites every path and depth of the team and the moved account's upline. Answers the team size
 * (the moved account included).
 */
export const moveSubtree = async (
  tx: Db,
  q: {
    merchantId: number;
    memberId: number;
    uplineId: number;
    oldPrefix: string;
    newPrefix: string;
    depthDelta: number;
  },
) =>
  (
    await one(
      tx,
      Count,
      sql`WITH moved AS (
            UPDATE members
               SET tree_path = ${q.newPrefix} || substr(tree_path, ${q.oldPrefix.length + 1}),
                   depth = depth + ${q.depthDelta},
                   upline_id = CASE WHEN id = ${q.memberId} THEN ${q.uplineId}::int ELSE upline_id END
             WHERE merchant_id = ${q.merchantId} AND tree_path LIKE ${`${q.oldPrefix.replace(/[\\%_]/g, '\\$&')}%`}
            RETURNING 1)
          SELECT count(*) AS n FROM moved`,
    )
  ).n;

/**
 * The team figures from the brand's local today on follow the team's new place; earlier days keep
 * the path they were rolled up under, so history stays with the old team.
 */
export const retagFiguresFromToday = (tx: Db, q: { merchantId: number; newPrefix: string }) =>
  run(
    tx,
    sql`UPDATE member_daily_stats s SET tree_path = m.tree_path, upline_id = m.upline_id, updated_at = now()
          FROM members m, merchants b
         WHERE b.id = ${q.merchantId} AND m.merchant_id = b.id
           AND m.tree_path LIKE ${`${q.newPrefix.replace(/[\\%_]/g, '\\$&')}%`}
           AND s.member_id = m.id AND s.day >= (now() AT TIME ZONE b.timezone)::date`,
  );
