import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MemberInfoValue,
  RebateOverview,
  RebateSettings,
  VipOverview,
  VipReport,
  VipSettingsView,
} from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  bearer,
  createMember,
  fund,
  operatorToken,
  PAYMENT_PASSWORD,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { startOfDay } from '../provider/history/service.ts';
import { registerVipJobs } from './jobs.ts';

let t: TestApp;
let finance: string;
let content: string;
let admin: string;
let bankChannel: number;

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>';
const level = (name: string, o: Record<string, unknown>) => ({
  name,
  icon: ICON,
  depositMin: '0',
  turnoverMin: '0',
  keepDeposit: '0',
  keepTurnover: '0',
  upgradeBonus: '0',
  weeklyBonus: '0',
  monthlyBonus: '0',
  birthdayBonus: '0',
  withdrawDailyMax: null,
  withdrawDailyCount: null,
  pointsBonusBp: 0,
  ...o,
});
const LEVELS = [
  level('Bronze', { depositMin: '10000', upgradeBonus: '500', weeklyBonus: '100' }),
  level('Silver', {
    depositMin: '50000',
    turnoverMin: '200000',
    upgradeBonus: '2000',
    weeklyBonus: '300',
    monthlyBonus: '1000',
    birthdayBonus: '800',
    withdrawDailyMax: '50000000',
    withdrawDailyCount: 10,
    pointsBonusBp: 500,
  }),
  level('Gold', { depositMin: '200000', turnoverMin: '1000000', upgradeBonus: '10000', monthlyBonus: '5000' }),
];
const save = (body: object, token = finance) =>
  t.call<VipSettingsView>({ method: 'PUT', url: '/wps/operator/vip', headers: bearer(token), payload: body });

beforeAll(async () => {
  t = await createTestApp();
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
  admin = await operatorToken(t, 'admin');
  const bank = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/deposit-channels',
    headers: bearer(admin),
    payload: {
      code: 'VIP_BANK',
      kind: 'bank',
      name: 'PIX / bank transfer',
      enabled: true,
      minAmount: '100',
      maxAmount: '10000000',
      bank: {
        bankName: 'Banco',
        accountName: 'LOTUS LTDA',
        accountNumber: '1-1',
        branch: '1',
        pixKey: null,
        instructions: null,
      },
    },
  });
  expect(bank.status, JSON.stringify(bank.body)).toBe(200);
  bankChannel = bank.body.value.id;
  const saved = await save({ windowDays: 30, match: 'all', levels: LEVELS });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => t.close());

const member = async () => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const overview = async (token: string) =>
  (await t.call<VipOverview>({ method: 'GET', url: '/wps/v2/vip', headers: bearer(token) })).body.value;
const info = async (token: string) =>
  (await t.call<MemberInfoValue>({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).body.value;
const cash = async (m: TestMember) => (await t.ctx.wallet.balance(m.merchantId, m.id)).balance;
const bonusesOf = async (m: TestMember) =>
  rowsOf<{ kind: string; level: number; period: string; amount: string }>(
    await t.ctx.db.execute(
      sql`SELECT kind, level, period, amount::text FROM vip_bonuses WHERE member_id = ${m.id} ORDER BY id`,
    ),
  );
const vipLedger = async (m: TestMember) =>
  rowsOf<{ n: number; total: string }>(
    await t.ctx.db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(p.amount), 0)::text AS total
        FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE x.kind = 'vip' AND a.owner_id = ${m.id}`),
  )[0]!;

let rid = 0;
/** A deposit through the API, confirmed by finance: the credit queues the member's level review. */
const deposit = async (p: { token: string }, amount: string) => {
  const created = await t.call<{ deposit: { id: number } }>({
    method: 'POST',
    url: '/wps/v2/deposits',
    headers: bearer(p.token),
    payload: { channelId: bankChannel, amount, requestId: `req_vip_${++rid}_${Date.now()}`, reference: 'PIX' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirmed = await t.call<{ status: string }>({
    method: 'POST',
    url: `/wps/operator/deposits/${created.body.value.deposit.id}/confirm`,
    headers: bearer(finance),
    payload: {},
  });
  expect(confirmed.body.value.status).toBe('credited');
  await t.ctx.jobs.runDue();
};

let roundSeq = 0;
const round = (m: TestMember, bet: bigint, at: Date, gameType = 'RNG') =>
  t.ctx.db.execute(sql`
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status,
                             currency, bet_total, win_total, refund_total, started_at, ended_at)
    VALUES (${m.merchantId}, ${m.id}, 'TEST', ${`vip-${++roundSeq}`}, 'TEST', 'g1', ${gameType}, 'closed', 'BRL',
            ${bet}, 0, 0, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);

/** Two job runners (two servers) knowing only the given VIP jobs. */
const runners = (only: string[]) =>
  [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)].map((r) => {
    registerVipJobs(
      {
        every: (name, ms, handler, opts) => (only.includes(name) ? r.every(name, ms, handler, opts) : undefined),
        register: (name, handler, opts) => (only.includes(name) ? r.register(name, handler, opts) : undefined),
      },
      { vip: t.ctx.vip },
    );
    return r;
  });
const tick = async (rs: JobRunner[], now: Date) => {
  await Promise.all(rs.map((r) => r.schedulePeriods(now)));
  await Promise.all(rs.map((r) => r.runDue({ now })));
  await Promise.all(rs.map((r) => r.runDue({ now })));
};

describe('the VIP levels desk', () => {
  it('finance saves the levels; content reads them; bad input is refused and changes nothing', async () => {
    const read = await t.call<VipSettingsView>({ method: 'GET', url: '/wps/operator/vip', headers: bearer(content) });
    expect(read.status).toBe(200);
    expect(read.body.value).toMatchObject({ windowDays: 30, match: 'all' });
    expect(read.body.value.levels.map((l) => [l.level, l.name, l.depositMin, l.turnoverMin])).toEqual([
      [1, 'Bronze', '10000', '0'],
      [2, 'Silver', '50000', '200000'],
      [3, 'Gold', '200000', '1000000'],
    ]);
    const bad: object[] = [
      { windowDays: 0, match: 'all', levels: LEVELS },
      { windowDays: 30, match: 'some', levels: LEVELS },
      { windowDays: 30, match: 'all', levels: [LEVELS[1], LEVELS[0]] }, // not ascending
      { windowDays: 30, match: 'all', levels: [LEVELS[0], LEVELS[0]] }, // the same thresholds twice
      { windowDays: 30, match: 'all', levels: [level('Nothing', {})] }, // no threshold
      { windowDays: 30, match: 'all', levels: [level('', { depositMin: '1' })] },
      { windowDays: 30, match: 'all', levels: [level('X', { depositMin: '-1' })] },
      { windowDays: 30, match: 'all', levels: [level('X', { depositMin: '1.5' })] },
      { windowDays: 30, match: 'all', levels: [level('X', { depositMin: '1', icon: '<svg onload="x()"></svg>' })] },
      { windowDays: 30, match: 'all', levels: [level('X', { depositMin: '1', icon: '<img src=x>' })] },
      { windowDays: 30, match: 'all', levels: [level('X', { depositMin: '1', pointsBonusBp: 99999 })] },
      { windowDays: 30, match: 'all', levels: [level('X', { depositMin: '1', extra: 1 })] },
      {
        windowDays: 30,
        match: 'all',
        levels: Array.from({ length: 13 }, (_, i) => level(`L${i}`, { depositMin: String(i + 1) })),
      },
      { windowDays: 30, match: 'all' },
    ];
    for (const body of bad) {
      const r = await save(body);
      expect(r.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await save({ windowDays: 30, match: 'all', levels: [] }, content)).status).toBe(403);
    const after = await t.call<VipSettingsView>({ method: 'GET', url: '/wps/operator/vip', headers: bearer(content) });
    expect(after.body.value).toEqual(read.body.value);
  });
});

describe('levels from deposits and settled turnover', () => {
  it('reaches a level exactly at its threshold, pays the upgrade bonus once, and shows the label', async () => {
    const p = await member();
    await deposit(p, '9900');
    let view = await overview(p.token);
    expect(view).toMatchObject({ enabled: true, level: 0, name: null, deposits: '9900', turnover: '0' });
    expect(view.next).toMatchObject({
      level: 1,
      name: 'Bronze',
      depositMissing: '100',
      turnoverMissing: '0',
      percent: 99,
    });
    expect((await info(p.token)).vipLabelName).toBeNull();

    await deposit(p, '100'); // exactly 10000
    view = await overview(p.token);
    expect(view).toMatchObject({ level: 1, name: 'Bronze' });
    expect(view.next).toMatchObject({ level: 2, depositMissing: '40000', turnoverMissing: '200000' });
    expect(view.history.map((h) => [h.kind, h.level, h.amount])).toEqual([['upgrade', 1, '500']]);
    expect(await info(p.token)).toMatchObject({ vipLabelName: 'Bronze', vipLevel: 1 });
    expect(await cash(p.m)).toBe(10_000n + 500n);

    // Reviewing again (a replayed job, another server) pays nothing more.
    await t.ctx.db.transaction((tx) =>
      t.ctx.vip.review(tx, { merchantId: p.m.merchantId, memberId: p.m.id }, new Date(), () => undefined),
    );
    await deposit(p, '100');
    expect(await bonusesOf(p.m)).toEqual([{ kind: 'upgrade', level: 1, period: 'level:1', amount: '500' }]);
    expect(await vipLedger(p.m)).toEqual({ n: 1, total: '500' });
  });

  it('needs both thresholds with match all; settled turnover is reviewed by the minute job; two levels at once pay both', async () => {
    const p = await member();
    await deposit(p, '60000'); // Silver's deposit, but not its turnover: Bronze
    expect((await overview(p.token)).level).toBe(1);
    const now = new Date();
    await round(p.m, 199_999n, new Date(now.getTime() - 5 * 60_000));
    const minute = runners(['vip.levels']);
    await tick(minute, now);
    let view = await overview(p.token);
    expect(view.level).toBe(1);
    expect(view.next).toMatchObject({ level: 2, depositMissing: '0', turnoverMissing: '1' });

    await round(p.m, 1n, new Date(now.getTime() + 30_000)); // exactly 200000
    await tick(minute, new Date(now.getTime() + 2 * 60_000));
    view = await overview(p.token);
    expect(view).toMatchObject({ level: 2, name: 'Silver' });

    // A member who passes Bronze and Silver at once is paid both upgrade bonuses.
    const q = await member();
    await fund(t.ctx, q.m, 0n + 60_000n);
    await round(q.m, 300_000n, new Date(now.getTime() - 60_000));
    await t.ctx.db.transaction((tx) =>
      t.ctx.vip.review(tx, { merchantId: q.m.merchantId, memberId: q.m.id }, new Date(), () => undefined),
    );
    expect((await bonusesOf(q.m)).map((b) => [b.level, b.amount])).toEqual([
      [1, '500'],
      [2, '2000'],
    ]);
    expect(await cash(q.m)).toBe(60_000n + 2_500n);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('match any: either threshold reaches a level', async () => {
    expect((await save({ windowDays: 30, match: 'any', levels: LEVELS })).status).toBe(200);
    try {
      const p = await member();
      await round(p.m, 200_000n, new Date(Date.now() - 60_000)); // Silver's turnover, no deposit
      await deposit(p, '10000'); // Bronze's deposit; Silver by turnover
      expect((await overview(p.token)).level).toBe(2);
    } finally {
      expect((await save({ windowDays: 30, match: 'all', levels: LEVELS })).status).toBe(200);
    }
  });
});

describe('perks read by other features', () => {
  it('the withdrawal limit and the rebate rates follow the level; members of a level are listed', async () => {
    const p = await member();
    const before = await t.call<{ limits: { dailyMax: string; dailyCount: number } }>({
      method: 'GET',
      url: '/wps/v2/withdrawals/info',
      headers: bearer(p.token),
    });
    expect(before.body.value.limits.dailyMax).toBe('10000000');
    await t.ctx.db.execute(sql`
      INSERT INTO rebate_rates (merchant_id, game_type, level, rate_bp) VALUES (${p.m.merchantId}, 'RNG', 0, 50), (${p.m.merchantId}, 'RNG', 2, 150)
      ON CONFLICT (merchant_id, game_type, level) DO UPDATE SET rate_bp = excluded.rate_bp`);
    const rateOf = async () =>
      (
        await t.call<RebateOverview>({ method: 'GET', url: '/wps/v2/rebate', headers: bearer(p.token) })
      ).body.value.accruals.find((a) => a.gameType === 'RNG')?.rateBp;
    expect(await rateOf()).toBe(50);

    await round(p.m, 250_000n, new Date(Date.now() - 60_000));
    await deposit(p, '50000');
    expect((await overview(p.token)).level).toBe(2);
    const after = await t.call<{ limits: { dailyMax: string; dailyCount: number } }>({
      method: 'GET',
      url: '/wps/v2/withdrawals/info',
      headers: bearer(p.token),
    });
    expect(after.body.value.limits).toMatchObject({ dailyMax: '50000000', dailyCount: 10 });
    expect(await rateOf()).toBe(150);
    const table = (await overview(p.token)).levels;
    expect(table[1]!.rebate).toEqual([{ gameType: 'RNG', rateBp: 150 }]);
    // The points exchange perk: +5% on conversions at Silver.
    const rules = await t.call({
      method: 'POST',
      url: '/wps/operator/points/rules',
      headers: bearer(finance),
      payload: { rules: [], rates: [{ minPoints: 100, amountPer100: '100' }] },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    const granted = await t.call({
      method: 'POST',
      url: '/wps/operator/points/adjust',
      headers: bearer(finance),
      payload: { account: p.m.username, points: 1000, note: 'VIP test' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const config = await t.call<{ vipBonusBp: number; vip: unknown }>({
      method: 'GET',
      url: '/wps/v2/points/config',
      headers: bearer(p.token),
    });
    expect(config.body.value.vipBonusBp).toBe(500);
    // The exchange table by level: every level's bonus and the member's level.
    expect(config.body.value.vip).toEqual({
      level: 2,
      levels: [
        { level: 1, name: 'Bronze', bonusBp: 0 },
        { level: 2, name: 'Silver', bonusBp: 500 },
        { level: 3, name: 'Gold', bonusBp: 0 },
      ],
    });
    const converted = await t.call<{ amount: string }>({
      method: 'POST',
      url: '/wps/v2/points/convert',
      headers: bearer(p.token),
      payload: { points: 200, paymentPassword: PAYMENT_PASSWORD },
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body.value.amount).toBe('210');
    expect(await t.ctx.vip.membersOfLevel(p.m.merchantId, 2)).toContain(p.m.id);
    expect(await t.ctx.vip.membersOfLevel(p.m.merchantId, 1)).not.toContain(p.m.id);
  });
});

describe('rebate rates per level on the rebate desk', () => {
  type Settings = RebateSettings;
  const rebateDesk = (level?: number | string, token = content) =>
    t.call<Settings>({
      method: 'GET',
      url: `/wps/operator/rebate${level === undefined ? '' : `?level=${level}`}`,
      headers: bearer(token),
    });
  const saveRates = (body: object) =>
    t.call<Settings>({ method: 'PUT', url: '/wps/operator/rebate', headers: bearer(finance), payload: body });
  const rateRows = async (merchantId: number) =>
    rowsOf<{ game_type: string; level: number; rate_bp: number }>(
      await t.ctx.db.execute(
        sql`SELECT game_type, level, rate_bp FROM rebate_rates WHERE merchant_id = ${merchantId} ORDER BY level, game_type`,
      ),
    );

  it('finance saves the rates of any VIP level; a claim pays a member at their level’s rates; unknown levels are 400', async () => {
    const a = await rebateDesk(0);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.value.levels).toEqual([
      { level: 0, name: null },
      { level: 1, name: 'Bronze' },
      { level: 2, name: 'Silver' },
      { level: 3, name: 'Gold' },
    ]);
    expect(a.body.value.below).toEqual([]);

    const base = await saveRates({
      rates: [
        { gameType: 'RNG', rateBp: 100 },
        { gameType: 'LIVE', rateBp: 40 },
      ],
      dailyAuto: false,
    });
    expect(base.status, JSON.stringify(base.body)).toBe(200);
    expect(base.body.value.level).toBe(0);
    const silver = await saveRates({ level: 2, rates: [{ gameType: 'RNG', rateBp: 200 }], dailyAuto: false });
    expect(silver.status, JSON.stringify(silver.body)).toBe(200);
    expect(silver.body.value).toMatchObject({ level: 2, rates: [{ gameType: 'RNG', rateBp: 200 }] });
    // Gold: more on slots, live casino off (an explicit 0 at a level above 0).
    const gold = await saveRates({
      level: 3,
      rates: [
        { gameType: 'RNG', rateBp: 300 },
        { gameType: 'LIVE', rateBp: 0 },
      ],
      dailyAuto: false,
    });
    expect(gold.status, JSON.stringify(gold.body)).toBe(200);
    const read = await rebateDesk(3);
    expect(read.body.value.rates).toEqual([
      { gameType: 'LIVE', rateBp: 0 },
      { gameType: 'RNG', rateBp: 300 },
    ]);
    // What Gold would get without its own rates: Silver's, with level 0's live casino.
    expect(read.body.value.below).toEqual([
      { gameType: 'LIVE', rateBp: 40 },
      { gameType: 'RNG', rateBp: 200 },
    ]);

    // Levels the brand does not have, and levels that are not levels: 400, nothing changed.
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const before = await rateRows(merchantId);
    for (const bad of [4, 13, -1, 1.5, '2', null]) {
      const r = await saveRates({ level: bad, rates: [{ gameType: 'RNG', rateBp: 500 }], dailyAuto: true });
      expect(r.status, `level ${String(bad)}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    for (const bad of ['4', '13', '-1', 'x', '1.5']) expect((await rebateDesk(bad)).status, bad).toBe(400);
    expect(await rateRows(merchantId)).toEqual(before);
    expect((await rebateDesk(0)).body.value.dailyAuto).toBe(false);
    // Content reads any level but saves none.
    const denied = await t.call({
      method: 'PUT',
      url: '/wps/operator/rebate',
      headers: bearer(content),
      payload: { level: 1, rates: [], dailyAuto: false },
    });
    expect(denied.status).toBe(403);

    // Members at levels 0, 2 and 3 with the same turnover: each claim pays its level's rates.
    const played = new Date(Date.now() - 60_000);
    const claimFor = async (level: number) => {
      const p = await member();
      if (level) await t.ctx.vip.place({ merchantId: p.m.merchantId, memberId: p.m.id }, level);
      await round(p.m, 100_000n, played, 'RNG');
      await round(p.m, 100_000n, played, 'LIVE');
      const r = await t.call<{ total: string; paid: { gameType: string; rateBp: number; amount: string }[] }>({
        method: 'POST',
        url: '/wps/v2/rebate/claim',
        headers: bearer(p.token),
        payload: {},
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await cash(p.m)).toBe(BigInt(r.body.value.total));
      return r.body.value.paid.map((x) => [x.gameType, x.rateBp, x.amount]).sort();
    };
    expect(await claimFor(0)).toEqual([
      ['LIVE', 40, '400'],
      ['RNG', 100, '1000'],
    ]);
    expect(await claimFor(2)).toEqual([
      ['LIVE', 40, '400'],
      ['RNG', 200, '2000'],
    ]);
    expect(await claimFor(3)).toEqual([['RNG', 300, '3000']]);
    // The VIP page's perks table shows each level's rates.
    const p = await member();
    const table = (await overview(p.token)).levels;
    expect(table.map((l) => l.rebate.find((r) => r.gameType === 'RNG')?.rateBp)).toEqual([100, 200, 300]);
    expect(table[2]!.rebate.find((r) => r.gameType === 'LIVE')).toBeUndefined();
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });
});

describe('weekly, monthly and birthday bonuses', () => {
  it('pay once per (member, period) under two schedulers, by level, in the brand’s calendar', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
    const bronze = await member();
    const silver = await member();
    await t.ctx.db.execute(sql`
      INSERT INTO vip_members (member_id, merchant_id, level) VALUES (${bronze.m.id}, ${merchantId}, 1), (${silver.m.id}, ${merchantId}, 2)
      ON CONFLICT (member_id) DO UPDATE SET level = excluded.level`);
    await t.ctx.db.execute(sql`UPDATE members SET birthday = '1990-09-01' WHERE id = ${silver.m.id}`);
    // 2031-09-01 is a Monday and a 1st: the week of 08-25 and the month of August end at its midnight.
    const midnight = startOfDay('2031-09-01', tz);
    const rs = runners(['vip.calendar']);
    await tick(rs, new Date(midnight.getTime() - 10 * 60_000)); // not yet
    expect(await bonusesOf(silver.m)).toEqual([]);
    await tick(rs, new Date(midnight.getTime() + 30 * 60_000));
    await tick(rs, new Date(midnight.getTime() + 3 * 3_600_000));

    expect(await bonusesOf(bronze.m)).toEqual([{ kind: 'weekly', level: 1, period: 'week:2031-08-25', amount: '100' }]);
    expect(await bonusesOf(silver.m)).toEqual([
      { kind: 'birthday', level: 2, period: 'birthday:2031', amount: '800' },
      { kind: 'weekly', level: 2, period: 'week:2031-08-25', amount: '300' },
      { kind: 'monthly', level: 2, period: 'month:2031-08', amount: '1000' },
    ]);
    expect(await cash(silver.m)).toBe(2_100n);
    expect(await vipLedger(silver.m)).toEqual({ n: 3, total: '2100' });
    const runs = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'vip.calendar' AND state = 'done'
             AND key = ${new Date(Math.floor(midnight.getTime() / 3_600_000) * 3_600_000 - (midnight.getTime() % 3_600_000 === 0 ? 3_600_000 : 0)).toISOString()}`,
      ),
    );
    expect(runs[0]!.n).toBe(1);
    // The same hour again, outside the runner: nothing more.
    const hour = Math.ceil(midnight.getTime() / 3_600_000) * 3_600_000;
    const again = await t.ctx.db.transaction((tx) =>
      t.ctx.vip.calendar(tx, new Date(hour - 3_600_000), new Date(hour), () => undefined),
    );
    expect(again).toBe(0);
    expect(await cash(silver.m)).toBe(2_100n);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);

    const report = await t.call<VipReport>({
      method: 'GET',
      url: '/wps/operator/vip/report?days=30',
      headers: bearer(content),
    });
    expect(report.status).toBe(200);
    expect(report.body.value.distribution.map((d) => d.level)).toEqual([0, 1, 2, 3]);
    expect(report.body.value.distribution.find((d) => d.level === 2)!.members).toBeGreaterThanOrEqual(2);
    expect(report.body.value.bonuses.find((b) => b.kind === 'monthly')!.count).toBeGreaterThanOrEqual(1);
    expect(
      (await t.call({ method: 'GET', url: '/wps/operator/vip/report?days=0', headers: bearer(content) })).status,
    ).toBe(400);
  });

  it('the monthly review moves a member who did not keep the level down one level', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const keepers = LEVELS.map((l) => ({ ...l, keepDeposit: '1' }));
    expect((await save({ windowDays: 30, match: 'all', levels: keepers })).status).toBe(200);
    try {
      const p = await member();
      await t.ctx.db.execute(sql`
        INSERT INTO vip_members (member_id, merchant_id, level) VALUES (${p.m.id}, ${merchantId}, 3)`);
      const tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
      const midnight = startOfDay('2031-12-01', tz);
      const hour = Math.ceil(midnight.getTime() / 3_600_000) * 3_600_000;
      await t.ctx.db.transaction((tx) =>
        t.ctx.vip.calendar(tx, new Date(hour - 3_600_000), new Date(hour), () => undefined),
      );
      expect((await overview(p.token)).level).toBe(2);
    } finally {
      expect((await save({ windowDays: 30, match: 'all', levels: LEVELS })).status).toBe(200);
    }
  });
});
