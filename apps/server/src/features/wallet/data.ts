import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, type LedgerAccountKind } from '../../db/schema/index.ts';
import type { Alongside } from './types.ts';

/** Both drivers answer `execute` with `{ rows }`; int8 arrives as string (pg) or bigint/number (PGlite). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
export const toBigInt = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(String(v)));
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
/** A bigint[] parameter as a PostgreSQL array literal (drizzle would expand a JS array into a list). */
const bigintArray = (values: readonly (bigint | number)[]) => `{${values.map((v) => String(v)).join(',')}}`;

export interface WalletAccountRow {
  id: number;
  currency: string;
  kind: LedgerAccountKind;
  ownerId: number;
}

export const findWalletAccount = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<WalletAccountRow | null> => {
  const [row] = await db
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.ownerId, memberId)))
    .limit(1);
  return row ? { ...row, ownerId: row.ownerId! } : null;
};

/**
 * Opens a member's wallet if it does not exist yet (race-safe: the partial unique index decides).
 * Real accounts hold the merchant's currency; trial accounts (type 4) hold play money ('PLAY'), so
 * they can never receive or spend real money. Agents (1, 2, 41, 42) get an agent wallet.
 */
export const openWalletAccount = async (db: Db, merchantId: number, memberId: number): Promise<void> => {
  await db.execute(sql`
    INSERT INTO ledger_accounts (merchant_id, currency, kind, owner_id)
    SELECT m.merchant_id,
           CASE WHEN m.type = 4 THEN 'PLAY' ELSE mer.currency END,
           CASE WHEN m.type IN (1, 2, 41, 42) THEN 'agent' ELSE 'member' END,
           m.id
      FROM members m JOIN merchants mer ON mer.id = m.merchant_id
     WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId}
    ON CONFLICT DO NOTHING`);
};

export const findSystemAccount = async (
  db: Db,
  merchantId: number,
  currency: string,
  kind: LedgerAccountKind,
  sub: string,
): Promise<number | null> => {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchantId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.sub, sub),
        isNull(ledgerAccounts.ownerId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
};

export const openSystemAccount = async (
  db: Db,
  merchantId: number,
  currency: string,
  kind: LedgerAccountKind,
  sub: string,
) => {
  await db.insert(ledgerAccounts).values({ merchantId, currency, kind, sub }).onConflictDoNothing();
};

export const accountBalance = async (db: Db, accountId: number): Promise<bigint> => {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row ? toBigInt(row.balance) : 0n;
};

/** The merchant's currency (its one real-money currency, design.md §4). */
export const merchantCurrency = async (db: Db, merchantId: number): Promise<string | null> => {
  const rows = rowsOf<{ currency: string }>(
    await db.execute(sql`SELECT currency FROM merchants WHERE id = ${merchantId}`),
  );
  return rows[0]?.currency ?? null;
};

export interface PostArgs {
  merchantId: number;
  key: string;
  kind: string;
  fingerprint: string;
  reference: string | null;
  memberId: number | null;
  primaryAccountId: number | null;
  gameType: string | null;
  gameRef: string | null;
  meta: Record<string, unknown>;
  accounts: number[];
  amounts: bigint[];
}

export interface PostRow {
  transactionId: number;
  replay: boolean;
  balanceAfter: bigint | null;
  createdAt: Date;
  recorded?: Record<string, unknown> | null;
}

/**
 * On node-postgres outside a caller's transaction the hot call goes straight to the pool as a named
 * prepared statement (parsed once per connection); elsewhere (PGlite, transactions) through drizzle.
 */
const rawPool = (db: Db): pg.Pool | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

const POST_CALL = `SELECT * FROM ledger_post($1::integer, $2::text, $3::text, $4::text, $5::text, $6::integer, $7::bigint,
  $8::text, $9::text, $10::jsonb, $11::bigint[], $12::bigint[])`;
const POST_PARAMS = 12;

/** The posting and the caller's record in one statement (types.ts `Alongside`): texts built once per name. */
const alongsideTexts = new Map<string, string>();
const alongsideText = (a: Alongside): string => {
  let text = alongsideTexts.get(a.name);
  if (!text) {
    const shift = (sqlText: string) => sqlText.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + POST_PARAMS}`);
    text = `WITH posted AS MATERIALIZED (${POST_CALL}), ${shift(a.text)}
      SELECT p.*, (SELECT to_jsonb(r) FROM recorded r LIMIT 1) AS o_recorded FROM posted p`;
    alongsideTexts.set(a.name, text);
  }
  return text;
};

type Query = {
  query: (t: string | { name: string; text: string; values: unknown[] }, v?: unknown[]) => Promise<{ rows: unknown[] }>;
};

export const post = async (db: Db, a: PostArgs, alongside?: Alongside): Promise<PostRow> => {
  const meta = Object.keys(a.meta).length ? JSON.stringify(a.meta) : '{}';
  const accounts = bigintArray(a.accounts);
  const amounts = bigintArray(a.amounts);
  const values = [
    a.merchantId,
    a.key,
    a.kind,
    a.fingerprint,
    a.reference,
    a.memberId,
    a.primaryAccountId,
    a.gameType,
    a.gameRef,
    meta,
    accounts,
    amounts,
  ];
  const pool = rawPool(db);
  let rows: Record<string, unknown>[];
  if (alongside) {
    // Outside any transaction (the service refuses one), so the driver's own client is the session.
    const client = (db as unknown as { $client: Query }).$client;
    const text = alongsideText(alongside);
    const all = [...values, ...alongside.values];
    rows = (
      pool
        ? await pool.query({ name: `wallet.post+${alongside.name}`, text, values: all })
        : await client.query(text, all)
    ).rows as Record<string, unknown>[];
  } else if (pool) {
    rows = (await pool.query<Record<string, unknown>>({ name: 'wallet.ledger_post.v1', text: POST_CALL, values })).rows;
  } else {
    rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
          SELECT * FROM ledger_post(
            ${a.merchantId}::integer, ${a.key}::text, ${a.kind}::text, ${a.fingerprint}::text, ${a.reference}::text,
            ${a.memberId}::integer, ${a.primaryAccountId}::bigint, ${a.gameType}::text, ${a.gameRef}::text,
            ${meta}::jsonb, ${accounts}::bigint[], ${amounts}::bigint[])`),
    );
  }
  const r = rows[0];
  if (!r) throw new Error('ledger_post answered no row');
  const recorded =
    r.o_recorded === null || r.o_recorded === undefined
      ? null
      : ((typeof r.o_recorded === 'string' ? JSON.parse(r.o_recorded) : r.o_recorded) as Record<string, unknown>);
  return {
    transactionId: Number(r.o_tx_id),
    replay: r.o_replay === true,
    balanceAfter: r.o_balance_after === null || r.o_balance_after === undefined ? null : toBigInt(r.o_balance_after),
    createdAt: toDate(r.o_created_at),
    ...(alongside ? { recorded } : {}),
  };
};

export interface RollbackArgs {
  merchantId: number;
  key: string;
  targetKey: string;
  fingerprint: string;
  kinds: string[];
  meta: Record<string, unknown>;
}

export interface RollbackRow extends PostRow {
  outcome: 'reversed' | 'tombstone';
  memberId: number | null;
}

export const rollback = async (db: Db, a: RollbackArgs): Promise<RollbackRow> => {
  const kinds = `{${a.kinds.map((k) => `"${k}"`).join(',')}}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT * FROM ledger_rollback(
        ${a.merchantId}::integer, ${a.key}::text, ${a.targetKey}::text, ${a.fingerprint}::text, ${kinds}::text[],
        ${JSON.stringify(a.meta)}::jsonb)`),
  );
  const r = rows[0]!;
  return {
    transactionId: Number(r.o_tx_id),
    replay: r.o_replay === true,
    outcome: r.o_outcome === 'tombstone' ? 'tombstone' : 'reversed',
    balanceAfter: r.o_balance_after === null || r.o_balance_after === undefined ? null : toBigInt(r.o_balance_after),
    createdAt: toDate(r.o_created_at),
    memberId: r.o_member_id === null || r.o_member_id === undefined ? null : Number(r.o_member_id),
  };
};

/** A stored transaction by its key (the caller's view of "did my operation happen?"). */
export const findTransactionByKey = async (db: Db, merchantId: number, key: string) => {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT id, kind, reference, member_id, created_at FROM ledger_transactions
       WHERE merchant_id = ${merchantId} AND idempotency_key = ${key}`),
  );
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        kind: String(r.kind),
        reference: (r.reference as string | null) ?? null,
        createdAt: toDate(r.created_at),
      }
    : null;
};
