import type { TeamFigures } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { periodOf, previousPeriod } from '../contracts/periods.ts';
import { teamCountsBetween, type AgentSelf } from '../service.ts';
import type { ReportPeriod } from '../team/period.ts';
import * as data from './data.ts';

export type { StatsTotals } from './data.ts';

/** How long after a local midnight yesterday is still re-summed (rounds that closed just before it). */
const YESTERDAY_MS = 15 * 60_000;
/** Ledger movements younger than this wait for the next run (they may not have committed in id order). */
const LEDGER_SETTLE_MS = 30_000;
const LEDGER_BATCH = 50_000;

/** Brings one brand's member_daily_stats up to date: today's (and just after midnight yesterday's) rounds, new ledger movements. */
export const rollupMerchant = async (db: Db, m: { id: number; timezone: string }, now: Date) => {
  const today = periodOf('daily', now, m.timezone);
  const days = [today];
  if (now.getTime() - today.start.getTime() < YESTERDAY_MS) days.push(previousPeriod(today, m.timezone));
  for (const d of days) await data.rollupRoundsDay(db, { merchantId: m.id, day: d.key, start: d.start, end: d.end });
  const cursor = await data.readCursor(db, m.id, 'ledger', true);
  const after = cursor?.position ?? 0;
  const upto = await data.ledgerSafeUpTo(db, m.id, after, new Date(now.getTime() - LEDGER_SETTLE_MS), LEDGER_BATCH);
  await data.rollupLedger(db, { merchantId: m.id, after, upto, timezone: m.timezone });
  await data.writeCursor(db, m.id, 'ledger', upto, now);
  await data.writeCursor(db, m.id, 'rounds', 0, now);
};

export const rollupAll = async (db: Db, now: Date) => {
  for (const m of await data.merchantZones(db)) await rollupMerchant(db, m, now);
};

/** Re-sums rounds for a range of local days (history, or after a correction). */
export const rollupDays = async (db: Db, m: { id: number; timezone: string }, from: Date, to: Date) => {
  for (
    let d = periodOf('daily', from, m.timezone);
    d.start.getTime() < to.getTime();
    d = periodOf('daily', d.end, m.timezone)
  ) {
    await data.rollupRoundsDay(db, { merchantId: m.id, day: d.key, start: d.start, end: d.end });
  }
};

export const merchantZones = (db: Db, id?: number) => data.merchantZones(db, id);
export type { MerchantZone } from './data.ts';

export const statsAsOf = async (db: Db, merchantId: number) =>
  (await data.readCursor(db, merchantId, 'rounds'))?.ranAt ?? null;

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

/**
 * Team overviews answered since the last roll-up, per database (one per process, or per test
 * file): the figures only change when the roll-up runs, so an answer is reused until the next run
 * (and for at most a minute, for the team size and new members read live). The first view of a
 * huge team after each roll-up pays the full scan; the views after it do not.
 */
const overviews = new WeakMap<
  object,
  Map<string, { asOf: number; at: number; value: Awaited<ReturnType<typeof computeOverview>> }>
>();
const OVERVIEW_TTL_MS = 60_000;
const OVERVIEW_CACHE_MAX = 10_000;

export const forgetOverviews = (db: Db) => overviews.delete(db);

const computeOverview = async (db: Db, agent: AgentSelf, p: ReportPeriod, asOf: Date | null) => {
  const [counts, totals] = await Promise.all([
    teamCountsBetween(db, agent, p.start, p.end),
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

/** Team overview: the direct downlines and the whole team below the agent, over a period. */
export const teamOverview = async (db: Db, agent: AgentSelf, p: ReportPeriod) => {
  const asOf = await statsAsOf(db, agent.merchantId);
  let cache = overviews.get(db);
  if (!cache) overviews.set(db, (cache = new Map()));
  const key = `${agent.id}|${p.fromDay}|${p.toDay}`;
  const hit = cache.get(key);
  const stamp = asOf?.getTime() ?? 0;
  if (hit && hit.asOf === stamp && Date.now() - hit.at < OVERVIEW_TTL_MS) return hit.value;
  const value = await computeOverview(db, agent, p, asOf);
  if (cache.size >= OVERVIEW_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { asOf: stamp, at: Date.now(), value });
  return value;
};

export const memberTotals = (db: Db, ids: readonly number[], fromDay: string, toDay: string) =>
  data.memberTotals(db, ids, fromDay, toDay);
export const memberStatements = (db: Db, q: Parameters<typeof data.memberStatements>[1]) =>
  data.memberStatements(db, q);
