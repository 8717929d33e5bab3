import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralOverview, ReferralSettings } from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, createMember, operatorToken, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';
import { createAgentTree } from '../../../test/factories/account.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { registerReferralJobs } from './jobs.ts';

let t: TestApp;
let finance: string;
let content: string;
let admin: string;
let bankChannel: number;
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
      code: 'REF_BANK',
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

let seq = 0;
const rid = () => `req_${Math.random().toString(36).slice(2, 12)}`;
const ip = () => `198.51.100.${(++seq % 200) + 1}`;
const save = (body: object, token = finance) =>
  t.call<ReferralSettings>({ method: 'PUT', url: '/wps/operator/referral', headers: bearer(token), payload: body });
const overview = async (token: string) =>
  (await t.call<ReferralOverview>({ method: 'GET', url: '/wps/v2/referral', headers: bearer(token) })).body.value;
const cash = async (id: number, merchantId: number) => (await t.ctx.wallet.balance(merchantId, id)).balance;
/** A registration from its own address and device unless told (decision 089 holds shared ones). */
const register = (extra: Record<string, unknown>, from: { ip?: string; userAgent?: string } = {}) => {
  const username = `inv${Date.now().toString(36).slice(-5)}${++seq}`;
  return t.call<{ memberId: string }>({
    method: 'POST',
    url: '/wps/member/register',
    payload: {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
      ...extra,
    },
    remoteAddress: from.ip ?? ip(),
    headers: { 'user-agent': from.userAgent ?? `device-${seq}-${Math.random().toString(36).slice(2, 8)}` },
  });
};
const deposit = async (m: { id: number; token: string }, amount: string) => {
  const created = await t.call<{ deposit: { id: number } }>({
    method: 'POST',
    url: '/wps/v2/deposits',
    headers: bearer(m.token),
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
const rewardsOf = async (inviteeId: number) =>
  rowsOf<{ stage: string; amount: string }>(
    await t.ctx.db.execute(
      sql`SELECT stage, amount::text FROM referral_rewards WHERE invitee_id = ${inviteeId} ORDER BY stage`,
    ),
  );
let roundSeq = 0;
const round = (m: { id: number; merchantId: number }, bet: bigint) =>
  t.ctx.db.execute(sql`
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status,
                             currency, bet_total, win_total, refund_total, started_at, ended_at)
    VALUES (${m.merchantId}, ${m.id}, 'TEST', ${`ref-${++roundSeq}`}, 'TEST', 'g1', 'RNG', 'closed', 'BRL',
            ${bet}, 0, 0, now(), now())`);

const SETTINGS = {
  registerReward: '500',
  firstDepositReward: '2000',
  firstDepositMin: '5000',
  turnoverTarget: '100000',
  turnoverReward: '3000',
};

describe('referral reward settings', () => {
  it('finance sets the rewards; bad settings are refused and change nothing', async () => {
    expect((await save(SETTINGS, content)).status).toBe(403);
    for (const bad of [
      { ...SETTINGS, registerReward: '-5' },
      { ...SETTINGS, firstDepositReward: '12.5' },
      { ...SETTINGS, turnoverTarget: '0' },
      { ...SETTINGS, extra: 1 },
      { registerReward: '500' },
    ]) {
      expect((await save(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const ok = await save(SETTINGS);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value).toEqual({ enabled: true, ...SETTINGS });
    const read = await t.call<ReferralSettings & { report: unknown }>({
      method: 'GET',
      url: '/wps/operator/referral',
      headers: bearer(content),
    });
    expect(read.body.value).toMatchObject(SETTINGS);
  });
});

describe('member referral', () => {
  let referrer: TestMember;
  let token: string;
  let code: string;
  beforeAll(async () => {
    await save(SETTINGS);
    referrer = await createMember(t.ctx);
    token = await sessionFor(t.ctx, referrer);
    code = (await overview(token)).code;
  });

  it('gives a member their own code, checked like an agent’s', async () => {
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await overview(token)).code).toBe(code);
    const check = await t.call<{ code: string; agent: string }>({
      method: 'GET',
      url: `/wps/agent/affiliate?code=${code.toLowerCase()}`,
    });
    expect(check.status).toBe(200);
    expect(check.body.value.code).toBe(code);
  });

  it('pays the referrer once per stage: registration, first deposit of the minimum, turnover', async () => {
    const reg = await register({ referralCode: code });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const inviteeId = Number(reg.body.value.memberId);
    const invitee = { id: inviteeId, merchantId: referrer.merchantId, token: '' };
    invitee.token = await sessionFor(t.ctx, { ...referrer, id: inviteeId } as TestMember);
    // Not under an agent: a member's code makes an invitee, not a downline.
    const row = rowsOf<{ upline_id: number | null }>(
      await t.ctx.db.execute(sql`SELECT upline_id FROM members WHERE id = ${inviteeId}`),
    )[0]!;
    expect(row.upline_id).toBeNull();
    expect(await cash(referrer.id, referrer.merchantId)).toBe(500n);
    let view = await overview(token);
    expect(view.invitees).toHaveLength(1);
    expect(view.invitees[0]).toMatchObject({ status: 'register', deposited: false, earned: '500' });
    expect(view.rewards.map((r) => [r.stage, r.amount])).toEqual([['register', '500']]);

    await deposit(invitee, '6000');
    expect(await cash(referrer.id, referrer.merchantId)).toBe(2500n);
    await deposit(invitee, '9000'); // not the first: nothing more
    expect(await cash(referrer.id, referrer.merchantId)).toBe(2500n);

    await round(invitee, 60_000n);
    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) registerReferralJobs(r, t.ctx);
    const tick = async (now: Date) => {
      await Promise.all(runners.map((r) => r.schedulePeriods(now)));
      await Promise.all(runners.map((r) => r.runDue({ now })));
    };
    await tick(new Date(Date.now() + 5 * 60_000));
    expect(await cash(referrer.id, referrer.merchantId)).toBe(2500n); // 600,00 of 1.000,00
    await round(invitee, 40_000n);
    await tick(new Date(Date.now() + 10 * 60_000));
    await tick(new Date(Date.now() + 15 * 60_000));
    expect(await cash(referrer.id, referrer.merchantId)).toBe(5500n);
    // Again, outside the runner: the unique keys pay nothing more.
    expect(await t.ctx.db.transaction((tx) => t.ctx.referral.settlePending(tx))).toBe(0);
    const again = await Promise.all(
      Array.from({ length: 10 }, () => t.ctx.db.transaction((tx) => t.ctx.referral.settle(tx, inviteeId))),
    );
    expect(again.reduce((a, b) => a + b, 0)).toBe(0);
    expect(await rewardsOf(inviteeId)).toEqual([
      { stage: 'first_deposit', amount: '2000' },
      { stage: 'register', amount: '500' },
      { stage: 'turnover', amount: '3000' },
    ]);
    view = await overview(token);
    expect(view.invitees[0]).toMatchObject({ status: 'turnover', deposited: true, turnover: '100000', earned: '5500' });
    expect(view.earned).toBe('5500');
    const kinds = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'referral' AND idempotency_key LIKE ${`referral:${inviteeId}:%`}`,
      ),
    );
    expect(kinds[0]!.n).toBe(3);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a first deposit under the minimum earns nothing, and later deposits do not count', async () => {
    const reg = await register({ affiliateCode: code });
    const inviteeId = Number(reg.body.value.memberId);
    const invitee = { id: inviteeId, token: await sessionFor(t.ctx, { ...referrer, id: inviteeId } as TestMember) };
    await deposit(invitee, '3000');
    await deposit(invitee, '8000');
    expect(await rewardsOf(inviteeId)).toEqual([{ stage: 'register', amount: '500' }]);
  });

  it('agents’ codes still make downlines; unknown codes are refused and create nothing', async () => {
    const { agent } = await createAgentTree(t.ctx);
    const a = await register({ referralCode: agent.affiliateCode });
    expect(a.status).toBe(200);
    const up = rowsOf<{ upline_id: number | null }>(
      await t.ctx.db.execute(sql`SELECT upline_id FROM members WHERE id = ${Number(a.body.value.memberId)}`),
    )[0]!;
    expect(up.upline_id).toBe(agent.id);
    expect(
      rowsOf(await t.ctx.db.execute(sql`SELECT 1 FROM referrals WHERE invitee_id = ${Number(a.body.value.memberId)}`)),
    ).toHaveLength(0);
    const before = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM members`))[0]!.n;
    const bad = await register({ referralCode: 'ZZZZ9999' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INVITATION_CODE');
    expect(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM members`))[0]!.n).toBe(
      before,
    );
  });

  it('a referrer under self-exclusion is paid nothing until it ends', async () => {
    const r = await createMember(t.ctx);
    const rt = await sessionFor(t.ctx, r);
    const c = (await overview(rt)).code;
    const excluded = await t.call({
      method: 'POST',
      url: '/wps/v2/protection/exclusion',
      headers: bearer(rt),
      payload: { period: '6m', confirm: true },
    });
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(200);
    const reg = await register({ referralCode: c });
    expect(reg.status).toBe(200);
    expect(await rewardsOf(Number(reg.body.value.memberId))).toEqual([]);
    expect(await cash(r.id, r.merchantId)).toBe(0n);
  });
});

describe('referral abuse guards (decision 089)', () => {
  let n = 0;
  /** A fresh referrer who last signed in from `ip` on `userAgent`, with a payee name. */
  const newReferrer = async (ipAddress: string, userAgent: string, payeeName: string | null = null) => {
    const m = await createMember(t.ctx, { payeeName });
    await t.ctx.db.execute(sql`INSERT INTO member_logins (merchant_id, member_id, ip, user_agent, method, success)
      VALUES (${m.merchantId}, ${m.id}, ${ipAddress}, ${userAgent}, 'username', TRUE)`);
    const tok = await sessionFor(t.ctx, m);
    return { m, token: tok, code: (await overview(tok)).code };
  };
  const heldOf = async (inviteeId: number) =>
    rowsOf<{ held_reason: string | null }>(
      await t.ctx.db.execute(sql`SELECT held_reason FROM referrals WHERE invitee_id = ${inviteeId}`),
    )[0]!.held_reason;
  const invite = async (
    code: string,
    from: { ip?: string; userAgent?: string },
    extra: Record<string, unknown> = {},
  ) => {
    const reg = await register({ referralCode: code, ...extra }, from);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    return Number(reg.body.value.memberId);
  };
  const asMember = async (id: number, merchantId: number) => ({
    id,
    merchantId,
    token: await sessionFor(t.ctx, { id, merchantId } as TestMember),
  });
  beforeAll(() => save(SETTINGS));

  it('an invitee on the referrer’s address earns nothing, now or later, and the database refuses a reward', async () => {
    const r = await newReferrer('203.0.113.10', `phone-${++n}`);
    const inviteeId = await invite(r.code, { ip: '203.0.113.10' });
    expect(await heldOf(inviteeId)).toBe('same_address');
    expect(await cash(r.m.id, r.m.merchantId)).toBe(0n);
    const invitee = await asMember(inviteeId, r.m.merchantId);
    await deposit(invitee, '6000');
    expect(await t.ctx.db.transaction((tx) => t.ctx.referral.settle(tx, inviteeId))).toBe(0);
    expect(await rewardsOf(inviteeId)).toEqual([]);
    expect(await cash(r.m.id, r.m.merchantId)).toBe(0n);
    // The referral is still recorded (the referrer sees the invitee), it only pays nothing.
    expect((await overview(r.token)).invitees).toHaveLength(1);
    // Whatever path tries, the trigger refuses a reward row for a held invitee.
    await expect(
      t.ctx.db.execute(sql`INSERT INTO referral_rewards (merchant_id, referrer_id, invitee_id, stage, amount)
        VALUES (${r.m.merchantId}, ${r.m.id}, ${inviteeId}, 'register', 500)`),
    ).rejects.toThrow();
  });

  it('an invitee on the referrer’s device earns nothing', async () => {
    const device = `SamePhone/1.0 (${++n})`;
    const r = await newReferrer('203.0.113.20', device);
    const inviteeId = await invite(r.code, { ip: '198.18.0.20', userAgent: device });
    expect(await heldOf(inviteeId)).toBe('same_device');
    expect(await cash(r.m.id, r.m.merchantId)).toBe(0n);
  });

  it('an invitee whose payee name is the referrer’s earns nothing from then on', async () => {
    const r = await newReferrer('203.0.113.30', `phone-${++n}`, 'Maria  da Silva');
    const inviteeId = await invite(r.code, {});
    // A clean registration pays; the payee name set later stops the next stages.
    expect(await cash(r.m.id, r.m.merchantId)).toBe(500n);
    await t.ctx.db.execute(sql`UPDATE members SET payee_name = 'maria da silva' WHERE id = ${inviteeId}`);
    await deposit(await asMember(inviteeId, r.m.merchantId), '6000');
    expect(await heldOf(inviteeId)).toBe('same_payee');
    expect(await rewardsOf(inviteeId)).toEqual([{ stage: 'register', amount: '500' }]);
    expect(await cash(r.m.id, r.m.merchantId)).toBe(500n);
  });

  it('a farm: invitees sharing an address, a device or a payee name pay only for the first', async () => {
    const r = await newReferrer('203.0.113.40', `phone-${++n}`);
    // Ten registrations at once from one address, each on its own device: one pays.
    const ids = await Promise.all(Array.from({ length: 10 }, () => invite(r.code, { ip: '192.0.2.77' })));
    const held = await Promise.all(ids.map(heldOf));
    expect(held.filter((h) => h === null)).toHaveLength(1);
    expect(held.filter((h) => h === 'shared_address')).toHaveLength(9);
    expect(await cash(r.m.id, r.m.merchantId)).toBe(500n);
    // Two devices alike from different addresses: the second pays nothing.
    const ua = `Farm/2.0 (${++n})`;
    const a = await invite(r.code, { ip: '192.0.2.81', userAgent: ua });
    const b = await invite(r.code, { ip: '192.0.2.82', userAgent: ua });
    expect([await heldOf(a), await heldOf(b)]).toEqual([null, 'shared_device']);
    // Two payee names alike: the second invitee's first deposit pays nothing.
    const c = await invite(r.code, {});
    const d = await invite(r.code, {});
    await t.ctx.db.execute(sql`UPDATE members SET payee_name = 'Joao Souza' WHERE id IN (${c}, ${d})`);
    await deposit(await asMember(c, r.m.merchantId), '6000');
    await deposit(await asMember(d, r.m.merchantId), '6000');
    expect([await heldOf(c), await heldOf(d)]).toEqual([null, 'shared_payee']);
    // Paid: the first of the ten, a, and c and d's registrations, and c's first deposit.
    expect(await cash(r.m.id, r.m.merchantId)).toBe(500n * 4n + 2000n);
    // Another referrer's invitee on the same address is not part of this farm.
    const other = await newReferrer('203.0.113.41', `phone-${++n}`);
    const e = await invite(other.code, { ip: '192.0.2.77' });
    expect(await heldOf(e)).toBeNull();
    // The job passes held invitees by.
    expect(await t.ctx.db.transaction((tx) => t.ctx.referral.settlePending(tx))).toBe(0);
  });
});
