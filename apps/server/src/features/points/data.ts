import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';

/**
 * The points mall's queries (decision 067). Every balance change goes through `change`: the
 * balance row moves under its check (never below zero) and the entry with its reason is written by
 * the same statement, so the two cannot disagree.
 */

const names = col.text.transform((v) => JSON.parse(v) as Record<string, string>);

type Kind = 'cash' | 'goods' | 'bonus';

const entryRow = row({
  id: col.int,
  change: col.int,
  balanceAfter: col.int,
  reason: col.text.transform((v) => v as 'earned' | 'redeemed' | 'returned' | 'converted' | 'adjusted'),
  note: col.text,
  createdAt: col.date,
});
export type EntryRow = ReturnType<typeof entryRow.parse>;

const itemRow = row({
  id: col.int,
  merchantId: col.int,
  kind: col.text.transform((v) => v as Kind),
  name: names,
  image: col.text,
  stock: col.int,
  pointsCost: col.int,
  cashAmount: col.bigint,
  amountRequirement: col.bigint,
  wageringMultiple: col.int,
  enabled: col.bool,
  sort: col.int,
});
export type ItemRow = ReturnType<typeof itemRow.parse>;

const redeemRow = row({
  id: col.int,
  memberId: col.int,
  account: col.text,
  itemId: col.int,
  itemName: names,
  kind: col.text.transform((v) => v as Kind),
  quantity: col.int,
  points: col.int,
  amount: col.bigint,
  wageringRequired: col.bigint,
  sincePostingId: col.int.nullable(),
  wageringMetAt: col.date.nullable(),
  status: col.text.transform((v) => v as 'in_process' | 'approved' | 'rejected'),
  remark: col.text,
  createdAt: col.date,
  decidedAt: col.date.nullable(),
});
export type RedeemRow = ReturnType<typeof redeemRow.parse>;

const Total = row({ n: col.count });
const Balance = row({ balance: col.int });

export const balanceOf = async (db: Db, memberId: number) =>
  (await maybeOne(db, Balance, sql`SELECT balance FROM points_accounts WHERE member_id = ${memberId}`))?.balance ?? 0;

/**
 * Adds `change` points (negative: spends them) with its reason and key. Returns the balance after,
 * or null when a spend finds too few points (nothing is written then). A key already used for this
 * member makes the statement fail with a unique violation (the caller's transaction rolls back).
 */
export const change = async (
  db: Db,
  q: { merchantId: number; memberId: number; change: number; reason: string; key: string; note?: string },
): Promise<number | null> => {
  const r = await maybeOne(
    db,
    Balance,
    sql`
    WITH acc AS (
      INSERT INTO points_accounts AS a (member_id, merchant_id, balance)
      SELECT ${q.memberId}, ${q.merchantId}, ${q.change}::bigint WHERE ${q.change}::bigint > 0
      ON CONFLICT (member_id) DO UPDATE SET balance = a.balance + excluded.balance, updated_at = now()
      RETURNING balance
    ), spent AS (
      UPDATE points_accounts SET balance = balance + ${q.change}::bigint, updated_at = now()
       WHERE member_id = ${q.memberId} AND ${q.change}::bigint < 0 AND balance + ${q.change}::bigint >= 0
      RETURNING balance
    ), after AS (SELECT balance FROM acc UNION ALL SELECT balance FROM spent)
    INSERT INTO points_entries (merchant_id, member_id, change, balance_after, reason, key, note)
    SELECT ${q.merchantId}, ${q.memberId}, ${q.change}::bigint, balance, ${q.reason}, ${q.key}, ${q.note ?? ''} FROM after
    RETURNING balance_after AS balance`,
  );
  return r?.balance ?? null;
};

/**
 * Earns one period's points for every member with valid turnover in it: closed rounds that ended
 * in [start, end), each game type's valid bets divided by its ratio. The exact sum is added to the
 * member's running total and the entry gets the whole points that total passed, so remainders carry
 * over to later periods. A member's account moves only for a period after its last one (the key
 * orders periods), so running a period again changes nothing.
 */
export const earnPeriod = async (db: Db, q: { start: Date; end: Date; key: string }) => {
  const r = await one(
    db,
    Total,
    sql`
    WITH earned AS (
      SELECT x.member_id, x.merchant_id, sum(x.units)::numeric(30, 8) AS units
        FROM (SELECT r.member_id, r.merchant_id,
                     sum(GREATEST(r.bet_total - r.refund_total, 0))::numeric / min(e.turnover_per_point) AS units
                FROM game_rounds r
                JOIN points_earn_rules e ON e.merchant_id = r.merchant_id AND e.game_type = r.game_type
               WHERE r.status = 'closed'
                 AND r.ended_at >= ${q.start.toISOString()}::timestamptz AND r.ended_at < ${q.end.toISOString()}::timestamptz
               GROUP BY r.member_id, r.merchant_id, r.game_type) x
        JOIN members m ON m.id = x.member_id AND m.type <> 4
       GROUP BY x.member_id, x.merchant_id
      HAVING sum(x.units) > 0
    ), acc AS (
      INSERT INTO points_accounts AS a (member_id, merchant_id, balance, earned_units, last_earn_key)
      SELECT member_id, merchant_id, floor(units)::bigint, units, ${q.key} FROM earned
      ON CONFLICT (member_id) DO UPDATE
         SET balance = a.balance + floor(a.earned_units + excluded.earned_units)::bigint - floor(a.earned_units)::bigint,
             earned_units = a.earned_units + excluded.earned_units, last_earn_key = excluded.last_earn_key, updated_at = now()
       WHERE a.last_earn_key < excluded.last_earn_key
      RETURNING a.member_id, a.balance, a.earned_units
    ), entries AS (
      INSERT INTO points_entries (merchant_id, member_id, change, balance_after, reason, key)
      SELECT e.merchant_id, e.member_id, floor(acc.earned_units)::bigint - floor(acc.earned_units - e.units)::bigint,
             acc.balance, 'earned', ${q.key}
        FROM earned e JOIN acc ON acc.member_id = e.member_id
       WHERE floor(acc.earned_units) > floor(acc.earned_units - e.units)
      RETURNING 1
    )
    SELECT count(*) AS n FROM entries`,
  );
  return r.n;
};

export const entries = async (db: Db, memberId: number, page: { page: number; pageSize: number }) => {
  const list = await many(
    db,
    entryRow,
    sql`SELECT id, change, balance_after, reason, note, created_at FROM points_entries WHERE member_id = ${memberId}
         ORDER BY id DESC LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
  );
  const { n } = await one(db, Total, sql`SELECT count(*) AS n FROM points_entries WHERE member_id = ${memberId}`);
  return { list, total: n };
};

const itemColumns = sql`id, merchant_id, kind, name::text AS name, image, stock, points_cost, cash_amount, amount_requirement,
         wagering_multiple, enabled, sort`;

const itemSelect = sql`
  SELECT id, merchant_id, kind, name::text AS name, image, stock, points_cost, cash_amount, amount_requirement,
         wagering_multiple, enabled, sort
    FROM points_mall_items`;

export const items = (db: Db, merchantId: number, onlyEnabled: boolean) =>
  many(
    db,
    itemRow,
    sql`${itemSelect} WHERE merchant_id = ${merchantId} ${onlyEnabled ? sql`AND enabled` : sql``} ORDER BY sort, id`,
  );

export const item = (db: Db, merchantId: number, id: number) =>
  maybeOne(db, itemRow, sql`${itemSelect} WHERE merchant_id = ${merchantId} AND id = ${id}`);

export interface ItemValues {
  kind: Kind;
  name: Record<string, string>;
  image: string;
  stock: number;
  pointsCost: number;
  cashAmount: bigint;
  amountRequirement: bigint;
  wageringMultiple: number;
  enabled: boolean;
  sort: number;
}

export const insertItem = (db: Db, merchantId: number, v: ItemValues) =>
  one(
    db,
    itemRow,
    sql`
    INSERT INTO points_mall_items (merchant_id, kind, name, image, stock, points_cost, cash_amount, amount_requirement,
                                   wagering_multiple, enabled, sort)
    VALUES (${merchantId}, ${v.kind}, ${JSON.stringify(v.name)}::jsonb, ${v.image}, ${v.stock}, ${v.pointsCost},
            ${v.cashAmount}, ${v.amountRequirement}, ${v.wageringMultiple}, ${v.enabled}, ${v.sort})
    RETURNING ${itemColumns}`,
  );

export const updateItem = (db: Db, merchantId: number, id: number, v: ItemValues) =>
  maybeOne(
    db,
    itemRow,
    sql`
    UPDATE points_mall_items SET kind = ${v.kind}, name = ${JSON.stringify(v.name)}::jsonb, image = ${v.image},
           stock = ${v.stock}, points_cost = ${v.pointsCost}, cash_amount = ${v.cashAmount},
           amount_requirement = ${v.amountRequirement}, wagering_multiple = ${v.wageringMultiple}, enabled = ${v.enabled},
           sort = ${v.sort}, updated_at = now()
     WHERE merchant_id = ${merchantId} AND id = ${id}
    RETURNING ${itemColumns}`,
  );

/** Takes `quantity` of an item's stock; false when too little is left (the row's check holds the line). */
export const takeStock = async (db: Db, itemId: number, quantity: number) =>
  (await maybeOne(
    db,
    row({ id: col.int }),
    sql`UPDATE points_mall_items SET stock = stock - ${quantity}, updated_at = now()
         WHERE id = ${itemId} AND enabled AND stock >= ${quantity} RETURNING id`,
  )) !== null;

export const insertRedeem = (
  db: Db,
  q: {
    merchantId: number;
    memberId: number;
    itemId: number;
    kind: string;
    quantity: number;
    points: number;
    amount: bigint;
    status: string;
    wageringRequired?: bigint;
    sincePostingId?: number | null;
  },
) =>
  one(
    db,
    row({ id: col.int }),
    sql`
    INSERT INTO points_redeems (merchant_id, member_id, item_id, kind, quantity, points, amount, status, decided_at,
                                wagering_required, since_posting_id)
    VALUES (${q.merchantId}, ${q.memberId}, ${q.itemId}, ${q.kind}, ${q.quantity}, ${q.points}, ${q.amount}, ${q.status},
            ${q.status === 'in_process' ? null : new Date().toISOString()}::timestamptz,
            ${q.wageringRequired ?? 0n}, ${q.sincePostingId ?? null})
    RETURNING id`,
  );

const redeemSelect = sql`
  SELECT d.id, d.member_id, m.username AS account, d.item_id, i.name::text AS item_name, d.kind, d.quantity, d.points,
         d.amount, d.wagering_required, d.since_posting_id, d.wagering_met_at, d.status, d.remark, d.created_at, d.decided_at
    FROM points_redeems d
    JOIN points_mall_items i ON i.id = d.item_id
    JOIN members m ON m.id = d.member_id`;

export const redeem = (db: Db, merchantId: number, id: number, lock = false) =>
  maybeOne(
    db,
    redeemRow,
    sql`${redeemSelect} WHERE d.merchant_id = ${merchantId} AND d.id = ${id} ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );

export const redeems = async (
  db: Db,
  where: { merchantId: number; memberId?: number; status?: string },
  page: { page: number; pageSize: number },
) => {
  const cond = sql`d.merchant_id = ${where.merchantId}
    ${where.memberId !== undefined ? sql`AND d.member_id = ${where.memberId}` : sql``}
    ${where.status !== undefined ? sql`AND d.status = ${where.status}` : sql``}`;
  const list = await many(
    db,
    redeemRow,
    sql`${redeemSelect} WHERE ${cond} ORDER BY d.id DESC LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
  );
  const { n } = await one(db, Total, sql`SELECT count(*) AS n FROM points_redeems d WHERE ${cond}`);
  return { list, total: n };
};

export const decide = (db: Db, id: number, q: { status: string; remark: string; operatorId: number }) =>
  run(
    db,
    sql`UPDATE points_redeems SET status = ${q.status}, remark = ${q.remark}, operator_id = ${q.operatorId}, decided_at = now()
         WHERE id = ${id} AND status = 'in_process'`,
  );

export const restock = (db: Db, itemId: number, quantity: number) =>
  run(db, sql`UPDATE points_mall_items SET stock = stock + ${quantity}, updated_at = now() WHERE id = ${itemId}`);

const ruleRow = row({ gameType: col.text, turnoverPerPoint: col.bigint });
const rateRow = row({ minPoints: col.int, amountPer100: col.bigint });

export const rules = (db: Db, merchantId: number) =>
  many(
    db,
    ruleRow,
    sql`SELECT game_type, turnover_per_point FROM points_earn_rules WHERE merchant_id = ${merchantId} ORDER BY game_type`,
  );

export const rates = (db: Db, merchantId: number) =>
  many(
    db,
    rateRow,
    sql`SELECT min_points, amount_per_100 AS amount_per100 FROM points_exchange_rates WHERE merchant_id = ${merchantId} ORDER BY min_points`,
  );

export const replaceRules = async (
  db: Db,
  merchantId: number,
  q: {
    rules: { gameType: string; turnoverPerPoint: bigint }[];
    rates: { minPoints: number; amountPer100: bigint }[];
  },
) => {
  await run(db, sql`DELETE FROM points_earn_rules WHERE merchant_id = ${merchantId}`);
  await run(db, sql`DELETE FROM points_exchange_rates WHERE merchant_id = ${merchantId}`);
  for (const r of q.rules) {
    await run(
      db,
      sql`INSERT INTO points_earn_rules (merchant_id, game_type, turnover_per_point)
          VALUES (${merchantId}, ${r.gameType}, ${r.turnoverPerPoint})`,
    );
  }
  for (const r of q.rates) {
    await run(
      db,
      sql`INSERT INTO points_exchange_rates (merchant_id, min_points, amount_per_100)
          VALUES (${merchantId}, ${r.minPoints}, ${r.amountPer100})`,
    );
  }
};

/** Valid turnover over the days since `sinceDay` (member_daily_stats, the agent figures' read model). */
export const turnoverSince = async (db: Db, memberId: number, sinceDay: string) =>
  (
    await one(
      db,
      row({ total: col.sum }),
      sql`SELECT sum(valid_bet) AS total FROM member_daily_stats WHERE member_id = ${memberId} AND day >= ${sinceDay}::date`,
    )
  ).total;

const Mismatch = row({ memberId: col.int, stored: col.int, computed: col.int });

/** Members whose balance differs from the sum of their entries, or whose last entry disagrees. */
export const check = (db: Db) =>
  many(
    db,
    Mismatch,
    sql`
    SELECT a.member_id, a.balance AS stored, coalesce(s.total, 0)::bigint AS computed
      FROM points_accounts a
      LEFT JOIN (SELECT member_id, sum(change) AS total FROM points_entries GROUP BY member_id) s ON s.member_id = a.member_id
     WHERE a.balance <> coalesce(s.total, 0)
    UNION ALL
    SELECT s.member_id, 0, s.total::bigint FROM (SELECT member_id, sum(change) AS total FROM points_entries GROUP BY member_id) s
     WHERE NOT EXISTS (SELECT 1 FROM points_accounts a WHERE a.member_id = s.member_id)
    UNION ALL
    SELECT e.member_id, e.balance_after, e.running::bigint FROM (
      SELECT member_id, balance_after, sum(change) OVER (PARTITION BY member_id ORDER BY id) AS running FROM points_entries) e
     WHERE e.balance_after <> e.running
     LIMIT 20`,
  );

/** Bonus redeems of a member whose wagering is still owed (the wallet rules' requirement source). */
export const openWagering = (db: Db, merchantId: number, memberId: number) =>
  many(
    db,
    redeemRow,
    sql`${redeemSelect} WHERE d.merchant_id = ${merchantId} AND d.member_id = ${memberId} AND d.kind = 'bonus'
         AND d.wagering_required > 0 AND d.wagering_met_at IS NULL AND d.since_posting_id IS NOT NULL ORDER BY d.id`,
  );

export const wageringMet = (db: Db, id: number) =>
  run(db, sql`UPDATE points_redeems SET wagering_met_at = now() WHERE id = ${id} AND wagering_met_at IS NULL`);

const Sums = row({ reason: col.text, gained: col.int, spent: col.int });
const Requests = row({ kind: col.text, status: col.text, count: col.int, points: col.int });

/** Points moved, requests made and cash paid between two instants; and the points held now. */
export const report = async (db: Db, merchantId: number, from: Date, to: Date) => {
  const f = from.toISOString();
  const t = to.toISOString();
  const sums = await many(
    db,
    Sums,
    sql`SELECT reason, coalesce(sum(change) FILTER (WHERE change > 0), 0)::bigint AS gained,
               coalesce(-sum(change) FILTER (WHERE change < 0), 0)::bigint AS spent
          FROM points_entries
         WHERE merchant_id = ${merchantId} AND created_at >= ${f}::timestamptz AND created_at < ${t}::timestamptz
         GROUP BY reason`,
  );
  const requests = await many(
    db,
    Requests,
    sql`SELECT kind, status, count(*)::bigint AS count, coalesce(sum(points), 0)::bigint AS points FROM points_redeems
         WHERE merchant_id = ${merchantId} AND created_at >= ${f}::timestamptz AND created_at < ${t}::timestamptz
         GROUP BY kind, status ORDER BY kind, status`,
  );
  // The cash the points bought: what the wallets received under the ledger kind `points`.
  const cash = await one(
    db,
    row({ total: col.sum }),
    sql`SELECT sum(p.amount) AS total
          FROM ledger_transactions x
          JOIN ledger_postings p ON p.transaction_id = x.id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind IN ('member', 'agent')
         WHERE x.merchant_id = ${merchantId} AND x.kind = 'points'
           AND x.created_at >= ${f}::timestamptz AND x.created_at < ${t}::timestamptz`,
  );
  const held = await one(
    db,
    row({ outstanding: col.int, holders: col.int }),
    sql`SELECT coalesce(sum(balance), 0)::bigint AS outstanding, count(*) FILTER (WHERE balance > 0)::bigint AS holders
          FROM points_accounts WHERE merchant_id = ${merchantId}`,
  );
  return { sums, requests, cashPaid: cash.total, ...held };
};
