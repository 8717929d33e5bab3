import { TRIAL_TYPES } from '@app/contract';
import type { Db } from '../../db/client.ts';
import type { LaneMove, PreparedMove } from '../wallet/types.ts';
import { hotRows } from './data.ts';

/**
 * Bets and wins of sessions and rounds seen before, many in one statement (decision 043). Each item
 * is checked against what can change since its session or round was seen (the session live and for
 * real money, the player active and not on a trial account, the id new, the round open and theirs,
 * the balance); the items that pass move their money through ledger_post_moves and get their
 * transaction id and round recorded in the same statement and commit. An item answered null did not go through here (its
 * guard did not hold, its key or id was taken, or the batch failed) and nothing of it was written:
 * the caller takes the careful path, which reads why.
 */
export interface BetItem<M = PreparedMove> {
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
  move: M;
}
export interface WinItem<M = PreparedMove> {
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
  memberAccount: number;
  /** Absent for a win of nothing: no money moves, the answer carries the balance as it stands. */
  move: M | null;
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

const TRIALS = `'{${TRIAL_TYPES.join(',')}}'::integer[]`;
/** The item's transaction id has not been seen. */
const NEW_ID = `(SELECT true FROM provider_transactions t WHERE t.provider = i.provider AND t.transaction_id = i.transaction_id LIMIT 1) IS NULL`;
/** The transaction ids of the items done, with their answers; a twin that got there first claims nothing. */
const claimOf = (kind: 'bet' | 'win') => `claim AS (
    INSERT INTO provider_transactions (merchant_id, provider, transaction_id, kind, member_id, amount, fingerprint, response, round_id)
    SELECT d.merchant_id, d.provider, d.transaction_id, '${kind}', d.member_id, d.amount, d.fingerprint,
           jsonb_build_object('balance', d.balance_after::text, 'currency', d.currency), d.round_id
      FROM done d
    ON CONFLICT (provider, transaction_id) DO NOTHING
    RETURNING provider, transaction_id
  )`;

const BETS = `
  WITH item AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(n integer, merchant_id integer, provider text, transaction_id text,
      member_id integer, amount bigint, fingerprint text, currency text, round_id text, vassalage text, game_id integer,
      game_code text, game_type text, detail jsonb, session_hash text, move jsonb)
  ),
  -- Each guard is a subquery per item (LIMIT 1 keeps it one): an index lookup each, never a join
  -- over whole tables however the batch's size is guessed.
  ok AS MATERIALIZED (
    SELECT i.* FROM item i
     WHERE (SELECT true FROM game_launches l JOIN members m ON m.id = l.member_id
             WHERE l.session_token_hash = i.session_hash AND l.provider = i.provider AND l.session_expires_at > now()
               AND l.member_id = i.member_id AND l.merchant_id = i.merchant_id AND NOT l.demo
               AND m.status = 'active' AND m.type <> ALL (${TRIALS}) LIMIT 1)
       AND ${NEW_ID}
       AND (SELECT true FROM game_rounds r WHERE r.provider = i.provider AND r.round_id = i.round_id
             AND (r.member_id <> i.member_id OR r.status <> 'open' OR r.currency <> i.currency) LIMIT 1) IS NULL
       AND (SELECT a.balance >= i.amount FROM ledger_accounts a WHERE a.id = (i.move->>'member_account')::bigint LIMIT 1)
  ),
  posted AS MATERIALIZED (
    SELECT p.* FROM ledger_post_moves((SELECT jsonb_agg(ok.move ORDER BY ok.n) FROM ok)) p
  ),
  done AS MATERIALIZED (
    SELECT ok.*, p.o_balance_after AS balance_after FROM ok JOIN posted p ON p.o_merchant_id = ok.merchant_id AND p.o_key = ok.move->>'key'
  ),
  ${claimOf('bet')},
  recorded AS (
    INSERT INTO game_rounds AS r (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type, currency,
                                  bet_total, balance_before, balance_after, detail)
    SELECT d.merchant_id, d.member_id, d.provider, d.round_id, d.vassalage, d.game_id, d.game_code, d.game_type, d.currency, d.amount,
           d.balance_after + d.amount, d.balance_after, d.detail
      FROM done d JOIN claim c ON c.provider = d.provider AND c.transaction_id = d.transaction_id
    ON CONFLICT (provider, round_id) DO UPDATE
       SET bet_total = r.bet_total + EXCLUDED.bet_total, balance_after = EXCLUDED.balance_after,
           detail = COALESCE(EXCLUDED.detail, r.detail), updated_at = now()
     WHERE r.member_id = EXCLUDED.member_id
    RETURNING r.provider, r.round_id
  )
  SELECT d.n, d.balance_after::text AS balance, d.currency, NULL::text AS win_total, NULL::text AS status
    FROM done d JOIN claim c ON c.provider = d.provider AND c.transaction_id = d.transaction_id`;

const WINS = `
  WITH item AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(n integer, merchant_id integer, provider text, transaction_id text,
      member_id integer, amount bigint, fingerprint text, currency text, round_id text, close boolean, detail jsonb,
      member_account bigint, move jsonb)
  ),
  ok AS MATERIALIZED (
    SELECT i.* FROM item i
     WHERE (SELECT true FROM game_rounds r WHERE r.provider = i.provider AND r.round_id = i.round_id AND r.member_id = i.member_id
             AND r.status = 'open' AND r.currency = i.currency AND r.bet_total <> r.refund_total LIMIT 1)
       AND ${NEW_ID}
  ),
  posted AS MATERIALIZED (
    SELECT p.* FROM ledger_post_moves((SELECT jsonb_agg(ok.move ORDER BY ok.n) FROM ok WHERE ok.move IS NOT NULL)) p
  ),
  done AS MATERIALIZED (
    SELECT * FROM (
      SELECT ok.*, CASE WHEN ok.move IS NULL THEN (SELECT a.balance FROM ledger_accounts a WHERE a.id = ok.member_account LIMIT 1)
                        ELSE p.o_balance_after END AS balance_after
        FROM ok LEFT JOIN posted p ON ok.move IS NOT NULL AND p.o_merchant_id = ok.merchant_id AND p.o_key = ok.move->>'key'
    ) x WHERE x.balance_after IS NOT NULL
  ),
  ${claimOf('win')},
  recorded AS (
    UPDATE game_rounds r
       SET win_total = r.win_total + d.amount, balance_after = d.balance_after,
           status = CASE WHEN d.close AND r.status = 'open' THEN 'closed' ELSE r.status END,
           ended_at = CASE WHEN d.close THEN COALESCE(r.ended_at, now()) ELSE r.ended_at END,
           detail = COALESCE(d.detail, r.detail), updated_at = now()
      FROM done d JOIN claim c ON c.provider = d.provider AND c.transaction_id = d.transaction_id
     WHERE r.provider = d.provider AND r.round_id = d.round_id
    RETURNING r.provider, r.round_id, r.win_total::text AS win_total, r.status
  )
  SELECT d.n, d.balance_after::text AS balance, d.currency, rr.win_total, rr.status
    FROM done d JOIN claim c ON c.provider = d.provider AND c.transaction_id = d.transaction_id
    LEFT JOIN recorded rr ON rr.provider = d.provider AND rr.round_id = d.round_id`;

const answers = (rows: Record<string, unknown>[], size: number): (BatchAnswer | null)[] => {
  const out: (BatchAnswer | null)[] = Array.from({ length: size }, () => null);
  for (const r of rows) {
    out[Number(r.n)] = {
      balance: String(r.balance),
      currency: String(r.currency),
      winTotal: r.win_total === null || r.win_total === undefined ? null : String(r.win_total),
      status: (r.status as string | null) ?? null,
    };
  }
  return out;
};

export const betBatch = async (db: Db, items: BetItem<LaneMove>[]) => {
  const json = items.map((b, n) => ({
    n,
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
    move: b.move,
  }));
  return answers(await hotRows(db, 'provider.bet_batch.v1', BETS, [JSON.stringify(json)]), items.length);
};

export const winBatch = async (db: Db, items: WinItem<LaneMove>[]) => {
  const json = items.map((w, n) => ({
    n,
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
    member_account: w.memberAccount,
    move: w.move,
  }));
  return answers(await hotRows(db, 'provider.win_batch.v1', WINS, [JSON.stringify(json)]), items.length);
};

/** The statements' texts (for EXPLAIN while tuning). */
export const batchStatements = { bets: BETS, wins: WINS };
