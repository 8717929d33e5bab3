import { sql } from 'drizzle-orm';
import type { LeaderboardInput } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';

/**
 * Missions' and leaderboards' queries (decision 073). Progress is read where the events already
 * are: credited deposits (`deposits`, by member), settled rounds (`game_rounds`, closed, stake less
 * refunds, by member or by the brand's `ended_at` index), logins (`member_logins`) and invitees
 * (`referrals` with their first credited deposit).
 */

const iso = (d: Date) => d.toISOString();

const missionRow = row({
  id: col.int,
  merchantId: col.int,
  title: col.json.transform((v) => v as Partial<Record<string, string>>),
  period: col.text.transform((v) => v as 'daily' | 'weekly' | 'once'),
  kind: col.text.transform((v) => v as 'deposit' | 'turnover' | 'rounds' | 'login_days' | 'invite'),
  gameType: col.text.nullable(),
  target: col.bigint,
  rewardKind: col.text.transform((v) => v as 'cash' | 'bonus' | 'points'),
  reward: col.bigint,
  wageringMultiple: col.int,
  startsAt: col.date,
  endsAt: col.date.nullable(),
  endedAt: col.date.nullable(),
  sort: col.int,
});
export type MissionRow = ReturnType<typeof missionRow.parse>;
const MISSION_COLS = sql.raw(
  'id, merchant_id, title, period, kind, game_type, target, reward_kind, reward, wagering_multiple, starts_at, ends_at, ended_at, sort',
);

export const missions = (db: Db, merchantId: number) =>
  many(db, missionRow, sql`SELECT ${MISSION_COLS} FROM missions WHERE merchant_id = ${merchantId} ORDER BY sort, id`);

/** Missions running at `at` (started, not past their end, not ended by an operator). */
export const liveMissions = (db: Db, merchantId: number, at: Date) =>
  many(
    db,
    missionRow,
    sql`SELECT ${MISSION_COLS} FROM missions
         WHERE merchant_id = ${merchantId} AND ended_at IS NULL AND starts_at <= ${iso(at)}::timestamptz
           AND (ends_at IS NULL OR ends_at > ${iso(at)}::timestamptz)
         ORDER BY sort, id`,
  );

export const mission = (db: Db, merchantId: number, id: number) =>
  maybeOne(db, missionRow, sql`SELECT ${MISSION_COLS} FROM missions WHERE merchant_id = ${merchantId} AND id = ${id}`);

export type MissionValues = Omit<MissionRow, 'id' | 'merchantId' | 'endedAt'>;

export const insertMission = (db: Db, merchantId: number, v: MissionValues) =>
  one(
    db,
    missionRow,
    sql`INSERT INTO missions (merchant_id, title, period, kind, game_type, target, reward_kind, reward, wagering_multiple, starts_at, ends_at, sort)
        VALUES (${merchantId}, ${JSON.stringify(v.title)}::jsonb, ${v.period}, ${v.kind}, ${v.gameType}, ${v.target},
                ${v.rewardKind}, ${v.reward}, ${v.wageringMultiple}, ${iso(v.startsAt)}::timestamptz,
                ${v.endsAt ? iso(v.endsAt) : null}::timestamptz, ${v.sort})
        RETURNING ${MISSION_COLS}`,
  );

export const updateMission = (db: Db, merchantId: number, id: number, v: MissionValues) =>
  maybeOne(
    db,
    missionRow,
    sql`UPDATE missions SET title = ${JSON.stringify(v.title)}::jsonb, period = ${v.period}, kind = ${v.kind},
               game_type = ${v.gameType}, target = ${v.target}, reward_kind = ${v.rewardKind}, reward = ${v.reward},
               wagering_multiple = ${v.wageringMultiple}, starts_at = ${iso(v.startsAt)}::timestamptz,
               ends_at = ${v.endsAt ? iso(v.endsAt) : null}::timestamptz, sort = ${v.sort}, updated_at = now()
         WHERE merchant_id = ${merchantId} AND id = ${id} AND ended_at IS NULL
        RETURNING ${MISSION_COLS}`,
  );

export const endMission = (db: Db, merchantId: number, id: number) =>
  maybeOne(
    db,
    missionRow,
    sql`UPDATE missions SET ended_at = coalesce(ended_at, now()), updated_at = now()
         WHERE merchant_id = ${merchantId} AND id = ${id} RETURNING ${MISSION_COLS}`,
  );

/* ------------------------------------------------------------------------ progress */

type Span = { memberId: number; from: Date; to: Date };

/** Credited deposits in [from, to) (credited when decided). */
export const deposited = async (db: Db, q: Span) =>
  (
    await one(
      db,
      row({ total: col.sum }),
      sql`SELECT sum(amount) AS total FROM deposits
           WHERE member_id = ${q.memberId} AND status = 'credited'
             AND decided_at >= ${iso(q.from)}::timestamptz AND decided_at < ${iso(q.to)}::timestamptz`,
    )
  ).total;

/** Settled turnover and rounds in [from, to), of one game type or all. */
export const played = (db: Db, q: Span & { gameType: string | null }) =>
  one(
    db,
    row({ turnover: col.sum, rounds: col.count }),
    sql`SELECT sum(GREATEST(bet_total - refund_total, 0)) AS turnover, count(*) AS rounds FROM game_rounds
         WHERE member_id = ${q.memberId} AND status = 'closed'
           AND ended_at >= ${iso(q.from)}::timestamptz AND ended_at < ${iso(q.to)}::timestamptz
           AND (${q.gameType}::text IS NULL OR game_type = ${q.gameType}::text)`,
  );

/** The brand days (yyyy-MM-dd in `tz`) with a successful login in [from, to). */
export const loginDays = async (db: Db, q: Span & { tz: string }) =>
  (
    await many(
      db,
      row({ day: col.text }),
      sql`SELECT DISTINCT to_char(at AT TIME ZONE ${q.tz}, 'YYYY-MM-DD') AS day FROM member_logins
           WHERE member_id = ${q.memberId} AND success AND area = 'member'
             AND at >= ${iso(q.from)}::timestamptz AND at < ${iso(q.to)}::timestamptz`,
    )
  ).map((r) => r.day);

/**
 * The member's invitees whose first credited deposit falls in [from, to); held invitees (self-
 * referral or a farm, decision 089) do not count.
 */
export const invitesDeposited = async (db: Db, q: Span) =>
  (
    await one(
      db,
      row({ n: col.count }),
      sql`SELECT count(*) AS n FROM referrals r
           WHERE r.referrer_id = ${q.memberId} AND r.held_reason IS NULL
             AND (SELECT min(d.decided_at) FROM deposits d WHERE d.member_id = r.invitee_id AND d.status = 'credited')
                 BETWEEN ${iso(q.from)}::timestamptz AND ${iso(q.to)}::timestamptz - interval '1 microsecond'`,
    )
  ).n;

/* -------------------------------------------------------------------------- claims */

const claimRow = row({
  id: col.int,
  merchantId: col.int,
  missionId: col.int,
  memberId: col.int,
  period: col.text,
  rewardKind: col.text,
  reward: col.bigint,
  wageringRequired: col.bigint,
  sincePostingId: col.int.nullable(),
  createdAt: col.date,
});
export type ClaimRow = ReturnType<typeof claimRow.parse>;
const CLAIM_COLS = sql.raw(
  'id, merchant_id, mission_id, member_id, period, reward_kind, reward, wagering_required, since_posting_id, created_at',
);

/** The claim, or null when this (mission, member, period) is claimed already: the unique key. */
export const insertClaim = (db: Db, q: Omit<ClaimRow, 'id' | 'createdAt'>) =>
  maybeOne(
    db,
    claimRow,
    sql`INSERT INTO mission_claims (merchant_id, mission_id, member_id, period, reward_kind, reward, wagering_required, since_posting_id)
        VALUES (${q.merchantId}, ${q.missionId}, ${q.memberId}, ${q.period}, ${q.rewardKind}, ${q.reward},
                ${q.wageringRequired}, ${q.sincePostingId})
        ON CONFLICT DO NOTHING RETURNING ${CLAIM_COLS}`,
  );

/** The member's claims of these periods (the summary's claimed marks). */
export const claimsOf = (db: Db, memberId: number, periods: string[]) =>
  many(
    db,
    row({ missionId: col.int, period: col.text }),
    sql`SELECT mission_id, period FROM mission_claims
         WHERE member_id = ${memberId} AND period IN (${sql.join(
           periods.map((p) => sql`${p}`),
           sql`, `,
         )})`,
  );

/** Bonus claims still owing wagering (the wallet rules' requirement source). */
export const openWagering = (db: Db, memberId: number) =>
  many(
    db,
    claimRow,
    sql`SELECT ${CLAIM_COLS} FROM mission_claims
         WHERE member_id = ${memberId} AND wagering_required > 0 AND wagering_met_at IS NULL`,
  );

export const wageringMet = (db: Db, id: number) =>
  run(db, sql`UPDATE mission_claims SET wagering_met_at = now() WHERE id = ${id} AND wagering_met_at IS NULL`);

/** Completions paid since `since`, per mission (the completion report). */
export const missionReport = (db: Db, merchantId: number, since: Date) =>
  many(
    db,
    row({ missionId: col.int, claims: col.count, members: col.count, paid: col.sum }),
    sql`SELECT mission_id, count(*) AS claims, count(DISTINCT member_id) AS members, sum(reward) AS paid
          FROM mission_claims WHERE merchant_id = ${merchantId} AND created_at >= ${iso(since)}::timestamptz
         GROUP BY mission_id`,
  );

/* -------------------------------------------------------------------- leaderboards */

const boardRow = row({
  id: col.int,
  merchantId: col.int,
  title: col.json.transform((v) => v as Partial<Record<string, string>>),
  metric: col.text.transform((v) => v as 'turnover' | 'wins'),
  period: col.text.transform((v) => v as 'daily' | 'weekly'),
  gameType: col.text.nullable(),
  prizes: col.json.transform((v) => v as string[]),
  endedAt: col.date.nullable(),
});
export type BoardRow = ReturnType<typeof boardRow.parse>;
const BOARD_COLS = sql.raw('id, merchant_id, title, metric, period, game_type, prizes, ended_at');

export const boards = (db: Db, merchantId: number) =>
  many(db, boardRow, sql`SELECT ${BOARD_COLS} FROM leaderboards WHERE merchant_id = ${merchantId} ORDER BY id`);

/** Every brand's boards that may still owe a period ending at or after `since`. */
export const boardsToSettle = (db: Db, since: Date) =>
  many(
    db,
    boardRow,
    sql`SELECT ${BOARD_COLS} FROM leaderboards
         WHERE ended_at IS NULL OR ended_at >= ${iso(since)}::timestamptz ORDER BY id`,
  );

type BoardValues = Omit<LeaderboardInput, 'id'>;

export const insertBoard = (db: Db, merchantId: number, v: BoardValues) =>
  one(
    db,
    boardRow,
    sql`INSERT INTO leaderboards (merchant_id, title, metric, period, game_type, prizes)
        VALUES (${merchantId}, ${JSON.stringify(v.title)}::jsonb, ${v.metric}, ${v.period}, ${v.gameType ?? null},
                ${JSON.stringify(v.prizes)}::jsonb)
        RETURNING ${BOARD_COLS}`,
  );

export const updateBoard = (db: Db, merchantId: number, id: number, v: BoardValues) =>
  maybeOne(
    db,
    boardRow,
    sql`UPDATE leaderboards SET title = ${JSON.stringify(v.title)}::jsonb, metric = ${v.metric}, period = ${v.period},
               game_type = ${v.gameType ?? null}, prizes = ${JSON.stringify(v.prizes)}::jsonb, updated_at = now()
         WHERE merchant_id = ${merchantId} AND id = ${id} AND ended_at IS NULL
        RETURNING ${BOARD_COLS}`,
  );

export const endBoard = (db: Db, merchantId: number, id: number) =>
  maybeOne(
    db,
    boardRow,
    sql`UPDATE leaderboards SET ended_at = coalesce(ended_at, now()), updated_at = now()
         WHERE merchant_id = ${merchantId} AND id = ${id} RETURNING ${BOARD_COLS}`,
  );

/** A board metric's value of a round: settled turnover (stake less refunds) or wins. */
const metricOf = (metric: 'turnover' | 'wins') =>
  metric === 'wins' ? sql`r.win_total` : sql`GREATEST(r.bet_total - r.refund_total, 0)`;

/**
 * `s` and `ranked`: each member's value on a board in [from, to) and their place (value descending,
 * then member id; trial accounts and members with nothing are not ranked).
 */
const rankedCte = (q: {
  merchantId: number;
  metric: 'turnover' | 'wins';
  gameType: string | null;
  from: Date;
  to: Date;
}) =>
  sql`s AS (
          SELECT r.member_id, sum(${metricOf(q.metric)}) AS value
            FROM game_rounds r
           WHERE r.merchant_id = ${q.merchantId} AND r.status = 'closed'
             AND r.ended_at >= ${iso(q.from)}::timestamptz AND r.ended_at < ${iso(q.to)}::timestamptz
             AND (${q.gameType}::text IS NULL OR r.game_type = ${q.gameType}::text)
           GROUP BY r.member_id
        ), ranked AS (
          SELECT s.member_id, m.username, s.value, row_number() OVER (ORDER BY s.value DESC, s.member_id) AS rank
            FROM s JOIN members m ON m.id = s.member_id AND m.type <> 4
           WHERE s.value > 0
        )`;

const standingRow = row({ rank: col.int, memberId: col.int, username: col.text, value: col.bigint });
export type StandingRow = ReturnType<typeof standingRow.parse>;

/**
 * The ranking of [from, to): each member's settled turnover (stake less refunds) or wins, highest
 * first (ties: the member who joined first). The first `top` places and the member's own place.
 */
export const standings = (
  db: Db,
  q: {
    merchantId: number;
    metric: 'turnover' | 'wins';
    gameType: string | null;
    from: Date;
    to: Date;
    top: number;
    memberId?: number;
  },
) =>
  many(
    db,
    standingRow,
    sql`WITH ${rankedCte(q)}
        SELECT rank, member_id, username, value FROM ranked
         WHERE rank <= ${q.top} OR member_id = ${q.memberId ?? 0}
         ORDER BY rank`,
  );

/**
 * The whole ranking of [from, to) as one JSON value (a board may rank many thousands of members):
 * `[member id, value, username or null]` in rank order (`standings`' order), the username only for
 * the first `named` places. The member centre keeps it for a few seconds (`missions.leaderboards`).
 */
export const ranking = async (
  db: Db,
  q: { merchantId: number; metric: 'turnover' | 'wins'; gameType: string | null; from: Date; to: Date; named: number },
) => {
  const { list } = await one(
    db,
    row({ list: col.json }),
    sql`WITH ${rankedCte(q)}
        SELECT coalesce(json_agg(json_build_array(member_id, value::text, CASE WHEN rank <= ${q.named} THEN username END)
                                 ORDER BY rank), '[]') AS list
          FROM ranked`,
  );
  return (typeof list === 'string' ? JSON.parse(list) : list) as [number, string, string | null][];
};

/** One member's value on a board in [from, to), their username, and whether they may be ranked at all. */
export const memberStanding = (
  db: Db,
  q: { memberId: number; metric: 'turnover' | 'wins'; gameType: string | null; from: Date; to: Date },
) =>
  maybeOne(
    db,
    row({ username: col.text, ranked: col.bool, value: col.sum }),
    sql`SELECT m.username, m.type <> 4 AS ranked,
               (SELECT sum(${metricOf(q.metric)}) FROM game_rounds r
                 WHERE r.member_id = m.id AND r.status = 'closed'
                   AND r.ended_at >= ${iso(q.from)}::timestamptz AND r.ended_at < ${iso(q.to)}::timestamptz
                   AND (${q.gameType}::text IS NULL OR r.game_type = ${q.gameType}::text)) AS value
          FROM members m WHERE m.id = ${q.memberId}`,
  );

/** Marks a period settled; false when it was settled already (the primary key). */
export const settlePeriod = async (db: Db, q: { leaderboardId: number; period: string; merchantId: number }) =>
  (
    await many(
      db,
      row({ period: col.text }),
      sql`INSERT INTO leaderboard_periods (leaderboard_id, period, merchant_id)
          VALUES (${q.leaderboardId}, ${q.period}, ${q.merchantId})
          ON CONFLICT DO NOTHING RETURNING period`,
    )
  ).length === 1;

export const insertPrize = (
  db: Db,
  q: {
    merchantId: number;
    leaderboardId: number;
    period: string;
    rank: number;
    memberId: number;
    value: bigint;
    amount: bigint;
  },
) =>
  maybeOne(
    db,
    row({ id: col.int }),
    sql`INSERT INTO leaderboard_prizes (merchant_id, leaderboard_id, period, rank, member_id, value, amount)
        VALUES (${q.merchantId}, ${q.leaderboardId}, ${q.period}, ${q.rank}, ${q.memberId}, ${q.value}, ${q.amount})
        ON CONFLICT DO NOTHING RETURNING id`,
  );

/** The paid places of a board's period. */
export const prizesOf = (db: Db, leaderboardId: number, period: string) =>
  many(
    db,
    row({ rank: col.int, memberId: col.int, username: col.text, value: col.bigint, amount: col.bigint }),
    sql`SELECT p.rank, p.member_id, m.username, p.value, p.amount FROM leaderboard_prizes p
          JOIN members m ON m.id = p.member_id
         WHERE p.leaderboard_id = ${leaderboardId} AND p.period = ${period} ORDER BY p.rank`,
  );

export const boardReport = (db: Db, merchantId: number, since: Date) =>
  many(
    db,
    row({ leaderboardId: col.int, periods: col.count, winners: col.count, paid: col.sum }),
    sql`SELECT leaderboard_id, count(DISTINCT period) AS periods, count(*) AS winners, sum(amount) AS paid
          FROM leaderboard_prizes WHERE merchant_id = ${merchantId} AND created_at >= ${iso(since)}::timestamptz
         GROUP BY leaderboard_id`,
  );
