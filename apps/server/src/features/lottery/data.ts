import type { LotteryFamily } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';
import type { MoveBatch } from '../wallet/service.ts';
import type { HouseGame } from './schedule.ts';

/** The house lottery's queries (decision 063). Every query names its merchant, period or member. */

/** An int[] column as the driver gives it (an array; PGlite may give the text form "{1,16}"), or null. */
const dayList = (v: unknown): number[] | null => {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map(Number);
  const text = typeof v === 'string' ? v.replace(/[{}]/g, '') : '';
  return text ? text.split(',').map(Number) : [];
};

const gameShape = {
  gameCode: col.text,
  family: col.text.transform((v) => v as LotteryFamily),
  intervalSeconds: col.int,
  dailyDrawMinute: col.int.nullable(),
  closeSeconds: col.int,
  prizeGroup: col.int,
  minBet: col.bigint,
  maxBet: col.bigint,
  maxPeriod: col.bigint,
  maxExposure: col.bigint,
  enabled: col.bool,
  timeZone: col.text.nullable(),
  official: col.bool,
  settleHoldSeconds: col.int,
  drawWeekdays: col.json.transform(dayList),
  drawMonthDays: col.json.transform(dayList),
};
const gameRow = row(gameShape);
export type GameRow = ReturnType<typeof gameRow.parse>;

const GAME_COLUMNS = `game_code, family, interval_seconds, daily_draw_minute, close_seconds, prize_group, min_bet, max_bet,
         max_period, max_exposure, enabled, time_zone, official, settle_hold_seconds, draw_weekdays, draw_month_days`;
const gameSelect = sql`
  SELECT ${sql.raw(GAME_COLUMNS)}
    FROM lottery_games`;

/** A day list as Postgres array text ("{1,16}"), or null. */
const dayArray = (days: readonly number[] | null) => (days ? `{${days.join(',')}}` : null);

/** Gives a brand the house games and seeded prizes it does not have yet (operators' edits stay). */
export const ensureConfig = async (
  db: Db,
  merchantId: number,
  games: HouseGame[],
  prizes: { family: LotteryFamily; prizeKey: string; prize: bigint }[],
) => {
  for (const g of games)
    await run(
      db,
      sql`
      INSERT INTO lottery_games (merchant_id, game_code, family, interval_seconds, daily_draw_minute, close_seconds,
                                 min_bet, max_bet, max_period, time_zone, official, settle_hold_seconds,
                                 draw_weekdays, draw_month_days)
      VALUES (${merchantId}, ${g.gameCode}, ${g.family}, ${g.intervalSeconds}, ${g.dailyDrawMinute}, ${g.closeSeconds},
              ${g.minBet}, ${g.maxBet}, ${g.maxPeriod}, ${g.timeZone}, ${g.official}, ${g.settleHoldSeconds},
              ${dayArray(g.drawWeekdays)}::int[], ${dayArray(g.drawMonthDays)}::int[])
      ON CONFLICT DO NOTHING`,
    );
  for (const p of prizes)
    await run(
      db,
      sql`
      INSERT INTO lottery_prizes (merchant_id, family, prize_key, prize)
      VALUES (${merchantId}, ${p.family}, ${p.prizeKey}, ${p.prize})
      ON CONFLICT DO NOTHING`,
    );
};

export const hasConfig = async (db: Db, merchantId: number) =>
  (await one(db, row({ n: col.count }), sql`SELECT count(*) AS n FROM lottery_games WHERE merchant_id = ${merchantId}`))
    .n > 0;

export const listGames = (db: Db, merchantId: number) =>
  many(db, gameRow, sql`${gameSelect} WHERE merchant_id = ${merchantId} ORDER BY family, interval_seconds`);

export const findGame = (db: Db, merchantId: number, gameCode: string) =>
  maybeOne(db, gameRow, sql`${gameSelect} WHERE merchant_id = ${merchantId} AND game_code = ${gameCode}`);

/**
 * A game's stamp (decision 112): a digest of its whole row and its family's prizes, which changes
 * whenever an operator changes anything a bet is priced and limited by. `g` names a lottery_games row.
 */
export const gameStamp = (g: string) =>
  `md5(${g}::text || coalesce((SELECT string_agg(lp.prize_key || '=' || lp.prize::text, ',' ORDER BY lp.prize_key)
                                 FROM lottery_prizes lp WHERE lp.merchant_id = ${g}.merchant_id AND lp.family = ${g}.family), ''))`;

const prizeRow = row({ prizeKey: col.text, prize: col.bigint });
const pricingRow = row({
  ...gameShape,
  prizes: col.json.transform((v) => v as Record<string, unknown>[]),
  stamp: col.text,
});

/** A game with its prizes and its stamp, read in one statement (one snapshot): what a bet is priced with. */
export const findPricing = async (db: Db, merchantId: number, gameCode: string) => {
  const found = await maybeOne(
    db,
    pricingRow,
    sql`SELECT ${sql.raw(GAME_COLUMNS)},
               coalesce((SELECT jsonb_agg(jsonb_build_object('prize_key', lp.prize_key, 'prize', lp.prize::text))
                           FROM lottery_prizes lp WHERE lp.merchant_id = g.merchant_id AND lp.family = g.family), '[]'::jsonb) AS prizes,
               ${sql.raw(gameStamp('g'))} AS stamp
          FROM lottery_games g WHERE g.merchant_id = ${merchantId} AND g.game_code = ${gameCode}`,
  );
  if (!found) return null;
  const { prizes, stamp, ...game } = found;
  return { game: game as GameRow, prizes: prizes.map((p) => prizeRow.parse(p)), stamp };
};
/** Brands with lottery games (the scheduler walks them). */
export const merchantsWithGames = async (db: Db) =>
  (
    await many(
      db,
      row({ merchantId: col.int }),
      sql`SELECT DISTINCT merchant_id FROM lottery_games WHERE enabled ORDER BY merchant_id`,
    )
  ).map((r) => r.merchantId);

export const prizesOf = (db: Db, merchantId: number, family: LotteryFamily) =>
  many(
    db,
    row({ prizeKey: col.text, prize: col.bigint }),
    sql`SELECT prize_key, prize FROM lottery_prizes WHERE merchant_id = ${merchantId} AND family = ${family}`,
  );

/**
 * The id of a prize set (decision 090), kept once per content: made on first use, outside any bet's
 * transaction, so an id handed out always names a committed row.
 */
export const prizeSetId = async (
  db: Db,
  s: { merchantId: number; family: LotteryFamily; digest: string; prizes: Record<string, string> },
) => {
  const made = await maybeOne(
    db,
    row({ id: col.int }),
    sql`INSERT INTO lottery_prize_sets (merchant_id, family, digest, prizes)
        VALUES (${s.merchantId}, ${s.family}, ${s.digest}, ${JSON.stringify(s.prizes)}::jsonb)
        ON CONFLICT (merchant_id, family, digest) DO NOTHING RETURNING id`,
  );
  if (made) return made.id;
  return (
    await one(
      db,
      row({ id: col.int }),
      sql`SELECT id FROM lottery_prize_sets
           WHERE merchant_id = ${s.merchantId} AND family = ${s.family} AND digest = ${s.digest}`,
    )
  ).id;
};

/** Prize sets by id: prize key → prize. */
export const prizeSets = async (db: Db, ids: number[]) => {
  const out = new Map<number, Record<string, bigint>>();
  if (!ids.length) return out;
  const rows = await many(
    db,
    row({ id: col.int, prizes: col.json }),
    sql`SELECT id, prizes FROM lottery_prize_sets WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const r of rows) {
    const prizes = (typeof r.prizes === 'string' ? JSON.parse(r.prizes) : r.prizes) as Record<string, string>;
    out.set(r.id, Object.fromEntries(Object.entries(prizes).map(([k, v]) => [k, BigInt(v)])));
  }
  return out;
};

/* ---------------------------------------------------------------- periods */

const periodRow = row({
  id: col.int,
  gameCode: col.text,
  numero: col.text,
  openAt: col.date,
  closeAt: col.date,
  drawAt: col.date,
  seed: col.text,
  seedHash: col.text,
  result: col.json.transform((v) => (typeof v === 'string' ? (JSON.parse(v) as number[]) : (v as number[] | null))),
  status: col.text.transform((v) => v as 'open' | 'drawn' | 'settled' | 'void'),
  source: col.text.nullable().transform((v) => v as 'house' | 'feed' | 'operator' | null),
});
export type PeriodRow = ReturnType<typeof periodRow.parse>;

const periodSelect = sql`
  SELECT id, game_code, numero, open_at, close_at, draw_at, seed, seed_hash, result, status,
         result_source AS source FROM lottery_periods`;

/** Creates a period with its seed unless it exists (the first writer's seed stays); answers the stored row. */
export const createPeriod = async (
  db: Db,
  p: {
    merchantId: number;
    gameCode: string;
    numero: string;
    openAt: Date;
    closeAt: Date;
    drawAt: Date;
    seed: string;
    seedHash: string;
  },
) => {
  await run(
    db,
    sql`
    INSERT INTO lottery_periods (merchant_id, game_code, numero, open_at, close_at, draw_at, seed, seed_hash)
    VALUES (${p.merchantId}, ${p.gameCode}, ${p.numero}, ${p.openAt.toISOString()}::timestamptz,
            ${p.closeAt.toISOString()}::timestamptz, ${p.drawAt.toISOString()}::timestamptz, ${p.seed}, ${p.seedHash})
    ON CONFLICT (merchant_id, game_code, numero) DO NOTHING`,
  );
  return one(
    db,
    periodRow,
    sql`${periodSelect} WHERE merchant_id = ${p.merchantId} AND game_code = ${p.gameCode} AND numero = ${p.numero}`,
  );
};

export const findPeriod = (db: Db, merchantId: number, gameCode: string, numero: string) =>
  maybeOne(
    db,
    periodRow,
    sql`${periodSelect} WHERE merchant_id = ${merchantId} AND game_code = ${gameCode} AND numero = ${numero}`,
  );

/**
 * Locks a period row for this transaction. Bets take it FOR SHARE (many bets at once), the draw and
 * a void FOR UPDATE: a bet that passed its check commits before the draw reads the period's bets.
 */
export const lockPeriod = (tx: Db, id: number, mode: 'share' | 'update') =>
  one(
    tx,
    periodRow,
    mode === 'share'
      ? sql`${periodSelect} WHERE id = ${id} FOR SHARE`
      : sql`${periodSelect} WHERE id = ${id} FOR UPDATE`,
  );

/** The latest drawn, settled or voided periods of a game, newest first. */
export const recentPeriods = (db: Db, merchantId: number, gameCode: string, limit: number) =>
  many(
    db,
    periodRow,
    sql`${periodSelect}
     WHERE merchant_id = ${merchantId} AND game_code = ${gameCode} AND status <> 'open'
     ORDER BY draw_at DESC LIMIT ${limit}`,
  );

export const markDrawn = (tx: Db, id: number, result: number[], source: 'house' | 'feed' = 'house') =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`UPDATE lottery_periods SET status = 'drawn', result = ${JSON.stringify(result)}::jsonb, drawn_at = now(),
                                   result_source = ${source}
         WHERE id = ${id} AND status = 'open' RETURNING id`,
  );

/** Gives an open (closed) or drawn period the operators' confirmed result (decision 068). */
export const setOfficialResult = (tx: Db, id: number, result: number[]) =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`UPDATE lottery_periods SET status = 'drawn', result = ${JSON.stringify(result)}::jsonb, drawn_at = now(),
                                   result_source = 'operator'
         WHERE id = ${id} AND status IN ('open', 'drawn') RETURNING id`,
  );

/** Whether the period's betting has closed by the database's clock. */
export const isClosedNow = async (tx: Db, periodId: number) =>
  (
    await one(
      tx,
      row({ closed: col.bool }),
      sql`SELECT clock_timestamp() >= close_at AS closed FROM lottery_periods WHERE id = ${periodId}`,
    )
  ).closed;

/** Demo only: closes an open period's betting now (its draw stays at its hour). */
export const closeNow = (tx: Db, id: number) =>
  maybeOne(
    tx,
    row({ closeAt: col.date }),
    sql`UPDATE lottery_periods SET close_at = greatest(open_at, least(draw_at, clock_timestamp()))
         WHERE id = ${id} AND status = 'open' AND close_at > clock_timestamp() RETURNING close_at`,
  );

/* ---------------------------------------------------------------- official result entries */

const entryRow = row({
  id: col.int,
  periodId: col.int,
  result: col.json.transform((v) => (typeof v === 'string' ? (JSON.parse(v) as number[]) : (v as number[]))),
  enteredById: col.int,
  enteredBy: col.text,
  enteredAt: col.date,
  confirmedBy: col.text.nullable(),
  confirmedAt: col.date.nullable(),
  status: col.text.transform((v) => v as 'pending' | 'confirmed' | 'replaced'),
});
export type EntryRow = ReturnType<typeof entryRow.parse>;

const entrySelect = sql`
  SELECT e.id, e.period_id, e.result, e.entered_by AS entered_by_id, o1.username AS entered_by, e.entered_at,
         o2.username AS confirmed_by, e.confirmed_at, e.status
    FROM lottery_result_entries e
    JOIN operators o1 ON o1.id = e.entered_by
    LEFT JOIN operators o2 ON o2.id = e.confirmed_by`;

export const entriesOf = (db: Db, periodIds: number[]) =>
  periodIds.length
    ? many(
        db,
        entryRow,
        sql`${entrySelect} WHERE e.period_id IN (${sql.join(
          periodIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY e.id DESC`,
      )
    : Promise.resolve([]);

/** A new pending entry; a pending one of the period is replaced first (one pending per period). */
export const insertEntry = async (
  tx: Db,
  e: { merchantId: number; periodId: number; result: number[]; operatorId: number },
) => {
  await run(
    tx,
    sql`UPDATE lottery_result_entries SET status = 'replaced' WHERE period_id = ${e.periodId} AND status = 'pending'`,
  );
  return (
    await one(
      tx,
      row({ id: col.int }),
      sql`INSERT INTO lottery_result_entries (merchant_id, period_id, result, entered_by)
          VALUES (${e.merchantId}, ${e.periodId}, ${JSON.stringify(e.result)}::jsonb, ${e.operatorId}) RETURNING id`,
    )
  ).id;
};

export const lockEntry = (tx: Db, id: number, periodId: number) =>
  maybeOne(tx, entryRow, sql`${entrySelect} WHERE e.id = ${id} AND e.period_id = ${periodId} FOR UPDATE OF e`);

export const confirmEntry = (tx: Db, id: number, operatorId: number) =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`UPDATE lottery_result_entries SET status = 'confirmed', confirmed_by = ${operatorId}, confirmed_at = now()
         WHERE id = ${id} AND status = 'pending' AND entered_by <> ${operatorId} RETURNING id`,
  );

export const hasPendingEntry = async (tx: Db, periodId: number) =>
  (
    await one(
      tx,
      row({ n: col.count }),
      sql`SELECT count(*) AS n FROM lottery_result_entries WHERE period_id = ${periodId} AND status = 'pending'`,
    )
  ).n > 0;

/** The official games' periods whose betting has closed, the undecided first, then the latest. */
export const deskPeriods = (db: Db, merchantId: number, gameCodes: string[], limit: number) =>
  gameCodes.length
    ? many(
        db,
        periodRow,
        sql`${periodSelect}
       WHERE merchant_id = ${merchantId}
         AND game_code IN (${sql.join(
           gameCodes.map((c) => sql`${c}`),
           sql`, `,
         )})
         AND close_at <= clock_timestamp()
       ORDER BY (status IN ('open', 'drawn')) DESC, draw_at DESC
       LIMIT ${limit}`,
      )
    : Promise.resolve([]);

/** Open bets per period: how many and what they staked. */
export const openStakes = async (db: Db, periodIds: number[]) =>
  periodIds.length
    ? many(
        db,
        row({ periodId: col.int, n: col.count, total: col.sum }),
        sql`SELECT period_id, count(*) AS n, sum(amount) AS total FROM lottery_bets
             WHERE status = 'open' AND period_id IN (${sql.join(
               periodIds.map((id) => sql`${id}`),
               sql`, `,
             )})
             GROUP BY period_id`,
      )
    : [];

export const markPeriod = (tx: Db, id: number, from: string, to: 'settled' | 'void') =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`UPDATE lottery_periods SET status = ${to}, settled_at = now() WHERE id = ${id} AND status = ${from} RETURNING id`,
  );

/* ---------------------------------------------------------------- bets */

const betRow = row({
  id: col.int,
  memberId: col.int,
  periodId: col.int,
  gameCode: col.text,
  numero: col.text,
  betType: col.text,
  picks: col.json.transform((v) => (typeof v === 'string' ? (JSON.parse(v) as string[][]) : (v as string[][]))),
  multiplier: col.int,
  units: col.int,
  amount: col.bigint,
  win: col.bigint,
  status: col.text.transform((v) => v as 'open' | 'won' | 'lost' | 'cancelled' | 'refunded'),
  createdAt: col.date,
  settledAt: col.date.nullable(),
  closeAt: col.date,
  result: col.json.transform((v) => (typeof v === 'string' ? (JSON.parse(v) as number[]) : (v as number[] | null))),
  chaseId: col.int.nullable(),
  prizeSetId: col.int.nullable(),
});
export type BetRow = ReturnType<typeof betRow.parse>;

const betSelect = sql`
  SELECT b.id, b.member_id, b.period_id, b.game_code, b.numero, b.bet_type, b.picks, b.multiplier, b.units, b.amount,
         b.win, b.status, b.created_at, b.settled_at, p.close_at, b.chase_id, b.prize_set_id,
         CASE WHEN p.status IN ('drawn', 'settled') THEN p.result END AS result
    FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id`;

/** What the member has staked on the period so far (open bets). */
export const memberStake = async (tx: Db, memberId: number, periodId: number) =>
  (
    await one(
      tx,
      row({ total: col.sum }),
      sql`SELECT sum(amount) AS total FROM lottery_bets
           WHERE member_id = ${memberId} AND period_id = ${periodId} AND status = 'open'`,
    )
  ).total;

/**
 * Inserts a bet if, at this instant of the database's clock, its period is open and between its
 * opening and its close; the bet's time is that same instant. Null when the period is not open.
 * A chase's later periods (`ahead`) take its bets before they open, until their close.
 */
export const insertBet = async (
  tx: Db,
  b: {
    merchantId: number;
    memberId: number;
    periodId: number;
    gameCode: string;
    numero: string;
    betType: string;
    picks: string[][];
    multiplier: number;
    units: number;
    amount: bigint;
    chaseId?: number | null;
    ahead?: boolean;
    prizeSetId: number;
  },
) =>
  (
    await maybeOne(
      tx,
      row({ id: col.int }),
      sql`
      WITH t AS (SELECT clock_timestamp() AS at)
      INSERT INTO lottery_bets (merchant_id, member_id, period_id, game_code, numero, bet_type, picks, multiplier, units,
                                amount, created_at, chase_id, prize_set_id)
      SELECT ${b.merchantId}, ${b.memberId}, p.id, ${b.gameCode}, ${b.numero}, ${b.betType},
             ${JSON.stringify(b.picks)}::jsonb, ${b.multiplier}, ${b.units}, ${b.amount}, t.at, ${b.chaseId ?? null}::bigint,
             ${b.prizeSetId}
        FROM lottery_periods p, t
       WHERE p.id = ${b.periodId} AND p.status = 'open' AND (${b.ahead ?? false} OR t.at >= p.open_at)
         AND t.at < p.close_at
      RETURNING id`,
    )
  )?.id ?? null;

/** Whether a period takes bets (and cancels) at this instant of the database's clock. */
export const isOpenNow = async (tx: Db, periodId: number) =>
  (
    await one(
      tx,
      row({ open: col.bool }),
      sql`SELECT (status = 'open' AND clock_timestamp() >= open_at AND clock_timestamp() < close_at) AS open
            FROM lottery_periods WHERE id = ${periodId}`,
    )
  ).open;

export const findBet = (db: Db, id: number) => maybeOne(db, betRow, sql`${betSelect} WHERE b.id = ${id}`);

export const lockBet = (tx: Db, id: number) =>
  maybeOne(
    tx,
    row({ id: col.int, memberId: col.int, periodId: col.int, status: col.text }),
    sql`
    SELECT id, member_id, period_id, status FROM lottery_bets WHERE id = ${id} FOR UPDATE`,
  );

/** Moves an open bet to its end; answers null when it was not open (settled or cancelled already). */
export const endBet = (tx: Db, id: number, status: 'won' | 'lost' | 'cancelled' | 'refunded', win: bigint) =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`UPDATE lottery_bets SET status = ${status}, win = ${win}, settled_at = now()
         WHERE id = ${id} AND status = 'open' RETURNING id`,
  );

/**
 * The wallet batch of a settlement's wins (decisions 077 and 087), in one statement per batch: the
 * credit under `lottery:win:<bet id>` of each winning bet that the same settlement has just ended
 * (`endBets`: won, in this transaction), and its round closed with the win and the balance after.
 * A bet not ended here is answered null and nothing of it is written.
 */
export const WINS: MoveBatch<{ balance: string; gameId: number | null }> = {
  name: 'lottery.wins.v2',
  columns: 'bet_id bigint, win bigint, detail jsonb',
  guard: `(SELECT true FROM lottery_bets b WHERE b.id = i.bet_id AND b.status = 'won' AND b.settled_at = now() LIMIT 1)`,
  record: `rounds AS MATERIALIZED (
    SELECT d.n, d.win, d.balance_after, d.detail,
           (SELECT g.id FROM game_rounds g WHERE g.provider = 'LOTTERY' AND g.round_id = 'bet-' || d.bet_id) AS round
      FROM done d
  ),
  closed AS (
    UPDATE game_rounds g
       SET status = 'closed', win_total = r.win, refund_total = 0, balance_after = r.balance_after,
           detail = COALESCE(g.detail, '{}'::jsonb) || r.detail, ended_at = now(), updated_at = now()
      FROM rounds r
     WHERE g.id = r.round AND g.status = 'open'
    RETURNING r.n, g.game_id
  ),
  answered AS (
    SELECT d.n, d.balance_after::text AS balance, c.game_id FROM done d LEFT JOIN closed c ON c.n = d.n
  )`,
  answer: row({ n: col.int, balance: col.text, gameId: col.int.nullable() }),
};

/**
 * Ends a settlement's chunk of bets in one statement (decisions 077 and 087): each bet only while
 * still open in this period, so a bet is settled once whoever runs it, and the round of each losing
 * bet ended here closed with no win (a winner's round closes with its credit, `WINS`). Answers the
 * bets that ended here.
 */
export const endBets = async (
  tx: Db,
  periodId: number,
  ended: { id: number; status: 'won' | 'lost'; win: bigint }[],
  lostDetail: Record<string, unknown>,
) => {
  if (!ended.length) return [];
  // Each bet and each round is found by its own index lookup (a subquery per entry), then updated
  // by id: a join let the planner hash all the period's open bets for every chunk.
  return many(
    tx,
    row({ id: col.int, status: col.text }),
    sql`WITH v AS MATERIALIZED (
          SELECT v.*, (SELECT b.id FROM lottery_bets b
                        WHERE b.id = v.id AND b.period_id = ${periodId} AND b.status = 'open') AS live
            FROM jsonb_to_recordset(${JSON.stringify(ended.map((e) => ({ ...e, win: String(e.win) })))}::jsonb)
                 AS v(id bigint, status text, win bigint)
        ),
        ended AS (
          UPDATE lottery_bets b SET status = v.status, win = v.win, settled_at = now()
            FROM v
           WHERE b.id = v.live AND b.status = 'open'
          RETURNING b.id, b.status
        ),
        lost AS MATERIALIZED (
          SELECT (SELECT g.id FROM game_rounds g WHERE g.provider = 'LOTTERY' AND g.round_id = 'bet-' || e.id) AS round
            FROM ended e WHERE e.status = 'lost'
        ),
        closed AS (
          UPDATE game_rounds g
             SET status = 'closed', win_total = 0, refund_total = 0,
                 detail = COALESCE(g.detail, '{}'::jsonb) || ${JSON.stringify(lostDetail)}::jsonb,
                 ended_at = now(), updated_at = now()
            FROM lost
           WHERE g.id = lost.round AND g.status = 'open'
          RETURNING g.id
        )
        SELECT e.id, e.status FROM ended e WHERE (SELECT count(*) FROM closed) >= 0`,
  );
};

/** The open bets of a period, in the order they were placed. */
export const openBetsOf = (tx: Db, periodId: number) =>
  many(tx, betRow, sql`${betSelect} WHERE b.period_id = ${periodId} AND b.status = 'open' ORDER BY b.id`);

/** A bet as settling reads it. */
export interface SettlingBet {
  id: number;
  memberId: number;
  betType: string;
  picks: string[][];
  multiplier: number;
  chaseId: number | null;
  prizeSetId: number | null;
}
/**
 * What settling needs of a period's open bets, in the order they were placed (no join, no dates).
 * A draw may read 100,000 of them: they come as one JSON array, parsed once, rather than as rows
 * each checked column by column (decision 087).
 */
export const betsToSettle = async (tx: Db, periodId: number): Promise<SettlingBet[]> => {
  const { bets } = await one(
    tx,
    row({ bets: col.json }),
    sql`SELECT coalesce(json_agg(json_build_array(id, member_id, bet_type, picks, multiplier, chase_id, prize_set_id) ORDER BY id), '[]') AS bets
          FROM lottery_bets WHERE period_id = ${periodId} AND status = 'open'`,
  );
  const list = (typeof bets === 'string' ? JSON.parse(bets) : bets) as [
    number | string,
    number,
    string,
    string[][] | string,
    number,
    number | string | null,
    number | string | null,
  ][];
  return list.map(([id, memberId, betType, picks, multiplier, chaseId, prizeSetId]) => ({
    id: Number(id),
    memberId,
    betType,
    picks: typeof picks === 'string' ? (JSON.parse(picks) as string[][]) : picks,
    multiplier,
    chaseId: chaseId === null ? null : Number(chaseId),
    prizeSetId: prizeSetId === null ? null : Number(prizeSetId),
  }));
};

/** Whether a bet of a period has ended under its result (won or lost): its settlement has begun. */
export const hasEndedBets = async (tx: Db, periodId: number) =>
  (
    await one(
      tx,
      row({ ended: col.bool }),
      sql`SELECT EXISTS (SELECT 1 FROM lottery_bets WHERE period_id = ${periodId} AND status IN ('won', 'lost')) AS ended`,
    )
  ).ended;

/** Whether a period has a bet still open. */
export const hasOpenBets = async (tx: Db, periodId: number) =>
  (
    await one(
      tx,
      row({ open: col.bool }),
      sql`SELECT EXISTS (SELECT 1 FROM lottery_bets WHERE period_id = ${periodId} AND status = 'open') AS open`,
    )
  ).open;

export const memberBets = async (
  db: Db,
  memberId: number,
  f: { gameCode: string | null; status: 'open' | 'done' | 'all' },
  limit: number,
  offset: number,
) => {
  const where = sql`b.member_id = ${memberId}
    AND (${f.gameCode}::text IS NULL OR b.game_code = ${f.gameCode}::text)
    AND (${f.status} = 'all' OR (${f.status} = 'open') = (b.status = 'open'))`;
  const [rows, total] = await Promise.all([
    many(db, betRow, sql`${betSelect} WHERE ${where} ORDER BY b.id DESC LIMIT ${limit} OFFSET ${offset}`),
    one(db, row({ n: col.count }), sql`SELECT count(*) AS n FROM lottery_bets b WHERE ${where}`),
  ]);
  return { rows, total: total.n };
};

/* ---------------------------------------------------------------- chases */

export const insertChase = async (
  tx: Db,
  c: { merchantId: number; memberId: number; gameCode: string; periods: number; stopOnWin: boolean },
) =>
  (
    await one(
      tx,
      row({ id: col.int }),
      sql`INSERT INTO lottery_chases (merchant_id, member_id, game_code, periods, stop_on_win)
          VALUES (${c.merchantId}, ${c.memberId}, ${c.gameCode}, ${c.periods}, ${c.stopOnWin}) RETURNING id`,
    )
  ).id;

export const lockChase = (tx: Db, id: number) =>
  maybeOne(
    tx,
    row({ id: col.int, stopOnWin: col.bool, status: col.text }),
    sql`SELECT id, stop_on_win, status FROM lottery_chases WHERE id = ${id} FOR UPDATE`,
  );

/** A chase's bets still open on periods other than `periodId` (its later periods). */
export const openChaseBets = (tx: Db, chaseId: number, periodId: number) =>
  many(
    tx,
    betRow,
    sql`${betSelect} WHERE b.chase_id = ${chaseId} AND b.status = 'open' AND b.period_id <> ${periodId} ORDER BY b.id`,
  );

/** Ends a running chase: stopped by a win, or done when none of its bets is open any more. */
export const endChase = (tx: Db, id: number, status: 'stopped' | 'done') =>
  run(
    tx,
    status === 'stopped'
      ? sql`UPDATE lottery_chases SET status = 'stopped' WHERE id = ${id} AND status = 'running'`
      : sql`UPDATE lottery_chases SET status = 'done' WHERE id = ${id} AND status = 'running'
              AND NOT EXISTS (SELECT 1 FROM lottery_bets WHERE chase_id = ${id} AND status = 'open')`,
  );

/* ---------------------------------------------------------------- limits and exposure */

/**
 * Adds to a number's exposure on a period and answers the new total. The upsert holds the row until
 * the bet's transaction ends, so bets on one number take their turns and each sees the last total.
 */
export const addExposure = async (tx: Db, periodId: number, cell: string, amount: bigint) =>
  (
    await one(
      tx,
      row({ amount: col.bigint }),
      sql`INSERT INTO lottery_exposure (period_id, cell, amount) VALUES (${periodId}, ${cell}, ${amount})
          ON CONFLICT (period_id, cell) DO UPDATE SET amount = lottery_exposure.amount + excluded.amount
          RETURNING amount`,
    )
  ).amount;

export const removeExposure = (tx: Db, periodId: number, cell: string, amount: bigint) =>
  run(
    tx,
    sql`UPDATE lottery_exposure SET amount = greatest(0, amount - ${amount})
         WHERE period_id = ${periodId} AND cell = ${cell}`,
  );

/** A period's numbers by what the house would owe on them, the largest first. */
export const exposureOf = (db: Db, periodId: number, limit: number) =>
  many(
    db,
    row({ cell: col.text, amount: col.bigint }),
    sql`SELECT cell, amount FROM lottery_exposure WHERE period_id = ${periodId} AND amount > 0
         ORDER BY amount DESC, cell LIMIT ${limit}`,
  );

/* ---------------------------------------------------------------- a member's chase cancel */

export const findChase = (db: Db, id: number) =>
  maybeOne(
    db,
    row({ id: col.int, merchantId: col.int, memberId: col.int, status: col.text }),
    sql`SELECT id, merchant_id, member_id, status FROM lottery_chases WHERE id = ${id}`,
  );

/** The periods (ascending) where the chase has an open bet and betting has not closed by the database's clock. */
export const chasePeriodsNotClosed = async (tx: Db, chaseId: number) =>
  (
    await many(
      tx,
      row({ periodId: col.int }),
      sql`SELECT DISTINCT b.period_id FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id
           WHERE b.chase_id = ${chaseId} AND b.status = 'open' AND p.status = 'open'
             AND clock_timestamp() < p.close_at
           ORDER BY b.period_id`,
    )
  ).map((r) => r.periodId);

/**
 * The chase's open bets whose period still takes cancels (open, before its close), read after their
 * periods are locked: a period that closed in between keeps its bet for the draw.
 */
export const chaseBetsNotClosed = (tx: Db, chaseId: number) =>
  many(
    tx,
    betRow,
    sql`${betSelect} WHERE b.chase_id = ${chaseId} AND b.status = 'open' AND p.status = 'open'
          AND clock_timestamp() < p.close_at ORDER BY b.id`,
  );

export const cancelChase = (tx: Db, id: number) =>
  run(tx, sql`UPDATE lottery_chases SET status = 'cancelled' WHERE id = ${id} AND status = 'running'`);
