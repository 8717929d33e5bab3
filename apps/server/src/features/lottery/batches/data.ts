import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, one, row } from '../../../db/rows.ts';
import type { MoveBatch } from '../../wallet/service.ts';
import { gameStamp } from '../data.ts';

/**
 * Lottery bets placed in batches (decision 078, after 043 and 047): many members' bets on open
 * periods in one transaction of three statements, where one bet alone takes about twenty.
 *
 * 1. `claimIds` takes the bets' ids from the sequence and holds their periods FOR SHARE (a draw,
 *    which locks its period FOR UPDATE, waits for the batch to commit, as it waits for one bet).
 * 2. `PLACED` is the wallet's batch statement (`wallet.postBatch`) with the lottery's part: each
 *    item's guard (its period open when the statement started, which is also the bet's time, its game's
 *    stamp still the one it was priced with (decision 112), the member and brand without a
 *    player-protection limit) and its records (the bet, its round, its numbers' exposure),
 *    written in the same statement as its debit under `lottery:bet:<id>`.
 * 3. `overLimits` runs after it, in a new snapshot that sees every bet committed before this batch's
 *    debits got their wallet rows: a member's stake on a period past the game's limit, or a number
 *    past its exposure cap, fails the batch as a whole.
 *
 * An item answered null did not go through and nothing of it was written; a batch that fails is
 * rolled back whole. Either way the caller then places those bets one at a time (the careful path),
 * which refuses each one with its exact reason.
 */

/** The player-protection guard of decision 064: a guarded member's bets go the careful way. */
const UNGUARDED = `(SELECT true FROM protection_members pm WHERE pm.member_id = i.member_id AND pm.guarded LIMIT 1) IS NULL
      AND (SELECT true FROM protection_brands pb WHERE pb.merchant_id = i.merchant_id AND pb.guarded LIMIT 1) IS NULL`;

export const PLACED: MoveBatch<{ balance: string; createdAt: Date }> = {
  name: 'lottery.bets.v1',
  columns: `bet_id bigint, merchant_id integer, member_id integer, period_id bigint, game_code text, numero text,
    bet_type text, picks jsonb, multiplier integer, units integer, amount bigint, currency text, detail jsonb, cells jsonb,
    prize_set_id bigint, game_stamp text`,
  guard: `(SELECT true FROM lottery_periods p WHERE p.id = i.period_id AND p.merchant_id = i.merchant_id AND p.status = 'open'
            AND statement_timestamp() >= p.open_at AND statement_timestamp() < p.close_at LIMIT 1)
      AND (SELECT ${gameStamp('g')} FROM lottery_games g
            WHERE g.merchant_id = i.merchant_id AND g.game_code = i.game_code) IS NOT DISTINCT FROM i.game_stamp
      AND ${UNGUARDED}`,
  record: `bets AS (
    INSERT INTO lottery_bets (id, merchant_id, member_id, period_id, game_code, numero, bet_type, picks, multiplier,
                              units, amount, created_at, prize_set_id)
    SELECT d.bet_id, d.merchant_id, d.member_id, d.period_id, d.game_code, d.numero, d.bet_type, d.picks, d.multiplier,
           d.units, d.amount, statement_timestamp(), d.prize_set_id
      FROM done d
    RETURNING id, created_at
  ),
  rounds AS (
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type,
                             currency, bet_total, balance_before, balance_after, detail)
    SELECT d.merchant_id, d.member_id, 'LOTTERY', 'bet-' || d.bet_id, 'LOTT',
           (SELECT g.id FROM games g WHERE g.merchant_id = d.merchant_id AND g.vassalage = 'LOTT'
                                       AND g.game_code = d.game_code LIMIT 1),
           d.game_code, 'LOTT', d.currency, d.amount, d.balance_after + d.amount, d.balance_after, d.detail
      FROM done d
    RETURNING id
  ),
  exposed AS (
    INSERT INTO lottery_exposure (period_id, cell, amount)
    SELECT d.period_id, c.cell, sum(c.amount)
      FROM done d, jsonb_to_recordset(d.cells) AS c(cell text, amount bigint)
     GROUP BY d.period_id, c.cell
     ORDER BY d.period_id, c.cell
    ON CONFLICT (period_id, cell) DO UPDATE SET amount = lottery_exposure.amount + excluded.amount
    RETURNING period_id
  ),
  answered AS (
    SELECT d.n, d.balance_after::text AS balance, b.created_at
      FROM done d JOIN bets b ON b.id = d.bet_id
     WHERE (SELECT count(*) FROM rounds) = (SELECT count(*) FROM bets)
       AND (SELECT count(*) FROM exposed) >= 0
  )`,
  answer: row({ n: col.int, balance: col.text, createdAt: col.date }),
};

const Claimed = row({
  ids: col.json.transform((v) => (v as (string | number)[]).map(Number)),
  id: col.int.nullable(),
  merchantId: col.int.nullable(),
  gameCode: col.text.nullable(),
  numero: col.text.nullable(),
  closeAt: col.date.nullable(),
});

/**
 * New bet ids for a batch, and its periods (by brand, game and numero) held FOR SHARE in id order,
 * open or not (the guard judges them), in one statement. A period not found is not in the answer.
 */
export const claimIds = async (
  db: Db,
  count: number,
  periods: { merchantId: number; gameCode: string; numero: string }[],
) => {
  const rows = await many(
    db,
    Claimed,
    sql`WITH ids AS (
          SELECT to_jsonb(array_agg(nextval(pg_get_serial_sequence('lottery_bets', 'id')))) AS ids
            FROM generate_series(1, ${count})
        ),
        held AS (
          SELECT p.id, p.merchant_id, p.game_code, p.numero, p.close_at
            FROM lottery_periods p
            JOIN (SELECT DISTINCT * FROM jsonb_to_recordset(${JSON.stringify(periods)}::jsonb)
                                      AS k("merchantId" integer, "gameCode" text, numero text)) k
              ON p.merchant_id = k."merchantId" AND p.game_code = k."gameCode" AND p.numero = k.numero
           ORDER BY p.id
             FOR SHARE OF p
        )
        SELECT ids.ids, held.* FROM ids LEFT JOIN held ON true`,
  );
  return {
    ids: rows[0]?.ids ?? [],
    periods: rows.flatMap((r) =>
      r.id !== null && r.merchantId !== null && r.gameCode !== null && r.numero !== null && r.closeAt !== null
        ? [{ id: r.id, merchantId: r.merchantId, gameCode: r.gameCode, numero: r.numero, closeAt: r.closeAt }]
        : [],
    ),
  };
};

/**
 * Whether the bets just placed took a member past a period's stake limit or a number past its
 * exposure cap (each check as the one-at-a-time path makes it, on what is committed and this batch).
 */
export const overLimits = async (
  db: Db,
  stakes: { memberId: number; periodId: number; max: string }[],
  cells: { periodId: number; cell: string; max: string }[],
) =>
  (
    await one(
      db,
      row({ over: col.bool }),
      sql`SELECT EXISTS (
              SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(stakes)}::jsonb) AS s("memberId" integer, "periodId" bigint, max bigint)
               WHERE (SELECT sum(b.amount) FROM lottery_bets b
                       WHERE b.member_id = s."memberId" AND b.period_id = s."periodId" AND b.status = 'open') > s.max)
          OR EXISTS (
              SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(cells)}::jsonb) AS c("periodId" bigint, cell text, max bigint)
               WHERE (SELECT e.amount FROM lottery_exposure e WHERE e.period_id = c."periodId" AND e.cell = c.cell) > c.max)
          AS over`,
    )
  ).over;
