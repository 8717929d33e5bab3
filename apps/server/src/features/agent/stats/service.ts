import type { TeamFigures } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { KindMatch, WalletReports } from '../../wallet/reports/service.ts';
import { periodOf, previousPeriod } from '../contracts/periods.ts';
import type { AgentSelf, AgentService } from '../service.ts';
import type { ReportPeriod } from '../team/period.ts';
import * as data from './data.ts';

export type { MerchantZone, StatsTotals } from './data.ts';

/** How long after a local midnight yesterday is still re-summed (rounds that closed just before it). */
const YESTERDAY_MS = 15 * 60_000;
/** Ledger movements younger than this wait for the next run (they may not have committed in id order). */
const LEDGER_SETTLE_MS = 30_000;
const LEDGER_BATCH = 50_000;
/** Ledger kinds counted as a member's deposits and (net) withdrawals. */
const DEPOSITS: KindMatch = { like: ['deposit'] };
const WITHDRAWALS: KindMatch = { like: ['withdraw%'] };

const OVERVIEW_TTL_MS = 60_000;
const OVERVIEW_CACHE_MAX = 10_000;

const figures = (size: number, newMembers: number, t: data.StatsTotals): TeamFigures => ({
  size,
  newMembers,
  activeMembers: t.active,
  deposits: t.deposit.toString(),
  withdrawals: t.withdrawal.toString(),
  rounds: t.rounds,
  bets: t.bet.toString(),
  validBets: t.validBet.toString(),
  wins: t.win.toString(),
  profitLoss: (t.win - t.bet).toString(),
});

export interface StatsDeps {
  db: Db;
  agents: AgentService;
  walletReports: Pick<WalletReports, 'settledUpTo' | 'depositsAndWithdrawalsByDay'>;
}

/**
 * The team figures read model (decision 017): the roll-up into member_daily_stats that the
 * agent.stats job runs in its own transaction (`tx`), and the team totals the reports read.
 */
export const createAgentStatsService = ({ db, agents, walletReports }: StatsDeps) => {
  const statsAsOf = async (merchantId: number) => (await data.readCursor(db, merchantId, 'rounds'))?.ranAt ?? null;

  /** Brings one brand's member_daily_stats up to date: today's (and just after midnight yesterday's) rounds, new ledger movements. */
  const rollupMerchant = async (tx: Db, m: { id: number; timezone: string }, now: Date) => {
    const today = periodOf('daily', now, m.timezone);
    const days = [today];
    if (now.getTime() - today.start.getTime() < YESTERDAY_MS) days.push(previousPeriod(today, m.timezone));
    for (const d of days) await data.rollupRoundsDay(tx, { merchantId: m.id, day: d.key, start: d.start, end: d.end });
    const cursor = await data.readCursor(tx, m.id, 'ledger', true);
    const after = cursor?.position ?? 0;
    const upto = await walletReports.settledUpTo(
      { merchantId: m.id, afterId: after, before: new Date(now.getTime() - LEDGER_SETTLE_MS), batch: LEDGER_BATCH },
      tx,
    );
    if (upto > after) {
      const moved = await walletReports.depositsAndWithdrawalsByDay(
        {
          merchantId: m.id,
          afterId: after,
          uptoId: upto,
          timezone: m.timezone,
          deposits: DEPOSITS,
          withdrawals: WITHDRAWALS,
        },
        tx,
      );
      await data.addMoneyDays(tx, moved);
    }
    await data.writeCursor(tx, m.id, 'ledger', upto, now);
    await data.writeCursor(tx, m.id, 'rounds', 0, now);
  };

  /**
   * Team overviews answered since the last roll-up: the figures only change when the roll-up
   * runs, so an answer is reused until the next run (and for at most a minute, for the team size
   * and new members read live). The first view of a huge team after each roll-up pays the full
   * scan; the views after it do not.
   */
  type Overview = Awaited<ReturnType<typeof computeOverview>>;
  const overviews = new Map<string, { asOf: number; at: number; value: Overview }>();

  const computeOverview = async (agent: AgentSelf, p: ReportPeriod, asOf: Date | null) => {
    const [counts, totals] = await Promise.all([
      agents.teamCountsBetween(agent, p.start, p.end),
      data.teamAndDirectTotals(db, {
        merchantId: agent.merchantId,
        agentId: agent.id,
        prefix: agent.prefix,
        fromDay: p.fromDay,
        toDay: p.toDay,
      }),
    ]);
    return {
      direct: figures(counts.direct, counts.directNew, totals.direct),
      team: figures(counts.team, counts.teamNew, totals.team),
      asOf: asOf?.toISOString() ?? null,
    };
  };

  return {
    rollupMerchant,

    async rollupAll(tx: Db, now: Date) {
      for (const m of await data.merchantZones(tx)) await rollupMerchant(tx, m, now);
    },

    /** Re-sums rounds for a range of local days (history, or after a correction). */
    async rollupDays(tx: Db, m: { id: number; timezone: string }, from: Date, to: Date) {
      for (
        let d = periodOf('daily', from, m.timezone);
        d.start.getTime() < to.getTime();
        d = periodOf('daily', d.end, m.timezone)
      ) {
        await data.rollupRoundsDay(tx, { merchantId: m.id, day: d.key, start: d.start, end: d.end });
      }
    },

    /** Brands' time zones and contract switches, through the caller's transaction (jobs). */
    merchantZones: (tx: Db, id?: number) => data.merchantZones(tx, id),

    statsAsOf,

    /** Team overview: the direct downlines and the whole team below the agent, over a period. */
    async teamOverview(agent: AgentSelf, p: ReportPeriod) {
      const asOf = await statsAsOf(agent.merchantId);
      const key = `${agent.id}|${p.fromDay}|${p.toDay}`;
      const hit = overviews.get(key);
      const stamp = asOf?.getTime() ?? 0;
      if (hit && hit.asOf === stamp && Date.now() - hit.at < OVERVIEW_TTL_MS) return hit.value;
      const value = await computeOverview(agent, p, asOf);
      if (overviews.size >= OVERVIEW_CACHE_MAX) overviews.delete(overviews.keys().next().value!);
      overviews.set(key, { asOf: stamp, at: Date.now(), value });
      return value;
    },

    /** The whole team's valid bets, active members and profit and loss per local day. */
    teamTrend: (agent: AgentSelf, fromDay: string, toDay: string) =>
      data.teamTrend(db, { merchantId: agent.merchantId, agentId: agent.id, prefix: agent.prefix, fromDay, toDay }),

    /** Forgets every cached overview (the bench measures the first view after a roll-up). */
    forgetOverviews: () => overviews.clear(),

    memberTotals: (ids: readonly number[], fromDay: string, toDay: string) =>
      data.memberTotals(db, ids, fromDay, toDay),
    memberStatements: (q: Parameters<typeof data.memberStatements>[1]) => data.memberStatements(db, q),
  };
};

export type AgentStatsService = ReturnType<typeof createAgentStatsService>;
