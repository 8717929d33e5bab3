import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  DAILY,
  auth,
  createMatrixTree,
  operatorToken,
  playRound,
  type Actor,
} from '../../../../test/factories/agent.ts';
import { PAYMENT_PASSWORD, fund } from '../../../../test/factories/wallet.ts';

/**
 * The authorization matrix: every agent endpoint that names an account, called by `self` about
 * self, child, grandchild, sibling, parent, another branch and another brand — and by an agent of
 * another brand. Only the team answers; nothing leaks and no money moves outside the rules.
 */
let t: TestApp;
let tree: Awaited<ctxTree>;
type ctxTree = ReturnType<typeof createMatrixTree>;
type Target =
  | 'self'
  | 'child'
  | 'grandchild'
  | 'childMember'
  | 'sibling'
  | 'parent'
  | 'root'
  | 'cousin'
  | 'cousinMember'
  | 'foreign'
  | 'foreignMember';
const OUTSIDE: Target[] = ['self', 'sibling', 'parent', 'root', 'cousin', 'cousinMember', 'foreign', 'foreignMember'];
const BETS: Partial<Record<Target | 'siblingMember', bigint>> = {
  root: 1_000n,
  parent: 2_000n,
  self: 4_000n,
  child: 8_000n,
  grandchild: 16_000n,
  childMember: 32_000n,
  sibling: 64_000n,
  siblingMember: 128_000n,
  cousin: 256_000n,
  cousinMember: 512_000n,
  foreign: 1_024_000n,
  foreignMember: 2_048_000n,
};

const get = <T>(who: { token: string }, url: string, host?: string) =>
  t.call<T>({ method: 'GET', url, headers: { ...auth(who), ...(host ? { host } : {}) } });
const post = <T>(who: { token: string }, url: string, payload: unknown, host?: string) =>
  t.call<T>({ method: 'POST', url, payload: payload as never, headers: { ...auth(who), ...(host ? { host } : {}) } });
const balances = async () => {
  const out: Record<string, bigint> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object' && 'id' in v)
      out[k] = (await t.ctx.wallet.balance((v as Actor).merchantId, (v as Actor).id)).balance;
  }
  return out;
};
let rid = 0;
const requestId = () => `req-${Date.now()}-${++rid}`;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createMatrixTree(t.ctx);
  for (const [who, bet] of Object.entries(BETS)) await playRound(t.ctx, tree[who as Target], { bet: bet!, win: 0n });
  await fund(t.ctx, tree.self, 1_000_000n);
  await fund(t.ctx, tree.grandchild, 5_000n);
  await fund(t.ctx, tree.sibling, 7_000n);
  await fund(t.ctx, tree.foreign, 100_000n);
  await t.ctx.agentStats.rollupAll(t.ctx.db, new Date(Date.now() + 31_000));
}, 60_000);
afterAll(() => t.close());

describe('agent authorization matrix', () => {
  it('only agents get in; another brand’s session is not a session here', async () => {
    for (const url of [
      '/wps/agent/team/overview',
      '/wps/agent/downlines',
      '/wps/agent/account',
      '/wps/agent/income',
      '/wps/agent/team/bets',
      '/wps/agent/team/pnl',
      '/wps/agent/team/transactions',
      '/wps/agent/contracts',
      '/wps/agent/red-envelopes',
      '/wps/agent/announcements',
      '/wps/agent/affiliate/links',
      '/wps/agent/settlements?kind=daily',
    ]) {
      expect((await get(tree.childMember, url)).body.code).toBe('NOT_AGENT');
      expect((await get(tree.foreign, url)).status).toBe(401);
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
    }
  });

  it('team overview counts the team below, never above, beside or in another brand', async () => {
    const r = await get<{ direct: Record<string, unknown>; team: Record<string, unknown> }>(
      tree.self,
      '/wps/agent/team/overview?period=today',
    );
    expect(r.body.value.team).toMatchObject({
      size: 3,
      activeMembers: 3,
      validBets: '56000',
      bets: '56000',
      wins: '0',
      profitLoss: '-56000',
      deposits: '5000',
    });
    expect(r.body.value.direct).toMatchObject({ size: 2, activeMembers: 2, validBets: '40000', deposits: '0' });
    const foreign = await get<{ team: Record<string, unknown> }>(
      tree.foreign,
      '/wps/agent/team/overview',
      tree.foreignHost,
    );
    expect(foreign.body.value.team).toMatchObject({ size: 1, validBets: '2048000' });
  });

  it('downline lists and searches stay inside the subtree', async () => {
    const team = await get<{ list: { account: string; direct: boolean }[]; total: number }>(
      tree.self,
      '/wps/agent/downlines?scope=team',
    );
    expect(team.body.value.list.map((r) => r.account).sort()).toEqual(
      [tree.child.username, tree.grandchild.username, tree.childMember.username].sort(),
    );
    const direct = await get<{ total: number }>(tree.self, '/wps/agent/downlines');
    expect(direct.body.value.total).toBe(2);
    for (const other of OUTSIDE) {
      const r = await get<{ total: number }>(
        tree.self,
        `/wps/agent/downlines?scope=team&search=${tree[other].username}`,
      );
      expect([other, r.body.value.total]).toEqual([other, 0]);
    }
  });

  it.each([['/wps/agent/team/bets'], ['/wps/agent/team/pnl'], ['/wps/agent/team/transactions']])(
    '%s answers for the team and 404s for anyone else',
    async (path) => {
      for (const inside of ['child', 'grandchild', 'childMember'] as const) {
        expect((await get(tree.self, `${path}?username=${tree[inside].username}`)).status).toBe(200);
      }
      for (const other of OUTSIDE) {
        const r = await get(tree.self, `${path}?username=${tree[other].username}`);
        expect([other, r.status, r.body.code]).toEqual([other, 404, 'NOT_FOUND']);
      }
      const all = await get<{ list: { account: string }[] }>(tree.self, `${path}?pageSize=100`);
      const seen = new Set(all.body.value.list.map((r) => r.account));
      for (const other of OUTSIDE) expect(seen.has(tree[other].username)).toBe(false);
    },
  );

  it('team bets and P&L carry the team’s figures only', async () => {
    const bets = await get<{ totals: { bet: string } }>(tree.self, '/wps/agent/team/bets');
    expect(bets.body.value.totals.bet).toBe('56000');
    const pnl = await get<{ totals: { profitLoss: string }; total: number }>(tree.self, '/wps/agent/team/pnl');
    expect(pnl.body.value).toMatchObject({ total: 3, totals: { profitLoss: '-56000' } });
  });

  it('money moves only to a direct downline; every refusal moves nothing', async () => {
    const before = await balances();
    const send = (target: Actor, amount = '100') =>
      post<{ balance: string }>(tree.self, '/wps/agent/transfer', {
        downlineId: target.id,
        amount,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: requestId(),
      });
    expect((await send(tree.grandchild)).body).toMatchObject({ success: false, code: 'NOT_DIRECT_DOWNLINE' });
    for (const other of OUTSIDE) {
      const r = await send(tree[other]);
      expect([other, r.status]).toEqual([other, 404]);
    }
    const viaForeignHost = await post(
      tree.foreign,
      '/wps/agent/transfer',
      { downlineId: tree.childMember.id, amount: '100', paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
      tree.foreignHost,
    );
    expect(viaForeignHost.status).toBe(404);
    const wrong = await post(tree.self, '/wps/agent/transfer', {
      downlineId: tree.child.id,
      amount: '100',
      paymentPassword: '000000',
      requestId: requestId(),
    });
    expect([wrong.status, wrong.body.code, wrong.body.fields]).toEqual([
      400,
      'PAYMENT_PASSWORD_INCORRECT',
      { paymentPassword: 'The payment password is not correct' },
    ]);
    const tooMuch = await send(tree.child, '999999999');
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balances()).toEqual(before);

    const ok = await send(tree.childMember, '2500');
    expect(ok.body.value.balance).toBe(String(before.self! - 2500n));
    const after = await balances();
    expect(after.childMember! - before.childMember!).toBe(2500n);
    expect(
      Object.keys(after)
        .filter((k) => after[k] !== before[k])
        .sort(),
    ).toEqual(['childMember', 'self']);
  });

  it('a retried transfer moves the money once', async () => {
    const id = requestId();
    const body = { downlineId: tree.child.id, amount: '700', paymentPassword: PAYMENT_PASSWORD, requestId: id };
    const a = await post<{ replay: boolean; transactionId: number }>(tree.self, '/wps/agent/transfer', body);
    const b = await post<{ replay: boolean; transactionId: number }>(tree.self, '/wps/agent/transfer', body);
    expect([a.body.value.replay, b.body.value.replay]).toEqual([false, true]);
    expect(b.body.value.transactionId).toBe(a.body.value.transactionId);
    const changed = await post(tree.self, '/wps/agent/transfer', { ...body, amount: '701' });
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('contracts: only the direct downline agent can be offered one; nobody else can read or act', async () => {
    const op = await operatorToken(t);
    const house = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/operator/agent/contract/offer',
      headers: { authorization: `Bearer ${op}` },
      payload: { downlineId: tree.root.id, terms: DAILY },
    });
    await post(tree.root, '/wps/agent/contract/action', { contractId: house.body.value.id, action: 'accept' });
    for (const [from, to] of [
      ['root', 'parent'],
      ['parent', 'self'],
    ] as const) {
      const o = await post<{ id: number }>(tree[from], '/wps/agent/contract/offer', {
        downlineId: tree[to].id,
        terms: DAILY,
      });
      await post(tree[to], '/wps/agent/contract/action', { contractId: o.body.value.id, action: 'accept' });
    }
    const mine = await post<{ id: number }>(tree.self, '/wps/agent/contract/offer', {
      downlineId: tree.child.id,
      terms: DAILY,
    });
    expect(mine.status).toBe(200);
    for (const other of [...OUTSIDE, 'grandchild'] as Target[]) {
      const r = await post(tree.self, '/wps/agent/contract/offer', { downlineId: tree[other].id, terms: DAILY });
      expect([other, r.status]).toEqual([other, other === 'grandchild' ? 403 : 404]);
    }
    // Agents outside the contract (above, beside, another branch): it does not exist for them.
    for (const other of ['sibling', 'parent', 'root', 'cousin'] as const) {
      expect((await get(tree[other], `/wps/agent/contract?id=${mine.body.value.id}`)).status).toBe(404);
      expect(
        (await post(tree[other], '/wps/agent/contract/action', { contractId: mine.body.value.id, action: 'accept' }))
          .status,
      ).toBe(404);
    }
    expect((await get(tree.foreign, `/wps/agent/contract?id=${mine.body.value.id}`, tree.foreignHost)).status).toBe(
      404,
    );
    expect((await get(tree.grandchild, `/wps/agent/contract?id=${mine.body.value.id}`)).body.code).toBe('NOT_AGENT');
    expect(
      (await get(tree.self, `/wps/agent/settlements?kind=daily&role=paid&downlineId=${tree.sibling.id}`)).status,
    ).toBe(404);
    expect(
      (await get(tree.self, `/wps/agent/settlements?kind=daily&role=paid&downlineId=${tree.child.id}`)).status,
    ).toBe(200);
  });

  it('red envelopes reach only direct downlines, and only they can open them', async () => {
    const before = await balances();
    const bad = await post(tree.self, '/wps/agent/red-envelope', {
      totalAmount: '1000',
      shareCount: 1,
      split: 'fixed',
      recipients: [tree.sibling.id],
      paymentPassword: PAYMENT_PASSWORD,
      requestId: requestId(),
    });
    expect(bad.status).toBe(404);
    expect(await balances()).toEqual(before);
    const env = await post<{ id: number }>(tree.self, '/wps/agent/red-envelope', {
      totalAmount: '1000',
      shareCount: 2,
      split: 'fixed',
      paymentPassword: PAYMENT_PASSWORD,
      requestId: requestId(),
    });
    expect(env.status).toBe(200);
    for (const other of ['grandchild', 'sibling', 'siblingMember', 'parent', 'cousinMember', 'self'] as const) {
      const r = await post(tree[other], '/wps/member/red-envelope/claim', { id: env.body.value.id });
      expect([other, r.status]).toEqual([other, 404]);
    }
    expect(
      (await post(tree.foreignMember, '/wps/member/red-envelope/claim', { id: env.body.value.id }, tree.foreignHost))
        .status,
    ).toBe(404);
    expect((await get(tree.sibling, `/wps/agent/red-envelope?id=${env.body.value.id}`)).status).toBe(404);
    const list = await get<{ total: number }>(tree.grandchild, '/wps/member/red-envelopes');
    expect(list.body.value.total).toBe(0);
    const claim = await post<{ amount: string }>(tree.childMember, '/wps/member/red-envelope/claim', {
      id: env.body.value.id,
    });
    expect(claim.body.value.amount).toBe('500');
  });

  it('reports about accounts read nothing from another brand’s data', async () => {
    const rows = await t.ctx.db.execute(
      sql`SELECT count(*) AS n FROM member_daily_stats WHERE merchant_id <> ${tree.merchantId}`,
    );
    expect(Number((rows as unknown as { rows: { n: unknown }[] }).rows[0]!.n)).toBeGreaterThan(0);
    const tx = await get<{ list: { account: string }[] }>(tree.self, '/wps/agent/team/transactions?pageSize=100');
    expect(tx.body.value.list.map((r) => r.account)).not.toContain(tree.foreignMember.username);
    expect(tx.body.value.list.map((r) => r.account)).toContain(tree.grandchild.username);
  });
});
