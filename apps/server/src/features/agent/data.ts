import { and, asc, eq, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, one, row } from '../../db/rows.ts';
import { members } from '../../db/schema/index.ts';

/**
 * Agent-tree queries on members.tree_path (a materialised path such as '/1/5/9/', indexed with
 * text_pattern_ops) and members.upline_id. "Is X in my subtree" is a string prefix test on rows
 * already loaded; "my whole team" is one index range scan (`tree_path LIKE '/1/5/%'`); "my direct
 * downlines" uses the upline index. Member ids are global, so a path prefix never crosses brands.
 */

export const treeColumns = {
  id: members.id,
  merchantId: members.merchantId,
  username: members.username,
  nickname: members.nickname,
  type: members.type,
  status: members.status,
  uplineId: members.uplineId,
  treePath: members.treePath,
  depth: members.depth,
  affiliateCode: members.affiliateCode,
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
  passwordSetBy: members.passwordSetBy,
};

export type TreeMember = {
  id: number;
  merchantId: number;
  username: string;
  nickname: string | null;
  type: number;
  status: string;
  uplineId: number | null;
  treePath: string;
  depth: number;
  affiliateCode: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** 'agent' while the account still logs in with the one-time password its creator handed out. */
  passwordSetBy: string;
};

export const findMember = async (db: Db, id: number): Promise<TreeMember | null> => {
  const [row] = await db.select(treeColumns).from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
};

export const findMembers = async (db: Db, ids: readonly number[]): Promise<TreeMember[]> => {
  if (!ids.length) return [];
  return db
    .select(treeColumns)
    .from(members)
    .where(sql`${members.id} = ANY(${`{${ids.join(',')}}`}::int[])`);
};

export const findByUsername = async (db: Db, merchantId: number, username: string): Promise<TreeMember | null> => {
  const [row] = await db
    .select(treeColumns)
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.usernameKey, username.trim().toLowerCase())))
    .limit(1);
  return row ?? null;
};

const TeamCounts = row({ team: col.count, direct: col.count });

/** Team size and direct downline count under a subtree prefix (the agent itself excluded). */
export const teamCounts = (db: Db, prefix: string, agentId: number) =>
  one(
    db,
    TeamCounts,
    sql`
      SELECT count(*) FILTER (WHERE id <> ${agentId}) AS team,
             count(*) FILTER (WHERE upline_id = ${agentId}) AS direct
        FROM members WHERE tree_path LIKE ${`${prefix}%`}`,
  );

const TeamCountsBetween = row({ team: col.count, direct: col.count, teamNew: col.count, directNew: col.count });

/**
 * Team size, direct downlines, and how many of each joined in [from, to), in one pass over the
 * subtree (an index-only scan of members_team_cover_idx).
 */
export const teamCountsBetween = (db: Db, prefix: string, agentId: number, from: Date, to: Date) =>
  one(
    db,
    TeamCountsBetween,
    sql`
      SELECT count(*) FILTER (WHERE id <> ${agentId}) AS team,
             count(*) FILTER (WHERE upline_id = ${agentId}) AS direct,
             count(*) FILTER (WHERE id <> ${agentId} AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz) AS team_new,
             count(*) FILTER (WHERE upline_id = ${agentId} AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz) AS direct_new
        FROM members WHERE tree_path LIKE ${`${prefix}%`}`,
  );

export interface DownlineFilter {
  agentId: number;
  prefix: string;
  /** Only direct downlines (default) or the whole team. */
  direct: boolean;
  search?: string | undefined;
  type?: 'member' | 'agent' | undefined;
  limit: number;
  offset: number;
}

const downlineWhere = (f: DownlineFilter) => {
  const conds = [
    f.direct ? eq(members.uplineId, f.agentId) : and(like(members.treePath, `${f.prefix}%`), ne(members.id, f.agentId)),
  ];
  if (f.search)
    conds.push(like(members.usernameKey, `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.type === 'agent') conds.push(sql`${members.type} IN (1, 2, 41, 42)`);
  if (f.type === 'member') conds.push(eq(members.type, 0));
  return and(...conds);
};

export const listDownlines = async (db: Db, f: DownlineFilter): Promise<{ rows: TreeMember[]; total: number }> => {
  const where = downlineWhere(f);
  const [rows, count] = await Promise.all([
    db.select(treeColumns).from(members).where(where).orderBy(asc(members.id)).limit(f.limit).offset(f.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(members)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
};

const TeamSize = row({ id: col.int, n: col.count });

/** Team sizes of several agents at once (for a page of downline rows). */
export const teamSizes = async (
  db: Db,
  agents: readonly { id: number; prefix: string }[],
): Promise<Map<number, number>> => {
  if (!agents.length) return new Map();
  const values = sql.join(
    agents.map((a) => sql`(${a.id}::int, ${`${a.prefix}%`}::text)`),
    sql`, `,
  );
  const rows = await many(
    db,
    TeamSize,
    sql`
      SELECT a.id, (SELECT count(*) FROM members m WHERE m.tree_path LIKE a.pattern AND m.id <> a.id) AS n
        FROM (VALUES ${values}) AS a(id, pattern)`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
};
