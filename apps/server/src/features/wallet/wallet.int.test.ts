import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, createMember, fund, operatorToken, sessionFor } from '../../../test/factories/wallet.ts';
import { localDay } from './history/service.ts';

let t: TestApp;
let merchantId: number;
let finance: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
  finance = await operatorToken(t, 'finance');
  support = await operatorToken(t, 'support');
});
afterAll(() => t.close());

const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, headers: bearer(token) });

describe('balance, merchant wallet and consolidated funds', () => {
  it('answers the balance with the brand’s money format, play money for trials, and needs a session', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 123_45n);
    const token = await sessionFor(t.ctx, m);
    expect((await get(token, '/wps/v2/wallets/balance')).body.value).toEqual({
      balance: '12345',
      currency: 'BRL',
      currencySymbol: 'R$',
      currencyExponent: 2,
      playMoney: false,
    });
    const trial = await createMember(t.ctx, { type: 4 });
    expect(
      (await get<{ playMoney: boolean; currency: string }>(await sessionFor(t.ctx, trial), '/wps/v2/wallets/balance'))
        .body.value,
    ).toMatchObject({
      playMoney: true,
      currency: 'PLAY',
    });
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance?x=1', headers: bearer(token) })).status).toBe(
      400,
    );
  });

  it('says whether the brand keeps a merchant wallet, to anyone', async () => {
    const r = await t.call<{ hasMerchantWallet: boolean }>({ method: 'GET', url: '/wps/v2/wallets/merchant' });
    expect(r.body.value).toMatchObject({ hasMerchantWallet: true, currency: 'BRL' });
  });

  it('gives consolidated funds only to real accounts and only under the agent policy', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    expect((await get<{ total: string }>(token, '/wps/v2/wallets/funds')).body.value.total).toBe('0');
    const trial = await sessionFor(t.ctx, await createMember(t.ctx, { type: 4 }));
    expect((await get(trial, '/wps/v2/wallets/funds')).body).toMatchObject({
      code: 'TRIAL_NOT_ALLOWED',
      message: 'in_need_true_account',
    });
    const brand = await t.ctx.merchants.brand(merchantId);
    await t.ctx.merchants.update(merchantId, { features: { ...brand.merchant.features, agentPolicy: false } });
    expect((await get(token, '/wps/v2/wallets/funds')).body.code).toBe('FEATURE_DISABLED');
    await t.ctx.merchants.update(merchantId, { features: { ...brand.merchant.features, agentPolicy: true } });
  });
});

describe('transaction history, detail and personal profit', () => {
  it('lists every movement with type, signed amount and balance after, filters by type and pages', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    await fund(t.ctx, m, 10_000n);
    await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 1_000n,
      key: `h:${m.id}:b1`,
      roundRef: 'R1',
      gameType: 'RNG',
    });
    await t.ctx.wallet.win({
      merchantId,
      memberId: m.id,
      amount: 2_500n,
      key: `h:${m.id}:w1`,
      roundRef: 'R1',
      gameType: 'RNG',
    });
    await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 400n,
      key: `h:${m.id}:b2`,
      roundRef: 'R2',
      gameType: 'LIVE',
    });
    await t.ctx.wallet.rollback({ merchantId, key: `h:${m.id}:rb2`, debitKey: `h:${m.id}:b2` });
    type Row = { type: string; amount: string; balanceAfter: string; transactionId: number };
    const all = await get<{ list: Row[]; total: number }>(token, '/wps/v2/wallets/transactions');
    expect(all.body.value.list.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['rollback', '400', '11500'],
      ['bet', '-400', '11100'],
      ['win', '2500', '11500'],
      ['bet', '-1000', '9000'],
      ['deposit', '10000', '10000'],
    ]);
    const bets = await get<{ list: Row[]; total: number }>(
      token,
      '/wps/v2/wallets/transactions?type=bet&pageSize=1&page=2',
    );
    expect([bets.body.value.total, bets.body.value.list.map((r) => r.amount)]).toEqual([2, ['-1000']]);
    const today = localDay('America/Sao_Paulo');
    expect(
      (await get<{ total: number }>(token, `/wps/v2/wallets/transactions?from=2020-01-01&to=2020-01-31`)).body.value
        .total,
    ).toBe(0);
    expect(
      (await get<{ total: number }>(token, `/wps/v2/wallets/transactions?from=${today}&to=${today}`)).body.value.total,
    ).toBe(5);
    const bad = await get(token, '/wps/v2/wallets/transactions?from=2026-03-01&to=2026-01-01');
    expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, ['from']]);
    expect((await get(token, '/wps/v2/wallets/transactions?from=2025-01-01&to=2025-12-31')).body.fields).toHaveProperty(
      'to',
    );
    expect((await get(token, '/wps/v2/wallets/transactions?type=casino')).status).toBe(400);

    const betRow = all.body.value.list[1]!;
    const detail = await get<{ rolledBack: boolean; gameType: string }>(
      token,
      `/wps/v2/wallets/transactions/${betRow.transactionId}`,
    );
    expect(detail.body.value).toMatchObject({ rolledBack: true, gameType: 'LIVE' });
    const stranger = await sessionFor(t.ctx, await createMember(t.ctx));
    expect((await get(stranger, `/wps/v2/wallets/transactions/${betRow.transactionId}`)).status).toBe(404);
  });

  it('sums deposits, withdrawals, bets, wins, bonuses and net per day and per game type', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    await fund(t.ctx, m, 50_000n);
    await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 3_000n,
      key: `p:${m.id}:1`,
      roundRef: 'a',
      gameType: 'RNG',
    });
    await t.ctx.wallet.win({
      merchantId,
      memberId: m.id,
      amount: 1_000n,
      key: `p:${m.id}:2`,
      roundRef: 'a',
      gameType: 'RNG',
    });
    await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 2_000n,
      key: `p:${m.id}:3`,
      roundRef: 'b',
      gameType: 'FISH',
    });
    await t.ctx.wallet.win({
      merchantId,
      memberId: m.id,
      amount: 5_000n,
      key: `p:${m.id}:4`,
      roundRef: 'b',
      gameType: 'FISH',
    });
    await t.ctx.wallet.transfer({
      merchantId,
      from: { system: 'bonus' },
      to: { member: m.id },
      amount: 700n,
      key: `p:${m.id}:5`,
      kind: 'bonus',
    });
    await t.ctx.wallet.transfer({
      merchantId,
      from: { member: m.id },
      to: { system: 'pending_withdrawal' },
      amount: 10_000n,
      key: `p:${m.id}:6`,
      kind: 'withdrawal_hold',
    });
    const r = await get<{
      days: { day: string; deposits: string; withdrawals: string; net: string }[];
      gameTypes: { gameType: string; bets: string; wins: string; net: string }[];
      totals: { deposits: string; withdrawals: string; bets: string; wins: string; bonuses: string; net: string };
    }>(token, '/wps/v2/wallets/profit');
    expect(r.body.value.totals).toEqual({
      deposits: '50000',
      withdrawals: '10000',
      bets: '5000',
      wins: '6000',
      bonuses: '700',
      net: '1700',
    });
    expect(r.body.value.gameTypes).toEqual([
      { gameType: 'FISH', bets: '2000', wins: '5000', bonuses: '0', net: '3000' },
      { gameType: 'RNG', bets: '3000', wins: '1000', bonuses: '0', net: '-2000' },
    ]);
    expect(r.body.value.days).toHaveLength(1);
    expect(r.body.value.days[0]).toMatchObject({ day: localDay('America/Sao_Paulo'), net: '1700' });
  });
});

describe('operator balance adjustments', () => {
  it('credits or debits with a reason as a ledger transaction, audited, once per request id', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(t.ctx, m);
    const body = { memberId: m.id, amount: '5000', reason: 'Goodwill credit for downtime', requestId: 'adj_0000001' };
    const adjust = (who: string, payload: object) =>
      t.call<{ balance: string; replay: boolean }>({
        method: 'POST',
        url: '/wps/operator/wallets/adjust',
        headers: bearer(who),
        payload,
      });
    expect((await adjust(support, body)).status).toBe(403);
    expect((await adjust(finance, { ...body, reason: '' })).body.fields).toHaveProperty('reason');
    expect((await adjust(finance, body)).body.value).toEqual({
      transactionId: expect.any(Number),
      balance: '5000',
      replay: false,
    });
    expect((await adjust(finance, body)).body.value.replay).toBe(true);
    expect((await adjust(finance, { ...body, requestId: 'adj_0000002', amount: '-6000' })).body.code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(
      (await adjust(finance, { ...body, requestId: 'adj_0000003', amount: '-2000', reason: 'Duplicate credit' })).body
        .value.balance,
    ).toBe('3000');
    const found = await get<{ balance: string }>(support, `/wps/operator/wallets/member?username=${m.username}`);
    expect(found.body.value.balance).toBe('3000');
    const history = await get<{ list: { type: string; transactionId: number }[] }>(
      token,
      '/wps/v2/wallets/transactions?type=adjustment',
    );
    const detail = await get<{ note: string }>(
      token,
      `/wps/v2/wallets/transactions/${history.body.value.list[0]!.transactionId}`,
    );
    expect(detail.body.value.note).toBe('Duplicate credit');
    const msgs = await get<{ list: { kind: string }[] }>(token, '/wps/v2/messages');
    expect(msgs.body.value.list.map((x) => x.kind)).toEqual(['balance_adjusted', 'balance_adjusted']);
    const audit = (await t.ctx.db.query.operatorAudit.findMany()).filter((a) => a.action === 'wallet.adjust');
    expect(audit).toHaveLength(2);
  });

  it('runs the ledger check for an admin', async () => {
    const admin = await operatorToken(t, 'admin');
    const r = await get<{ ok: boolean }>(admin, '/wps/operator/wallets/ledger-check');
    expect(r.body.value.ok).toBe(true);
    expect((await get(finance, '/wps/operator/wallets/ledger-check')).status).toBe(403);
  });
});
