import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { auth } from '../../../../test/factories/agent.ts';
import {
  PAYMENT_PASSWORD,
  createAgent,
  createMember,
  fund,
  sessionFor,
  type TestMember,
} from '../../../../test/factories/wallet.ts';

type Who = TestMember & { token: string };
let t: TestApp;
let agent: Who;
const downs: Who[] = [];
let rid = 0;

const balance = async (w: { id: number; merchantId: number }) =>
  (await t.ctx.wallet.balance(w.merchantId, w.id)).balance;
const send = (payload: Record<string, unknown>) =>
  t.call<{ id: number; status: string; totalAmount: string; shareCount: number }>({
    method: 'POST',
    url: '/wps/agent/red-envelope',
    headers: auth(agent),
    payload: { paymentPassword: PAYMENT_PASSWORD, requestId: `env-${++rid}-${Date.now()}`, ...payload },
  });
const claim = (who: Who, id: number) =>
  t.call<{
    amount: string;
    balance: string;
    envelope: { claimedCount: number; status: string; myClaim: string | null };
  }>({
    method: 'POST',
    url: '/wps/member/red-envelope/claim',
    headers: auth(who),
    payload: { id },
  });

beforeAll(async () => {
  t = await createTestApp();
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  const a = await createAgent(t.ctx, { merchantId });
  agent = { ...a, token: await sessionFor(t.ctx, a) };
  for (let i = 0; i < 4; i++) {
    const m =
      i === 3
        ? await createAgent(t.ctx, { merchantId, uplineId: a.id })
        : await createMember(t.ctx, { merchantId, uplineId: a.id });
    downs.push({ ...m, token: await sessionFor(t.ctx, m) });
  }
  await createMember(t.ctx, { merchantId, uplineId: a.id, type: 4 });
  await fund(t.ctx, agent, 100_000n);
});
afterAll(() => t.close());

describe('red envelopes', () => {
  it('a random split: each direct downline claims once, the shares add up to the amount', async () => {
    const env = await send({ totalAmount: '10000', shareCount: 3, split: 'random', message: 'Boa sorte!' });
    expect(env.body.value).toMatchObject({ status: 'open', totalAmount: '10000', shareCount: 3 });
    expect(await balance(agent)).toBe(90_000n);
    const got: bigint[] = [];
    for (const d of downs.slice(0, 3)) {
      const before = await balance(d);
      const r = await claim(d, env.body.value.id);
      expect(r.status).toBe(200);
      got.push(BigInt(r.body.value.amount));
      expect((await balance(d)) - before).toBe(BigInt(r.body.value.amount));
      expect(r.body.value.envelope.myClaim).toBe(r.body.value.amount);
    }
    expect(got.reduce((a, b) => a + b, 0n)).toBe(10_000n);
    expect(got.every((g) => g >= 1n)).toBe(true);
    const again = await claim(downs[0]!, env.body.value.id);
    expect([again.status, again.body.code]).toEqual([409, 'RED_ENVELOPE_CLAIMED']);
    const late = await claim(downs[3]!, env.body.value.id);
    expect(late.body.code).toBe('RED_ENVELOPE_EMPTY');
    const detail = await t.call<{ status: string; claims: unknown[]; claimedAmount: string }>({
      method: 'GET',
      url: `/wps/agent/red-envelope?id=${env.body.value.id}`,
      headers: auth(agent),
    });
    expect(detail.body.value).toMatchObject({ status: 'finished', claimedAmount: '10000' });
    expect(detail.body.value.claims).toHaveLength(3);
  });

  it('what is not claimed goes back to the sender when the envelope expires, once', async () => {
    const env = await send({
      totalAmount: '9000',
      shareCount: 3,
      split: 'fixed',
      expiresInHours: 1,
      recipients: [downs[0]!.id, downs[1]!.id, downs[2]!.id],
    });
    const before = await balance(agent);
    expect((await claim(downs[1]!, env.body.value.id)).body.value.amount).toBe('3000');
    expect((await claim(downs[3]!, env.body.value.id)).status).toBe(404); // not addressed to it
    const later = new Date(Date.now() + 2 * 3_600_000);
    await t.ctx.jobs.schedulePeriods(later);
    await t.ctx.jobs.runDue({ now: later });
    expect(await balance(agent)).toBe(before + 6000n);
    const d = await t.call<{ status: string; refundedAmount: string }>({
      method: 'GET',
      url: `/wps/agent/red-envelope?id=${env.body.value.id}`,
      headers: auth(agent),
    });
    expect(d.body.value).toMatchObject({ status: 'expired', refundedAmount: '6000' });
    expect((await claim(downs[0]!, env.body.value.id)).body.code).toBe('RED_ENVELOPE_EXPIRED');
    const evenLater = new Date(later.getTime() + 3_600_000);
    await t.ctx.jobs.schedulePeriods(evenLater);
    await t.ctx.jobs.runDue({ now: evenLater });
    expect(await balance(agent)).toBe(before + 6000n);
  });

  it('a retried send creates one envelope and takes the money once', async () => {
    const payload = {
      totalAmount: '400',
      shareCount: 2,
      split: 'fixed',
      paymentPassword: PAYMENT_PASSWORD,
      requestId: 'same-request-0001',
    };
    const before = await balance(agent);
    const a = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/agent/red-envelope',
      headers: auth(agent),
      payload,
    });
    const b = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/agent/red-envelope',
      headers: auth(agent),
      payload,
    });
    expect(b.body.value.id).toBe(a.body.value.id);
    expect(await balance(agent)).toBe(before - 400n);
  });

  it('refuses bad envelopes, changing nothing', async () => {
    const before = await balance(agent);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ totalAmount: '1000', shareCount: 3, split: 'fixed' }, 400, 'VALIDATION_FAILED', 'totalAmount'],
      [{ totalAmount: '2', shareCount: 3, split: 'random' }, 400, 'VALIDATION_FAILED', 'totalAmount'],
      [{ totalAmount: '1000', shareCount: 5, split: 'random' }, 400, 'VALIDATION_FAILED', 'shareCount'],
      [{ totalAmount: '999999999', shareCount: 1, split: 'fixed' }, 409, 'INSUFFICIENT_FUNDS'],
      [
        { totalAmount: '1000', shareCount: 1, split: 'fixed', paymentPassword: '111111' },
        400,
        'PAYMENT_PASSWORD_INCORRECT',
        'paymentPassword',
      ],
      [{ totalAmount: '-5', shareCount: 1, split: 'fixed' }, 400, 'VALIDATION_FAILED', 'totalAmount'],
      [{ totalAmount: '100', shareCount: 1, split: 'lucky' }, 400, 'VALIDATION_FAILED', 'split'],
      [
        { totalAmount: '100', shareCount: 1, split: 'fixed', expiresInHours: 500 },
        400,
        'VALIDATION_FAILED',
        'expiresInHours',
      ],
    ];
    for (const [payload, status, code, field] of cases) {
      const r = await send(payload);
      expect([payload, r.status, r.body.code]).toEqual([payload, status, code]);
      if (field) expect(Object.keys(r.body.fields ?? {})).toContain(field);
    }
    expect(await balance(agent)).toBe(before);
  });

  it('the member sees the envelopes addressed to it', async () => {
    const list = await t.call<{ list: { myClaim: string | null; status: string }[]; total: number }>({
      method: 'GET',
      url: '/wps/member/red-envelopes',
      headers: auth(downs[0]!),
    });
    expect(list.body.value.total).toBeGreaterThanOrEqual(2);
    expect(list.body.value.list.some((e) => e.myClaim !== null)).toBe(true);
  });
});
