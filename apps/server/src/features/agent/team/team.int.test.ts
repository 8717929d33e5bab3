import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { DAILY, auth, operatorToken, playRound } from '../../../../test/factories/agent.ts';
import { createAgent, createMember, fund, sessionFor, type TestMember } from '../../../../test/factories/wallet.ts';
import { periodOf, previousPeriod } from '../contracts/periods.ts';

type Who = TestMember & { token: string };
let t: TestApp;
let agent: Who;
let sub: Who;
let m1: TestMember;
let m2: TestMember;
let tz: string;
type Overview = {
  period: { from: string; to: string };
  direct: Record<string, unknown>;
  team: Record<string, unknown>;
  asOf: string | null;
};
const overview = (q: string) =>
  t.call<Overview>({ method: 'GET', url: `/wps/agent/team/overview?${q}`, headers: auth(agent) });
const rollup = () => t.ctx.agentStats.rollupAll(t.ctx.db, new Date(Date.now() + 31_000));

beforeAll(async () => {
  t = await createTestApp();
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
  const a = await createAgent(t.ctx, { merchantId });
  agent = { ...a, token: await sessionFor(t.ctx, a) };
  const s = await createAgent(t.ctx, { merchantId, uplineId: a.id });
  sub = { ...s, token: await sessionFor(t.ctx, s) };
  m1 = await createMember(t.ctx, { merchantId, uplineId: a.id });
  m2 = await createMember(t.ctx, { merchantId, uplineId: s.id });
  const today = periodOf('daily', new Date(), tz);
  const yesterday = previousPeriod(today, tz);
  await playRound(t.ctx, m1, { bet: 10_000n, win: 4_000n });
  await playRound(t.ctx, m2, { bet: 5_000n, win: 15_000n });
  await playRound(t.ctx, m2, { bet: 2_000n, win: 0n, refund: 2_000n }); // fully refunded: no stake
  await playRound(t.ctx, m2, { bet: 9_999n, win: 0n, status: 'open' }); // not settled yet
  await playRound(t.ctx, m1, { bet: 70_000n, win: 0n, at: new Date(yesterday.start.getTime() + 3_600_000) });
  await fund(t.ctx, m1, 50_000n);
  await t.ctx.wallet.transfer({
    merchantId,
    key: `wd-test-${m1.id}`,
    kind: 'withdrawal_hold',
    from: { member: m1.id },
    to: { system: 'pending_withdrawal' },
    amount: 20_000n,
  });
  // Yesterday's rounds are rolled up as history would be.
  await t.ctx.agentStats.rollupAll(t.ctx.db, new Date(yesterday.end.getTime() - 60_000));
  await rollup();
});
afterAll(() => t.close());

describe('team overview', () => {
  it('today: team and direct figures, deposits and withdrawals from the ledger, refunds and open rounds left out', async () => {
    const r = await overview('period=today');
    expect(r.status).toBe(200);
    expect(r.body.value.team).toMatchObject({
      size: 3,
      newMembers: 3,
      activeMembers: 2,
      rounds: 3,
      bets: '15000',
      validBets: '15000',
      wins: '19000',
      profitLoss: '4000',
      deposits: '50000',
      withdrawals: '20000',
    });
    expect(r.body.value.direct).toMatchObject({
      size: 2,
      newMembers: 2,
      activeMembers: 1,
      bets: '10000',
      wins: '4000',
      profitLoss: '-6000',
    });
    expect(r.body.value.asOf).not.toBeNull();
  });

  it('yesterday and custom ranges count the days they name', async () => {
    const y = await overview('period=yesterday');
    expect(y.body.value.team).toMatchObject({ bets: '70000', activeMembers: 1, newMembers: 0 });
    const today = periodOf('daily', new Date(), tz).key;
    const both = await overview(`period=custom&from=${y.body.value.period.from}&to=${today}`);
    expect(both.body.value.team).toMatchObject({ bets: '85000', activeMembers: 2 });
    const bad = await overview('period=custom&from=2026-02-30');
    expect([bad.status, bad.body.fields]).toEqual([400, { from: 'Not a calendar date', to: 'Choose an end date' }]);
    expect((await overview('period=forever')).status).toBe(400);
  });

  it('a round refunded after the roll-up drops out at the next one', async () => {
    await t.ctx.db.execute(
      sql`UPDATE game_rounds SET status = 'refunded', refund_total = bet_total WHERE member_id = ${m1.id} AND bet_total = 10000`,
    );
    await rollup();
    const r = await overview('period=today');
    expect(r.body.value.direct).toMatchObject({ bets: '0', activeMembers: 0 });
    await t.ctx.db.execute(
      sql`UPDATE game_rounds SET status = 'closed', refund_total = 0 WHERE member_id = ${m1.id} AND bet_total = 10000`,
    );
    await rollup();
  });

  it('ledger movements are counted once however often the roll-up runs', async () => {
    await rollup();
    await rollup();
    expect((await overview('period=today')).body.value.team).toMatchObject({ deposits: '50000', withdrawals: '20000' });
  });
});

describe('downline management and account details', () => {
  it('rows carry balance, team size, own figures and contracts in force', async () => {
    const op = await operatorToken(t);
    const h = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/operator/agent/contract/offer',
      headers: { authorization: `Bearer ${op}` },
      payload: { downlineId: agent.id, terms: DAILY },
    });
    await t.call({
      method: 'POST',
      url: '/wps/agent/contract/action',
      headers: auth(agent),
      payload: { contractId: h.body.value.id, action: 'accept' },
    });
    const o = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/agent/contract/offer',
      headers: auth(agent),
      payload: { downlineId: sub.id, terms: DAILY },
    });
    await t.call({
      method: 'POST',
      url: '/wps/agent/contract/action',
      headers: auth(sub),
      payload: { contractId: o.body.value.id, action: 'accept' },
    });
    const r = await t.call<{ list: Record<string, unknown>[]; total: number; totalPages: number }>({
      method: 'GET',
      url: '/wps/agent/downlines?pageSize=1&type=agent',
      headers: auth(agent),
    });
    expect(r.body.value).toMatchObject({ total: 1, totalPages: 1 });
    expect(r.body.value.list[0]).toMatchObject({
      id: sub.id,
      isAgent: true,
      teamSize: 1,
      contracts: ['daily'],
      direct: true,
      depth: 1,
    });
    const members = await t.call<{ list: Record<string, unknown>[] }>({
      method: 'GET',
      url: '/wps/agent/downlines?type=member',
      headers: auth(agent),
    });
    expect(members.body.value.list).toEqual([
      expect.objectContaining({ id: m1.id, balance: '30000', validBets: '10000', profitLoss: '-6000', contracts: [] }),
    ]);
    const page2 = await t.call<{ list: unknown[] }>({
      method: 'GET',
      url: '/wps/agent/downlines?page=5',
      headers: auth(agent),
    });
    expect(page2.body.value.list).toEqual([]);
    const acc = await t.call<Record<string, unknown>>({
      method: 'GET',
      url: '/wps/agent/account',
      headers: auth(agent),
    });
    expect(acc.body.value).toMatchObject({
      id: agent.id,
      teamSize: 3,
      directCount: 2,
      upline: null,
      timezone: tz,
      contracts: [expect.objectContaining({ kind: 'daily', status: 'active', payer: 'house' })],
    });
  });

  it('team bets list the rounds newest first with filters', async () => {
    const all = await t.call<{ list: { account: string; status: string }[]; total: number }>({
      method: 'GET',
      url: '/wps/agent/team/bets',
      headers: auth(agent),
    });
    expect(all.body.value.total).toBe(4);
    const mine = await t.call<{ total: number }>({
      method: 'GET',
      url: `/wps/agent/team/bets?username=${m2.username}&scope=team`,
      headers: auth(agent),
    });
    expect(mine.body.value.total).toBe(3);
    const live = await t.call<{ total: number }>({
      method: 'GET',
      url: '/wps/agent/team/bets?gameType=LIVE',
      headers: auth(agent),
    });
    expect(live.body.value.total).toBe(0);
    const direct = await t.call<{ total: number }>({
      method: 'GET',
      url: '/wps/agent/team/bets?scope=direct',
      headers: auth(agent),
    });
    expect(direct.body.value.total).toBe(1);
  });

  it('team transactions are the wallets’ movements, filtered by type', async () => {
    const list = (q: string) =>
      t.call<{ list: { account: string; kind: string; amount: string; balanceAfter: string }[]; total: number }>({
        method: 'GET',
        url: `/wps/agent/team/transactions?${q}`,
        headers: auth(agent),
      });
    const all = await list('period=today');
    expect(all.body.value.list).toEqual([
      expect.objectContaining({
        account: m1.username,
        kind: 'withdrawal_hold',
        category: 'withdrawal',
        amount: '-20000',
        balanceAfter: '30000',
      }),
      expect.objectContaining({
        account: m1.username,
        kind: 'deposit',
        category: 'deposit',
        amount: '50000',
        balanceAfter: '50000',
      }),
    ]);
    expect((await list('kind=deposit')).body.value.list.map((r) => r.kind)).toEqual(['deposit']);
    expect((await list('kind=withdrawal')).body.value.list.map((r) => r.kind)).toEqual(['withdrawal_hold']);
    expect((await list('kind=other')).body.value.total).toBe(0);
    expect((await list(`username=${m2.username}`)).body.value.total).toBe(0);
  });
});
