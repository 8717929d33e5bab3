import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { Alongside } from '../wallet/types.ts';

/** Both drivers answer `execute` with `{ rows }`; int8 arrives as string (pg) or number/bigint (PGlite). */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? []) as T[];
const one = async <T = Record<string, unknown>>(db: Db, q: SQL): Promise<T | null> =>
  rowsOf<T>(await db.execute(q))[0] ?? null;
export const big = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(String(v)));
export const bigOrNull = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(String(v)));
export const num = (v: unknown): number => Number(v);
export const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/* ------------------------------------------------------------------ vendor switches */

export const vendorSwitches = (db: Db, merchantId: number) =>
  db.execute(sql`SELECT * FROM provider_vendors WHERE merchant_id = ${merchantId} ORDER BY vassalage`).then(rowsOf);

export const upsertVendorSwitches = (
  db: Db,
  v: {
    merchantId: number;
    vassalage: string;
    provider: string;
    walletModel: string;
    enabled: boolean;
    maintenanceFrom: Date | null;
    maintenanceUntil: Date | null;
    maintenanceMessage: string;
  },
) =>
  one(
    db,
    sql`
    INSERT INTO provider_vendors (merchant_id, vassalage, provider, wallet_model, enabled, maintenance_from, maintenance_until, maintenance_message)
    VALUES (${v.merchantId}, ${v.vassalage}, ${v.provider}, ${v.walletModel}, ${v.enabled}, ${v.maintenanceFrom}, ${v.maintenanceUntil}, ${v.maintenanceMessage})
    ON CONFLICT (merchant_id, vassalage) DO UPDATE SET provider = EXCLUDED.provider, wallet_model = EXCLUDED.wallet_model,
      enabled = EXCLUDED.enabled, maintenance_from = EXCLUDED.maintenance_from, maintenance_until = EXCLUDED.maintenance_until,
      maintenance_message = EXCLUDED.maintenance_message, updated_at = now()
    RETURNING *`,
  );

/* ------------------------------------------------------------------ launches and sessions */

export const insertLaunch = (
  db: Db,
  l: {
    merchantId: number;
    memberId: number | null;
    provider: string;
    vassalage: string;
    gameId: number;
    gameCode: string;
    gameType: string;
    demo: boolean;
    language: string;
    launchTokenHash: string;
    ip: string;
    launchExpiresAt: Date;
  },
) =>
  one(
    db,
    sql`
    INSERT INTO game_launches (merchant_id, member_id, provider, vassalage, game_id, game_code, game_type, demo, language,
      launch_token_hash, ip, launch_expires_at)
    VALUES (${l.merchantId}, ${l.memberId}, ${l.provider}, ${l.vassalage}, ${l.gameId}, ${l.gameCode}, ${l.gameType}, ${l.demo},
      ${l.language}, ${l.launchTokenHash}, ${l.ip}, ${l.launchExpiresAt})
    RETURNING id`,
  );

export const findUnusedLaunch = (db: Db, launchTokenHash: string) =>
  one(
    db,
    sql`SELECT * FROM game_launches WHERE launch_token_hash = ${launchTokenHash} AND used_at IS NULL AND launch_expires_at > now()`,
  );

/** Uses a launch token once: the row comes back only to the first caller. */
export const consumeLaunch = (
  db: Db,
  a: { provider: string; launchTokenHash: string; sessionTokenHash: string; sessionHours: number },
) =>
  one(
    db,
    sql`
    UPDATE game_launches SET used_at = now(), session_token_hash = ${a.sessionTokenHash},
           session_expires_at = now() + make_interval(hours => ${a.sessionHours})
     WHERE launch_token_hash = ${a.launchTokenHash} AND provider = ${a.provider} AND used_at IS NULL AND launch_expires_at > now()
    RETURNING *`,
  );

export const memberForGame = (db: Db, memberId: number) =>
  one(
    db,
    sql`
    SELECT m.id, m.merchant_id, m.username, m.nickname, m.status, m.type, mer.currency, mer.currency_exponent
      FROM members m JOIN merchants mer ON mer.id = m.merchant_id WHERE m.id = ${memberId}`,
  );

export const merchantCurrency = (db: Db, merchantId: number) =>
  one<{ currency: string; currency_exponent: number }>(
    db,
    sql`SELECT currency, currency_exponent FROM merchants WHERE id = ${merchantId}`,
  );

export const sessionByToken = (db: Db, provider: string, sessionTokenHash: string) =>
  one(
    db,
    sql`
    SELECT l.id, l.merchant_id, l.member_id, l.vassalage, l.game_id, l.game_code, l.game_type, l.demo,
           m.status AS member_status, m.type AS member_type
      FROM game_launches l LEFT JOIN members m ON m.id = l.member_id
     WHERE l.session_token_hash = ${sessionTokenHash} AND l.provider = ${provider} AND l.session_expires_at > now()`,
  );

/* ------------------------------------------------------------------ seamless wallet */

/**
 * The callbacks' hot statements run as named prepared statements on node-postgres (parsed once per
 * connection) and as plain parameterised queries on PGlite; every one is a single autocommit
 * statement (decision 033: the ledger's idempotency key is what makes the steps safe to repeat).
 */
/** A named prepared statement straight on the pool (node-postgres), or the embedded client's query. */
export const hotRows = async (
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as Record<string, unknown>[];
  if (client && typeof (client as { query?: unknown }).query === 'function') {
    return (await (client as { query: (t: string, v: unknown[]) => Promise<{ rows: unknown[] }> }).query(text, values))
      .rows as Record<string, unknown>[];
  }
  throw new Error('no database client');
};

/** Before a bet: the game session with the member's state, the round, and the transaction id if seen. */
export const betContext = async (
  db: Db,
  b: { provider: string; sessionTokenHash: string; roundId: string; transactionId: string },
) =>
  (
    await hotRows(
      db,
      'provider.bet_context.v2',
      `
      SELECT l.merchant_id, l.member_id, l.vassalage, l.game_type, l.game_id, l.game_code AS launch_game_code, l.demo,
             m.status AS member_status, m.type AS member_type, m.username,
             r.member_id AS round_member_id, r.status AS round_status, r.currency AS round_currency,
             t.fingerprint AS tx_fingerprint, t.response AS tx_response
        FROM game_launches l JOIN members m ON m.id = l.member_id
        LEFT JOIN game_rounds r ON r.provider = $1 AND r.round_id = $3
        LEFT JOIN provider_transactions t ON t.provider = $1 AND t.transaction_id = $4
       WHERE l.session_token_hash = $2 AND l.provider = $1 AND l.session_expires_at > now()`,
      [b.provider, b.sessionTokenHash, b.roundId, b.transactionId],
    )
  )[0] ?? null;

/**
 * The transaction id claimed with its answer, after the ledger's posting in the same statement
 * (`posted`); parameters: $1 merchant, $2 provider, $3 transaction id, $4 member, $5 amount,
 * $6 fingerprint, $7 currency, $8 round. A twin that lost the race claims nothing.
 */
const claimAfterPosting = (kind: 'bet' | 'win') => `claim AS (
      INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
      SELECT $1::integer, $2::text, $3::text, '${kind}', $4::integer, $5::bigint, $6::text,
             jsonb_build_object('balance', COALESCE(p.o_balance_after, 0)::text, 'currency', $7::text), $8::text
        FROM posted p
      ON CONFLICT (provider, transaction_id) DO NOTHING
      RETURNING id
    )`;

/**
 * Written with the debit, in its statement (the wallet's `alongside`): the transaction id with its
 * answer, and the round (created by its first bet) with the bet added; a duplicate that lost the race
 * adds nothing. `posted` is the ledger's answer (a replay's being the original).
 */
export const betRecord = (r: {
  merchantId: number;
  provider: string;
  transactionId: string;
  memberId: number;
  amount: bigint;
  fingerprint: string;
  currency: string;
  roundId: string;
  vassalage: string;
  gameId: number | null;
  gameCode: string;
  gameType: string;
  detail: string | null;
}): Alongside => ({
  name: 'provider.bet_record.v2',
  text: `
    ${claimAfterPosting('bet')},
    recorded AS (
      INSERT INTO game_rounds AS r (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type, currency,
                                    bet_total, balance_before, balance_after, detail)
      SELECT $1::integer, $4::integer, $2::text, $8::text, $9::text, $10::integer, $11::text, $12::text, $7::text, $5::bigint,
             COALESCE(p.o_balance_after, 0) + $5::bigint, COALESCE(p.o_balance_after, 0), $13::jsonb
        FROM posted p WHERE EXISTS (SELECT 1 FROM claim)
      ON CONFLICT (provider, round_id) DO UPDATE
         SET bet_total = r.bet_total + EXCLUDED.bet_total, balance_after = EXCLUDED.balance_after,
             detail = COALESCE(EXCLUDED.detail, r.detail), updated_at = now()
       WHERE r.member_id = EXCLUDED.member_id
      RETURNING r.id
    )`,
  values: [
    r.merchantId,
    r.provider,
    r.transactionId,
    r.memberId,
    String(r.amount),
    r.fingerprint,
    r.currency,
    r.roundId,
    r.vassalage,
    r.gameId,
    r.gameCode,
    r.gameType,
    r.detail,
  ],
});

/** Before a win: the round with its player, and the transaction id if seen. */
export const winContext = async (db: Db, w: { provider: string; roundId: string; transactionId: string }) =>
  (
    await hotRows(
      db,
      'provider.win_context.v1',
      `
      SELECT r.merchant_id, r.member_id, r.status, r.currency, r.game_id, r.bet_total, r.refund_total, m.username,
             t.fingerprint AS tx_fingerprint, t.response AS tx_response
        FROM game_rounds r JOIN members m ON m.id = r.member_id
        LEFT JOIN provider_transactions t ON t.provider = $1 AND t.transaction_id = $3
       WHERE r.provider = $1 AND r.round_id = $2`,
      [w.provider, w.roundId, w.transactionId],
    )
  )[0] ?? null;

/** Written with the credit, in its statement (the wallet's `alongside`): as recordWin, with the ledger's balance. */
export const winRecord = (w: {
  merchantId: number;
  provider: string;
  transactionId: string;
  memberId: number;
  amount: bigint;
  fingerprint: string;
  currency: string;
  roundId: string;
  close: boolean;
  detail: string | null;
}): Alongside => ({
  name: 'provider.win_record.v2',
  text: `
    ${claimAfterPosting('win')},
    recorded AS (
      UPDATE game_rounds r
         SET win_total = r.win_total + $5::bigint, balance_after = COALESCE(p.o_balance_after, 0),
             status = CASE WHEN $9::boolean AND r.status = 'open' THEN 'closed' ELSE r.status END,
             ended_at = CASE WHEN $9::boolean THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END,
             detail = COALESCE($10::jsonb, r.detail), updated_at = now()
        FROM posted p
       WHERE r.provider = $2::text AND r.round_id = $8::text AND EXISTS (SELECT 1 FROM claim)
      RETURNING r.win_total::text AS win_total, r.status
    )`,
  values: [
    w.merchantId,
    w.provider,
    w.transactionId,
    w.memberId,
    String(w.amount),
    w.fingerprint,
    w.currency,
    w.roundId,
    w.close,
    w.detail,
  ],
});

/** A win of nothing (no money moves): the transaction id with its answer and the round (closing it if asked). */
export const recordWin = async (
  db: Db,
  w: {
    merchantId: number;
    provider: string;
    transactionId: string;
    memberId: number;
    amount: bigint;
    fingerprint: string;
    response: string;
    roundId: string;
    balance: bigint;
    close: boolean;
    detail: string | null;
  },
) =>
  (
    await hotRows(
      db,
      'provider.record_win.v1',
      `
      WITH claim AS (
        INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
        VALUES ($1, $2, $3, 'win', $4, $5::bigint, $6, $7::jsonb, $8)
        ON CONFLICT (provider, transaction_id) DO NOTHING
        RETURNING id
      )
      UPDATE game_rounds r
         SET win_total = r.win_total + $5::bigint, balance_after = $9::bigint,
             status = CASE WHEN $10::boolean AND r.status = 'open' THEN 'closed' ELSE r.status END,
             ended_at = CASE WHEN $10::boolean THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END,
             detail = COALESCE($11::jsonb, r.detail), updated_at = now()
       WHERE r.provider = $2 AND r.round_id = $8 AND EXISTS (SELECT 1 FROM claim)
      RETURNING r.win_total, r.status`,
      [
        w.merchantId,
        w.provider,
        w.transactionId,
        w.memberId,
        String(w.amount),
        w.fingerprint,
        w.response,
        w.roundId,
        String(w.balance),
        w.close,
        w.detail,
      ],
    )
  )[0] ?? null;

/** Before a rollback: the player, the bet it names (if it came) and this transaction id if seen. */
export const rollbackContext = async (
  db: Db,
  r: { provider: string; memberId: number; betTransactionId: string; transactionId: string },
) =>
  (
    await hotRows(
      db,
      'provider.rollback_context.v1',
      `
      SELECT m.id AS member_id, m.merchant_id, b.kind AS bet_kind, b.member_id AS bet_member_id, b.amount AS bet_amount,
             b.round_id AS bet_round_id, t.fingerprint AS tx_fingerprint, t.response AS tx_response
        FROM members m
        LEFT JOIN provider_transactions b ON b.provider = $1 AND b.transaction_id = $3
        LEFT JOIN provider_transactions t ON t.provider = $1 AND t.transaction_id = $4
       WHERE m.id = $2`,
      [r.provider, r.memberId, r.betTransactionId, r.transactionId],
    )
  )[0] ?? null;

/** After the refund: the transaction id with its answer, and the refund on the bet's round. */
export const recordRollback = (
  db: Db,
  r: {
    merchantId: number;
    provider: string;
    transactionId: string;
    memberId: number;
    amount: bigint;
    fingerprint: string;
    response: string;
    roundId: string | null;
    balance: bigint;
    reversed: boolean;
  },
) =>
  hotRows(
    db,
    'provider.record_rollback.v1',
    `
    WITH claim AS (
      INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
      VALUES ($1, $2, $3, 'rollback', $4, $5::bigint, $6, $7::jsonb, $8)
      ON CONFLICT (provider, transaction_id) DO NOTHING
      RETURNING id
    )
    UPDATE game_rounds r
       SET refund_total = r.refund_total + $5::bigint, balance_after = $9::bigint, updated_at = now(),
           status = CASE WHEN r.refund_total + $5::bigint >= r.bet_total AND r.win_total = 0 THEN 'refunded' ELSE r.status END,
           ended_at = CASE WHEN r.refund_total + $5::bigint >= r.bet_total AND r.win_total = 0 THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END
     WHERE $10::boolean AND r.provider = $2 AND r.round_id = $8 AND EXISTS (SELECT 1 FROM claim)
    RETURNING r.id`,
    [
      r.merchantId,
      r.provider,
      r.transactionId,
      r.memberId,
      String(r.amount),
      r.fingerprint,
      r.response,
      r.roundId,
      String(r.balance),
      r.reversed,
    ],
  );

export const endRound = (db: Db, e: { provider: string; roundId: string; memberId: number; detail: string | null }) =>
  one(
    db,
    sql`
    WITH before AS (SELECT id, status FROM game_rounds WHERE provider = ${e.provider} AND round_id = ${e.roundId} AND member_id = ${e.memberId} FOR UPDATE)
    UPDATE game_rounds r SET status = CASE WHEN r.status = 'open' THEN 'closed' ELSE r.status END,
           ended_at = COALESCE(r.ended_at, now()), detail = COALESCE(${e.detail}::jsonb, r.detail), updated_at = now()
      FROM before WHERE r.id = before.id
    RETURNING r.id, r.merchant_id, r.member_id, r.game_id, r.win_total, r.currency, before.status AS previous_status,
              (SELECT username FROM members WHERE id = r.member_id) AS username`,
  );

/* ------------------------------------------------------------------ transfer-model wallets */

export const insertTransfer = (
  db: Db,
  t: {
    merchantId: number;
    memberId: number;
    vassalage: string;
    provider: string;
    direction: 'in' | 'out';
    amount: bigint;
  },
) =>
  one(
    db,
    sql`
    INSERT INTO provider_transfers (merchant_id, member_id, vassalage, provider, direction, amount)
    VALUES (${t.merchantId}, ${t.memberId}, ${t.vassalage}, ${t.provider}, ${t.direction}, ${String(t.amount)}::bigint)
    RETURNING id`,
  );

/** Moves a transfer out of 'pending' once; the row comes back only to the caller that moved it. */
export const settleTransfer = (db: Db, id: number, status: 'succeeded' | 'failed', message: string) =>
  one(
    db,
    sql`
    UPDATE provider_transfers SET status = ${status}, message = ${message}, updated_at = now(), attempts = attempts + 1
     WHERE id = ${id} AND status = 'pending' RETURNING *`,
  );

export const touchTransfer = (db: Db, id: number, message: string) =>
  db.execute(
    sql`UPDATE provider_transfers SET attempts = attempts + 1, message = ${message}, updated_at = now() WHERE id = ${id}`,
  );

export const pendingTransfers = (db: Db, olderThanSeconds: number, limit: number, vassalage?: string) =>
  db
    .execute(
      sql`
      SELECT * FROM provider_transfers
       WHERE status = 'pending' AND updated_at < now() - make_interval(secs => ${olderThanSeconds})
         AND (${vassalage ?? null}::text IS NULL OR vassalage = ${vassalage ?? null}::text)
       ORDER BY id LIMIT ${limit}`,
    )
    .then(rowsOf);

export const recentTransfers = (db: Db, merchantId: number, vassalage: string, days: number) =>
  db
    .execute(
      sql`
      SELECT * FROM provider_transfers WHERE merchant_id = ${merchantId} AND vassalage = ${vassalage}
         AND created_at > now() - make_interval(days => ${days}) ORDER BY id`,
    )
    .then(rowsOf);

/* ------------------------------------------------------------------ history */

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

export const historyPage = (db: Db, f: HistoryFilter, language: string, limit: number, offset: number) =>
  db
    .execute(
      sql`
      SELECT r.*, COALESCE(g.names ->> ${language}, g.node_name, r.game_code) AS game_name
        FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
       WHERE ${historyWhere(f)}
       ORDER BY r.started_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
    )
    .then(rowsOf);

export const historyTotals = (db: Db, f: HistoryFilter) =>
  one(
    db,
    sql`
    SELECT count(*)::bigint AS n, COALESCE(sum(r.bet_total), 0)::bigint AS bet, COALESCE(sum(r.win_total), 0)::bigint AS win,
           COALESCE(sum(r.refund_total), 0)::bigint AS refund
      FROM game_rounds r WHERE ${historyWhere(f)}`,
  );

export const historyRound = (db: Db, memberId: number, id: number, language: string) =>
  one(
    db,
    sql`
    SELECT r.*, COALESCE(g.names ->> ${language}, g.node_name, r.game_code) AS game_name
      FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id WHERE r.id = ${id} AND r.member_id = ${memberId}`,
  );

export const roundTransactions = (db: Db, provider: string, roundId: string) =>
  db
    .execute(
      sql`SELECT transaction_id, kind, amount, created_at FROM provider_transactions
                  WHERE provider = ${provider} AND round_id = ${roundId} ORDER BY id`,
    )
    .then(rowsOf);

export const demoPlayers = (db: Db, merchantId: number, usernames: string[]) =>
  db
    .execute(
      sql`
      SELECT m.id, m.username, (SELECT count(*)::int FROM game_rounds r WHERE r.member_id = m.id) AS rounds
        FROM members m WHERE m.merchant_id = ${merchantId} AND m.username = ANY(${`{${usernames.join(',')}}`}::text[])
       ORDER BY m.id`,
    )
    .then(rowsOf);
