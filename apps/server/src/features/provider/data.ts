import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Both drivers answer `execute` with `{ rows }`; int8 arrives as string (pg) or number/bigint (PGlite). */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const one = async <T = Record<string, unknown>>(db: Db, q: SQL): Promise<T | null> => rowsOf<T>(await db.execute(q))[0] ?? null;
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
    merchantId: number; vassalage: string; provider: string; walletModel: string; enabled: boolean;
    maintenanceFrom: Date | null; maintenanceUntil: Date | null; maintenanceMessage: string;
  },
) =>
  one(db, sql`
    INSERT INTO provider_vendors (merchant_id, vassalage, provider, wallet_model, enabled, maintenance_from, maintenance_until, maintenance_message)
    VALUES (${v.merchantId}, ${v.vassalage}, ${v.provider}, ${v.walletModel}, ${v.enabled}, ${v.maintenanceFrom}, ${v.maintenanceUntil}, ${v.maintenanceMessage})
    ON CONFLICT (merchant_id, vassalage) DO UPDATE SET provider = EXCLUDED.provider, wallet_model = EXCLUDED.wallet_model,
      enabled = EXCLUDED.enabled, maintenance_from = EXCLUDED.maintenance_from, maintenance_until = EXCLUDED.maintenance_until,
      maintenance_message = EXCLUDED.maintenance_message, updated_at = now()
    RETURNING *`);

/* ------------------------------------------------------------------ launches and sessions */

export const insertLaunch = (
  db: Db,
  l: {
    merchantId: number; memberId: number | null; provider: string; vassalage: string; gameId: number; gameCode: string;
    gameType: string; demo: boolean; language: string; launchTokenHash: string; ip: string; launchExpiresAt: Date;
  },
) =>
  one(db, sql`
    INSERT INTO game_launches (merchant_id, member_id, provider, vassalage, game_id, game_code, game_type, demo, language,
      launch_token_hash, ip, launch_expires_at)
    VALUES (${l.merchantId}, ${l.memberId}, ${l.provider}, ${l.vassalage}, ${l.gameId}, ${l.gameCode}, ${l.gameType}, ${l.demo},
      ${l.language}, ${l.launchTokenHash}, ${l.ip}, ${l.launchExpiresAt})
    RETURNING id`);

export const findUnusedLaunch = (db: Db, launchTokenHash: string) =>
  one(db, sql`SELECT * FROM game_launches WHERE launch_token_hash = ${launchTokenHash} AND used_at IS NULL AND launch_expires_at > now()`);

/** Uses a launch token once: the row comes back only to the first caller. */
export const consumeLaunch = (db: Db, a: { provider: string; launchTokenHash: string; sessionTokenHash: string; sessionHours: number }) =>
  one(db, sql`
    UPDATE game_launches SET used_at = now(), session_token_hash = ${a.sessionTokenHash},
           session_expires_at = now() + make_interval(hours => ${a.sessionHours})
     WHERE launch_token_hash = ${a.launchTokenHash} AND provider = ${a.provider} AND used_at IS NULL AND launch_expires_at > now()
    RETURNING *`);

export const memberForGame = (db: Db, memberId: number) =>
  one(db, sql`
    SELECT m.id, m.merchant_id, m.username, m.nickname, m.status, m.type, mer.currency, mer.currency_exponent
      FROM members m JOIN merchants mer ON mer.id = m.merchant_id WHERE m.id = ${memberId}`);

export const merchantCurrency = (db: Db, merchantId: number) =>
  one<{ currency: string; currency_exponent: number }>(db, sql`SELECT currency, currency_exponent FROM merchants WHERE id = ${merchantId}`);

export const sessionByToken = (db: Db, provider: string, sessionTokenHash: string) =>
  one(db, sql`
    SELECT l.id, l.merchant_id, l.member_id, l.vassalage, l.game_id, l.game_code, l.game_type, l.demo,
           m.status AS member_status, m.type AS member_type
      FROM game_launches l LEFT JOIN members m ON m.id = l.member_id
     WHERE l.session_token_hash = ${sessionTokenHash} AND l.provider = ${provider} AND l.session_expires_at > now()`);

/* ------------------------------------------------------------------ seamless wallet */

/**
 * One statement for the start of a bet: the game session (with the member's status), the claim on
 * the vendor's transaction id and the round (created on its first bet). Runs inside the bet's
 * database transaction; a refusal rolls all of it back.
 */
export const claimBet = (
  db: Db,
  b: { provider: string; sessionTokenHash: string; transactionId: string; roundId: string; gameCode: string; amount: bigint; fingerprint: string; currency: string },
) =>
  one(db, sql`
    WITH ses AS (
      SELECT l.merchant_id, l.member_id, l.vassalage, l.game_type,
             CASE WHEN l.game_code = ${b.gameCode} THEN l.game_id END AS game_id,
             l.demo, m.status AS member_status, m.type AS member_type
        FROM game_launches l JOIN members m ON m.id = l.member_id
       WHERE l.session_token_hash = ${b.sessionTokenHash} AND l.provider = ${b.provider} AND l.session_expires_at > now()
    ), claim AS (
      INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint)
      SELECT merchant_id, ${b.provider}, ${b.transactionId}, 'bet', member_id, ${String(b.amount)}::bigint, ${b.fingerprint} FROM ses
      ON CONFLICT (provider, transaction_id) DO NOTHING
      RETURNING id
    ), rnd AS (
      INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type, currency)
      SELECT merchant_id, member_id, ${b.provider}, ${b.roundId}, vassalage, game_id, ${b.gameCode}, game_type, ${b.currency} FROM ses
      ON CONFLICT (provider, round_id) DO UPDATE SET updated_at = now()
      RETURNING id, member_id, status, currency
    )
    SELECT ses.*, (SELECT id FROM claim) AS claim_id, rnd.id AS round_pk, rnd.member_id AS round_member_id,
           rnd.status AS round_status, rnd.currency AS round_currency
      FROM ses LEFT JOIN rnd ON true`);

/** The start of a win: the round (locked) and the claim on the transaction id. */
export const claimOnRound = (
  db: Db,
  w: { provider: string; roundId: string; transactionId: string; kind: string; amount: bigint; fingerprint: string },
) =>
  one(db, sql`
    WITH rnd AS (
      SELECT r.id, r.merchant_id, r.member_id, r.status, r.currency, r.game_id, r.win_total, r.bet_total, r.refund_total,
             m.username
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE r.provider = ${w.provider} AND r.round_id = ${w.roundId}
       FOR UPDATE OF r
    ), claim AS (
      INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, round_pk)
      SELECT merchant_id, ${w.provider}, ${w.transactionId}, ${w.kind}, member_id, ${String(w.amount)}::bigint, ${w.fingerprint}, id FROM rnd
      ON CONFLICT (provider, transaction_id) DO NOTHING
      RETURNING id
    )
    SELECT rnd.*, (SELECT id FROM claim) AS claim_id FROM rnd`);

/** The start of a rollback: the player, the bet it names (if it came) and the claim. */
export const claimRollback = (
  db: Db,
  r: { provider: string; memberId: number; transactionId: string; betTransactionId: string; fingerprint: string },
) =>
  one(db, sql`
    WITH m AS (SELECT id, merchant_id FROM members WHERE id = ${r.memberId}),
    bet AS (
      SELECT id, kind, member_id, amount, round_pk FROM provider_transactions
       WHERE provider = ${r.provider} AND transaction_id = ${r.betTransactionId}
    ), claim AS (
      INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, round_pk)
      SELECT m.merchant_id, ${r.provider}, ${r.transactionId}, 'rollback', m.id, COALESCE((SELECT amount FROM bet), 0), ${r.fingerprint},
             (SELECT round_pk FROM bet)
        FROM m
      ON CONFLICT (provider, transaction_id) DO NOTHING
      RETURNING id
    )
    SELECT m.id AS member_id, m.merchant_id, (SELECT id FROM claim) AS claim_id,
           bet.kind AS bet_kind, bet.member_id AS bet_member_id, bet.amount AS bet_amount, bet.round_pk
      FROM m LEFT JOIN bet ON true`);

export const storedTransaction = (db: Db, provider: string, transactionId: string) =>
  one(db, sql`SELECT fingerprint, response, kind FROM provider_transactions WHERE provider = ${provider} AND transaction_id = ${transactionId}`);

/** Books a bet on its round and stores the answer given, in one statement. */
export const finishBet = (
  db: Db,
  f: { roundPk: number; claimId: number; amount: bigint; balance: bigint; detail: string | null; response: string },
) =>
  db.execute(sql`
    WITH r AS (
      UPDATE game_rounds SET bet_total = bet_total + ${String(f.amount)}::bigint,
             balance_before = COALESCE(balance_before, ${String(f.balance)}::bigint + ${String(f.amount)}::bigint),
             balance_after = ${String(f.balance)}::bigint, detail = COALESCE(${f.detail}::jsonb, detail), updated_at = now()
       WHERE id = ${f.roundPk} RETURNING id
    )
    UPDATE provider_transactions SET response = ${f.response}::jsonb, round_pk = (SELECT id FROM r) WHERE id = ${f.claimId}`);

export const finishWin = (
  db: Db,
  f: { roundPk: number; claimId: number; amount: bigint; balance: bigint; close: boolean; detail: string | null; response: string },
) =>
  one(db, sql`
    WITH r AS (
      UPDATE game_rounds SET win_total = win_total + ${String(f.amount)}::bigint, balance_after = ${String(f.balance)}::bigint,
             balance_before = COALESCE(balance_before, ${String(f.balance)}::bigint - ${String(f.amount)}::bigint),
             status = CASE WHEN ${f.close}::boolean AND status = 'open' THEN 'closed' ELSE status END,
             ended_at = CASE WHEN ${f.close}::boolean THEN COALESCE(ended_at, now()) ELSE ended_at END,
             detail = COALESCE(${f.detail}::jsonb, detail), updated_at = now()
       WHERE id = ${f.roundPk} RETURNING id, status, win_total
    ), t AS (UPDATE provider_transactions SET response = ${f.response}::jsonb WHERE id = ${f.claimId})
    SELECT * FROM r`);

export const finishRollback = (
  db: Db,
  f: { roundPk: number | null; claimId: number; amount: bigint; balance: bigint; reversed: boolean; response: string },
) =>
  db.execute(sql`
    WITH r AS (
      UPDATE game_rounds SET refund_total = refund_total + ${String(f.amount)}::bigint, balance_after = ${String(f.balance)}::bigint, updated_at = now(),
             status = CASE WHEN refund_total + ${String(f.amount)}::bigint >= bet_total AND win_total = 0 THEN 'refunded' ELSE status END,
             ended_at = CASE WHEN refund_total + ${String(f.amount)}::bigint >= bet_total AND win_total = 0 THEN COALESCE(ended_at, now()) ELSE ended_at END
       WHERE id = ${f.roundPk} AND ${f.reversed}::boolean RETURNING id
    )
    UPDATE provider_transactions SET response = ${f.response}::jsonb WHERE id = ${f.claimId}`);

export const endRound = (db: Db, e: { provider: string; roundId: string; memberId: number; detail: string | null }) =>
  one(db, sql`
    WITH before AS (SELECT id, status FROM game_rounds WHERE provider = ${e.provider} AND round_id = ${e.roundId} AND member_id = ${e.memberId} FOR UPDATE)
    UPDATE game_rounds r SET status = CASE WHEN r.status = 'open' THEN 'closed' ELSE r.status END,
           ended_at = COALESCE(r.ended_at, now()), detail = COALESCE(${e.detail}::jsonb, r.detail), updated_at = now()
      FROM before WHERE r.id = before.id
    RETURNING r.id, r.merchant_id, r.member_id, r.game_id, r.win_total, r.currency, before.status AS previous_status`);

export const roundOwner = (db: Db, roundPk: number) =>
  one(db, sql`SELECT r.merchant_id, r.member_id, r.game_id, r.round_id, r.provider, r.win_total, m.username
                FROM game_rounds r JOIN members m ON m.id = r.member_id WHERE r.id = ${roundPk}`);

/* ------------------------------------------------------------------ transfer-model wallets */

export const insertTransfer = (
  db: Db,
  t: { merchantId: number; memberId: number; vassalage: string; provider: string; direction: 'in' | 'out'; amount: bigint },
) =>
  one(db, sql`
    INSERT INTO provider_transfers (merchant_id, member_id, vassalage, provider, direction, amount)
    VALUES (${t.merchantId}, ${t.memberId}, ${t.vassalage}, ${t.provider}, ${t.direction}, ${String(t.amount)}::bigint)
    RETURNING id`);

/** Moves a transfer out of 'pending' once; the row comes back only to the caller that moved it. */
export const settleTransfer = (db: Db, id: number, status: 'succeeded' | 'failed', message: string) =>
  one(db, sql`
    UPDATE provider_transfers SET status = ${status}, message = ${message}, updated_at = now(), attempts = attempts + 1
     WHERE id = ${id} AND status = 'pending' RETURNING *`);

export const touchTransfer = (db: Db, id: number, message: string) =>
  db.execute(sql`UPDATE provider_transfers SET attempts = attempts + 1, message = ${message}, updated_at = now() WHERE id = ${id}`);

export const pendingTransfers = (db: Db, olderThanSeconds: number, limit: number, vassalage?: string) =>
  db
    .execute(sql`
      SELECT * FROM provider_transfers
       WHERE status = 'pending' AND updated_at < now() - make_interval(secs => ${olderThanSeconds})
         AND (${vassalage ?? null}::text IS NULL OR vassalage = ${vassalage ?? null}::text)
       ORDER BY id LIMIT ${limit}`)
    .then(rowsOf);

export const recentTransfers = (db: Db, merchantId: number, vassalage: string, days: number) =>
  db
    .execute(sql`
      SELECT * FROM provider_transfers WHERE merchant_id = ${merchantId} AND vassalage = ${vassalage}
         AND created_at > now() - make_interval(days => ${days}) ORDER BY id`)
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
    .execute(sql`
      SELECT r.*, COALESCE(g.names ->> ${language}, g.node_name, r.game_code) AS game_name
        FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
       WHERE ${historyWhere(f)}
       ORDER BY r.started_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`)
    .then(rowsOf);

export const historyTotals = (db: Db, f: HistoryFilter) =>
  one(db, sql`
    SELECT count(*)::bigint AS n, COALESCE(sum(r.bet_total), 0)::bigint AS bet, COALESCE(sum(r.win_total), 0)::bigint AS win,
           COALESCE(sum(r.refund_total), 0)::bigint AS refund
      FROM game_rounds r WHERE ${historyWhere(f)}`);

export const historyRound = (db: Db, memberId: number, id: number, language: string) =>
  one(db, sql`
    SELECT r.*, COALESCE(g.names ->> ${language}, g.node_name, r.game_code) AS game_name
      FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id WHERE r.id = ${id} AND r.member_id = ${memberId}`);

export const roundTransactions = (db: Db, roundPk: number) =>
  db
    .execute(sql`SELECT transaction_id, kind, amount, created_at FROM provider_transactions WHERE round_pk = ${roundPk} ORDER BY id`)
    .then(rowsOf);

export const demoPlayers = (db: Db, merchantId: number, usernames: string[]) =>
  db
    .execute(sql`
      SELECT m.id, m.username, (SELECT count(*)::int FROM game_rounds r WHERE r.member_id = m.id) AS rounds
        FROM members m WHERE m.merchant_id = ${merchantId} AND m.username = ANY(${`{${usernames.join(',')}}`}::text[])
       ORDER BY m.id`)
    .then(rowsOf);
