import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContractTerms } from '@app/contract';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { auth, operatorToken, playRound } from '../../../../test/factories/agent.ts';
import { createAgent, createMember, fund, sessionFor } from '../../../../test/factories/wallet.ts';
import { JobRunner } from '../../../lib/jobs.ts';
import type { AppContext } from '../../../context.ts';
import { registerAgentJobs } from '../jobs.ts';
import { periodOf, type Period } from '../contracts/periods.ts';

/**
 *   house ─ top ─┬─ sub ─┬─ m1
 *                │       └─ m2
 *                └─ m3
 * The house pays top; top pays sub out of its own commission.
 */
let t: TestApp;
let top: { id: number; merchantId: number; token: string };
let sub: { id: number; merchantId: number; token: string };
let m1: { id: number; merchantId: number };
let m2: { id: number; merchantId: number };
let m3: { id: number; merchantId: number };
let tz: string;
const T0 = new Date();
const DAY = 86_400_000;
const GRACE = 61_000;
let D: Period[];

const TOP: ContractTerms = {
  kind: 'daily',
  activeThreshold: '1000',
  tiers: [{ betAmount: '10000', activeMemberCount: 1, profitSalaryRate: 50, lossSalaryRate: 100 }],
};
const SUB: ContractTerms = {
  kind: 'daily',
  activeThreshold: '1000',
  tiers: [{ betAmount: '10000', activeMemberCount: 1, profitSalaryRate: 50, lossSalaryRate: 100 }],
};

const balance = async (who: { id: number; merchantId: number }) =>
  (await t.ctx.wallet.balance(who.merchantId, who.id)).balance;
type Row = {
  job: string;
  period_key: string;
  beneficiary_id: number;
  payer_id: number | null;
  status: string;
  amount: string;
};
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const rows = async () =>
  rowsOf<Row>(
    await t.ctx.db.execute(sql`
    SELECT job, period_key, beneficiary_id, payer_id, status, amount::text AS amount FROM agent_settlements
     WHERE status <> 'zero' ORDER BY period_start, id`),
  ).map((r) => ({
    ...r,
    beneficiary_id: Number(r.beneficiary_id),
    payer_id: r.payer_id === null ? null : Number(r.payer_id),
  }));
const ledgerCount = async (prefix: string) =>
  Number(
    rowsOf<{ n: unknown }>(
      await t.ctx.db.execute(
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`${prefix}%`}`,
      ),
    )[0]!.n,
  );
/** Schedules the periods up to `now` and runs every due job, however many the clock's jump made due. */
const tick = async (ctx: AppContext, now: Date) => {
  await ctx.jobs.schedulePeriods(now);
  let ran = 0;
  for (let n = await ctx.jobs.runDue({ now }); n > 0; n = await ctx.jobs.runDue({ now })) ran += n;
  return ran;
};

beforeAll(async () => {
  t = await createTestApp();
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
  const a = await createAgent(t.ctx, { merchantId });
  top = { ...a, token: await sessionFor(t.ctx, a) };
  const b = await createAgent(t.ctx, { merchantId, uplineId: top.id });
  sub = { ...b, token: await sessionFor(t.ctx, b) };
  m1 = await createMember(t.ctx, { merchantId, uplineId: sub.id });
  m2 = await createMember(t.ctx, { merchantId, uplineId: sub.id });
  m3 = await createMember(t.ctx, { merchantId, uplineId: top.id });
  const op = await operatorToken(t);
  const offer = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/agent/contract/offer',
    headers: { authorization: `Bearer ${op}` },
    payload: { downlineId: top.id, terms: TOP },
  });
  await t.call({
    method: 'POST',
    url: '/wps/agent/contract/action',
    headers: auth(top),
    payload: { contractId: offer.body.value.id, action: 'accept' },
  });
  const offer2 = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/agent/contract/offer',
    headers: auth(top),
    payload: { downlineId: sub.id, terms: SUB },
  });
  await t.call({
    method: 'POST',
    url: '/wps/agent/contract/action',
    headers: auth(sub),
    payload: { contractId: offer2.body.value.id, action: 'accept' },
  });
  D = [periodOf('daily', T0, tz)];
  for (let i = 1; i < 5; i++) D.push(periodOf('daily', D[i - 1]!.end, tz));
  // Every day: sub's team loses 50,000 of 50,000 staked; m3 stakes 50,000 and wins 10,000.
  for (let i = 0; i < 5; i++) {
    const at = new Date(D[i]!.start.getTime() + 60_000);
    await playRound(t.ctx, m1, { bet: 20_000n, win: 0n, at });
    await playRound(t.ctx, m2, { bet: 30_000n, win: 0n, at });
    await playRound(t.ctx, m3, { bet: 50_000n, win: 10_000n, at });
  }
});
afterAll(() => t.close());

describe('settlement, exactly once', () => {
  it('a run killed half-way moves nothing; the next run pays each contract once', async () => {
    const real = t.ctx.wallet.transfer.bind(t.ctx.wallet);
    let calls = 0;
    const spy = vi.spyOn(t.ctx.wallet, 'transfer').mockImplementation(async (input) => {
      if (++calls === 2) throw new Error('process killed');
      return real(input);
    });
    await tick(t.ctx, new Date(D[0]!.end.getTime() + GRACE));
    spy.mockRestore();
    expect(calls).toBe(2);
    expect(await rows()).toEqual([]);
    expect(await balance(top)).toBe(0n);

    await tick(t.ctx, new Date(D[0]!.end.getTime() + GRACE + 10 * 60_000));
    // top: team stake 100,000, lost 90,000 → loss rate 1 % → 1,000 from the house.
    // sub: team stake 50,000, lost → loss rate 1 % → 500, paid by top.
    expect(await rows()).toEqual([
      { job: 'daily', period_key: D[0]!.key, beneficiary_id: top.id, payer_id: null, status: 'paid', amount: '1000' },
      { job: 'daily', period_key: D[0]!.key, beneficiary_id: sub.id, payer_id: top.id, status: 'paid', amount: '500' },
    ]);
    expect(await balance(top)).toBe(500n);
    expect(await balance(sub)).toBe(500n);
  });

  it('a replayed period pays nothing again', async () => {
    const again = await t.ctx.db.transaction((tx) =>
      t.ctx.agentSettlement.settlePeriod(tx as never, top.merchantId, D[0]!),
    );
    expect(again).toMatchObject({ settled: 0, paid: 0 });
    await t.ctx.jobs.enqueue({
      name: 'agent.settle',
      key: `replay:${D[0]!.key}`,
      payload: { merchantId: top.merchantId, job: 'daily', periodKey: D[0]!.key },
    });
    await t.ctx.jobs.runDue({ now: new Date(D[0]!.end.getTime() + DAY) });
    expect((await rows()).length).toBe(2);
    expect(await ledgerCount(`agent:daily:${D[0]!.key}:`)).toBe(2);
    expect(await balance(top)).toBe(500n);
  });

  // Days of downtime: the scheduler catches up every recurring job's missed periods (up to 288 each)
  // and runs them one by one, 25–35 s alone on an idle two-core machine (as in kinds.int.test.ts).
  it('after downtime two schedulers catch up every missed period, each paid once', { timeout: 90_000 }, async () => {
    const other = { ...t.ctx, jobs: new JobRunner(t.ctx.db, { pollMs: 60_000 }) } as AppContext;
    registerAgentJobs(other.jobs, other);
    const now = new Date(D[3]!.end.getTime() + GRACE);
    await Promise.all([tick(t.ctx, now), tick(other, now), tick(t.ctx, now), tick(other, now)]);
    const keys = (await rows()).map((r) => `${r.period_key}:${r.beneficiary_id}`);
    expect(keys).toEqual([D[0], D[1], D[2], D[3]].flatMap((d) => [`${d!.key}:${top.id}`, `${d!.key}:${sub.id}`]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of D.slice(0, 4)) expect(await ledgerCount(`agent:daily:${d.key}:`)).toBe(2);
    expect(await balance(top)).toBe(4n * 500n);
    expect(await balance(sub)).toBe(4n * 500n);
  });

  it('two runs of the same period at once, outside the queue, still pay once', async () => {
    await Promise.all(
      [0, 1, 2].map(() =>
        t.ctx.db.transaction((tx) => t.ctx.agentSettlement.settlePeriod(tx as never, top.merchantId, D[4]!)),
      ),
    );
    expect(await ledgerCount(`agent:daily:${D[4]!.key}:`)).toBe(2);
    expect((await rows()).filter((r) => r.period_key === D[4]!.key)).toHaveLength(2);
  });
});

describe('records and their working', () => {
  it('both sides see the record; the working shows figures in, tier chosen, amount out', async () => {
    const mine = await t.call<{
      list: { id: number; amount: string; payer: { id: number } | null }[];
      totalAmount: string;
    }>({
      method: 'GET',
      url: '/wps/agent/settlements?kind=daily',
      headers: auth(sub),
    });
    expect(mine.body.value.list).toHaveLength(5);
    expect(mine.body.value.totalAmount).toBe('2500');
    const paid = await t.call<{ list: { id: number }[] }>({
      method: 'GET',
      url: '/wps/agent/settlements?kind=daily&role=paid',
      headers: auth(top),
    });
    expect(paid.body.value.list.map((r) => r.id)).toEqual(mine.body.value.list.map((r) => r.id));
    const detail = await t.call<Record<string, unknown>>({
      method: 'GET',
      url: `/wps/agent/settlement?id=${mine.body.value.list[0]!.id}`,
      headers: auth(top),
    });
    expect(detail.body.value).toMatchObject({
      status: 'paid',
      amount: '500',
      payer: { id: top.id },
      beneficiary: { id: sub.id },
      working: {
        kind: 'daily',
        tierIndex: 0,
        rate: 100,
        base: '50000',
        amount: '500',
        figures: {
          rounds: 2,
          bet: '50000',
          validBet: '50000',
          win: '0',
          profitLoss: '-50000',
          activeMembers: 2,
          activeThreshold: '1000',
        },
      },
    });
    expect(detail.body.value.idempotencyKey).toMatch(/^agent:daily:\d{4}-\d{2}-\d{2}:\d+$/);
    const stranger = await createAgent(t.ctx, { merchantId: top.merchantId });
    const denied = await t.call({
      method: 'GET',
      url: `/wps/agent/settlement?id=${mine.body.value.list[0]!.id}`,
      headers: auth({ token: await sessionFor(t.ctx, stranger) }),
    });
    expect(denied.status).toBe(404);
  });

  it('my income sums what was received and what was paid down', async () => {
    const r = await t.call<{ totals: { received: string; paid: string; net: string } }>({
      method: 'GET',
      url: `/wps/agent/income?period=custom&from=${D[0]!.key}&to=${D[4]!.key}`,
      headers: auth(top),
    });
    // Paid while settling, which happens after each day: count by the day the money moved.
    expect(r.body.value.totals).toEqual({ received: '5000', paid: '2500', net: '2500' });
  });
});

describe('an upline short of funds', () => {
  // Its second tick runs two days of every periodic job the runner has not run yet (each hour's
  // settlements, the daily ones): 33.8 s once in CI on a loaded two-core machine, past the 30 s default.
  it('waits, then pays once when its balance can cover it', { timeout: 90_000 }, async () => {
    const agent = await createAgent(t.ctx, { merchantId: top.merchantId });
    const a = { ...agent, token: await sessionFor(t.ctx, agent) };
    const b0 = await createAgent(t.ctx, { merchantId: top.merchantId, uplineId: a.id });
    const b = { ...b0, token: await sessionFor(t.ctx, b0) };
    const loser = await createMember(t.ctx, { merchantId: top.merchantId, uplineId: b.id });
    const winner = await createMember(t.ctx, { merchantId: top.merchantId, uplineId: a.id });
    const op = await operatorToken(t);
    const o1 = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/operator/agent/contract/offer',
      headers: { authorization: `Bearer ${op}` },
      payload: { downlineId: a.id, terms: { ...TOP, kind: 'hourly' } },
    });
    await t.call({
      method: 'POST',
      url: '/wps/agent/contract/action',
      headers: auth(a),
      payload: { contractId: o1.body.value.id, action: 'accept' },
    });
    const o2 = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/agent/contract/offer',
      headers: auth(a),
      payload: { downlineId: b.id, terms: { ...SUB, kind: 'hourly' } },
    });
    await t.call({
      method: 'POST',
      url: '/wps/agent/contract/action',
      headers: auth(b),
      payload: { contractId: o2.body.value.id, action: 'accept' },
    });
    const hour = periodOf('hourly', new Date(Date.now() + 2 * 3_600_000), tz);
    const at = new Date(hour.start.getTime() + 1000);
    // a's team wins overall (profit rate 0.5 % on 110,000 = 550); b's team lost (loss rate 1 % on 100,000 = 1,000).
    await playRound(t.ctx, loser, { bet: 100_000n, win: 0n, at });
    await playRound(t.ctx, winner, { bet: 10_000n, win: 200_000n, at });
    await t.ctx.db.transaction((tx) => t.ctx.agentSettlement.settlePeriod(tx as never, a.merchantId, hour));
    expect(await balance(a)).toBe(550n);
    expect(await balance(b)).toBe(0n);
    const waiting = (await rows()).find((r) => r.beneficiary_id === b.id)!;
    expect(waiting).toMatchObject({ status: 'awaiting_funds', amount: '1000', payer_id: a.id });

    await fund(t.ctx, a, 450n);
    // The runner's clock only moves forward: tick after every earlier test's ticks.
    const later = D[4]!.end.getTime() + 2 * DAY;
    await tick(t.ctx, new Date(later));
    expect((await rows()).find((r) => r.beneficiary_id === b.id)).toMatchObject({ status: 'paid', amount: '1000' });
    expect(await balance(a)).toBe(0n);
    expect(await balance(b)).toBe(1000n);
    await tick(t.ctx, new Date(later + 5 * 60_000));
    expect(await balance(b)).toBe(1000n);
    expect(await ledgerCount(`agent:hourly:${hour.key}:${b.id}`)).toBe(1);
  });
});
