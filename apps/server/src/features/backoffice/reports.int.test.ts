import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, createAgent, operatorToken } from '../../../test/factories/wallet.ts';
import {
  fundedPlayer,
  gameSession,
  setupProviderWorld,
  txId,
  vendorCall,
  type Player,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import type { DashboardValue, MemberPage } from '@app/contract';

/**
 * The reports against the ledger (issue 21, decision 084): a seeded period of deposits and play by
 * members inside and outside an agent team, and by a test account, read back through HTTP. The sum
 * over vendors, the sum over days, the dashboard's GGR and the house accounts' movement agree; the
 * test account's play is in the ledger and in none of the figures until it is unmarked.
 */
let t: TestApp;
let world: ProviderWorld;
let finance: string;
let support: string;
let content: string;
const today = { from: '', to: '' };
const people: Record<string, Player> = {};
/** What each player staked and won, by username. */
const seeded = new Map<string, { bets: bigint; wins: bigint; deposits: bigint }>();

const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, headers: bearer(token) });
const post = <T>(token: string, url: string, payload: object) =>
  t.call<T>({ method: 'POST', url, payload, headers: bearer(token) });
const range = () => `from=${today.from}&to=${today.to}`;

const houseMovement = async () => {
  const r = await t.ctx.db.execute(
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE merchant_id = ${world.merchantId} AND kind = 'house'`,
  );
  return BigInt((r as unknown as { rows: { total: string }[] }).rows[0]!.total);
};

/** Rounds of the given stakes; the second of each player wins 2.5 × its stake. */
const play = async (name: string, p: Player, stakes: bigint[], deposit: bigint) => {
  const s = await gameSession(t, p, world.games['HGS_DRAGON']!);
  const mine = { bets: 0n, wins: 0n, deposits: deposit };
  for (const [i, bet] of stakes.entries()) {
    const roundId = txId('round');
    const b = await vendorCall(t, 'bet', {
      sessionToken: s.sessionToken,
      playerId: s.playerId,
      transactionId: txId('bet'),
      roundId,
      gameCode: 'HGS_DRAGON',
      amount: String(bet),
      currency: 'BRL',
    });
    expect(b.body.success).toBe(true);
    const win = i === 1 ? (bet * 5n) / 2n : 0n;
    const w = await vendorCall(t, 'win', {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId,
      gameCode: 'HGS_DRAGON',
      amount: String(win),
      currency: 'BRL',
      endRound: true,
    });
    expect(w.body.success).toBe(true);
    mine.bets += bet;
    mine.wins += win;
  }
  people[name] = p;
  seeded.set(p.username, mine);
};

const sumOf = (names: string[], f: (s: { bets: bigint; wins: bigint; deposits: bigint }) => bigint) =>
  names.reduce((n, name) => n + f(seeded.get(people[name]!.username)!), 0n);

let agentA: { id: number; username: string };
let agentB: { id: number; username: string };

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
  finance = await operatorToken(t, 'finance');
  support = await operatorToken(t, 'support');
  content = await operatorToken(t, 'content');
  // A team: agent A over player p1 and agent B, agent B over player p2; p3 in no team; a test
  // account under A.
  agentA = await createAgent(t.ctx);
  agentB = await createAgent(t.ctx, { uplineId: agentA.id });
  await play('p1', await fundedPlayer(t, 40_000n, { uplineId: agentA.id }), [1_000n, 2_000n, 3_000n], 40_000n);
  await play('p2', await fundedPlayer(t, 30_000n, { uplineId: agentB.id }), [500n, 4_000n], 30_000n);
  await play('p3', await fundedPlayer(t, 20_000n), [2_000n, 1_000n, 700n, 300n], 20_000n);
  await play('tester', await fundedPlayer(t, 90_000n, { uplineId: agentA.id }), [9_000n, 8_000n], 90_000n);
  const d = (await get<DashboardValue>(finance, '/wps/operator/dashboard?period=today')).body.value;
  today.from = d.from;
  today.to = d.to;
});
afterAll(() => t.close());

type Days = {
  rows: { day: string; ggr: string; bets: string; deposits: string }[];
  totals: { ggr: string; bets: string; wins: string; deposits: string; activePlayers: number };
};
type Games = {
  rows: { vendor: string; gameType: string; ggr: string; turnover: string; rounds: number }[];
  totals: { ggr: string; turnover: string; rounds: number; players: number };
};
type Teams = {
  rows: { agent: string; members: number; ggr: string; bets: string; deposits: string; activePlayers: number }[];
};
type Members = { rows: { username: string; ggr: string; bets: string; rounds: number }[] };

describe('test accounts', () => {
  it('a finance operator marks a member as a test account with a reason; support and content may not; twice is a 409', async () => {
    const body = { memberId: people.tester!.id, reason: 'QA account of the payments team' };
    expect((await post(support, '/wps/operator/members/test-account', body)).status).toBe(403);
    expect((await post(content, '/wps/operator/members/test-account', body)).status).toBe(403);
    expect((await post(finance, '/wps/operator/members/test-account', { ...body, reason: 'x' })).status).toBe(400);
    expect((await post(finance, '/wps/operator/members/test-account', { ...body, memberId: 999_999 })).status).toBe(
      404,
    );
    const res = await post<MemberPage>(finance, '/wps/operator/members/test-account', body);
    expect(res.status).toBe(200);
    expect(res.body.value.profile.testAccount).toBe(true);
    expect((await post(finance, '/wps/operator/members/test-account', body)).status).toBe(409);
    const audit = await t.ctx.db.execute(
      sql`SELECT action, detail FROM operator_audit WHERE target = ${`member:${people.tester!.id}`} ORDER BY id`,
    );
    const rows = (audit as unknown as { rows: { action: string; detail: { reason: string } }[] }).rows;
    expect(rows.map((r) => r.action)).toEqual(['member.test_marked']);
    expect(rows[0]!.detail.reason).toBe('QA account of the payments team');
  });
});

describe('the reports', () => {
  const real = ['p1', 'p2', 'p3'];

  it("the sum over vendors = the sum over days = the dashboard's GGR = the house's movement less the test account's", async () => {
    const days = (await get<Days>(finance, `/wps/operator/reports/days?${range()}`)).body.value;
    const games = (await get<Games>(finance, `/wps/operator/reports/games?${range()}&by=vendor`)).body.value;
    const dash = (await get<DashboardValue>(finance, '/wps/operator/dashboard?period=today')).body.value;
    const ggr = sumOf(real, (s) => s.bets - s.wins);
    const testerGgr = sumOf(['tester'], (s) => s.bets - s.wins);
    expect(days.rows.reduce((n, r) => n + BigInt(r.ggr), 0n)).toBe(ggr);
    expect(BigInt(days.totals.ggr)).toBe(ggr);
    expect(games.rows.reduce((n, r) => n + BigInt(r.ggr), 0n)).toBe(ggr);
    expect(BigInt(games.totals.ggr)).toBe(ggr);
    expect(BigInt(dash.totals.ggr)).toBe(ggr);
    expect((await houseMovement()) - testerGgr).toBe(ggr);
    expect(days.totals).toMatchObject({
      bets: String(sumOf(real, (s) => s.bets)),
      wins: String(sumOf(real, (s) => s.wins)),
      deposits: String(sumOf(real, (s) => s.deposits)),
      activePlayers: 3,
    });
    expect(dash.totals.activePlayers).toBe(3);
    expect(dash.byVendor.reduce((n, s) => n + BigInt(s.ggr), 0n)).toBe(ggr);
    expect(games.totals).toMatchObject({ rounds: 9, players: 3, turnover: String(sumOf(real, (s) => s.bets)) });
  });

  it('by agent team: the whole subtree, the test account left out', async () => {
    const teams = (await get<Teams>(finance, `/wps/operator/reports/teams?${range()}&agent=${agentA.username}`)).body
      .value;
    expect(teams.rows.map((r) => r.agent)).toEqual([agentA.username, agentB.username]);
    const [a, b] = teams.rows;
    expect(BigInt(a!.ggr)).toBe(sumOf(['p1', 'p2'], (s) => s.bets - s.wins));
    expect(BigInt(a!.deposits)).toBe(sumOf(['p1', 'p2'], (s) => s.deposits));
    expect(a).toMatchObject({ members: 4, activePlayers: 2 });
    expect(BigInt(b!.ggr)).toBe(sumOf(['p2'], (s) => s.bets - s.wins));
    expect(b).toMatchObject({ members: 2, activePlayers: 1 });
    expect((await get(finance, `/wps/operator/reports/teams?${range()}&agent=${people.p3!.username}`)).status).toBe(
      404,
    );
  });

  it('by member: the most turnover first, each equal to its ledger; the test account absent', async () => {
    const list = (await get<Members>(finance, `/wps/operator/reports/members?${range()}`)).body.value.rows;
    expect(list.map((r) => r.username)).toEqual(['p1', 'p2', 'p3'].map((n) => people[n]!.username));
    for (const r of list) {
      const s = seeded.get(r.username)!;
      expect(r).toMatchObject({ bets: String(s.bets), ggr: String(s.bets - s.wins) });
    }
    const one = (
      await get<Members>(finance, `/wps/operator/reports/members?${range()}&username=${people.p3!.username}`)
    ).body.value.rows;
    expect(one).toHaveLength(1);
    expect(one[0]!.rounds).toBe(4);
  });

  it("a member's statement: every movement with its running balance, opening to closing", async () => {
    const p = people.p3!;
    const st = (
      await get<{
        opening: string;
        closing: string;
        rows: { amount: string; balance: string; kind: string }[];
      }>(finance, `/wps/operator/reports/statement?${range()}&memberId=${p.id}`)
    ).body.value;
    expect(st.opening).toBe('0');
    expect(st.rows[0]!.kind).toBe('deposit');
    let balance = BigInt(st.opening);
    for (const r of st.rows) {
      balance += BigInt(r.amount);
      expect(r.balance).toBe(String(balance));
    }
    const s = seeded.get(p.username)!;
    expect(st.closing).toBe(String(s.deposits - s.bets + s.wins));
    expect((await t.ctx.wallet.balance(world.merchantId, p.id)).balance).toBe(s.deposits - s.bets + s.wins);
  });

  it('unmarking the test account brings its play back into every figure', async () => {
    const body = { memberId: people.tester!.id, reason: 'Turned into a real account' };
    const res = await post<MemberPage>(finance, '/wps/operator/members/test-account/unmark', body);
    expect(res.body.value.profile.testAccount).toBe(false);
    expect((await post(finance, '/wps/operator/members/test-account/unmark', body)).status).toBe(409);
    const days = (await get<Days>(finance, `/wps/operator/reports/days?${range()}`)).body.value;
    const dash = (await get<DashboardValue>(finance, '/wps/operator/dashboard?period=today')).body.value;
    expect(BigInt(days.totals.ggr)).toBe(await houseMovement());
    expect(dash.totals.ggr).toBe(days.totals.ggr);
    expect(dash.totals.activePlayers).toBe(4);
  });

  it('refuses a bad range with a 400, other roles with a 403, an unknown member with a 404', async () => {
    for (const path of ['days', 'games', 'teams', 'members']) {
      expect((await get(finance, `/wps/operator/reports/${path}?from=2026-03-02&to=2026-03-01`)).status).toBe(400);
      expect((await get(finance, `/wps/operator/reports/${path}?from=2024-01-01&to=2026-03-01`)).status).toBe(400);
      expect((await get(finance, `/wps/operator/reports/${path}`)).status).toBe(400);
      expect((await get(support, `/wps/operator/reports/${path}?${range()}`)).status).toBe(403);
      expect((await get(content, `/wps/operator/reports/${path}?${range()}`)).status).toBe(403);
    }
    expect((await get(finance, `/wps/operator/reports/statement?${range()}&memberId=999999`)).status).toBe(404);
    expect((await get(finance, `/wps/operator/reports/games?${range()}&by=game`)).status).toBe(400);
  });
});
