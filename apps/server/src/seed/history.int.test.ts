import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardValue } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, operatorToken } from '../../test/factories/wallet.ts';
import { checkLedger } from '../features/wallet/ledger-check/data.ts';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.ts';
import { seedCatalog } from './catalog.ts';
import { DEMO_HISTORY, seedHistory } from './history.ts';
import { seedWallet } from './wallet.ts';

/**
 * The demo history (decision 083) on a fresh brand: weeks of backdated deposits, rounds and
 * withdrawals that the ledger check accepts, that the dashboard shows day by day with the ledger's
 * own totals, that the agents' roll-up counts, and that a second run leaves alone.
 */
let t: TestApp;
let merchantId: number;
let finance: string;

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.ctx.db.execute(q)) as unknown as { rows: T[] };

const counts = async () =>
  (
    await rows<{ tx: number; rounds: number; members: number }>(sql`
      SELECT (SELECT count(*) FROM ledger_transactions)::int AS tx, (SELECT count(*) FROM game_rounds)::int AS rounds,
             (SELECT count(*) FROM members)::int AS members`)
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
  await seedAccounts(t.ctx);
  await seedCatalog(t.ctx);
  await seedWallet(t.ctx);
  finance = await operatorToken(t, 'finance');
}, 60_000);
afterAll(() => t.close());

describe('the demo history', () => {
  it('seeds weeks of balanced, backdated history once', async () => {
    const started = Date.now();
    expect(await seedHistory(t.ctx)).toBe(true);
    // Set-based: a few seconds at most, well inside the first start's budget.
    expect(Date.now() - started).toBeLessThan(20_000);
    const report = await checkLedger(t.ctx.db);
    expect(report.breaches).toEqual([]);
    expect(report.stats.transactions).toBeGreaterThan(5_000);

    const before = await counts();
    expect(await seedHistory(t.ctx)).toBe(false);
    expect(await counts()).toEqual(before);
    // The demo member's balance (R$ 500,00 from its first deposit) is untouched.
    const demo = (await t.ctx.accounts.findByUsername(merchantId, DEMO_ACCOUNTS.member.username))!;
    expect((await t.ctx.wallet.balance(merchantId, demo.id)).balance).toBe(50_000n);
  }, 60_000);

  it('fills the 30-day dashboard with daily figures equal to the ledger', async () => {
    const res = await t.call<DashboardValue>({
      method: 'GET',
      url: '/wps/operator/dashboard?period=30d',
      headers: bearer(finance),
    });
    expect(res.status).toBe(200);
    const v = res.body.value;
    expect(v.days).toHaveLength(30);
    const lively = v.days.filter((d) => d.bets !== '0' && d.deposits !== '0' && d.activePlayers > 0);
    expect(lively.length).toBeGreaterThanOrEqual(25);
    expect(v.days.filter((d) => d.withdrawalCount > 0).length).toBeGreaterThanOrEqual(20);

    // The same window read straight from the ledger's postings on member wallets.
    const { timezone } = (await t.ctx.merchants.brand(merchantId)).merchant;
    const ledger = (
      await rows<{ deposits: string; bets: string; wins: string; withdrawals: string }>(sql`
        SELECT coalesce(sum(p.amount) FILTER (WHERE t.kind = 'deposit'), 0)::text AS deposits,
               coalesce(-sum(p.amount) FILTER (WHERE t.kind = 'bet'), 0)::text AS bets,
               coalesce(sum(p.amount) FILTER (WHERE t.kind = 'win'), 0)::text AS wins,
               coalesce(sum(p.amount) FILTER (WHERE t.kind = 'withdrawal_hold'), 0)::text AS withdrawals
          FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.owner_id IS NOT NULL
         WHERE t.merchant_id = ${merchantId}
           AND t.created_at >= (${v.from}::date)::timestamp AT TIME ZONE ${timezone}
           AND t.created_at < (${v.to}::date + 1)::timestamp AT TIME ZONE ${timezone}`)
    ).rows[0]!;
    expect(v.totals.deposits).toBe(ledger.deposits);
    expect(v.totals.bets).toBe(ledger.bets);
    expect(v.totals.wins).toBe(ledger.wins);
    expect(v.totals.withdrawals).toBe(String(-BigInt(ledger.withdrawals)));
    expect(BigInt(v.totals.ggr)).toBe(BigInt(ledger.bets) - BigInt(ledger.wins));
    // The rounds behind the play figures: several game types, the same stakes as the ledger.
    expect(v.byGameType.length).toBeGreaterThanOrEqual(2);
    expect(v.byGameType.reduce((n, s) => n + BigInt(s.turnover), 0n)).toBe(BigInt(ledger.bets));
    expect(v.totals.registrations).toBeGreaterThan(50);
  });

  it("fills the agents' daily roll-up every day, rounds and money", async () => {
    // The agent.stats job a minute later (it counts ledger movements once they are 30 s old).
    await t.ctx.db.transaction((tx) => t.ctx.agentStats.rollupAll(tx, new Date(Date.now() + 60_000)));
    const agent = (await t.ctx.accounts.findByUsername(merchantId, DEMO_ACCOUNTS.agent.username))!;
    const team = (
      await rows<{ days: number; money_days: number; members: number }>(sql`
        SELECT count(DISTINCT s.day) FILTER (WHERE s.bet > 0)::int AS days,
               count(DISTINCT s.day) FILTER (WHERE s.deposit > 0)::int AS money_days,
               count(DISTINCT s.member_id)::int AS members
          FROM member_daily_stats s
         WHERE s.merchant_id = ${merchantId} AND s.tree_path LIKE ${`${agent.treePath}%`}`)
    ).rows[0]!;
    expect(team.days).toBeGreaterThanOrEqual(DEMO_HISTORY.days - 1);
    expect(team.money_days).toBeGreaterThanOrEqual(DEMO_HISTORY.days - 1);
    expect(team.members).toBeGreaterThan(100);
  });
});
