import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row } from '../../../db/rows.ts';
import type { Alongside } from '../../wallet/service.ts';

/*
 * The callbacks' hot statements are prepared statements (db/rows.ts `Prepared`: named on
 * node-postgres, parsed once per connection); every one is a single autocommit statement
 * (decision 033: the ledger's idempotency key is what makes the steps safe to repeat).
 */

/** A transaction id seen before: its request's fingerprint and stored answer (null when new). */
const seenColumns = { txFingerprint: col.text.nullable(), txResponse: col.json };

const BetContext = row({
  merchantId: col.int,
  memberId: col.int,
  vassalage: col.text,
  gameType: col.text,
  gameId: col.int.nullable(),
  launchGameCode: col.text,
  demo: col.bool,
  memberStatus: col.text,
  memberType: col.int,
  username: col.text,
  roundMemberId: col.int.nullable(),
  roundStatus: col.text.nullable(),
  roundCurrency: col.text.nullable(),
  /** The member has a protection limit or restriction, or the brand a play limit (issue 24). */
  guarded: col.bool,
  ...seenColumns,
});

/** Before a bet: the game session with the member's state, the round, and the transaction id if seen. */
export const betContext = (
  db: Db,
  b: { provider: string; sessionTokenHash: string; roundId: string; transactionId: string },
) =>
  maybeOne(db, BetContext, {
    name: 'provider.bet_context.v3',
    text: `
      SELECT l.merchant_id, l.member_id, l.vassalage, l.game_type, l.game_id, l.game_code AS launch_game_code, l.demo,
             m.status AS member_status, m.type AS member_type, m.username,
             r.member_id AS round_member_id, r.status AS round_status, r.currency AS round_currency,
             (COALESCE(pm.guarded, false) OR COALESCE(pb.guarded, false)) AS guarded,
             t.fingerprint AS tx_fingerprint, t.response AS tx_response
        FROM game_launches l JOIN members m ON m.id = l.member_id
        LEFT JOIN protection_members pm ON pm.member_id = l.member_id
        LEFT JOIN protection_brands pb ON pb.merchant_id = l.merchant_id
        LEFT JOIN game_rounds r ON r.provider = $1 AND r.round_id = $3
        LEFT JOIN provider_transactions t ON t.provider = $1 AND t.transaction_id = $4
       WHERE l.session_token_hash = $2 AND l.provider = $1 AND l.session_expires_at > now()`,
    values: [b.provider, b.sessionTokenHash, b.roundId, b.transactionId],
  });

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
/**
 * The round a first bet claims belongs to its player. A bet whose round another player's bet took
 * at the same moment finds the round (the unique index waited for it) but may not add to it; the
 * statement then raises ROUND_CONFLICT (provider_refuse, src/db/functions/provider.sql) and its
 * money is undone with it. `recorded` is the round row, or the refusal.
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
  name: 'provider.bet_record.v3',
  text: `
    ${claimAfterPosting('bet')},
    round_row AS (
      INSERT INTO game_rounds AS r (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type, currency,
                                    bet_total, balance_before, balance_after, detail)
      SELECT $1::integer, $4::integer, $2::text, $8::text, $9::text, $10::integer, $11::text, $12::text, $7::text, $5::bigint,
             COALESCE(p.o_balance_after, 0) + $5::bigint, COALESCE(p.o_balance_after, 0), $13::jsonb
        FROM posted p WHERE EXISTS (SELECT 1 FROM claim)
      ON CONFLICT (provider, round_id) DO UPDATE
         SET bet_total = r.bet_total + EXCLUDED.bet_total, balance_after = EXCLUDED.balance_after,
             detail = COALESCE(EXCLUDED.detail, r.detail), updated_at = now()
       WHERE r.member_id = EXCLUDED.member_id AND r.status = 'open'
      RETURNING r.id
    ),
    recorded AS (
      SELECT id FROM round_row
      UNION ALL
      SELECT NULL::bigint WHERE CASE WHEN EXISTS (SELECT 1 FROM claim) AND NOT EXISTS (SELECT 1 FROM round_row)
                                     THEN provider_refuse('ROUND_CONFLICT') ELSE false END
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

const WinContext = row({
  merchantId: col.int,
  memberId: col.int,
  status: col.text,
  currency: col.text,
  gameId: col.int.nullable(),
  vassalage: col.text,
  gameType: col.text,
  gameCode: col.text,
  betTotal: col.bigint,
  refundTotal: col.bigint,
  username: col.text,
  ...seenColumns,
});

/** Before a win: the round with its player, and the transaction id if seen. */
export const winContext = (db: Db, w: { provider: string; roundId: string; transactionId: string }) =>
  maybeOne(db, WinContext, {
    name: 'provider.win_context.v2',
    text: `
      SELECT r.merchant_id, r.member_id, r.status, r.currency, r.game_id, r.vassalage, r.game_type, r.game_code,
             r.bet_total, r.refund_total, m.username,
             t.fingerprint AS tx_fingerprint, t.response AS tx_response
        FROM game_rounds r JOIN members m ON m.id = r.member_id
        LEFT JOIN provider_transactions t ON t.provider = $1 AND t.transaction_id = $3
       WHERE r.provider = $1 AND r.round_id = $2`,
    values: [w.provider, w.roundId, w.transactionId],
  });

const OpenRound = row({
  roundId: col.text,
  merchantId: col.int,
  memberId: col.int,
  gameId: col.int.nullable(),
  vassalage: col.text,
  gameType: col.text,
  stake: col.bigint,
  username: col.text,
});

/** Open rounds' unchanging facts and their stakes, many in one read (before a `wins` call's items). */
export const openRounds = (db: Db, provider: string, roundIds: string[]) =>
  many(db, OpenRound, {
    name: 'provider.open_rounds.v3',
    // One index lookup per round id (a LATERAL subquery kept apart by OFFSET 0): with
    // `round_id = ANY(…)` a planner whose statistics lagged a fast-growing table read every round of
    // the provider for each call (decision 120).
    text: `
      SELECT r.round_id, r.merchant_id, r.member_id, r.game_id, r.vassalage, r.game_type,
             r.bet_total - r.refund_total AS stake, m.username
        FROM unnest($2::text[]) AS x(round_id)
        CROSS JOIN LATERAL (SELECT * FROM game_rounds g
                             WHERE g.provider = $1 AND g.round_id = x.round_id AND g.status = 'open' OFFSET 0) r
        JOIN members m ON m.id = r.member_id`,
    values: [provider, roundIds],
  });

/** A round after a win was recorded: its win total and status (the winners board needs them). */
export const WinRecorded = row({ winTotal: col.bigint, status: col.text });
export type WinRecordedRow = ReturnType<typeof WinRecorded.parse>;

/**
 * Written with the credit, in its statement (the wallet's `alongside`): as recordWin, with the
 * ledger's balance. The round must still be this player's, open and not wholly rolled back when the
 * statement gets its row: a rollback that refunded it a moment earlier makes the statement raise
 * ROUND_CLOSED, and the credit is undone with it.
 */
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
  /** A win past the operator's limits: its money went to the pending-win account, and it is listed for finance. */
  held?: { vassalage: string; gameType: string; gameCode: string; stake: bigint; reason: string };
}): Alongside => ({
  name: w.held ? 'provider.win_record_held.v1' : 'provider.win_record.v3',
  text: `
    ${claimAfterPosting('win')},${
      w.held
        ? `
    held AS (
      INSERT INTO pending_wins (merchant_id, member_id, provider, transaction_id, round_id, vassalage, game_type, game_code,
                                currency, amount, stake, reason)
      SELECT $1::integer, $4::integer, $2::text, $3::text, $8::text, $11::text, $12::text, $13::text, $7::text, $5::bigint,
             $14::bigint, $15::text
       WHERE EXISTS (SELECT 1 FROM claim)
      RETURNING id
    ),`
        : ''
    }
    round_row AS (
      UPDATE game_rounds r
         SET win_total = r.win_total + $5::bigint, balance_after = COALESCE(p.o_balance_after, 0),
             status = CASE WHEN $9::boolean AND r.status = 'open' THEN 'closed' ELSE r.status END,
             ended_at = CASE WHEN $9::boolean THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END,
             detail = COALESCE($10::jsonb, r.detail), updated_at = now()
        FROM posted p
       WHERE r.provider = $2::text AND r.round_id = $8::text AND r.member_id = $4::integer
         AND r.status = 'open' AND r.bet_total <> r.refund_total AND EXISTS (SELECT 1 FROM claim)
      RETURNING r.win_total::text AS win_total, r.status
    ),
    recorded AS (
      SELECT win_total, status FROM round_row
      UNION ALL
      SELECT NULL::text, NULL::text WHERE CASE WHEN EXISTS (SELECT 1 FROM claim) AND NOT EXISTS (SELECT 1 FROM round_row)
                                               THEN provider_refuse('ROUND_CLOSED') ELSE false END
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
    ...(w.held ? [w.held.vassalage, w.held.gameType, w.held.gameCode, String(w.held.stake), w.held.reason] : []),
  ],
});

/** A win of nothing (no money moves): the transaction id with its answer and the round (closing it if asked). */
export const recordWin = (
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
  maybeOne(db, WinRecorded, {
    name: 'provider.record_win.v2',
    text: `
      WITH claim AS (
        INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
        VALUES ($1, $2, $3, 'win', $4, $5::bigint, $6, $7::jsonb, $8)
        ON CONFLICT (provider, transaction_id) DO NOTHING
        RETURNING id
      )
      , round_row AS (
        UPDATE game_rounds r
           SET win_total = r.win_total + $5::bigint, balance_after = $9::bigint,
               status = CASE WHEN $10::boolean AND r.status = 'open' THEN 'closed' ELSE r.status END,
               ended_at = CASE WHEN $10::boolean THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END,
               detail = COALESCE($11::jsonb, r.detail), updated_at = now()
         WHERE r.provider = $2 AND r.round_id = $8 AND r.member_id = $4
           AND r.status = 'open' AND r.bet_total <> r.refund_total AND EXISTS (SELECT 1 FROM claim)
        RETURNING r.win_total, r.status
      )
      SELECT win_total, status FROM round_row
      UNION ALL
      SELECT NULL::bigint, NULL::text WHERE CASE WHEN EXISTS (SELECT 1 FROM claim) AND NOT EXISTS (SELECT 1 FROM round_row)
                                                 THEN provider_refuse('ROUND_CLOSED') ELSE false END`,
    values: [
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
  });

const RollbackContext = row({
  memberId: col.int,
  merchantId: col.int,
  betKind: col.text.nullable(),
  betMemberId: col.int.nullable(),
  betAmount: col.bigint.nullable(),
  betRoundId: col.text.nullable(),
  betRoundStatus: col.text.nullable(),
  ...seenColumns,
});

/** Before a rollback: the player, the bet it names (if it came) and this transaction id if seen. */
export const rollbackContext = (
  db: Db,
  r: { provider: string; memberId: number; betTransactionId: string; transactionId: string },
) =>
  maybeOne(db, RollbackContext, {
    name: 'provider.rollback_context.v2',
    text: `
      SELECT m.id AS member_id, m.merchant_id, b.kind AS bet_kind, b.member_id AS bet_member_id, b.amount AS bet_amount,
             b.round_id AS bet_round_id, br.status AS bet_round_status,
             t.fingerprint AS tx_fingerprint, t.response AS tx_response
        FROM members m
        LEFT JOIN provider_transactions b ON b.provider = $1 AND b.transaction_id = $3
        LEFT JOIN game_rounds br ON br.provider = $1 AND br.round_id = b.round_id AND br.member_id = b.member_id
        LEFT JOIN provider_transactions t ON t.provider = $1 AND t.transaction_id = $4
       WHERE m.id = $2`,
    values: [r.provider, r.memberId, r.betTransactionId, r.transactionId],
  });

const RollbackRecorded = row({ claimed: col.bool, refunded: col.bool });

/**
 * With the refund, in its transaction: the transaction id with its answer, and the refund on the bet's
 * round, which must still be this player's and open (a win that closed it a moment earlier leaves
 * `refunded` false and the caller undoes the refund). `claimed` is false for a twin that lost the race.
 */
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
  one(db, RollbackRecorded, {
    name: 'provider.record_rollback.v2',
    text: `
    WITH claim AS (
      INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
      VALUES ($1, $2, $3, 'rollback', $4, $5::bigint, $6, $7::jsonb, $8)
      ON CONFLICT (provider, transaction_id) DO NOTHING
      RETURNING id
    )
    , refund AS (
      UPDATE game_rounds r
         SET refund_total = r.refund_total + $5::bigint, balance_after = $9::bigint, updated_at = now(),
             status = CASE WHEN r.refund_total + $5::bigint >= r.bet_total AND r.win_total = 0 THEN 'refunded' ELSE r.status END,
             ended_at = CASE WHEN r.refund_total + $5::bigint >= r.bet_total AND r.win_total = 0 THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END
       WHERE $10::boolean AND r.provider = $2 AND r.round_id = $8 AND r.member_id = $4 AND r.status = 'open'
         AND EXISTS (SELECT 1 FROM claim)
      RETURNING r.id
    )
    SELECT EXISTS (SELECT 1 FROM claim) AS claimed, EXISTS (SELECT 1 FROM refund) AS refunded`,
    values: [
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
  });

const EndedRound = row({
  merchantId: col.int,
  gameId: col.int.nullable(),
  winTotal: col.bigint,
  previousStatus: col.text,
  username: col.text.nullable(),
});

export const endRound = (db: Db, e: { provider: string; roundId: string; memberId: number; detail: string | null }) =>
  maybeOne(
    db,
    EndedRound,
    sql`
    WITH before AS (SELECT id, status FROM game_rounds WHERE provider = ${e.provider} AND round_id = ${e.roundId} AND member_id = ${e.memberId} FOR UPDATE)
    UPDATE game_rounds r SET status = CASE WHEN r.status = 'open' THEN 'closed' ELSE r.status END,
           ended_at = COALESCE(r.ended_at, now()), detail = COALESCE(${e.detail}::jsonb, r.detail), updated_at = now()
      FROM before WHERE r.id = before.id
    RETURNING r.merchant_id, r.game_id, r.win_total, before.status AS previous_status,
              (SELECT username FROM members WHERE id = r.member_id) AS username`,
  );
