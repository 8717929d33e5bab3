import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, maybeOne, one, row, run } from '../../db/rows.ts';
import { ledgerAccounts, merchants, type LedgerAccountKind } from '../../db/schema/index.ts';
import type { Alongside } from './types.ts';

/** A bigint[] parameter as a PostgreSQL array literal (drizzle would expand a JS array into a list). */
const bigintArray = (values: readonly (bigint | number)[]) => `{${values.map((v) => String(v)).join(',')}}`;

export interface WalletAccountRow {
  id: number;
  currency: string;
  kind: LedgerAccountKind;
  ownerId: number;
}

/** The wallet accounts of many members at once (those that have one). */
export const findWalletAccounts = async (
  db: Db,
  merchantId: number,
  memberIds: number[],
): Promise<WalletAccountRow[]> => {
  if (!memberIds.length) return [];
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), inArray(ledgerAccounts.ownerId, memberIds)));
  return rows.map((r) => ({ ...r, ownerId: r.ownerId! }));
};

export const findWalletAccount = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<WalletAccountRow | null> => {
  const [found] = await db
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.ownerId, memberId)))
    .limit(1);
  return found ? { ...found, ownerId: found.ownerId! } : null;
};

/**
 * Opens a member's wallet if it does not exist yet (race-safe: the partial unique index decides).
 * Real accounts hold the merchant's currency; trial accounts (type 4) hold play money ('PLAY'), so
 * they can never receive or spend real money. Agents (1, 2, 41, 42) get an agent wallet.
 */
export const openWalletAccount = (db: Db, merchantId: number, memberId: number): Promise<void> =>
  run(
    db,
    sql`
    INSERT INTO ledger_accounts (merchant_id, currency, kind, owner_id)
    SELECT m.merchant_id,
           CASE WHEN m.type = 4 THEN 'PLAY' ELSE mer.currency END,
           CASE WHEN m.type IN (1, 2, 41, 42) THEN 'agent' ELSE 'member' END,
           m.id
      FROM members m JOIN merchants mer ON mer.id = m.merchant_id
     WHERE m.id = ${memberId} AND m.merchant_id = ${merchantId}
    ON CONFLICT DO NOTHING`,
  );

export const findSystemAccount = async (
  db: Db,
  merchantId: number,
  currency: string,
  kind: LedgerAccountKind,
  sub: string,
): Promise<number | null> => {
  const [found] = await db
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
  return found?.id ?? null;
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
  const [found] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return found?.balance ?? 0n;
};

/** The merchant's currency (its one real-money currency, design.md §4). */
export const merchantCurrency = async (db: Db, merchantId: number): Promise<string | null> => {
  const [found] = await db
    .select({ currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return found?.currency ?? null;
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

/** The ledger's answer to a movement (a replay's being the original). */
const answer = {
  oTxId: col.int,
  oReplay: col.bool,
  oBalanceAfter: col.bigint.nullable(),
  oCreatedAt: col.date,
};
const Posted = row(answer);
/** With the first row of the caller's `alongside` record, as JSON (null when it wrote nothing). */
const PostedAlongside = row({
  ...answer,
  oRecorded: col.json.transform((v) =>
    v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>),
  ),
});

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

/**
 * One movement through ledger_post, a prepared statement (db/rows.ts `Prepared`): the hot call of
 * every bet, win and payment that does not come in a batch. With `alongside`, the caller's record is
 * written by the same statement; that needs the autocommit session (the service refuses it inside a
 * caller's transaction).
 */
export const post = async (db: Db, a: PostArgs, alongside?: Alongside): Promise<PostRow> => {
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
    Object.keys(a.meta).length ? JSON.stringify(a.meta) : '{}',
    bigintArray(a.accounts),
    bigintArray(a.amounts),
  ];
  if (alongside) {
    const r = await one(db, PostedAlongside, {
      name: `wallet.post+${alongside.name}`,
      text: alongsideText(alongside),
      values: [...values, ...alongside.values],
    });
    return {
      transactionId: r.oTxId,
      replay: r.oReplay,
      balanceAfter: r.oBalanceAfter,
      createdAt: r.oCreatedAt,
      recorded: r.oRecorded,
    };
  }
  const r = await one(db, Posted, { name: 'wallet.ledger_post.v1', text: POST_CALL, values });
  return { transactionId: r.oTxId, replay: r.oReplay, balanceAfter: r.oBalanceAfter, createdAt: r.oCreatedAt };
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

const RolledBack = row({ ...answer, oOutcome: col.text, oMemberId: col.int.nullable() });

export const rollback = async (db: Db, a: RollbackArgs): Promise<RollbackRow> => {
  const kinds = `{${a.kinds.map((k) => `"${k}"`).join(',')}}`;
  const r = await one(
    db,
    RolledBack,
    sql`
      SELECT * FROM ledger_rollback(
        ${a.merchantId}::integer, ${a.key}::text, ${a.targetKey}::text, ${a.fingerprint}::text, ${kinds}::text[],
        ${JSON.stringify(a.meta)}::jsonb)`,
  );
  return {
    transactionId: r.oTxId,
    replay: r.oReplay,
    outcome: r.oOutcome === 'tombstone' ? 'tombstone' : 'reversed',
    balanceAfter: r.oBalanceAfter,
    createdAt: r.oCreatedAt,
    memberId: r.oMemberId,
  };
};

const StoredTransaction = row({ id: col.int, kind: col.text, reference: col.text.nullable(), createdAt: col.date });

/** A stored transaction by its key (the caller's view of "did my operation happen?"). */
export const findTransactionByKey = (db: Db, merchantId: number, key: string) =>
  maybeOne(
    db,
    StoredTransaction,
    sql`
      SELECT id, kind, reference, created_at FROM ledger_transactions
       WHERE merchant_id = ${merchantId} AND idempotency_key = ${key}`,
  );

/**
 * A wallet's play since a moment (player protection, issue 24): stakes, wins and refunded stakes
 * posted on the account. Game movements of any vendor or feature count by their kind (`bet`,
 * `win`, `rollback`); held wins count when they are paid (`win_held_paid`). Reads the account's
 * postings from its primary-key prefix.
 */
export const depositsSince = async (db: Db, accountId: number, since: Date) =>
  (
    await one(
      db,
      row({ total: col.sum }),
      sql`SELECT sum(p.amount) AS total
            FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
           WHERE p.account_id = ${accountId} AND t.kind = 'deposit' AND p.created_at >= ${since.toISOString()}::timestamptz`,
    )
  ).total;

export const playSince = (db: Db, accountId: number, since: Date) =>
  one(
    db,
    row({ staked: col.sum, won: col.sum, refunded: col.sum }),
    sql`SELECT sum(-p.amount) FILTER (WHERE t.kind = 'bet') AS staked,
               sum(p.amount) FILTER (WHERE t.kind IN ('win', 'win_held_paid')) AS won,
               sum(p.amount) FILTER (WHERE t.kind = 'rollback') AS refunded
          FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE p.account_id = ${accountId} AND p.created_at >= ${since.toISOString()}::timestamptz`,
  );
