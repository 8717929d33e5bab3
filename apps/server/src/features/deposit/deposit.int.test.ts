import { SANDBOX_SIGNATURE_HEADER } from '@app/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createContext } from '../../context.ts';
import { createTestApp, testConfig, type TestApp } from '../../../test/harness.ts';
import {
  PNG_BYTES,
  bearer,
  createMember,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { signSandbox } from './sandbox/gateway.ts';

const SECRET = 'sandbox-secret-for-tests-1234';
let t: TestApp;
let admin: string;
let finance: string;
let support: string;
let bankChannel: number;
let gatewayChannel: number;

const rid = () => `req_${Math.random().toString(36).slice(2, 12)}`;
const balance = async (token: string) =>
  (await t.call<{ balance: string }>({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(token) })).body
    .value.balance;

const newMember = async (): Promise<{ m: TestMember; token: string }> => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};

const channel = (token: string, body: object) =>
  t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/deposit-channels',
    headers: bearer(token),
    payload: body,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_SANDBOX_SECRET: SECRET } });
  admin = await operatorToken(t, 'admin');
  finance = await operatorToken(t, 'finance');
  support = await operatorToken(t, 'support');
  const bank = await channel(admin, {
    code: 'PIX_BANK',
    kind: 'bank',
    name: 'PIX / bank transfer',
    enabled: true,
    minAmount: '1000',
    maxAmount: '500000',
    bank: {
      bankName: 'Banco Lotus',
      accountName: 'LOTUS GAMING LTDA',
      accountNumber: '12345-6',
      branch: '0001',
      pixKey: 'pix@lotus.example',
      instructions: null,
    },
  });
  expect(bank.status).toBe(200);
  bankChannel = bank.body.value.id;
  const gw = await channel(admin, {
    code: 'SANDBOX',
    kind: 'gateway',
    name: 'Instant (sandbox)',
    enabled: true,
    minAmount: '500',
    maxAmount: '1000000',
    gateway: 'sandbox',
  });
  gatewayChannel = gw.body.value.id;
});
afterAll(() => t.close());

describe('deposit channels', () => {
  it('lets only an admin configure channels, refuses bad ones and lists enabled ones to members', async () => {
    expect(
      (
        await channel(finance, {
          code: 'X1',
          kind: 'bank',
          name: 'X',
          enabled: true,
          minAmount: '1',
          maxAmount: '2',
          bank: null,
        })
      ).status,
    ).toBe(403);
    const bad = await channel(admin, {
      code: 'bad code',
      kind: 'bank',
      name: 'X',
      enabled: true,
      minAmount: '9',
      maxAmount: '2',
      bank: null,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['bank', 'code', 'maxAmount', 'name']);
    const dup = await channel(admin, {
      code: 'SANDBOX',
      kind: 'gateway',
      name: 'Again',
      enabled: true,
      minAmount: '1',
      maxAmount: '2',
      gateway: 'sandbox',
    });
    expect(dup.status).toBe(409);
    const { token } = await newMember();
    const list = await t.call<{ code: string; bank: { pixKey: string } | null }[]>({
      method: 'GET',
      url: '/wps/v2/deposits/channels',
      headers: bearer(token),
    });
    expect(list.body.value.map((c) => c.code)).toEqual(['PIX_BANK', 'SANDBOX']);
    expect(list.body.value[0]!.bank?.pixKey).toBe('pix@lotus.example');
  });
});

describe('bank transfer deposits', () => {
  it('waits for an operator, then credits once with a notification and a turnover requirement', async () => {
    const { token } = await newMember();
    const up = await t.call<{ id: string }>({
      method: 'POST',
      url: '/wps/v2/uploads?purpose=deposit_proof',
      headers: { ...bearer(token), 'content-type': 'image/png' },
      payload: PNG_BYTES,
    });
    expect(up.status).toBe(200);
    const requestId = rid();
    const body = {
      channelId: bankChannel,
      amount: '25000',
      requestId,
      reference: 'PIX 8812',
      proofUploadId: up.body.value.id,
    };
    const created = await t.call<{ deposit: { id: number; status: string; hasProof: boolean }; payUrl: null }>({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(token),
      payload: body,
    });
    expect(created.body.value.deposit).toMatchObject({ status: 'pending', hasProof: true });
    expect(created.body.value.payUrl).toBeNull();
    const id = created.body.value.deposit.id;
    // The same request again is the same deposit; the same id with another amount is refused.
    const again = await t.call<{ deposit: { id: number } }>({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(token),
      payload: body,
    });
    expect(again.body.value.deposit.id).toBe(id);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/wps/v2/deposits',
          headers: bearer(token),
          payload: { ...body, amount: '25001' },
        })
      ).status,
    ).toBe(409);
    expect(await balance(token)).toBe('0');

    expect(
      (
        await t.call({
          method: 'POST',
          url: `/wps/operator/deposits/${id}/confirm`,
          headers: bearer(support),
          payload: {},
        })
      ).status,
    ).toBe(403);
    const pending = await t.call<{ list: { id: number; proofUploadId: string }[] }>({
      method: 'GET',
      url: '/wps/operator/deposits',
      headers: bearer(support),
    });
    expect(pending.body.value.list.some((d) => d.id === id && d.proofUploadId === up.body.value.id)).toBe(true);
    const confirmed = await t.call<{ status: string; reviewedBy: string }>({
      method: 'POST',
      url: `/wps/operator/deposits/${id}/confirm`,
      headers: bearer(finance),
      payload: {},
    });
    expect(confirmed.body.value.status).toBe('credited');
    expect(await balance(token)).toBe('25000');
    // Confirming twice credits once.
    await t.call({
      method: 'POST',
      url: `/wps/operator/deposits/${id}/confirm`,
      headers: bearer(finance),
      payload: {},
    });
    expect(await balance(token)).toBe('25000');
    const msgs = await t.call<{ list: { kind: string; params: Record<string, string> }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(token),
    });
    expect(msgs.body.value.list.map((m) => m.kind)).toEqual(['deposit_credited']);
    expect(msgs.body.value.list[0]!.params.amount).toBe('25000');
    const info = await t.call<{ turnover: { required: string; met: boolean } }>({
      method: 'GET',
      url: '/wps/v2/withdrawals/info',
      headers: bearer(token),
    });
    expect(info.body.value.turnover).toMatchObject({ required: '25000', met: false });
  });

  it('refuses amounts outside the channel’s limits and a proof that is not the member’s own', async () => {
    const { token } = await newMember();
    const low = await t.call({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(token),
      payload: { channelId: bankChannel, amount: '999', requestId: rid() },
    });
    expect([low.status, low.body.code, Object.keys(low.body.fields ?? {})]).toEqual([
      400,
      'AMOUNT_OUT_OF_RANGE',
      ['amount'],
    ]);
    const other = await newMember();
    const up = await t.call<{ id: string }>({
      method: 'POST',
      url: '/wps/v2/uploads?purpose=deposit_proof',
      headers: { ...bearer(other.token), 'content-type': 'image/png' },
      payload: PNG_BYTES,
    });
    const stolen = await t.call({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(token),
      payload: { channelId: bankChannel, amount: '5000', requestId: rid(), proofUploadId: up.body.value.id },
    });
    expect([stolen.status, stolen.body.fields]).toEqual([400, { proofUploadId: 'Upload the image again' }]);
    const list = await t.call<{ total: number }>({ method: 'GET', url: '/wps/v2/deposits', headers: bearer(token) });
    expect(list.body.value.total).toBe(0);
  });

  it('rejects with a reason: no money, a "deposit failed" message', async () => {
    const { token } = await newMember();
    const d = await t.call<{ deposit: { id: number } }>({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(token),
      payload: { channelId: bankChannel, amount: '5000', requestId: rid() },
    });
    const id = d.body.value.deposit.id;
    const noReason = await t.call({
      method: 'POST',
      url: `/wps/operator/deposits/${id}/reject`,
      headers: bearer(finance),
      payload: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    const r = await t.call<{ status: string; reason: string }>({
      method: 'POST',
      url: `/wps/operator/deposits/${id}/reject`,
      headers: bearer(finance),
      payload: { reason: 'No transfer arrived' },
    });
    expect(r.body.value).toMatchObject({ status: 'rejected', reason: 'No transfer arrived' });
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/wps/operator/deposits/${id}/confirm`,
          headers: bearer(finance),
          payload: {},
        })
      ).status,
    ).toBe(409);
    expect(await balance(token)).toBe('0');
    const msgs = await t.call<{ list: { kind: string; params: { reason: string } }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(token),
    });
    expect(msgs.body.value.list[0]).toMatchObject({
      kind: 'deposit_failed',
      params: { reason: 'No transfer arrived' },
    });
  });
});

describe('sandbox gateway deposits', () => {
  const startGateway = async (token: string, amount = '12000') => {
    const r = await t.call<{ deposit: { id: number }; payUrl: string }>({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(token),
      payload: { channelId: gatewayChannel, amount, requestId: rid() },
    });
    expect(r.status).toBe(200);
    return { id: r.body.value.deposit.id, ref: r.body.value.payUrl.split('/').pop()! };
  };
  const webhook = (body: object, opts: { secret?: string; at?: number; raw?: string } = {}) => {
    const raw = opts.raw ?? JSON.stringify(body);
    const at = opts.at ?? Math.floor(Date.now() / 1000);
    return t.call<{ applied: boolean }>({
      method: 'POST',
      url: '/provider/payments/sandbox/webhook',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(opts.secret ?? SECRET, raw, at),
      },
      payload: raw,
    });
  };

  it('pays on the gateway’s own page and credits once through the signed callback', async () => {
    const { token } = await newMember();
    const { id, ref } = await startGateway(token);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${ref}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST PAYMENT');
    const pay = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(pay.statusCode).toBe(303);
    expect(decodeURIComponent(pay.headers.location as string)).toContain('The merchant confirmed the callback.');
    expect(await balance(token)).toBe('12000');
    // Resending the callback (a replay) changes nothing.
    await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=resend',
    });
    const replay = await webhook({ ref, merchantOrder: String(id), amount: '12000', currency: 'BRL', status: 'paid' });
    expect([replay.status, replay.body.value.applied]).toEqual([200, false]);
    expect(await balance(token)).toBe('12000');
    const list = await t.call<{ list: { status: string }[] }>({
      method: 'GET',
      url: '/wps/v2/deposits',
      headers: bearer(token),
    });
    expect(list.body.value.list[0]!.status).toBe('credited');
  });

  it('refuses tampered, foreign-secret, stale and mismatched callbacks without changing anything', async () => {
    const { token } = await newMember();
    const { id, ref } = await startGateway(token, '8000');
    const good = { ref, merchantOrder: String(id), amount: '8000', currency: 'BRL', status: 'paid' };
    const raw = JSON.stringify(good);
    const tampered = await t.call({
      method: 'POST',
      url: '/provider/payments/sandbox/webhook',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, raw, Math.floor(Date.now() / 1000)),
      },
      payload: raw.replace('8000', '9000'),
    });
    expect([tampered.status, tampered.body.code]).toEqual([401, 'BAD_SIGNATURE']);
    expect((await webhook(good, { secret: 'another-secret-entirely-0000' })).status).toBe(401);
    expect((await webhook(good, { at: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const unsigned = await t.call({
      method: 'POST',
      url: '/provider/payments/sandbox/webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.status).toBe(401);
    expect((await webhook({ ...good, amount: '80000' })).body.code).toBe('CALLBACK_MISMATCH');
    expect((await webhook({ ...good, currency: 'USD' })).body.code).toBe('CALLBACK_MISMATCH');
    expect((await webhook({ ...good, merchantOrder: String(id + 1) })).body.code).toBe('CALLBACK_MISMATCH');
    expect((await webhook({ ...good, ref: 'SBX000000000000000000' })).status).toBe(404);
    expect(await balance(token)).toBe('0');
    const list = await t.call<{ list: { status: string }[] }>({
      method: 'GET',
      url: '/wps/v2/deposits',
      headers: bearer(token),
    });
    expect(list.body.value.list[0]!.status).toBe('pending');
    expect((await webhook(good)).body.value.applied).toBe(true);
    expect(await balance(token)).toBe('8000');
  });

  it('fails a declined payment and tells the member', async () => {
    const { token } = await newMember();
    const { ref } = await startGateway(token);
    await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${ref}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=decline',
    });
    const list = await t.call<{ list: { status: string }[] }>({
      method: 'GET',
      url: '/wps/v2/deposits',
      headers: bearer(token),
    });
    expect(list.body.value.list[0]!.status).toBe('failed');
    const msgs = await t.call<{ list: { kind: string }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(token),
    });
    expect(msgs.body.value.list[0]!.kind).toBe('deposit_failed');
    expect(await balance(token)).toBe('0');
  });

  it('keeps the ledger sound through all of it', async () => {
    expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
  });
});

describe('outside demo mode (decision 051)', () => {
  /** The same database, served by a server with DEMO_MODE off: no sandbox adapter, no sandbox routes. */
  let prod: FastifyInstance;
  beforeAll(async () => {
    prod = await buildApp(
      createContext(testConfig({ DEMO_MODE: 'false', PAYMENT_SANDBOX_SECRET: SECRET }), t.ctx.database),
      {
        logger: false,
        serveWeb: false,
      },
    );
    await prod.ready();
  });
  afterAll(() => prod.close());
  const call = async (o: InjectOptions) => {
    const res = await prod.inject(o);
    return { status: res.statusCode, body: res.json() as { code?: string; message: string; value: unknown } };
  };

  it('refuses to create or switch on a sandbox channel, and lets a leftover one be switched off', async () => {
    const body = {
      code: 'SANDBOX_TWO',
      kind: 'gateway',
      name: 'Sandbox again',
      enabled: true,
      minAmount: '500',
      maxAmount: '1000000',
      gateway: 'sandbox',
    };
    const created = await call({
      method: 'POST',
      url: '/wps/operator/deposit-channels',
      headers: bearer(admin),
      payload: body,
    });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('SANDBOX_GATEWAY_DEMO_ONLY');
    const update = (enabled: boolean) =>
      call({
        method: 'PUT',
        url: `/wps/operator/deposit-channels/${gatewayChannel}`,
        headers: bearer(admin),
        payload: { ...body, code: 'SANDBOX', name: 'Instant (sandbox)', enabled },
      });
    expect((await update(true)).body.code).toBe('SANDBOX_GATEWAY_DEMO_ONLY');
    // The leftover channel is still switched on, yet members are not offered it: its adapter is not loaded.
    const { token } = await newMember();
    const offered = await call({ method: 'GET', url: '/wps/v2/deposits/channels', headers: bearer(token) });
    expect(offered.status).toBe(200);
    expect(JSON.stringify(offered.body.value)).toContain('PIX_BANK');
    expect(JSON.stringify(offered.body.value)).not.toContain('sandbox');
    expect((await update(false)).status).toBe(200);
    expect((await update(true)).status).toBe(400);
  });

  it('has no sandbox pay page, and its signed callback credits nothing', async () => {
    const page = await prod.inject({ method: 'GET', url: '/sandbox-gateway/pay/SBX0123456789ABCDEF01' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const raw = JSON.stringify({
      ref: 'SBX0123456789ABCDEF01',
      merchantOrder: '1',
      amount: '100',
      currency: 'BRL',
      status: 'paid',
    });
    const hook = await call({
      method: 'POST',
      url: '/provider/payments/sandbox/webhook',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, raw, Math.floor(Date.now() / 1000)),
      },
      payload: raw,
    });
    expect(hook.status).toBe(404);
    expect(hook.body.message).toBe('Unknown gateway');
  });
});
