import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContractTerms } from '@app/contract';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { auth, operatorToken, playRound } from '../../../../test/factories/agent.ts';
import { createAgent, createMember, sessionFor, type TestMember } from '../../../../test/factories/wallet.ts';
import { nextPeriod, periodOf } from '../contracts/periods.ts';

type Who = TestMember & { token: string };
let t: TestApp;
let op: string;
let tz: string;
let merchantId: number;

const REALTIME: ContractTerms = {
  kind: 'realtime',
  tiers: [
    { singleBetAmount: '1000', profitSalaryRate: 10, lossSalaryRate: 30 },
    { singleBetAmount: '10000', profitSalaryRate: 20, lossSalaryRate: 60 },
  ],
};
const DIVIDEND: ContractTerms = {
  kind: 'dividend',
  periodType: 'W',
  activeThreshold: '1000',
  tiers: [{ periodValidBet: '10000', periodProfitLoss: '1000', activeMemberCount: 1, rate: 2500 }],
};

const houseContract = async (agent: Who, terms: ContractTerms) => {
  const o = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/agent/contract/offer',
    headers: { authorization: `Bearer ${op}` },
    payload: { downlineId: agent.id, terms },
  });
  const a = await t.call<{ status: string }>({
    method: 'POST',
    url: '/wps/agent/contract/action',
    headers: auth(agent),
    payload: { contractId: o.body.value.id, action: 'accept' },
  });
  expect(a.body.value.status).toBe('active');
  return o.body.value.id;
};
const endContract = async (agent: Who, id: number) => {
  await t.call({
    method: 'POST',
    url: '/wps/operator/agent/contract/action',
    headers: { authorization: `Bearer ${op}` },
    payload: { contractId: id, action: 'requestTermination' },
  });
  const r = await t.call<{ status: string }>({
    method: 'POST',
    url: '/wps/agent/contract/action',
    headers: auth(agent),
    payload: { contractId: id, action: 'agreeTermination' },
  });
  expect(r.body.value.status).toBe('terminated');
};
const tick = async (now: Date) => {
  await t.ctx.jobs.schedulePeriods(now);
  while ((await t.ctx.jobs.runDue({ now, limit: 500 })) === 500);
};
const settlements = (who: Who, kind: string) =>
  t.call<{ list: { id: number; periodKey: string; status: string; amount: string }[] }>({
    method: 'GET',
    url: `/wps/agent/settlements?kind=${kind}`,
    headers: auth(who),
  });

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t);
  merchantId = await t.ctx.merchants.resolveId('localhost');
  tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
});
afterAll(() => t.close());

const agentWithTeam = async () => {
  const a = await createAgent(t.ctx, { merchantId });
  const agent = { ...a, token: await sessionFor(t.ctx, a) };
  const m = await createMember(t.ctx, { merchantId, uplineId: a.id });
  return { agent, m };
};

// Each tick jumps days ahead: the scheduler catches up every recurring job's missed periods (up to
// 288 each) and runs them one by one, about 12 s alone on PostgreSQL and well over 30 s beside
// another busy test file on two cores.
const CATCH_UP = { timeout: 90_000 };

describe('real-time salary: every 5 minutes, bet by bet', CATCH_UP, () => {
  it('settles each 5-minute period with the buckets it rated', async () => {
    const { agent, m } = await agentWithTeam();
    const contractId = await houseContract(agent, REALTIME);
    const p = nextPeriod(periodOf('realtime', new Date(), tz), tz);
    const at = new Date(p.start.getTime() + 30_000);
    await playRound(t.ctx, m, { bet: 5_000n, win: 0n, at }); // tier 0, lost: 0.3 % → 15
    await playRound(t.ctx, m, { bet: 20_000n, win: 50_000n, at }); // tier 1, won: 0.2 % → 40
    await playRound(t.ctx, m, { bet: 500n, win: 0n, at }); // below every tier
    await playRound(t.ctx, m, { bet: 20_000n, win: 0n, at: new Date(p.end.getTime() + 1000) }); // next period
    await tick(new Date(p.end.getTime() + 61_000));
    const list = (await settlements(agent, 'realtime')).body.value.list;
    const mine = list.find((s) => s.periodKey === p.key)!;
    expect(mine).toMatchObject({ status: 'paid', amount: '55' });
    const detail = await t.call<{ working: Record<string, unknown> }>({
      method: 'GET',
      url: `/wps/agent/settlement?id=${mine.id}`,
      headers: auth(agent),
    });
    expect(detail.body.value.working).toMatchObject({
      kind: 'realtime',
      base: '25000',
      amount: '55',
      buckets: [
        { tierIndex: 0, profitRounds: 0, lossRounds: 1, lossValidBet: '5000' },
        { tierIndex: 1, profitRounds: 1, profitValidBet: '20000', lossRounds: 0 },
      ],
    });
    expect(list.some((s) => s.periodKey === nextPeriod(p, tz).key)).toBe(false);
    expect((await t.ctx.wallet.balance(merchantId, agent.id)).balance).toBe(55n);
    await endContract(agent, contractId);
  });
});

describe('dividends per period', CATCH_UP, () => {
  it('a weekly dividend shares the team’s net loss; a winning team’s week records zero and moves nothing', async () => {
    const { agent, m } = await agentWithTeam();
    await houseContract(agent, DIVIDEND);
    const week = periodOf('dividend-W', new Date(), tz);
    await playRound(t.ctx, m, {
      bet: 40_000n,
      win: 10_000n,
      at: new Date(Math.max(Date.now(), week.start.getTime() + 1000)),
    });
    const next = nextPeriod(week, tz);
    await playRound(t.ctx, m, { bet: 20_000n, win: 90_000n, at: new Date(next.start.getTime() + 1000) });
    await tick(new Date(next.end.getTime() + 61_000));
    const rows = (await settlements(agent, 'dividend')).body.value.list;
    expect(rows.map((r) => [r.periodKey, r.status, r.amount])).toEqual([
      [next.key, 'zero', '0'],
      [week.key, 'paid', '7500'], // 25 % of a 30,000 net loss
    ]);
    const n = await t.ctx.db.execute(
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`agent:dividend-W:%:${agent.id}`}`,
    );
    expect(Number((n as unknown as { rows: { n: unknown }[] }).rows[0]!.n)).toBe(1);
  });

  it('a brand that switches dividends off stops scheduling them', async () => {
    const m = (await t.ctx.merchants.brand(merchantId)).merchant;
    const { agent, m: member } = await agentWithTeam();
    await houseContract(agent, { ...DIVIDEND, periodType: 'D' });
    await t.ctx.merchants.update(merchantId, { features: { ...m.features, dividendContract: false } });
    const day = periodOf('dividend-D', new Date(Date.now() + 40 * 86_400_000), tz);
    await playRound(t.ctx, member, { bet: 40_000n, win: 0n, at: new Date(day.start.getTime() + 1000) });
    await tick(new Date(day.end.getTime() + 61_000));
    expect((await settlements(agent, 'dividend')).body.value.list).toEqual([]);
    await t.ctx.merchants.update(merchantId, { features: m.features });
  });
});
