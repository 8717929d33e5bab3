import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { createMember as createAccount, lastCode } from './factories/account.ts';
import { PAYMENT_PASSWORD, bearer, createTree, fund, sessionFor } from './factories/wallet.ts';
import { rowsOf } from './rows.ts';

/**
 * Decision 055, the parts that cut across features: attempt counters taken before the check
 * (payment password, one-time codes), the SMS reset's per-address limit, and one-time codes kept
 * as an HMAC under a key derived from SECRETS_KEY.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SECRETS_KEY, SMS_MAX_PER_NUMBER: '50', SMS_CAPTCHA_AFTER_PER_IP: '1000' } });
});
afterAll(() => t.close());

let ipSeq = 1;
const nextIp = () => `203.0.113.${ipSeq++}`;
let mobileSeq = 11944400000;
const nextMobile = () => String(mobileSeq++);
const sendCode = (mobile: string) =>
  t.call({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    payload: { countryDialingCode: '55', mobileNum: mobile },
    remoteAddress: nextIp(),
  });
const resetWithCode = (mobile: string, code: string, remoteAddress = nextIp()) =>
  t.call({
    method: 'POST',
    url: '/wps/member/password/verification',
    payload: {
      countryDialingCode: '55',
      mobileNum: mobile,
      verificationCode: code,
      newPassword: 'viaphone123',
      confirmNewPassword: 'viaphone123',
    },
    remoteAddress,
  });
const codeRows = async (target: string) =>
  rowsOf<{ code_hash: string; attempts: number }>(
    await t.ctx.db.execute(
      `select code_hash, attempts from one_time_codes where target = '${target}' order by id desc limit 1`,
    ),
  );
const tally = (codes: (string | undefined)[]) =>
  codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c ?? 'OK']: (acc[c ?? 'OK'] ?? 0) + 1 }), {});

describe('attempt counters are taken before the check', () => {
  it('40 parallel wrong payment passwords get exactly five checks; the rest, and then the right one, are locked', async () => {
    const tree = await createTree(t.ctx);
    await fund(t.ctx, tree.memberA1, 50_000n);
    const token = await sessionFor(t.ctx, tree.memberA1);
    const send = (paymentPassword: string, i: number) =>
      t.call({
        method: 'POST',
        url: '/wps/v2/transfers/upline',
        headers: bearer(token),
        payload: { amount: '100', paymentPassword, requestId: `par_${i}_${Date.now()}` },
      });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(`wrong${i}`, i)));
    expect(tally(answers.map((a) => a.body.code))).toEqual({ PAYMENT_PASSWORD_INCORRECT: 5, RATE_LIMITED: 35 });
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const right = await send(PAYMENT_PASSWORD, 99);
    expect([right.status, right.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await t.ctx.wallet.balance(tree.memberA1.merchantId, tree.memberA1.id)).balance).toBe(50_000n);
  });

  it('40 parallel wrong SMS codes get exactly five checks; then the right code is dead too', async () => {
    const m = await createAccount(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    expect((await sendCode(m.mobile!)).status).toBe(200);
    const code = (await lastCode(t, `+55${m.mobile}`))!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => resetWithCode(m.mobile!, wrong(i))));
    expect(tally(answers.map((a) => a.body.code))).toEqual({ CODE_INVALID: 40 });
    const [row] = await codeRows(`55 ${m.mobile}`);
    expect(row?.attempts).toBe(5);
    const late = await resetWithCode(m.mobile!, code);
    expect(late.body.code).toBe('CODE_INVALID');
    expect((await codeRows(`55 ${m.mobile}`))[0]?.attempts).toBe(5);
  });
});

describe('SMS password reset', () => {
  it('is limited per address as well as per number', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await resetWithCode(nextMobile(), '123456', ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not affected.
    expect((await resetWithCode(nextMobile(), '123456')).status).toBe(400);
  });
});

describe('one-time codes at rest', () => {
  it('are an HMAC under a key derived from SECRETS_KEY, not a bare hash', async () => {
    const m = await createAccount(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    await sendCode(m.mobile!);
    const code = (await lastCode(t, `+55${m.mobile}`))!;
    const target = `55 ${m.mobile}`;
    const [row] = await codeRows(target);
    const text = `code|noLogin|${target}|${code}`;
    // Not any plain SHA-256 of what the code is bound to.
    for (const plain of [code, `noLogin|${target}|${code}`, text])
      expect(row!.code_hash).not.toBe(createHash('sha256').update(plain).digest('hex'));
    const key = Buffer.from(
      hkdfSync('sha256', Buffer.from(SECRETS_KEY, 'base64'), Buffer.alloc(0), 'lotus:one-time-codes:v1', 32),
    );
    expect(row!.code_hash).toBe(createHmac('sha256', key).update(text).digest('hex'));
    // And the code still works.
    expect((await resetWithCode(m.mobile!, code)).status).toBe(200);
  });
});
