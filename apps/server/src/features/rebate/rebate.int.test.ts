import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateOverview, RebatePayout, RebateReport, RebateSettings } from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, createMember, operatorToken, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { startOfDay } from '../provider/history/service.ts';
import { registerRebateJobs } from './jobs.ts';
import { createRebateService } from './service.ts';

let t: TestApp;
let finance: string;
let content: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
});
afterAll(() => t.close());

const member = async () => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const overview = async (token: string) =>
  (await t.call<RebateOverview>({ method: 'GET', url: '/wps/v2/rebate', headers: bearer(token) })).body.value;
const claim = (token: string) =>
  t.call<{ total: string; paid: RebatePayout[] }>({
    method: 'POST',
    url: '/wps/v2/rebate/claim',
    headers: bearer(token),
    payload: {},
  });
const cash = async (m: TestMember) => (await t.ctx.wallet.balance(m.merchantId, m.id)).balance;
const rebateLedger = async (m: TestMember) =>
  rowsOf<{ n: number; total: string }>(
    await t.ctx.db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(p.amount), 0)::text AS total
        FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE x.kind = 'rebate' AND a.owner_id = ${m.id}`),
  )[0]!;

let roundSeq = 0;
/** A closed round of the member's, ended at `at`. */
const round = (m: TestMember, gameType: string, bet: bigint, at: Date, refund = 0n, status = 'closed') =>
  t.ctx.db.execute(sql`
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status,
                             currency, bet_total, win_total, refund_total, started_at, ended_at)
    VALUES (${m.merchantId}, ${m.id}, 'TEST', ${`rb-${++roundSeq}`}, 'TEST', 'g1', ${gameType}, ${status}, 'BRL',
            ${bet}, 0, ${refund}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);

const save = (body: object, token = finance) =>
  t.call<RebateSettings>({ method: 'PUT', url: '/wps/operator/rebate', headers: bearer(token), payload: body });

describe('rebate rates desk', () => {
  it('finance sets a rate per game type; bad rates are refused and change nothing', async () => {
    const ok = await save({
      rates: [
        { gameType: 'RNG', rateBp: 100 },
        { gameType: 'LIVE', rateBp: 50 },
        { gameType: 'FISH', rateBp: 0 },
      ],
      dailyAuto: false,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value.rates).toEqual([
      { gameType: 'LIVE', rateBp: 50 },
      { gameType: 'RNG', rateBp: 100 },
    ]);
    for (const bad of [
      { rates: [{ gameType: 'RNG', rateBp: 1001 }], dailyAuto: false },
      { rates: [{ gameType: 'RNG', rateBp: 1.5 }], dailyAuto: false },
      { rates: [{ gameType: 'NOPE', rateBp: 10 }], dailyAuto: false },
      {
        rates: [
          { gameType: 'RNG', rateBp: 10 },
          { gameType: 'RNG', rateBp: 20 },
        ],
        dailyAuto: false,
      },
      { rates: [], dailyAuto: 'yes' },
    ]) {
      const r = await save(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await save({ rates: [], dailyAuto: true }, content)).status).toBe(403);
    const now = await t.call<RebateSettings>({ method: 'GET', url: '/wps/operator/rebate', headers: bearer(content) });
    expect(now.body.value).toEqual({
      level: 0,
      levels: [{ level: 0, name: null }],
      rates: [
        { gameType: 'LIVE', rateBp: 50 },
        { gameType: 'RNG', rateBp: 100 },
      ],
      below: [],
      dailyAuto: false,
    });
  });
});

describe('claiming on manualRebate', () => {
  it('shows each game type’s accrued rebate since the last claim, pays it once, and starts again', async () => {
    const p = await member();
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    await round(p.m, 'RNG', 12_345n, ago(30)); // 1% → 123
    await round(p.m, 'RNG', 5_000n, ago(25), 5_000n); // refunded: no turnover
    await round(p.m, 'RNG', 9_000n, ago(20), 0n, 'open'); // not settled yet
    await round(p.m, 'LIVE', 10_000n, ago(10)); // 0.5% → 50
    await round(p.m, 'FISH', 90_000n, ago(10)); // no rate
    const before = await overview(p.token);
    expect(before.accruals).toEqual([
      { gameType: 'LIVE', rateBp: 50, turnover: '10000', amount: '50', since: null },
      { gameType: 'RNG', rateBp: 100, turnover: '12345', amount: '123', since: null },
    ]);
    expect(before).toMatchObject({ total: '173', count: 2, allowed: true, history: [] });

    const paid = await claim(p.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value.total).toBe('173');
    expect(await cash(p.m)).toBe(173n);
    expect(await rebateLedger(p.m)).toEqual({ n: 2, total: '173' });

    const after = await overview(p.token);
    expect(after).toMatchObject({ total: '0', count: 0 });
    expect(after.history.map((h) => [h.gameType, h.source, h.amount])).toEqual([
      ['RNG', 'claim', '123'],
      ['LIVE', 'claim', '50'],
    ]);
    const again = await claim(p.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOTHING_TO_CLAIM');
    expect(await cash(p.m)).toBe(173n);

    // New play accrues from the claim on.
    await round(p.m, 'RNG', 1_000n, new Date());
    const next = await overview(p.token);
    expect(next.accruals.find((a) => a.gameType === 'RNG')).toMatchObject({ turnover: '1000', amount: '10' });
    expect((await claim(p.token)).body.value.total).toBe('10');
    expect(await cash(p.m)).toBe(183n);
  });

  it('twenty concurrent claims pay once', async () => {
    const p = await member();
    await round(p.m, 'RNG', 50_000n, new Date(Date.now() - 60_000));
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(p.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await cash(p.m)).toBe(500n);
    expect(await rebateLedger(p.m)).toEqual({ n: 1, total: '500' });
  });

  it('turnover too small for a whole minor unit is not claimable and carries on', async () => {
    const p = await member();
    await round(p.m, 'RNG', 99n, new Date(Date.now() - 60_000)); // 0.99
    expect((await overview(p.token)).count).toBe(0);
    expect((await claim(p.token)).body.code).toBe('NOTHING_TO_CLAIM');
    await round(p.m, 'RNG', 1n, new Date(Date.now() - 30_000));
    expect((await claim(p.token)).body.value.total).toBe('1');
  });

  it('a member under self-exclusion is paid no rebate', async () => {
    const p = await member();
    await round(p.m, 'RNG', 10_000n, new Date(Date.now() - 60_000));
    const excluded = await t.call({
      method: 'POST',
      url: '/wps/v2/protection/exclusion',
      headers: bearer(p.token),
      payload: { period: '6m', confirm: true },
    });
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(200);
    const view = await t.ctx.rebate.overview({ merchantId: p.m.merchantId, memberId: p.m.id });
    expect(view).toMatchObject({ allowed: false, total: '0', count: 0 });
    await expect(t.ctx.rebate.claim({ merchantId: p.m.merchantId, memberId: p.m.id })).rejects.toMatchObject({
      code: 'REBATE_NOT_ALLOWED',
    });
    expect(await cash(p.m)).toBe(0n);
  });
});

describe('the daily job', () => {
  it('pays each (member, day, game type) once under two schedulers, never what a claim paid', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
    const dayStart = startOfDay('2031-05-10', tz);
    const cutoff = startOfDay('2031-05-11', tz);
    const at = (h: number) => new Date(dayStart.getTime() + h * 3_600_000);
    let clock = at(6);
    const svc = createRebateService({
      db: t.ctx.db,
      wallet: t.ctx.wallet,
      merchants: t.ctx.merchants,
      notifications: t.ctx.notifications,
      audit: async () => undefined,
      mayMarket: (m, db) => t.ctx.protection.mayMarket(m, db),
      now: () => clock,
    });
    expect(
      (
        await save({
          rates: [
            { gameType: 'RNG', rateBp: 100 },
            { gameType: 'LIVE', rateBp: 50 },
          ],
          dailyAuto: true,
        })
      ).status,
    ).toBe(200);

    const a = await member();
    const b = await member();
    await round(a.m, 'RNG', 10_000n, at(2));
    await round(a.m, 'LIVE', 40_000n, at(5));
    await round(a.m, 'RNG', 20_000n, at(10));
    await round(b.m, 'RNG', 5_000n, at(3));
    await round(b.m, 'RNG', 7_000n, new Date(cutoff.getTime() + 60_000)); // the next day

    // A claims at 06:00: the morning's turnover.
    const claimed = await svc.claim({ merchantId, memberId: a.m.id });
    expect(claimed.total).toBe('300'); // 100 (RNG) + 200 (LIVE)

    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) registerRebateJobs(r, { rebate: svc });
    const tick = async (now: Date) => {
      clock = now;
      await Promise.all(runners.map((r) => r.schedulePeriods(now)));
      await Promise.all(runners.map((r) => r.runDue({ now })));
      await Promise.all(runners.map((r) => r.runDue({ now })));
    };
    await tick(new Date(cutoff.getTime() - 30 * 60_000)); // the day has not ended: nothing
    expect(await cash(a.m)).toBe(300n);
    await tick(new Date(cutoff.getTime() + 30 * 60_000));
    await tick(new Date(cutoff.getTime() + 150 * 60_000));

    // A: the evening's RNG only (the claim paid the morning); B: the day's RNG, not the next day's.
    expect(await cash(a.m)).toBe(500n);
    expect(await cash(b.m)).toBe(50n);
    const payouts = rowsOf<{ member_id: number; game_type: string; period: string; amount: string }>(
      await t.ctx.db.execute(sql`
        SELECT member_id, game_type, period, amount::text FROM rebate_payouts
         WHERE member_id IN (${a.m.id}, ${b.m.id}) AND source = 'daily' ORDER BY member_id, game_type`),
    );
    expect(payouts).toEqual([
      { member_id: a.m.id, game_type: 'RNG', period: 'day:2031-05-10', amount: '200' },
      { member_id: b.m.id, game_type: 'RNG', period: 'day:2031-05-10', amount: '50' },
    ]);
    const runs = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'rebate.daily' AND state = 'done' AND key = ${new Date(cutoff.getTime() - 3_600_000).toISOString()}`,
      ),
    );
    expect(runs[0]!.n).toBe(1);

    // The same hour again, outside the runner: the positions and the unique keys pay nothing.
    const again = await t.ctx.db.transaction((tx) =>
      svc.payDaily(tx, new Date(cutoff.getTime() - 3_600_000), cutoff, () => undefined),
    );
    expect(again).toBe(0);
    // A claim after the job finds nothing of that day; B's next-day round is still claimable.
    clock = new Date(cutoff.getTime() + 3 * 3_600_000);
    await expect(svc.claim({ merchantId, memberId: a.m.id })).rejects.toMatchObject({ code: 'NOTHING_TO_CLAIM' });
    expect((await svc.claim({ merchantId, memberId: b.m.id })).total).toBe('70');
    expect(await rebateLedger(a.m)).toEqual({ n: 3, total: '500' });
    expect(await rebateLedger(b.m)).toEqual({ n: 2, total: '120' });

    const report = await t.call<RebateReport>({
      method: 'GET',
      url: '/wps/operator/rebate/report?days=7',
      headers: bearer(content),
    });
    expect(report.status).toBe(200);
    const rng = report.body.value.rows.find((r) => r.gameType === 'RNG')!;
    expect(BigInt(rng.daily)).toBeGreaterThanOrEqual(250n);
    expect(BigInt(rng.claimed)).toBeGreaterThanOrEqual(170n);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });
});
