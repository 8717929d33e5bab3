import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardValue, ReportDayRow } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, operatorToken } from '../../../test/factories/wallet.ts';
import { seedAccounts } from '../../seed/accounts.ts';
import { seedCatalog } from '../../seed/catalog.ts';
import { DEMO_HISTORY, seedHistory } from '../../seed/history.ts';
import { seedWallet } from '../../seed/wallet.ts';
import { addDays, localToday } from './dashboard/period.ts';

/**
 * The dashboard's daily roll-up (decision 088) against the live computation on weeks of demo
 * history: the same dashboard (periods, day rows, previous period, slices, active players) and the
 * same day report, read live (no roll-up) and through the roll-up, after marking and unmarking a
 * test account, after a late settlement of a round of a closed day, after re-runs; the job runs once
 * per minute whatever the number of calls.
 */
let t: TestApp;
let merchantId: number;
let timezone: string;
let finance: string;
let today: string;

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

const dashboard = async (query: string) => {
  const res = await t.call<DashboardValue>({
    method: 'GET',
    url: `/wps/operator/dashboard?${query}`,
    headers: bearer(finance),
  });
  expect(res.status).toBe(200);
  return res.body.value!;
};
const dayReport = async (from: string, to: string) => {
  const res = await t.call<{ rows: ReportDayRow[]; totals: ReportDayRow }>({
    method: 'GET',
    url: `/wps/operator/reports/days?from=${from}&to=${to}`,
    headers: bearer(finance),
  });
  expect(res.status).toBe(200);
  return res.body.value!;
};

/** Everything the figures are read for: four dashboard periods and the day report of the whole history. */
const everything = async () => ({
  today: await dashboard('period=today'),
  yesterday: await dashboard('period=yesterday'),
  week: await dashboard('period=7d'),
  month: await dashboard('period=30d'),
  range: await dashboard(`period=range&from=${addDays(today, -40)}&to=${today}`),
  report: await dayReport(addDays(today, -40), today),
});

/**
 * The same, read live: the roll-up is set aside by giving its state another time zone (the reads
 * then ignore it, as after a brand's time zone changes) and put back untouched afterwards.
 */
const live = async () => {
  await t.ctx.db.execute(sql`UPDATE dashboard_state SET timezone = 'UTC' WHERE merchant_id = ${merchantId}`);
  try {
    return await everything();
  } finally {
    await t.ctx.db.execute(sql`UPDATE dashboard_state SET timezone = ${timezone} WHERE merchant_id = ${merchantId}`);
  }
};

const rollup = (now = new Date()) => t.ctx.dashboardRollup.rollupAll(t.ctx.db, now, { settleMs: 0, catchUp: true });

const state = async () =>
  (
    await rows<{ upto: number; rolled: string | null }>(
      sql`SELECT ledger_upto::int AS upto, to_char(play_rolled_to, 'YYYY-MM-DD') AS rolled FROM dashboard_state WHERE merchant_id = ${merchantId}`,
    )
  )[0];

const memberId = async (username: string) => (await t.ctx.accounts.findByUsername(merchantId, username))!.id;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
  timezone = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
  today = localToday(timezone);
  await seedAccounts(t.ctx);
  await seedCatalog(t.ctx);
  await seedWallet(t.ctx);
  expect(await seedHistory(t.ctx)).toBe(true);
  finance = await operatorToken(t, 'finance');
}, 120_000);
afterAll(() => t.close());

describe('the dashboard roll-up', () => {
  it('equals the live figures once it has rolled up weeks of history, and is what the dashboard reads', async () => {
    expect(await state()).toBeUndefined();
    const before = await everything();
    expect(before.month.days.filter((d) => d.bets !== '0').length).toBeGreaterThanOrEqual(25);

    // One run rolls up at most a month of closed days; the days after it stay live until the next.
    await t.ctx.dashboardRollup.rollupAll(t.ctx.db, new Date(), { settleMs: 0 });
    const first = (await state())!;
    expect(first.upto).toBeGreaterThan(0);
    expect(first.rolled! < addDays(today, -1)).toBe(true);
    expect(await everything()).toEqual(before);
    await rollup();
    const s = (await state())!;
    expect(s.rolled).toBe(addDays(today, -1));
    const [money] = await rows<{ days: number; bets: string }>(
      sql`SELECT count(*)::int AS days, sum(bets)::text AS bets FROM dashboard_money_days WHERE merchant_id = ${merchantId}`,
    );
    expect(money!.days).toBeGreaterThanOrEqual(25);
    const [play] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM dashboard_play_days WHERE merchant_id = ${merchantId}`,
    );
    expect(play!.n).toBeGreaterThan(100);

    expect(await everything()).toEqual(before);
    expect(await live()).toEqual(before);

    // The dashboard reads the roll-up: a (deliberately wrong) rolled-up day shows through.
    await t.ctx.db.execute(
      sql`UPDATE dashboard_money_days SET deposits = deposits + 1 WHERE merchant_id = ${merchantId} AND day = ${addDays(today, -2)}::date`,
    );
    const skewed = await dashboard('period=7d');
    expect(BigInt(skewed.totals.deposits)).toBe(BigInt(before.week.totals.deposits) + 1n);
    await t.ctx.db.execute(
      sql`UPDATE dashboard_money_days SET deposits = deposits - 1 WHERE merchant_id = ${merchantId} AND day = ${addDays(today, -2)}::date`,
    );
  }, 120_000);

  it('re-runs change nothing: the cursor has passed every movement and closed days are not summed again', async () => {
    const before = await everything();
    const s = await state();
    const sums = async () =>
      rows(sql`SELECT * FROM dashboard_money_days WHERE merchant_id = ${merchantId} ORDER BY day`);
    const money = await sums();
    await rollup();
    await rollup(new Date(Date.now() + 60_000));
    expect(await state()).toEqual(s);
    expect(await sums()).toEqual(money);
    expect(await everything()).toEqual(before);
  }, 120_000);

  it('a test account leaves every figure, past days included, the moment it is marked, and comes back unmarked', async () => {
    // The busiest history member, so the figures move.
    const [busiest] = await rows<{ id: number }>(sql`
      SELECT member_id AS id FROM game_rounds WHERE merchant_id = ${merchantId} AND provider = ${DEMO_HISTORY.provider}
       GROUP BY member_id ORDER BY count(*) DESC, member_id LIMIT 1`);
    const before = await everything();
    const mark = await t.call({
      method: 'POST',
      url: '/wps/operator/members/test-account',
      headers: bearer(finance),
      payload: { memberId: busiest!.id, reason: 'load test account' },
    });
    expect(mark.status).toBe(200);
    const marked = await everything();
    expect(marked.month.totals.bets).not.toBe(before.month.totals.bets);
    expect(marked.month.totals.activePlayers).toBe(before.month.totals.activePlayers - 1);
    expect(marked.range.byGameType).not.toEqual(before.range.byGameType);
    expect(await live()).toEqual(marked);
    // The job changes nothing about it: the roll-up holds every member, the reads leave test accounts out.
    await rollup();
    expect(await everything()).toEqual(marked);

    const unmark = await t.call({
      method: 'POST',
      url: '/wps/operator/members/test-account/unmark',
      headers: bearer(finance),
      payload: { memberId: busiest!.id, reason: 'a real player after all' },
    });
    expect(unmark.status).toBe(200);
    expect(await everything()).toEqual(before);
    expect(await live()).toEqual(before);
  }, 120_000);

  it('a late settlement of a closed day: money at once, play after the next run, equal to the live figures', async () => {
    const member = await memberId(`${DEMO_HISTORY.prefix}007`);
    const [round] = await rows<{ id: number; roundId: string; gameCode: string; gameType: string }>(sql`
      SELECT id, round_id AS "roundId", game_code AS "gameCode", game_type AS "gameType" FROM game_rounds
       WHERE member_id = ${member} AND status = 'closed'
         AND started_at < (${addDays(today, -3)}::date)::timestamp AT TIME ZONE ${timezone}
       ORDER BY started_at DESC LIMIT 1`);
    expect(round).toBeDefined();
    const before = await everything();
    // The vendor's late win for that round: the ledger's movement is today's, the round's day is its start's.
    await t.ctx.wallet.win({
      merchantId,
      memberId: member,
      amount: 777n,
      key: `late-win:${round!.id}`,
      roundRef: round!.roundId,
      gameRef: round!.gameCode,
      gameType: round!.gameType,
    });
    await t.ctx.db.execute(
      sql`UPDATE game_rounds SET win_total = win_total + 777, updated_at = now() WHERE id = ${round!.id}`,
    );
    const moved = await everything();
    expect(BigInt(moved.today.totals.wins)).toBe(BigInt(before.today.totals.wins) + 777n);
    expect(moved.today.totals).toEqual((await live()).today.totals);

    await rollup(new Date(Date.now() + 60_000));
    const after = await everything();
    const l = await live();
    expect(after).toEqual(l);
    const ggrOf = (v: DashboardValue) => v.byGameType.reduce((n, s) => n + BigInt(s.ggr), 0n);
    expect(ggrOf(after.range)).toBe(ggrOf(before.range) - 777n);
  }, 120_000);

  it('runs as the backoffice.rollup job once a minute, however often the runner is asked', async () => {
    const now = new Date(Date.now() + 5 * 60_000);
    for (let i = 0; i < 2; i++) {
      await t.ctx.jobs.schedulePeriods(now);
      await t.ctx.jobs.runDue({ now });
    }
    const jobs = await rows<{ key: string; status: string }>(
      sql`SELECT key, state AS status FROM jobs WHERE name = 'backoffice.rollup' ORDER BY key`,
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(jobs.length);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    expect(await everything()).toEqual(await live());
  }, 120_000);

  it('starts over when the brand changes time zone', async () => {
    await t.ctx.merchants.update(merchantId, { timezone: 'Asia/Ho_Chi_Minh' });
    try {
      await rollup();
      const [s] = await rows<{ timezone: string }>(
        sql`SELECT timezone FROM dashboard_state WHERE merchant_id = ${merchantId}`,
      );
      expect(s!.timezone).toBe('Asia/Ho_Chi_Minh');
      const [wrongDays] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM dashboard_money_days WHERE merchant_id = ${merchantId}`,
      );
      expect(wrongDays!.n).toBeGreaterThan(0);
    } finally {
      await t.ctx.merchants.update(merchantId, { timezone });
    }
    await rollup();
    expect(await everything()).toEqual(await live());
  }, 120_000);
});
