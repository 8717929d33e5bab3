import {
  LEADERBOARD_SHOWN,
  type GameType,
  type Language,
  type LeaderboardInput,
  type MemberLeaderboard,
  type MemberMission,
  type MissionInput,
  type MissionReport,
  type MissionSummary,
  type OperatorLeaderboard,
  type OperatorMission,
  type Standing,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { maskAccount } from '../lobby/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { AuditLog } from '../operator/service.ts';
import type { PointsService } from '../points/service.ts';
import { startOfDay } from '../provider/history/service.ts';
import { localDay } from '../wallet/history/service.ts';
import type { Turnover, WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };

export interface MissionDeps {
  db: Db;
  wallet: Pick<WalletService, 'transfer'>;
  /** A bonus reward's wagering: the mark when paid and the bets since (decision 066's mechanism). */
  walletRules: Pick<WalletRules, 'mark' | 'betsSince'>;
  points: Pick<PointsService, 'award'>;
  merchants: Pick<MerchantService, 'brand'>;
  notifications: Pick<NotificationService, 'balanceChanged'>;
  audit: AuditLog;
  /** Player protection (decision 061): no rewards while a time-out or exclusion lasts. */
  mayMarket: (m: Member, at: Db) => Promise<boolean>;
  now?: () => Date;
}

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The Monday of a yyyy-MM-dd day's week. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

export interface Period {
  /** 'day:<yyyy-MM-dd>', 'week:<Monday>' or 'once'. */
  key: string;
  from: Date;
  to: Date;
}

/** The brand's day or week (from Monday) holding `at`, in its time zone. */
export const periodAt = (period: 'daily' | 'weekly', tz: string, at: Date): Period => {
  const day = localDay(tz, at);
  const first = period === 'daily' ? day : mondayOf(day);
  return {
    key: `${period === 'daily' ? 'day' : 'week'}:${first}`,
    from: startOfDay(first, tz),
    to: startOfDay(addDays(first, period === 'daily' ? 1 : 7), tz),
  };
};

/** How many days in a row, ending today (or yesterday when today has none yet), hold a login. */
export const streakOf = (days: readonly string[], today: string) => {
  const set = new Set(days);
  let day = set.has(today) ? today : addDays(today, -1);
  let n = 0;
  while (set.has(day)) {
    n++;
    day = addDays(day, -1);
  }
  return n;
};

const textOf = (t: Partial<Record<string, string>>, language: Language) =>
  t[language] ?? t.PT ?? t.EN ?? Object.values(t)[0] ?? '';

/** How long a board's ranking of the brand is kept before the next view reads it again. */
export const RANKING_KEPT_MS = 15_000;

/**
 * A board's ranking as read: member ids and values in rank order (value descending, then member
 * id), the usernames of the first places, and each member's index. Typed arrays keep a board of
 * many thousands of ranked members small.
 */
export interface Ranking {
  ids: Int32Array;
  values: BigInt64Array;
  names: (string | null)[];
  indexOf: Map<number, number>;
}

export const rankingFrom = (rows: readonly [number, string, string | null][]): Ranking => {
  const ids = new Int32Array(rows.length);
  const values = new BigInt64Array(rows.length);
  const names: (string | null)[] = [];
  const indexOf = new Map<number, number>();
  rows.forEach(([id, value, name], i) => {
    ids[i] = id;
    values[i] = BigInt(value);
    if (name !== null) names[i] = name;
    indexOf.set(id, i);
  });
  return { ids, values, names, indexOf };
};

type Placed = { rank: number; memberId: number; username: string; value: bigint };

/**
 * The first LEADERBOARD_SHOWN places and the member's own place, with the member's value as it is
 * now (`mine`, null when they may not be ranked) among the others as the ranking has them. The
 * order is the ranking's: value descending, then member id.
 */
export const place = (
  r: Ranking,
  memberId: number,
  mine: { username: string; value: bigint } | null,
): { top: Placed[]; me: Placed | null } => {
  const at = mine && mine.value > 0n ? mine : null;
  // How many others come before the member: the ranking's entries before (value, id), less the
  // member's own entry in it when that lies before.
  let rank = 0;
  if (at) {
    let lo = 0;
    let hi = r.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const v = r.values[mid]!;
      if (v > at.value || (v === at.value && r.ids[mid]! < memberId)) lo = mid + 1;
      else hi = mid;
    }
    const own = r.indexOf.get(memberId);
    rank = lo - (own !== undefined && own < lo ? 1 : 0) + 1;
  }
  const top: Placed[] = [];
  for (let i = 0; i < r.ids.length && top.length < LEADERBOARD_SHOWN; i++) {
    if (at && top.length + 1 === rank) top.push({ rank, memberId, username: at.username, value: at.value });
    if (top.length >= LEADERBOARD_SHOWN) break;
    if (r.ids[i] === memberId) continue;
    top.push({ rank: top.length + 1, memberId: r.ids[i]!, username: r.names[i] ?? '', value: r.values[i]! });
  }
  if (at && top.length < LEADERBOARD_SHOWN && top.length + 1 === rank)
    top.push({ rank, memberId, username: at.username, value: at.value });
  return { top, me: at ? { rank, memberId, username: at.username, value: at.value } : null };
};

/**
 * Missions and leaderboards (issue 20, decision 073).
 *
 *   await missions.summary(member, 'EN');            // progress of every live mission, now
 *   await missions.claim(member, missionId, 'EN');   // pays once per (mission, member, period)
 *   await missions.settleBoards(tx, hourStart, hourEnd);   // the hourly job: prizes of ended periods
 */
export const createMissionService = (deps: MissionDeps) => {
  const { db, wallet, walletRules, points, merchants, notifications, audit, mayMarket } = deps;
  const now = deps.now ?? (() => new Date());
  const tzOf = async (merchantId: number, at: Db = db) => (await merchants.brand(merchantId, at)).merchant.timezone;

  /** The mission's current period: the brand's day or week, or (once) from its start to now. */
  const periodOf = (mission: data.MissionRow, tz: string, at: Date): Period =>
    mission.period === 'once'
      ? { key: 'once', from: mission.startsAt, to: new Date(at.getTime() + 1) }
      : periodAt(mission.period, tz, at);

  /** The member's progress towards the target in the period, read from what they did. */
  const progressOf = async (at: Db, mission: data.MissionRow, memberId: number, p: Period, tz: string, when: Date) => {
    const span = { memberId, from: p.from, to: p.to };
    switch (mission.kind) {
      case 'deposit':
        return data.deposited(at, span);
      case 'turnover':
        return (await data.played(at, { ...span, gameType: mission.gameType })).turnover;
      case 'rounds':
        return BigInt((await data.played(at, { ...span, gameType: mission.gameType })).rounds);
      case 'invite':
        return BigInt(await data.invitesDeposited(at, span));
      case 'login_days': {
        // The streak may start before the period; a daily streak of N looks N days back.
        const today = localDay(tz, when);
        const from = startOfDay(addDays(today, -Number(mission.target)), tz);
        const days = await data.loginDays(at, { memberId, from, to: new Date(when.getTime() + 1), tz });
        return BigInt(streakOf(days, today));
      }
    }
  };

  const memberView = (
    mission: data.MissionRow,
    progress: bigint,
    claimed: boolean,
    p: Period,
    language: Language,
  ): MemberMission => ({
    id: mission.id,
    title: textOf(mission.title, language),
    period: mission.period,
    kind: mission.kind,
    gameType: mission.gameType as GameType | null,
    target: String(mission.target),
    progress: String(progress > mission.target ? mission.target : progress),
    rewardKind: mission.rewardKind,
    reward: String(mission.reward),
    wageringMultiple: mission.wageringMultiple,
    status: claimed ? 'claimed' : progress >= mission.target ? 'claimable' : 'in_progress',
    periodEndsAt: mission.period === 'once' ? (mission.endsAt?.toISOString() ?? null) : p.to.toISOString(),
  });

  const operatorMission = (r: data.MissionRow): OperatorMission => ({
    id: r.id,
    title: r.title,
    period: r.period,
    kind: r.kind,
    gameType: r.gameType as GameType | null,
    target: String(r.target),
    rewardKind: r.rewardKind,
    reward: String(r.reward),
    wageringMultiple: r.wageringMultiple,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    live: !r.endedAt && r.startsAt <= now() && (!r.endsAt || r.endsAt > now()),
    sort: r.sort,
  });

  const operatorBoard = (r: data.BoardRow): OperatorLeaderboard => ({
    id: r.id,
    title: r.title,
    metric: r.metric,
    period: r.period,
    gameType: r.gameType as GameType | null,
    prizes: r.prizes,
    endedAt: r.endedAt?.toISOString() ?? null,
    live: !r.endedAt,
  });

  const standingView =
    (prizes: readonly string[], memberId: number | null) =>
    (s: { rank: number; memberId: number; username: string; value: bigint }): Standing => ({
      rank: s.rank,
      account: s.memberId === memberId ? s.username : maskAccount(s.username),
      value: String(s.value),
      prize: prizes[s.rank - 1] ?? '0',
      me: s.memberId === memberId,
    });

  /** Board rankings as last read: one entry per board, for its current period and settings. */
  const rankings = new Map<number, { key: string; readAt: number; ranking: Promise<Ranking> }>();
  const rankingOf = (
    merchantId: number,
    boardId: number,
    periodKey: string,
    span: { metric: 'turnover' | 'wins'; gameType: string | null; from: Date; to: Date },
    when: Date,
  ): Promise<Ranking> => {
    const key = `${merchantId}:${periodKey}:${span.metric}:${span.gameType ?? ''}`;
    const kept = rankings.get(boardId);
    if (kept && kept.key === key && when.getTime() - kept.readAt < RANKING_KEPT_MS) return kept.ranking;
    const ranking = data
      .ranking(db, { merchantId, ...span, named: LEADERBOARD_SHOWN + 1 })
      .then((rows) => rankingFrom(rows));
    rankings.set(boardId, { key, readAt: when.getTime(), ranking });
    // A failed read is not kept: the next view reads again.
    ranking.catch(() => {
      if (rankings.get(boardId)?.ranking === ranking) rankings.delete(boardId);
    });
    return ranking;
  };

  const summary = async (m: Member, language: Language, at: Db = db): Promise<MissionSummary> => {
    const when = now();
    const tz = await tzOf(m.merchantId, at);
    const live = await data.liveMissions(at, m.merchantId, when);
    const periods = live.map((x) => periodOf(x, tz, when));
    const claims = live.length
      ? await data.claimsOf(
          at,
          m.memberId,
          periods.map((p) => p.key),
        )
      : [];
    const list: MemberMission[] = [];
    for (const [i, mission] of live.entries()) {
      const p = periods[i]!;
      const claimed = claims.some((c) => c.missionId === mission.id && c.period === p.key);
      const progress = await progressOf(at, mission, m.memberId, p, tz, when);
      list.push(memberView(mission, progress, claimed, p, language));
    }
    const allowed = await mayMarket(m, at);
    return { list, count: allowed ? list.filter((x) => x.status === 'claimable').length : 0, allowed };
  };

  /** Pays a finished period's places; false when that (board, period) was settled before. */
  const settleBoard = async (tx: Db, board: data.BoardRow, p: Period, afterCommit: (fn: () => unknown) => void) => {
    const first = await data.settlePeriod(tx, { leaderboardId: board.id, period: p.key, merchantId: board.merchantId });
    if (!first) return false;
    const top = await data.standings(tx, {
      merchantId: board.merchantId,
      metric: board.metric,
      gameType: board.gameType,
      from: p.from,
      to: p.to,
      top: board.prizes.length,
    });
    for (const s of top) {
      const amount = BigInt(board.prizes[s.rank - 1] ?? '0');
      if (amount <= 0n) continue;
      // A member under a time-out or exclusion keeps the place but is paid no prize (decision 061).
      if (!(await mayMarket({ merchantId: board.merchantId, memberId: s.memberId }, tx))) continue;
      const prize = await data.insertPrize(tx, {
        merchantId: board.merchantId,
        leaderboardId: board.id,
        period: p.key,
        rank: s.rank,
        memberId: s.memberId,
        value: s.value,
        amount,
      });
      if (!prize) continue;
      await wallet.transfer({
        merchantId: board.merchantId,
        key: `leaderboard:${board.id}:${p.key}:${s.rank}`,
        kind: 'leaderboard',
        from: { system: 'bonus', sub: 'leaderboard' },
        to: { member: s.memberId },
        amount,
        reference: `leaderboard:${board.id}`,
        db: tx,
      });
      afterCommit(() => notifications.balanceChanged(s.memberId, 'leaderboard'));
    }
    return true;
  };

  return {
    summary: (m: Member, language: Language) => summary(m, language),

    /**
     * Claims a complete mission's reward for its current period. The claim row's unique key
     * (mission, member, period) is taken in the paying transaction: of concurrent claims one
     * writes it and pays, the others find it taken (409 MISSION_CLAIMED) and change nothing.
     */
    async claim(m: Member, missionId: number, language: Language): Promise<{ mission: MemberMission }> {
      const when = now();
      const mission = await data.mission(db, m.merchantId, missionId);
      const liveNow =
        mission && !mission.endedAt && mission.startsAt <= when && (!mission.endsAt || mission.endsAt > when);
      if (!mission || !liveNow) throw notFound('No such mission');
      const tz = await tzOf(m.merchantId);
      const p = periodOf(mission, tz, when);
      const view = await db.transaction(async (tx) => {
        if (!(await mayMarket(m, tx)))
          throw new AppError('MISSION_NOT_ALLOWED', 'Rewards are paused while a time-out or exclusion lasts', 403);
        const progress = await progressOf(tx, mission, m.memberId, p, tz, when);
        if (progress < mission.target)
          throw new AppError('MISSION_NOT_COMPLETE', 'This mission is not complete yet', 409, {
            progress: String(progress),
            target: String(mission.target),
          });
        const bonus = mission.rewardKind === 'bonus';
        const claim = await data.insertClaim(tx, {
          merchantId: m.merchantId,
          missionId: mission.id,
          memberId: m.memberId,
          period: p.key,
          rewardKind: mission.rewardKind,
          reward: mission.reward,
          wageringRequired: bonus ? mission.reward * BigInt(mission.wageringMultiple) : 0n,
          // A bonus's wagering counts the bets after the wallet's newest posting before its credit.
          sincePostingId: bonus ? await walletRules.mark(tx, m.merchantId, m.memberId) : null,
        });
        if (!claim) throw conflict('MISSION_CLAIMED', 'This mission was claimed already');
        if (mission.rewardKind === 'points') {
          await points.award(tx, { ...m, points: Number(mission.reward), key: `mission:${claim.id}` });
        } else {
          await wallet.transfer({
            merchantId: m.merchantId,
            key: `mission:${claim.id}`,
            kind: 'mission',
            from: { system: 'bonus', sub: 'mission' },
            to: { member: m.memberId },
            amount: mission.reward,
            reference: `mission:${mission.id}`,
            db: tx,
          });
        }
        return memberView(mission, progress, true, p, language);
      });
      await notifications.balanceChanged(m.memberId, 'mission');
      return { mission: view };
    },

    /** Bonus rewards still owing wagering: a wallet-rules requirement source (withdrawals lock on it). */
    async requirements(at: Db, merchantId: number, memberId: number): Promise<Turnover[]> {
      const out: Turnover[] = [];
      for (const c of await data.openWagering(at, memberId)) {
        if (c.merchantId !== merchantId || c.sincePostingId === null) continue;
        const bets = await walletRules.betsSince(at, merchantId, memberId, c.sincePostingId);
        const achieved = bets > c.wageringRequired ? c.wageringRequired : bets;
        if (achieved >= c.wageringRequired) await data.wageringMet(at, c.id);
        else out.push({ required: c.wageringRequired, achieved, remaining: c.wageringRequired - achieved, met: false });
      }
      return out;
    },

    /**
     * Every live leaderboard: the current standings, the member's own place, the last period's
     * winners. The brand's ranking of a board is read once per RANKING_KEPT_MS and shared by every
     * view meanwhile (one read in flight however many members look); the member's own value is read
     * now and placed among the others, so a member sees their own play at once.
     */
    async leaderboards(m: Member, language: Language): Promise<{ list: MemberLeaderboard[] }> {
      const when = now();
      const tz = await tzOf(m.merchantId);
      const list: MemberLeaderboard[] = [];
      for (const b of await data.boards(db, m.merchantId)) {
        if (b.endedAt) continue;
        const p = periodAt(b.period, tz, when);
        const view = standingView(b.prizes, m.memberId);
        const span = { metric: b.metric, gameType: b.gameType, from: p.from, to: p.to };
        const [others, mine] = await Promise.all([
          rankingOf(m.merchantId, b.id, p.key, span, when),
          data.memberStanding(db, { memberId: m.memberId, ...span }),
        ]);
        const placed = place(
          others,
          m.memberId,
          mine && mine.ranked ? { username: mine.username, value: mine.value } : null,
        );
        const previous = periodAt(b.period, tz, new Date(p.from.getTime() - 1));
        list.push({
          id: b.id,
          title: textOf(b.title, language),
          metric: b.metric,
          period: b.period,
          gameType: b.gameType as GameType | null,
          startsAt: p.from.toISOString(),
          endsAt: p.to.toISOString(),
          prizes: b.prizes,
          standings: placed.top.map(view),
          me: placed.me ? view(placed.me) : null,
          last: (await data.prizesOf(db, b.id, previous.key)).map((r) => ({
            ...view(r),
            prize: String(r.amount),
          })),
        });
      }
      return { list };
    },

    /**
     * The job's work for one hour (periodStart, periodEnd]: every board whose day (or week, from
     * Monday) ended in that hour, in its brand's time zone, pays its finished period's places. The
     * hours partition time, so each period ends in exactly one of them; the job runner runs each
     * hour once, and the (board, period) row refuses a second settlement anyway.
     */
    async settleBoards(tx: Db, periodStart: Date, periodEnd: Date, afterCommit: (fn: () => unknown) => void) {
      let settled = 0;
      const zones = new Map<number, string>();
      for (const b of await data.boardsToSettle(tx, new Date(periodStart.getTime() - 8 * DAY))) {
        if (!zones.has(b.merchantId)) zones.set(b.merchantId, await tzOf(b.merchantId, tx));
        const tz = zones.get(b.merchantId)!;
        const current = periodAt(b.period, tz, periodEnd);
        const cutoff = current.from;
        if (cutoff.getTime() <= periodStart.getTime() || cutoff.getTime() > periodEnd.getTime()) continue;
        const ended = periodAt(b.period, tz, new Date(cutoff.getTime() - 1));
        // A board an operator ended before this period's end pays nothing for it.
        if (b.endedAt && b.endedAt.getTime() < ended.to.getTime()) continue;
        if (await settleBoard(tx, b, ended, afterCommit)) settled++;
      }
      return settled;
    },

    /* ------------------------------------------------------------- the console's desk */

    async desk(op: Operator) {
      return {
        missions: (await data.missions(db, op.merchantId)).map(operatorMission),
        leaderboards: (await data.boards(db, op.merchantId)).map(operatorBoard),
      };
    },

    async save(op: Operator, body: MissionInput, ip: string) {
      const values: data.MissionValues = {
        title: body.title,
        period: body.period,
        kind: body.kind,
        gameType: body.kind === 'turnover' || body.kind === 'rounds' ? (body.gameType ?? null) : null,
        target: BigInt(body.target),
        rewardKind: body.rewardKind,
        reward: BigInt(body.reward),
        wageringMultiple: body.rewardKind === 'bonus' ? (body.wageringMultiple ?? 0) : 0,
        startsAt: body.startsAt ? new Date(body.startsAt) : now(),
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        sort: body.sort ?? 0,
      };
      const saved =
        body.id === undefined
          ? await data.insertMission(db, op.merchantId, values)
          : await data.updateMission(db, op.merchantId, body.id, values);
      if (!saved) throw notFound('No such mission, or it has ended');
      await audit(
        op,
        body.id === undefined ? 'mission.create' : 'mission.update',
        `mission:${saved.id}`,
        { kind: saved.kind, period: saved.period, target: String(saved.target), reward: String(saved.reward) },
        ip,
      );
      return operatorMission(saved);
    },

    async end(op: Operator, id: number, ip: string) {
      const r = await data.endMission(db, op.merchantId, id);
      if (!r) throw notFound('No such mission');
      await audit(op, 'mission.end', `mission:${id}`, {}, ip);
      return operatorMission(r);
    },

    async saveBoard(op: Operator, body: LeaderboardInput, ip: string) {
      const saved =
        body.id === undefined
          ? await data.insertBoard(db, op.merchantId, body)
          : await data.updateBoard(db, op.merchantId, body.id, body);
      if (!saved) throw notFound('No such leaderboard, or it has ended');
      await audit(
        op,
        body.id === undefined ? 'leaderboard.create' : 'leaderboard.update',
        `leaderboard:${saved.id}`,
        { metric: saved.metric, period: saved.period, prizes: saved.prizes },
        ip,
      );
      return operatorBoard(saved);
    },

    async endBoard(op: Operator, id: number, ip: string) {
      const r = await data.endBoard(db, op.merchantId, id);
      if (!r) throw notFound('No such leaderboard');
      await audit(op, 'leaderboard.end', `leaderboard:${id}`, {}, ip);
      return operatorBoard(r);
    },

    /** Completions per mission and prizes per board over the last `days` days. */
    async report(op: Operator, days: number): Promise<MissionReport> {
      const since = new Date(now().getTime() - days * DAY);
      const all = await data.missions(db, op.merchantId);
      const rows = await data.missionReport(db, op.merchantId, since);
      const boards = await data.boards(db, op.merchantId);
      const prizes = await data.boardReport(db, op.merchantId, since);
      return {
        days,
        missions: all.map((x) => {
          const r = rows.find((y) => y.missionId === x.id);
          return {
            missionId: x.id,
            title: textOf(x.title, 'PT'),
            period: x.period,
            rewardKind: x.rewardKind,
            claims: r?.claims ?? 0,
            members: r?.members ?? 0,
            paid: String(r?.paid ?? 0n),
          };
        }),
        leaderboards: boards.map((b) => {
          const r = prizes.find((y) => y.leaderboardId === b.id);
          return {
            leaderboardId: b.id,
            title: textOf(b.title, 'PT'),
            periods: r?.periods ?? 0,
            winners: r?.winners ?? 0,
            paid: String(r?.paid ?? 0n),
          };
        }),
      };
    },
  };
};

export type MissionService = ReturnType<typeof createMissionService>;
