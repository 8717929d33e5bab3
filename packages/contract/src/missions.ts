import { z } from 'zod';
import { localizedText } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { gameType, language } from './enums.ts';
import { serialId } from './input.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { missionOperatorRoutes, missionRoutes } from './routes/missions.ts';

/**
 * Missions and leaderboards (issue 20, decision 073). A mission is an operator's configuration: a
 * period (daily, weekly by the brand's calendar, or once), a kind with a target, and a reward in
 * cash, bonus (with wagering) or points. A member's progress is read from what they did in the
 * period (credited deposits, settled rounds, logins, invitees who deposited); a complete mission is
 * claimed once per (mission, member, period). A leaderboard ranks members by settled turnover or
 * wins over a day or a week; its prizes are paid once per (leaderboard, period) after it ends.
 */

export const MISSION_PERIODS = ['daily', 'weekly', 'once'] as const;
export const missionPeriod = z.enum(MISSION_PERIODS);
export type MissionPeriod = z.infer<typeof missionPeriod>;

/**
 * deposit: credited deposits reach the target (minor units); turnover: settled turnover (minor
 * units) on a game type or all; rounds: settled rounds; login_days: logins on that many brand days
 * in a row (ending today); invite: invitees whose first deposit was credited in the period.
 */
export const MISSION_KINDS = ['deposit', 'turnover', 'rounds', 'login_days', 'invite'] as const;
export const missionKind = z.enum(MISSION_KINDS);
export type MissionKind = z.infer<typeof missionKind>;

/** cash: minor units; bonus: minor units with wagering (amount × multiple); points: whole points. */
export const MISSION_REWARDS = ['cash', 'bonus', 'points'] as const;
export const missionReward = z.enum(MISSION_REWARDS);
export type MissionRewardKind = z.infer<typeof missionReward>;

export const MISSION_STATUSES = ['in_progress', 'claimable', 'claimed'] as const;
export const missionStatus = z.enum(MISSION_STATUSES);

export const LEADERBOARD_METRICS = ['turnover', 'wins'] as const;
export const leaderboardMetric = z.enum(LEADERBOARD_METRICS);
export const LEADERBOARD_PERIODS = ['daily', 'weekly'] as const;
export const leaderboardPeriod = z.enum(LEADERBOARD_PERIODS);

/** Kinds whose target is money (minor units); the others count. */
export const MONEY_MISSION_KINDS: readonly MissionKind[] = ['deposit', 'turnover'];
/** The most places a leaderboard pays. */
export const MAX_LEADERBOARD_PRIZES = 20;
/** Places shown in the standings. */
export const LEADERBOARD_SHOWN = 10;

export const memberMission = z.object({
  id: z.number(),
  title: z.string(),
  period: missionPeriod,
  kind: missionKind,
  gameType: gameType.nullable(),
  target: minorUnitsOut,
  progress: minorUnitsOut,
  rewardKind: missionReward,
  reward: minorUnitsOut,
  wageringMultiple: z.number(),
  status: missionStatus,
  /** When the current period ends (the next daily or weekly start); null for one-off missions. */
  periodEndsAt: z.string().nullable(),
});
export type MemberMission = z.infer<typeof memberMission>;

export const missionSummary = z.object({
  list: z.array(memberMission),
  /** Missions complete and not claimed yet (the member menu's badge). */
  count: z.number(),
  /** Player protection: under a time-out or exclusion nothing can be claimed. */
  allowed: z.boolean(),
});
export type MissionSummary = z.infer<typeof missionSummary>;

export const standing = z.object({
  rank: z.number(),
  /** The member's account, partly masked (the member's own is shown whole). */
  account: z.string(),
  value: minorUnitsOut,
  /** The prize this place pays at the period's end ("0": none). */
  prize: minorUnitsOut,
  me: z.boolean(),
});
export type Standing = z.infer<typeof standing>;

export const memberLeaderboard = z.object({
  id: z.number(),
  title: z.string(),
  metric: leaderboardMetric,
  period: leaderboardPeriod,
  gameType: gameType.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  prizes: z.array(minorUnitsOut),
  standings: z.array(standing),
  /** The member's own place now (null: nothing yet in this period). */
  me: standing.nullable(),
  /** The last finished period's paid places. */
  last: z.array(standing),
});
export type MemberLeaderboard = z.infer<typeof memberLeaderboard>;

const languageQuery = z.strictObject({ language: language.default('PT') });

export const missionEndpoints = {
  /** The mission summary: every live mission with the member's progress in its current period. */
  missions: defineEndpoint({ ...missionRoutes.missions, query: languageQuery, response: missionSummary }),
  /** Claims a complete mission; 409 MISSION_NOT_COMPLETE / MISSION_CLAIMED, 403 MISSION_NOT_ALLOWED. */
  claim: defineEndpoint({
    ...missionRoutes.claim,
    body: z.strictObject({ missionId: serialId, language: language.default('PT') }),
    response: z.object({ mission: memberMission }),
  }),
  leaderboards: defineEndpoint({
    ...missionRoutes.leaderboards,
    query: languageQuery,
    response: z.object({ list: z.array(memberLeaderboard) }),
  }),
};

/* ----------------------------------------------------------------- the console's desk */

const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO date-time such as 2026-01-31T12:00:00Z' });
const positive = (what: string) => amountField(`${what}: a whole number above 0`, { notZero: true });

export const missionInput = z
  .strictObject({
    id: serialId.optional(),
    title: localizedText(80),
    period: missionPeriod,
    kind: missionKind,
    /** turnover and rounds only: one game type (null or absent: every type). */
    gameType: gameType.nullable().optional(),
    /** Minor units for deposit and turnover; a count for the others. */
    target: positive('Target'),
    rewardKind: missionReward,
    /** Minor units for cash and bonus; whole points for points. */
    reward: positive('Reward'),
    /** Bonus only: the wagering as a multiple of the bonus (0–100). */
    wageringMultiple: z.number().int().min(0).max(100).optional(),
    startsAt: isoTime.optional(),
    endsAt: isoTime.nullable().optional(),
    sort: z.number().int().min(-100000).max(100000).optional(),
  })
  .superRefine((v, ctx) => {
    const count = !MONEY_MISSION_KINDS.includes(v.kind);
    if (count && v.target.length > 5)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'At most 99999 for a count' });
    if (v.kind === 'login_days' && Number(v.target) > 366)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'At most 366 days in a row' });
    if (v.gameType && v.kind !== 'turnover' && v.kind !== 'rounds')
      ctx.addIssue({
        code: 'custom',
        path: ['gameType'],
        message: 'Only turnover and rounds missions have a game type',
      });
    if (v.rewardKind === 'points' && v.reward.length > 9)
      ctx.addIssue({ code: 'custom', path: ['reward'], message: 'At most 999999999 points' });
    if (v.rewardKind !== 'bonus' && (v.wageringMultiple ?? 0) > 0)
      ctx.addIssue({ code: 'custom', path: ['wageringMultiple'], message: 'Only a bonus has wagering' });
    if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  });
export type MissionInput = z.infer<typeof missionInput>;

export const leaderboardInput = z.strictObject({
  id: serialId.optional(),
  title: localizedText(80),
  metric: leaderboardMetric,
  period: leaderboardPeriod,
  gameType: gameType.nullable().optional(),
  /** The prize of each place from the first (minor units). */
  prizes: z
    .array(amountField('Prize: a whole amount in minor units', { notZero: true }))
    .min(1, 'Give at least the first place’s prize')
    .max(MAX_LEADERBOARD_PRIZES),
});
export type LeaderboardInput = z.infer<typeof leaderboardInput>;

export const operatorMission = z.object({
  id: z.number(),
  title: z.partialRecord(language, z.string()),
  period: missionPeriod,
  kind: missionKind,
  gameType: gameType.nullable(),
  target: minorUnitsOut,
  rewardKind: missionReward,
  reward: minorUnitsOut,
  wageringMultiple: z.number(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  live: z.boolean(),
  sort: z.number(),
});
export type OperatorMission = z.infer<typeof operatorMission>;

export const operatorLeaderboard = z.object({
  id: z.number(),
  title: z.partialRecord(language, z.string()),
  metric: leaderboardMetric,
  period: leaderboardPeriod,
  gameType: gameType.nullable(),
  prizes: z.array(minorUnitsOut),
  endedAt: z.string().nullable(),
  live: z.boolean(),
});
export type OperatorLeaderboard = z.infer<typeof operatorLeaderboard>;

export const missionReport = z.object({
  days: z.number(),
  missions: z.array(
    z.object({
      missionId: z.number(),
      title: z.string(),
      period: missionPeriod,
      rewardKind: missionReward,
      /** Claims (completions paid) in the last `days` days. */
      claims: z.number(),
      members: z.number(),
      /** Cash or bonus in minor units, or points. */
      paid: minorUnitsOut,
    }),
  ),
  leaderboards: z.array(
    z.object({
      leaderboardId: z.number(),
      title: z.string(),
      periods: z.number(),
      winners: z.number(),
      paid: minorUnitsOut,
    }),
  ),
});
export type MissionReport = z.infer<typeof missionReport>;

const idBody = z.strictObject({ id: serialId });

export const missionOperatorEndpoints = {
  list: defineEndpoint({
    ...missionOperatorRoutes.list,
    response: z.object({ missions: z.array(operatorMission), leaderboards: z.array(operatorLeaderboard) }),
  }),
  /** Creates (no id) or edits a mission. */
  save: defineEndpoint({ ...missionOperatorRoutes.save, body: missionInput, response: operatorMission }),
  end: defineEndpoint({ ...missionOperatorRoutes.end, body: idBody, response: operatorMission }),
  saveBoard: defineEndpoint({
    ...missionOperatorRoutes.saveBoard,
    body: leaderboardInput,
    response: operatorLeaderboard,
  }),
  endBoard: defineEndpoint({ ...missionOperatorRoutes.endBoard, body: idBody, response: operatorLeaderboard }),
  report: defineEndpoint({
    ...missionOperatorRoutes.report,
    query: z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(7) }),
    response: missionReport,
  }),
};
