import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, createAgent, fund, operatorToken } from '../../../test/factories/wallet.ts';
import {
  fundedPlayer,
  gameSession,
  setupProviderWorld,
  txId,
  vendorCall,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import type { DashboardValue } from '@app/contract';

/**
 * The dashboard's totals against the ledger (issue 21, decision 069): a seeded period of deposits,
 * play, bonuses, an agent's salary and a paid withdrawal on a fresh brand, read back through HTTP,
 * must equal both what was seeded and what the ledger's own accounts hold.
 */
let t: TestApp;
let world: ProviderWorld;
let finance: string;
let content: string;

const dashboard = (token: string, query: string) =>
  t.call<DashboardValue>({ method: 'GET', url: `/wps/operator/dashboard?${query}`, headers: bearer(token) });

/** What the ledger's accounts of one kind hold in total (a fresh brand: everything happened today). */
const accountsOf = async (kind: string) => {
  const r = await t.ctx.db.execute(
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE merchant_id = ${world.merchantId} AND kind = ${kind}`,
  );
  return BigInt((r as unknown as { rows: { total: string }[] }).rows[0]!.total);
};

const seeded = { deposits: 0n, bets: 0n, wins: 0n, bonuses: 0n, salaries: 0n, withdrawals: 0n };

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
  const wallet = t.ctx.wallet;
  const merchantId = world.merchantId;
  const nodeId = world.games['HGS_DRAGON']!;
  // Three players: deposits, a few rounds each (bet, some wins), one rolled back bet.
  for (let i = 0; i < 3; i++) {
    const p = await fundedPlayer(t, 50_000n);
    seeded.deposits += 50_000n;
    const s = await gameSession(t, p, nodeId);
    for (let r = 0; r < 3; r++) {
      const roundId = txId('round');
      const bet = 1_000n * BigInt(r + 1);
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
      seeded.bets += bet;
      const win = r === 1 ? 2_500n : 0n;
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
      seeded.wins += win;
    }
    // A bonus from the bonus account.
    await wallet.transfer({
      merchantId,
      key: `test-bonus:${p.id}`,
      kind: 'promotion',
      from: { system: 'bonus' },
      to: { member: p.id },
      amount: 700n,
    });
    seeded.bonuses += 700n;
    if (i === 0) {
      // A paid withdrawal: held from the wallet, then paid out of pending withdrawals.
      await wallet.transfer({
        merchantId,
        key: `test-wd:${p.id}:hold`,
        kind: 'withdrawal_hold',
        from: { member: p.id },
        to: { system: 'pending_withdrawal' },
        amount: 10_000n,
      });
      await wallet.transfer({
        merchantId,
        key: `test-wd:${p.id}:payout`,
        kind: 'withdrawal_payout',
        from: { system: 'pending_withdrawal' },
        to: { system: 'clearing', sub: 'TEST' },
        amount: 10_000n,
      });
      seeded.withdrawals += 10_000n;
    }
  }
  // An agent's salary paid by the house's commission account; the agent's own deposit counts too.
  const agent = await createAgent(t.ctx);
  await fund(t.ctx, agent, 5_000n);
  seeded.deposits += 5_000n;
  await wallet.transfer({
    merchantId,
    key: `test-salary:${agent.id}`,
    kind: 'salary',
    from: { system: 'commission' },
    to: { member: agent.id },
    amount: 1_200n,
  });
  seeded.salaries += 1_200n;
});
afterAll(() => t.close());

describe('the dashboard', () => {
  it("totals today equal what was seeded and what the ledger's accounts hold", async () => {
    const res = await dashboard(finance, 'period=today');
    expect(res.status).toBe(200);
    const v = res.body.value;
    const ggr = seeded.bets - seeded.wins;
    expect(v.totals).toMatchObject({
      bets: String(seeded.bets),
      wins: String(seeded.wins),
      ggr: String(ggr),
      bonuses: String(seeded.bonuses),
      ngr: String(ggr - seeded.bonuses),
      deposits: String(seeded.deposits),
      depositCount: 4,
      withdrawals: String(seeded.withdrawals),
      withdrawalCount: 1,
      activePlayers: 3,
      salaries: String(seeded.salaries),
      dividends: '0',
    });
    // The ledger's own accounts: the house holds the GGR, the bonus and commission accounts paid out.
    expect(await accountsOf('house')).toBe(BigInt(v.totals.ggr));
    expect(-(await accountsOf('bonus'))).toBe(BigInt(v.totals.bonuses));
    expect(-(await accountsOf('commission'))).toBe(BigInt(v.totals.salaries) + BigInt(v.totals.dividends));
    expect(await accountsOf('pending_withdrawal')).toBe(0n);
    // Today is the only day; its row is the totals; yesterday (the previous period) is empty.
    expect(v.days).toHaveLength(1);
    expect(v.days[0]).toEqual(v.totals);
    expect(v.previousTotals.ggr).toBe('0');
    expect(v.previousDays).toHaveLength(1);
    // Registrations: the three players and the agent (plus whatever the harness created today).
    expect(v.totals.registrations).toBeGreaterThanOrEqual(4);
    // Play by game type, vendor and game, from the rounds: the same stakes.
    expect(v.byVendor).toEqual([{ key: 'HGS', rounds: 9, turnover: String(seeded.bets), ggr: String(ggr) }]);
    expect(v.topGames[0]).toMatchObject({ key: 'HGS_DRAGON', vendor: 'HGS', rounds: 9, turnover: String(seeded.bets) });
    expect(v.byGameType.reduce((n, s) => n + BigInt(s.turnover), 0n)).toBe(seeded.bets);
    expect(v.pending).toEqual({ deposits: 0, withdrawals: 0, cases: 0 });
    expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
  });

  it('7 and 30 days: one row per day ending today, the totals the same, the previous period as long', async () => {
    const today = (await dashboard(finance, 'period=today')).body.value;
    for (const [period, n] of [
      ['7d', 7],
      ['30d', 30],
    ] as const) {
      const v = (await dashboard(finance, `period=${period}`)).body.value;
      expect(v.days).toHaveLength(n);
      expect(v.previousDays).toHaveLength(n);
      expect(v.to).toBe(today.to);
      expect(v.days.at(-1)).toEqual(today.totals);
      expect(v.totals.ggr).toBe(today.totals.ggr);
      expect(v.days.slice(0, -1).every((d) => d.ggr === '0' && d.depositCount === 0)).toBe(true);
    }
    const y = (await dashboard(finance, 'period=yesterday')).body.value;
    expect(y.totals.ggr).toBe('0');
    const range = (await dashboard(finance, `period=range&from=${today.from}&to=${today.to}`)).body.value;
    expect(range.totals).toEqual(today.totals);
  });

  it('refuses a bad range with a 400 and other roles with a 403', async () => {
    expect((await dashboard(finance, 'period=range')).status).toBe(400);
    expect((await dashboard(finance, 'period=range&from=2026-03-02&to=2026-03-01')).status).toBe(400);
    expect((await dashboard(finance, 'period=range&from=2024-01-01&to=2026-03-01')).status).toBe(400);
    expect((await dashboard(finance, 'period=range&from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await dashboard(finance, 'period=week')).status).toBe(400);
    expect((await dashboard(content, 'period=today')).status).toBe(403);
    const support = await operatorToken(t, 'support');
    expect((await dashboard(support, 'period=today')).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/wps/operator/dashboard' })).status).toBe(401);
  });
});
