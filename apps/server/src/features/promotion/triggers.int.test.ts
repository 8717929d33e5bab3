import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorPromotion, PromotionEntry, PublicPromotion } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, createMember, operatorToken, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';
import { startOfDay } from '../provider/history/service.ts';
import { localDay } from '../wallet/history/service.ts';

/**
 * The triggers, reward formulas, audiences and limits of decision 080, through HTTP into a real
 * database: each trigger and formula pays what it says once, and the device, address and payee
 * limits hold under concurrency.
 */

let t: TestApp;
let admin: string;
let finance: string;
let content: string;
let bankChannel: number;

const rid = () => `req_${Math.random().toString(36).slice(2, 12)}`;
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Player {
  m: TestMember;
  token: string;
}
const newPlayer = async (input: { payeeName?: string | null; uplineId?: number; type?: number } = {}) => {
  const m = await createMember(t.ctx, {
    payeeName: input.payeeName === undefined ? `Payee ${Math.random().toString(36).slice(2, 10)}` : input.payeeName,
    ...(input.uplineId ? { uplineId: input.uplineId } : {}),
    ...(input.type ? { type: input.type } : {}),
  });
  return { m, token: await sessionFor(t.ctx, m) } satisfies Player;
};
const balance = async (p: Player) => (await t.ctx.wallet.balance(p.m.merchantId, p.m.id)).balance;

const texts = { EN: { title: 'Offer', description: 'What the offer is.', terms: 'Rules.' } };
const createPromotion = (body: Record<string, unknown>, token = content) =>
  t.call<OperatorPromotion>({
    method: 'POST',
    url: '/wps/operator/promotions',
    headers: bearer(token),
    payload: { type: 'SPECIAL_OFFER', texts, startsAt: iso(-HOUR), ...body },
  });
const promotion = async (body: Record<string, unknown>) => {
  const r = await createPromotion(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value;
};
const endAll = async () => {
  const list = (
    await t.call<{ list: OperatorPromotion[] }>({
      method: 'GET',
      url: '/wps/operator/promotions?state=live',
      headers: bearer(admin),
    })
  ).body.value.list;
  for (const p of list)
    await t.call({
      method: 'POST',
      url: '/wps/operator/promotions/end',
      headers: bearer(admin),
      payload: { id: p.id, reason: 'test isolation' },
    });
};

const join = (p: Player, promotionId: number, opts: { fromApp?: boolean; userAgent?: string; ip?: string } = {}) =>
  t.call<PromotionEntry>({
    method: 'POST',
    url: '/wps/v2/promotions/join',
    headers: { ...bearer(p.token), 'user-agent': opts.userAgent ?? `agent-${p.m.id}` },
    remoteAddress: opts.ip ?? `10.0.${p.m.id % 250}.${(p.m.id >> 8) % 250}`,
    payload: { promotionId, language: 'EN', ...(opts.fromApp ? { fromApp: true } : {}) },
  });
const list = async (p: Player) =>
  (
    await t.call<{ list: PublicPromotion[] }>({
      method: 'GET',
      url: '/wps/v2/promotions?language=EN',
      headers: bearer(p.token),
    })
  ).body.value.list;

const deposit = async (p: Player, amount: string) => {
  const created = await t.call<{ deposit: { id: number } }>({
    method: 'POST',
    url: '/wps/v2/deposits',
    headers: bearer(p.token),
    payload: { channelId: bankChannel, amount, requestId: rid(), reference: 'PIX' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirmed = await t.call<{ status: string }>({
    method: 'POST',
    url: `/wps/operator/deposits/${created.body.value.deposit.id}/confirm`,
    headers: bearer(finance),
    payload: {},
  });
  expect(confirmed.body.value.status).toBe('credited');
};
const entriesOf = async (promotionId: number) =>
  rowsOf<{ member_id: number; amount: string; status: string }>(
    await t.ctx.db.execute(
      sql`SELECT member_id, amount::text, status FROM promotion_entries WHERE promotion_id = ${promotionId} ORDER BY id`,
    ),
  );
const ledgerKeys = async (promotionId: number) =>
  rowsOf<{ n: number }>(
    await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions
      WHERE idempotency_key IN (SELECT 'promo:' || id FROM promotion_entries WHERE promotion_id = ${promotionId})`),
  )[0]!.n;

let roundSeq = 0;
/** A closed round of the member's, ended at `at`. */
const round = (p: Player, bet: bigint, win: bigint, at: Date, gameType = 'RNG') =>
  t.ctx.db.execute(sql`
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status,
                             currency, bet_total, win_total, refund_total, started_at, ended_at)
    VALUES (${p.m.merchantId}, ${p.m.id}, 'TEST', ${`pt-${process.pid}-${++roundSeq}`}, 'TEST', 'g1', ${gameType},
            'closed', 'BRL', ${bet}, ${win}, 0, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t, 'admin');
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
  const bank = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/deposit-channels',
    headers: bearer(admin),
    payload: {
      code: 'TRIGGER_BANK',
      kind: 'bank',
      name: 'PIX / bank transfer',
      enabled: true,
      minAmount: '100',
      maxAmount: '10000000',
      bank: {
        bankName: 'Banco Lotus',
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
});
afterAll(() => t.close());

describe('the desk refuses what the new settings cannot mean', () => {
  it('tiers, random ranges, audiences, limits and formula–trigger pairs are checked field by field', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ trigger: 'deposit_over', formula: 'tiers' }, { tiers: 'Give at least one tier' }],
      [
        {
          trigger: 'deposit_over',
          formula: 'tiers',
          tiers: [
            { from: '5000', amount: '100' },
            { from: '5000', amount: '200' },
          ],
        },
        { tiers: 'Each tier starts above the one before' },
      ],
      [
        { trigger: 'manual', formula: 'tiers', tiers: [{ from: '1', amount: '1' }] },
        { formula: 'Tiers need a deposit, turnover or loss trigger' },
      ],
      [
        { trigger: 'drop', formula: 'random', randomMin: '500', randomMax: '100' },
        { randomMin: 'Give the smallest amount (above 0) and a largest at least as big' },
      ],
      [
        { trigger: 'manual', formula: 'percent_loss', percentBp: 1000, cap: '100' },
        { formula: 'A percentage of the loss needs the loss trigger' },
      ],
      [{ trigger: 'turnover', amount: '100' }, { threshold: 'Give the turnover to reach' }],
      [{ trigger: 'manual', amount: '100', audience: 'vip' }, { audienceIds: 'Choose the levels' }],
      [{ trigger: 'manual', amount: '100', audience: 'list' }, { audienceIds: 'Give the account ids' }],
      [{ trigger: 'manual', amount: '100', guards: ['device', 'device'] }, { guards: 'Give each limit once' }],
    ];
    for (const [body, fields] of cases) {
      const r = await createPromotion(body);
      expect([r.status, r.body.code, r.body.fields], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED', fields]);
    }
    const bad = await createPromotion({ trigger: 'loss', formula: 'median' });
    expect(bad.status).toBe(400);
  });
});

describe('deposit triggers', () => {
  it('daily first deposit pays on the first deposit of the brand day only; tiers pick the highest reached', async () => {
    await endAll();
    const daily = await promotion({
      trigger: 'daily_first_deposit',
      formula: 'tiers',
      tiers: [
        { from: '1000', amount: '100' },
        { from: '10000', amount: '1500' },
      ],
      limit: 'daily',
      claimMode: 'auto',
    });
    const a = await newPlayer();
    await deposit(a, '20000');
    await deposit(a, '50000'); // the second deposit of the day: nothing
    expect(await entriesOf(daily.id)).toEqual([{ member_id: a.m.id, amount: '1500', status: 'issued' }]);
    expect(await balance(a)).toBe(71_500n);

    const b = await newPlayer();
    await deposit(b, '500'); // the day's first deposit is below every tier: nothing, and it was the first
    await deposit(b, '5000');
    expect((await entriesOf(daily.id)).filter((e) => e.member_id === b.m.id)).toEqual([]);
    const c = await newPlayer();
    await deposit(c, '5000');
    expect((await entriesOf(daily.id)).find((e) => e.member_id === c.m.id)?.amount).toBe('100');
    // Members see it as signed (waiting for the qualifying deposit) or with their entry's status.
    const d = await newPlayer();
    expect((await list(d)).find((x) => x.id === daily.id)?.myStatus).toBe('signed');
    expect((await list(a)).find((x) => x.id === daily.id)?.myStatus).toBe('issued');
  });
});

describe('joined triggers', () => {
  it('turnover reached: refused with the figures until settled turnover in counted game types reaches the target', async () => {
    await endAll();
    const promo = await promotion({
      trigger: 'turnover',
      threshold: '30000',
      formula: 'tiers',
      tiers: [
        { from: '30000', amount: '300' },
        { from: '60000', amount: '900' },
      ],
      gameTypes: ['RNG'],
      claimMode: 'auto',
    });
    const p = await newPlayer();
    expect((await list(p)).find((x) => x.id === promo.id)?.myStatus).toBe('join');
    await round(p, 20_000n, 5_000n, new Date(Date.now() - 60_000));
    await round(p, 90_000n, 0n, new Date(Date.now() - 60_000), 'LIVE'); // not counted
    await round(p, 50_000n, 0n, new Date(Date.now() - 2 * HOUR)); // before the promotion started
    const early = await join(p, promo.id);
    expect([early.status, early.body.code, early.body.value]).toEqual([
      409,
      'TARGET_NOT_REACHED',
      { turnover: '20000', threshold: '30000' },
    ]);
    expect(await entriesOf(promo.id)).toEqual([]);
    await round(p, 45_000n, 0n, new Date(Date.now() - 30_000));
    const ok = await join(p, promo.id);
    expect([ok.status, ok.body.value.amount, ok.body.value.status]).toEqual([200, '900', 'issued']);
    expect(await balance(p)).toBe(900n);
    expect((await join(p, promo.id)).body.code).toBe('ALREADY_JOINED');
  });

  it('loss over a period: a capped share of yesterday’s net loss, once a day; today’s play does not count', async () => {
    await endAll();
    const tz = (await t.ctx.merchants.brand(await t.ctx.merchants.resolveId('localhost'))).merchant.timezone;
    const today = startOfDay(localDay(tz), tz);
    const promo = await promotion({
      trigger: 'loss',
      formula: 'percent_loss',
      percentBp: 1000,
      cap: '2000',
      threshold: '1000',
      limit: 'daily',
      startsAt: new Date(today.getTime() - 3 * 24 * HOUR).toISOString(),
      claimMode: 'claim',
    });
    const p = await newPlayer();
    const yesterday = new Date(today.getTime() - HOUR);
    await round(p, 10_000n, 2_000n, yesterday); // loss 8 000
    await round(p, 30_000n, 0n, new Date(Date.now() - 1000)); // today: not in the window
    const r = await join(p, promo.id);
    expect([r.status, r.body.value.amount, r.body.value.status]).toEqual([200, '800', 'claim']);
    expect((await join(p, promo.id)).body.code).toBe('ALREADY_JOINED');

    const winner = await newPlayer();
    await round(winner, 10_000n, 15_000n, yesterday);
    const none = await join(winner, promo.id);
    expect([none.status, none.body.code]).toEqual([409, 'NO_QUALIFYING_LOSS']);
    const big = await newPlayer();
    await round(big, 500_000n, 0n, yesterday);
    expect((await join(big, promo.id)).body.value.amount).toBe('2000'); // the cap
    const small = await newPlayer();
    await round(small, 900n, 0n, yesterday);
    expect((await join(small, promo.id)).body.code).toBe('NO_QUALIFYING_LOSS'); // under the threshold
  });

  it('app download: refused outside the installed app, paid from it', async () => {
    await endAll();
    const promo = await promotion({ type: 'APP_DOWNLOAD', trigger: 'app_download', amount: '1000', claimMode: 'auto' });
    const p = await newPlayer();
    const web = await join(p, promo.id);
    expect([web.status, web.body.code]).toEqual([409, 'APP_REQUIRED']);
    expect(await entriesOf(promo.id)).toEqual([]);
    const app = await join(p, promo.id, { fromApp: true });
    expect([app.status, app.body.value.amount]).toEqual([200, '1000']);
  });

  it('a red-envelope drop draws each member’s amount from the range; 20 concurrent claims pay once', async () => {
    await endAll();
    const drop = await promotion({
      type: 'LIMITED',
      trigger: 'drop',
      formula: 'random',
      randomMin: '100',
      randomMax: '13100',
      claimMode: 'auto',
      endsAt: iso(HOUR),
    });
    const p = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => join(p, drop.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'ALREADY_JOINED')).toHaveLength(19);
    const won = BigInt(answers.find((a) => a.status === 200)!.body.value.amount);
    expect(won >= 100n && won <= 13_100n).toBe(true);
    expect(await balance(p)).toBe(won);
    expect(await ledgerKeys(drop.id)).toBe(1);
    const amounts = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const q = await newPlayer();
      const r = await join(q, drop.id);
      expect(r.status).toBe(200);
      const v = BigInt(r.body.value.amount);
      expect(v >= 100n && v <= 13_100n).toBe(true);
      amounts.add(r.body.value.amount);
    }
    expect(amounts.size).toBeGreaterThan(1);
    const events = rowsOf<{ reason: string }>(
      await t.ctx.db.execute(sql`SELECT reason FROM promotion_events
        WHERE promotion_id = ${drop.id} AND to_status = 'claim' ORDER BY id LIMIT 1`),
    );
    expect(events[0]!.reason).toBe(`drew ${won}`);
  });
});

describe('audiences', () => {
  it('VIP levels, an agent’s team and a member list: others see close and are refused', async () => {
    await endAll();
    const vipMember = await newPlayer();
    const plain = await newPlayer();
    // Three levels nobody reaches by play here; the VIP member is put at level 3 directly.
    const level = (name: string, depositMin: string) => ({
      name,
      icon: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>',
      depositMin,
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
    });
    const levels = await t.call({
      method: 'PUT',
      url: '/wps/operator/vip',
      headers: bearer(finance),
      payload: {
        windowDays: 30,
        match: 'all',
        levels: [level('Bronze', '900000000'), level('Silver', '910000000'), level('Gold', '920000000')],
      },
    });
    expect(levels.status, JSON.stringify(levels.body)).toBe(200);
    await t.ctx.db.execute(
      sql`INSERT INTO vip_members (member_id, merchant_id, level) VALUES (${vipMember.m.id}, ${vipMember.m.merchantId}, 3)
          ON CONFLICT (member_id) DO UPDATE SET level = 3`,
    );
    const vipOnly = await promotion({ trigger: 'manual', amount: '300', audience: 'vip', audienceIds: [3, 4] });
    expect((await join(vipMember, vipOnly.id)).status).toBe(200);
    expect((await join(plain, vipOnly.id)).body.code).toBe('PROMOTION_NOT_ELIGIBLE');
    expect((await list(plain)).find((x) => x.id === vipOnly.id)?.myStatus).toBe('close');

    const agent = await newPlayer({ type: 1 });
    const downline = await newPlayer({ uplineId: agent.m.id });
    const deeper = await newPlayer({ uplineId: downline.m.id });
    const team = await promotion({ trigger: 'manual', amount: '300', audience: 'team', audienceIds: [agent.m.id] });
    expect((await join(downline, team.id)).status).toBe(200);
    expect((await join(deeper, team.id)).status).toBe(200);
    expect((await join(agent, team.id)).body.code).toBe('PROMOTION_NOT_ELIGIBLE');
    expect((await join(plain, team.id)).body.code).toBe('PROMOTION_NOT_ELIGIBLE');

    const listed = await promotion({ trigger: 'manual', amount: '300', audience: 'list', audienceIds: [plain.m.id] });
    expect((await join(plain, listed.id)).status).toBe(200);
    expect((await join(vipMember, listed.id)).body.code).toBe('PROMOTION_NOT_ELIGIBLE');
  });
});

describe('limits per device, address and payee name', () => {
  it('one reward per device and per address, whoever’s account it is', async () => {
    await endAll();
    const promo = await promotion({
      trigger: 'manual',
      amount: '500',
      claimMode: 'auto',
      guards: ['device', 'address'],
    });
    const [a, b, c, d] = [await newPlayer(), await newPlayer(), await newPlayer(), await newPlayer()];
    expect((await join(a, promo.id, { userAgent: 'Phone/1', ip: '10.9.0.1' })).status).toBe(200);
    const sameDevice = await join(b, promo.id, { userAgent: 'Phone/1', ip: '10.9.0.2' });
    expect([sameDevice.status, sameDevice.body.code]).toEqual([409, 'LIMIT_REACHED']);
    const sameAddress = await join(c, promo.id, { userAgent: 'Phone/2', ip: '10.9.0.1' });
    expect(sameAddress.body.code).toBe('LIMIT_REACHED');
    expect((await join(d, promo.id, { userAgent: 'Phone/3', ip: '10.9.0.3' })).status).toBe(200);
    // A refusal leaves nothing behind: no entry, no key, no money; the member may try elsewhere.
    expect((await entriesOf(promo.id)).map((e) => e.member_id).sort()).toEqual([a.m.id, d.m.id].sort());
    expect(await balance(b)).toBe(0n);
    expect((await join(b, promo.id, { userAgent: 'Phone/4', ip: '10.9.0.4' })).status).toBe(200);
  });

  it('20 accounts with one payee name claiming at once: one is paid; no payee name, no reward', async () => {
    await endAll();
    const promo = await promotion({ trigger: 'manual', amount: '700', claimMode: 'auto', guards: ['payee'] });
    const players = await Promise.all(
      Array.from({ length: 20 }, (_, i) => newPlayer({ payeeName: i % 2 ? 'Maria  Lima' : 'maria lima' })),
    );
    const answers = await Promise.all(players.map((p) => join(p, promo.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'LIMIT_REACHED')).toHaveLength(19);
    expect(await ledgerKeys(promo.id)).toBe(1);
    expect(await entriesOf(promo.id)).toHaveLength(1);
    const nameless = await newPlayer({ payeeName: null });
    expect((await join(nameless, promo.id)).body.code).toBe('PAYEE_NAME_REQUIRED');
  });

  it('a deposit trigger with a payee limit credits the second account’s deposit but pays it no bonus', async () => {
    await endAll();
    const promo = await promotion({
      trigger: 'first_deposit',
      formula: 'percent',
      percentBp: 5000,
      cap: '5000',
      claimMode: 'auto',
      guards: ['payee'],
    });
    const a = await newPlayer({ payeeName: 'Joana Reis' });
    const b = await newPlayer({ payeeName: 'JOANA REIS' });
    await deposit(a, '4000');
    await deposit(b, '4000');
    expect(await balance(a)).toBe(6000n);
    expect(await balance(b)).toBe(4000n);
    expect((await entriesOf(promo.id)).map((e) => e.member_id)).toEqual([a.m.id]);
  });
});
