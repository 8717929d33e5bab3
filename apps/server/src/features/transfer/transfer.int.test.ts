import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  PAYMENT_PASSWORD,
  bearer,
  createTree,
  fund,
  sessionFor,
  createMember,
} from '../../../test/factories/wallet.ts';

let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.ctx);
});
afterAll(() => t.close());

const rid = () => `tu_${Math.random().toString(36).slice(2, 12)}`;
const send = (token: string, payload: object) =>
  t.call<{ upline: string; balance: string; replay: boolean }>({
    method: 'POST',
    url: '/wps/v2/transfers/upline',
    headers: bearer(token),
    payload,
  });
const balance = async (id: number) => (await t.ctx.wallet.balance(tree.top.merchantId, id)).balance;

describe('transfer to upline', () => {
  it('moves money to the direct upline only, once per request id, and tells the upline', async () => {
    await fund(t.ctx, tree.memberA1, 20_000n);
    const token = await sessionFor(t.ctx, tree.memberA1);
    const info = await t.call<{ upline: { username: string } }>({
      method: 'GET',
      url: '/wps/v2/transfers/upline',
      headers: bearer(token),
    });
    expect(info.body.value.upline.username).toBe(tree.agentA.username);
    const body = { amount: '5000', paymentPassword: PAYMENT_PASSWORD, requestId: rid(), remark: 'for the team' };
    const r = await send(token, body);
    expect(r.body.value).toMatchObject({ upline: tree.agentA.username, balance: '15000', replay: false });
    expect((await send(token, body)).body.value.replay).toBe(true);
    expect((await send(token, { ...body, amount: '5001' })).status).toBe(409);
    expect(await balance(tree.agentA.id)).toBe(5_000n);
    expect(await balance(tree.top.id)).toBe(0n);
    expect(await balance(tree.memberA2.id)).toBe(0n);
    const upToken = await sessionFor(t.ctx, tree.agentA);
    const msgs = await t.call<{ list: { kind: string; params: { from: string } }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(upToken),
    });
    expect(msgs.body.value.list[0]).toMatchObject({
      kind: 'transfer_received',
      params: { from: tree.memberA1.username },
    });
    const hist = await t.call<{ list: { transactionId: number }[] }>({
      method: 'GET',
      url: '/wps/v2/wallets/transactions?type=transfer',
      headers: bearer(token),
    });
    const detail = await t.call<{ counterparty: string; note: string }>({
      method: 'GET',
      url: `/wps/v2/wallets/transactions/${hist.body.value.list[0]!.transactionId}`,
      headers: bearer(token),
    });
    expect(detail.body.value).toMatchObject({ counterparty: tree.agentA.username, note: 'for the team' });
  });

  it('refuses wrong passwords, amounts out of limits, more than the balance, and accounts without upline', async () => {
    await fund(t.ctx, tree.memberB1, 3_000n);
    const token = await sessionFor(t.ctx, tree.memberB1);
    expect((await send(token, { amount: '1000', paymentPassword: '999999', requestId: rid() })).body.code).toBe(
      'PAYMENT_PASSWORD_INCORRECT',
    );
    expect((await send(token, { amount: '50', paymentPassword: PAYMENT_PASSWORD, requestId: rid() })).body.code).toBe(
      'AMOUNT_OUT_OF_RANGE',
    );
    expect((await send(token, { amount: '3001', paymentPassword: PAYMENT_PASSWORD, requestId: rid() })).body.code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(
      (await send(token, { amount: 'abc', paymentPassword: PAYMENT_PASSWORD, requestId: rid() })).body.fields,
    ).toHaveProperty('amount');
    expect(await balance(tree.memberB1.id)).toBe(3_000n);
    expect(await balance(tree.agentB.id)).toBe(0n);
    const orphan = await createMember(t.ctx);
    await fund(t.ctx, orphan, 5_000n);
    expect(
      (
        await send(await sessionFor(t.ctx, orphan), {
          amount: '1000',
          paymentPassword: PAYMENT_PASSWORD,
          requestId: rid(),
        })
      ).body.code,
    ).toBe('NO_UPLINE');
  });

  it('keeps to the daily transfer limit', async () => {
    const admin = (
      await t.call<{ token: string }>({
        method: 'POST',
        url: '/wps/operator/session/login',
        payload: { username: 'admin', password: 'Admin#2026' },
      })
    ).body.value.token;
    const s = await t.call<Record<string, unknown>>({
      method: 'GET',
      url: '/wps/operator/wallets/settings',
      headers: bearer(admin),
    });
    await t.call({
      method: 'PUT',
      url: '/wps/operator/wallets/settings',
      headers: bearer(admin),
      payload: { ...s.body.value, transferMax: '5000', transferDailyMax: '8000' },
    });
    await fund(t.ctx, tree.memberA2, 20_000n);
    const token = await sessionFor(t.ctx, tree.memberA2);
    expect((await send(token, { amount: '5000', paymentPassword: PAYMENT_PASSWORD, requestId: rid() })).status).toBe(
      200,
    );
    const over = await send(token, { amount: '3001', paymentPassword: PAYMENT_PASSWORD, requestId: rid() });
    expect([over.body.code, (over.body.value as unknown as { left: string }).left]).toEqual(['DAILY_LIMIT', '3000']);
    expect((await send(token, { amount: '3000', paymentPassword: PAYMENT_PASSWORD, requestId: rid() })).status).toBe(
      200,
    );
    expect(await balance(tree.memberA2.id)).toBe(12_000n);
  });
});
