import { TRIAL_TYPES } from '@app/contract';
import { col, row } from '../../../../db/rows.ts';
import type { MoveBatch, MoveEntry, PreparedMove } from '../../../wallet/service.ts';

/**
 * Bets and wins of sessions and rounds seen before, many in one statement (decisions 043 and 047).
 * The statement is the wallet's (`wallet.postBatch`): it moves the money of the items that pass and
 * answers each one's balance. This file is the provider's part of it: each item's guard, re-checking
 * what can change since its session or round was seen (the session live and for real money, the
 * player active and not on a trial account, the id new, the round open and theirs), and the records
 * written in the same statement and commit (the transaction id with its answer, the round). An item
 * answered null did not go through (its guard did not hold, the balance did not cover it, its key or
 * id was taken, or the batch failed) and nothing of it was written: the caller takes the careful
 * path, which reads why.
 */
export interface BetItem {
  provider: string;
  transactionId: string;
  roundId: string;
  memberId: number;
  merchantId: number;
  amount: string;
  currency: string;
  fingerprint: string;
  vassalage: string;
  gameId: number | null;
  gameCode: string;
  gameType: string;
  detail: unknown;
  sessionHash: string;
  move: PreparedMove;
}
export interface WinItem {
  provider: string;
  transactionId: string;
  roundId: string;
  memberId: number;
  merchantId: number;
  amount: string;
  currency: string;
  fingerprint: string;
  close: boolean;
  detail: unknown;
  /** Absent for a win of nothing: no money moves, the answer carries the balance as it stands. */
  move: PreparedMove | null;
}
export interface BatchAnswer {
  balance: string;
  currency: string;
  /** The round's win total after a win, and its status (for the winners board). */
  winTotal: string | null;
  status: string | null;
}

/** Items that may not share a batch: one member account, one round, one transaction id each. */
export const batchKeys = (i: {
  provider: string;
  transactionId: string;
  roundId: string;
  memberId: number;
  merchantId: number;
}) => [`m:${i.merchantId}:${i.memberId}`, `r:${i.provider}:${i.roundId}`, `t:${i.provider}:${i.transactionId}`];

/**
 * Neither the member nor the brand has a player-protection limit or restriction (issue 24): a
 * guarded member's bets go the careful way, where protection judges each one.
 */
const UNGUARDED = `(SELECT true FROM protection_members p WHERE p.member_id = i.member_id AND p.guarded LIMIT 1) IS NULL
      AND (SELECT true FROM protection_brands b WHERE b.merchant_id = i.merchant_id AND b.guarded LIMIT 1) IS NULL`;
const TRIALS = `'{${TRIAL_TYPES.join(',')}}'::integer[]`;
/** The item's transaction id has not been seen. */
const NEW_ID = `(SELECT true FROM provider_transactions t WHERE t.provider = i.provider AND t.transaction_id = i.transaction_id LIMIT 1) IS NULL`;
/**
 * The transaction ids of the items done, with their answers; a twin that got there first claims nothing.
 * `claimed` holds the ids taken as one JSON object ("<provider>:<transaction id>" → true), so each item
 * looks itself up once (a key lookup) instead of the item list being joined with the claim: the
 * planner cannot know either list's size and joined them item by item, which grew with the square
 * of the batch (decision 120).
 */
const claimOf = (kind: 'bet' | 'win') => `claim AS (
    INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
    SELECT d.merchant_id, d.provider, d.transaction_id, '${kind}', d.member_id, d.amount, d.fingerprint,
           jsonb_build_object('balance', d.balance_after::text, 'currency', d.currency), d.round_id
      FROM done d
    ON CONFLICT (provider, transaction_id) DO NOTHING
    RETURNING provider, transaction_id
  ),
  claimed AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(c.provider || ':' || c.transaction_id, true), '{}'::jsonb) AS ids FROM claim c
  )`;
/** The item's transaction id was claimed by this statement. */
const CLAIMED = `(SELECT ids FROM claimed) ? (d.provider || ':' || d.transaction_id)`;

/**
 * Every item whose id was claimed also wrote its round; else the batch raises (provider_refuse) and
 * nothing of it stays. A bet whose new round another player's bet took at the same moment (the
 * guard saw no round; the unique index waited for the other's commit, then the round was not theirs),
 * or a win whose round a rollback refunded after the guard read it. The items then go the careful
 * way, which refuses the one with the exact reason. Items of one batch never share a round.
 */
const EVERY_ROUND_RECORDED = (code: 'ROUND_CONFLICT' | 'ROUND_CLOSED') =>
  `CASE WHEN (SELECT count(*) FROM recorded) < (SELECT count(*) FROM claim) THEN provider_refuse('${code}') ELSE true END`;

const Answer = row({
  n: col.int,
  balance: col.text,
  currency: col.text,
  winTotal: col.text.nullable(),
  status: col.text.nullable(),
});

export const BETS: MoveBatch<BatchAnswer> = {
  name: 'provider.bets.v5',
  columns: `merchant_id integer, provider text, transaction_id text, member_id integer, amount bigint,
    fingerprint text, currency text, round_id text, vassalage text, game_id integer, game_code text, game_type text,
    detail jsonb, session_hash text`,
  guard: `(SELECT true FROM game_launches l JOIN members m ON m.id = l.member_id
            WHERE l.session_token_hash = i.session_hash AND l.provider = i.provider AND l.session_expires_at > now()
              AND l.member_id = i.member_id AND l.merchant_id = i.merchant_id AND NOT l.demo
              AND m.status = 'active' AND m.type <> ALL (${TRIALS}) LIMIT 1)
      AND ${NEW_ID}
      AND ${UNGUARDED}
      AND (SELECT true FROM game_rounds r WHERE r.provider = i.provider AND r.round_id = i.round_id
            AND (r.member_id <> i.member_id OR r.status <> 'open' OR r.currency <> i.currency) LIMIT 1) IS NULL`,
  record: `${claimOf('bet')},
  recorded AS (
    INSERT INTO game_rounds AS r (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type, currency,
                                  bet_total, balance_before, balance_after, detail)
    SELECT d.merchant_id, d.member_id, d.provider, d.round_id, d.vassalage, d.game_id, d.game_code, d.game_type, d.currency, d.amount,
           d.balance_after + d.amount, d.balance_after, d.detail
      FROM done d
     WHERE ${CLAIMED}
    ON CONFLICT (provider, round_id) DO UPDATE
       SET bet_total = r.bet_total + EXCLUDED.bet_total, balance_after = EXCLUDED.balance_after,
           detail = COALESCE(EXCLUDED.detail, r.detail), updated_at = now()
     WHERE r.member_id = EXCLUDED.member_id AND r.status = 'open'
    RETURNING r.provider, r.round_id
  ),
  answered AS (
    SELECT d.n, d.balance_after::text AS balance, d.currency, NULL::text AS win_total, NULL::text AS status
      FROM done d
     WHERE ${CLAIMED} AND ${EVERY_ROUND_RECORDED('ROUND_CONFLICT')}
  )`,
  answer: Answer,
};

export const WINS: MoveBatch<BatchAnswer> = {
  name: 'provider.wins.v4',
  columns: `merchant_id integer, provider text, transaction_id text, member_id integer, amount bigint,
    fingerprint text, currency text, round_id text, close boolean, detail jsonb`,
  guard: `(SELECT true FROM game_rounds r WHERE r.provider = i.provider AND r.round_id = i.round_id AND r.member_id = i.member_id
            AND r.status = 'open' AND r.currency = i.currency AND r.bet_total <> r.refund_total LIMIT 1)
      AND ${NEW_ID}`,
  record: `${claimOf('win')},
  recorded AS (
    UPDATE game_rounds r
       SET win_total = r.win_total + d.amount, balance_after = d.balance_after,
           status = CASE WHEN d.close AND r.status = 'open' THEN 'closed' ELSE r.status END,
           ended_at = CASE WHEN d.close THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END,
           detail = COALESCE(d.detail, r.detail), updated_at = now()
      FROM done d
     WHERE ${CLAIMED}
       AND r.provider = d.provider AND r.round_id = d.round_id AND r.member_id = d.member_id
       AND r.status = 'open' AND r.bet_total <> r.refund_total
    RETURNING r.provider, r.round_id, r.win_total::text AS win_total, r.status
  ),
  rounds AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(rr.provider || ':' || rr.round_id, jsonb_build_array(rr.win_total, rr.status)), '{}'::jsonb) AS won
      FROM recorded rr
  ),
  answered AS (
    SELECT d.n, d.balance_after::text AS balance, d.currency,
           (SELECT won FROM rounds) -> (d.provider || ':' || d.round_id) ->> 0 AS win_total,
           (SELECT won FROM rounds) -> (d.provider || ':' || d.round_id) ->> 1 AS status
      FROM done d
     WHERE ${CLAIMED} AND ${EVERY_ROUND_RECORDED('ROUND_CLOSED')}
  )`,
  answer: Answer,
};

/** A bet as its batch entry: the wallet's move and the provider's columns. */
export const betEntry = (b: BetItem): MoveEntry => ({
  move: b.move,
  record: {
    merchant_id: b.merchantId,
    provider: b.provider,
    transaction_id: b.transactionId,
    member_id: b.memberId,
    amount: b.amount,
    fingerprint: b.fingerprint,
    currency: b.currency,
    round_id: b.roundId,
    vassalage: b.vassalage,
    game_id: b.gameId,
    game_code: b.gameCode,
    game_type: b.gameType,
    detail: b.detail ?? null,
    session_hash: b.sessionHash,
  },
});

/** A win as its batch entry; a win of nothing moves no money and answers the player's balance. */
export const winEntry = (w: WinItem): MoveEntry => ({
  move: w.move ?? { merchantId: w.merchantId, memberId: w.memberId },
  record: {
    merchant_id: w.merchantId,
    provider: w.provider,
    transaction_id: w.transactionId,
    member_id: w.memberId,
    amount: w.amount,
    fingerprint: w.fingerprint,
    currency: w.currency,
    round_id: w.roundId,
    close: w.close,
    detail: w.detail ?? null,
  },
});
