import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { bearer, createMember, lastCode, login } from '../../../../test/factories/account.ts';
import { totpAt } from '../../../lib/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 1;
const nextIp = () => `198.51.100.${ipSeq++}`;
const session = async (over: Parameters<typeof createMember>[1] = {}) => {
  const m = await createMember(t.ctx, over);
  const token = (await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).body.value
    .token;
  const h = bearer(token);
  const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call<T>({ method, url, headers: h, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
  const storedSecret = async () => (await t.ctx.accounts.findByUsername(m.merchantId, m.username))?.totpSecret ?? null;
  const reauth = async () =>
    (await call<{ reauthToken: string }>('POST', '/wps/member/security/reauth', { password: m.password })).body.value
      .reauthToken;
  return { m, h, call, reauth, storedSecret };
};

describe('security centre', () => {
  it('shows the profile with the phone and e-mail masked', async () => {
    const { call, m } = await session({
      email: 'pat@example.com',
      countryDialingCode: '55',
      mobile: '11987654321',
      payeeName: 'Pat Smith',
    });
    const res = await call<Record<string, unknown>>('GET', '/wps/member/security');
    expect(res.body.value).toMatchObject({
      account: m.username,
      email: 'pa***@example.com',
      mobile: '+55 119****4321',
      payeeName: 'Pat Smith',
      hasPaymentPassword: false,
      totpEnabled: false,
    });
  });

  it('updates the nickname; real name and birthday are set once', async () => {
    const { call } = await session();
    const res = await call<{ nickname: string; payeeName: string }>('PUT', '/wps/member/profile', {
      nickname: 'Lucky',
      payeeName: 'Ana Lima',
      birthday: '1990-05-01',
    });
    expect(res.body.value).toMatchObject({ nickname: 'Lucky', payeeName: 'Ana Lima', birthday: '1990-05-01' });
    const again = await call('PUT', '/wps/member/profile', { payeeName: 'Someone Else' });
    expect(again.body.fields).toEqual({ payeeName: 'The real name can only be changed by customer service' });
    const { call: c2 } = await session();
    expect((await c2('PUT', '/wps/member/profile', { birthday: '2015-01-01' })).body.fields).toEqual({
      birthday: 'You must be 18 or older to register',
    });
    expect((await c2('PUT', '/wps/member/profile', { payeeName: 'Ana 1' })).body.fields).toEqual({
      payeeName: 'Please enter 2-50 English letters or spaces',
    });
  });

  it('needs the password again before sensitive changes', async () => {
    const { call, reauth } = await session();
    const noTicket = await call('POST', '/wps/member/payment-password', {
      reauthToken: 'made-up',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(noTicket.status).toBe(403);
    expect(noTicket.body).toMatchObject({ code: 'REAUTH_REQUIRED', message: 'Please confirm your password first' });
    const wrong = await call('POST', '/wps/member/security/reauth', { password: 'wrong1234' });
    expect(wrong.body.code).toBe('PASSWORD_INCORRECT');
    const ticket = await reauth();
    const bad = await call('POST', '/wps/member/payment-password', {
      reauthToken: ticket,
      paymentPassword: '12ab',
      confirmPaymentPassword: '12ab',
    });
    expect(bad.body.fields).toEqual({ paymentPassword: 'Please enter 6-6 digits' });
    const mismatch = await call('POST', '/wps/member/payment-password', {
      reauthToken: ticket,
      paymentPassword: '123456',
      confirmPaymentPassword: '123457',
    });
    expect(mismatch.body.fields).toEqual({ confirmPaymentPassword: 'Confirmation password is not correct.' });
    const ok = await call<{ hasPaymentPassword: boolean }>('POST', '/wps/member/payment-password', {
      reauthToken: ticket,
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(ok.body.value.hasPaymentPassword).toBe(true);
    // The ticket belongs to this session only.
    const other = await session();
    const stolen = await other.call('POST', '/wps/member/payment-password', {
      reauthToken: ticket,
      paymentPassword: '654321',
      confirmPaymentPassword: '654321',
    });
    expect(stolen.body.code).toBe('REAUTH_REQUIRED');
  });

  it('binds a mobile number with a fresh code', async () => {
    const { call, reauth, m } = await session();
    const ticket = await reauth();
    const send = await call('POST', '/wps/verification/sms/bind', {
      reauthToken: ticket,
      countryDialingCode: '55',
      mobileNum: '11911112222',
    });
    expect(send.status).toBe(200);
    const code = (await lastCode(t, '+5511911112222'))!;
    const wrong = await call('POST', '/wps/member/mobile', {
      reauthToken: ticket,
      countryDialingCode: '55',
      mobileNum: '11911112222',
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe('CODE_INVALID');
    const ok = await call<{ mobile: string }>('POST', '/wps/member/mobile', {
      reauthToken: ticket,
      countryDialingCode: '55',
      mobileNum: '11911112222',
      verificationCode: code,
    });
    expect(ok.body.value.mobile).toBe('+55 119****2222');
    // Another member cannot take the number.
    const other = await session();
    const taken = await other.call('POST', '/wps/verification/sms/bind', {
      reauthToken: await other.reauth(),
      countryDialingCode: '55',
      mobileNum: '11911112222',
    });
    expect(taken.body.code).toBe('MOBILE_TAKEN');
    // The number now logs in by SMS.
    expect((await t.ctx.accounts.findByMobile(m.merchantId, '55', '11911112222'))?.id).toBe(m.id);
  });

  it('binds an e-mail with a fresh code, and a code sent to one member is useless to another', async () => {
    const a = await session();
    const b = await session();
    await a.call('POST', '/wps/verification/email/bind', {
      reauthToken: await a.reauth(),
      email: 'New.Mail@Example.com',
    });
    const code = (await lastCode(t, 'new.mail@example.com'))!;
    const hijack = await b.call('POST', '/wps/member/email', {
      reauthToken: await b.reauth(),
      email: 'new.mail@example.com',
      verificationCode: code,
    });
    expect(hijack.body.code).toBe('CODE_INVALID');
    const ok = await a.call<{ email: string }>('POST', '/wps/member/email', {
      reauthToken: await a.reauth(),
      email: 'new.mail@example.com',
      verificationCode: code,
    });
    expect(ok.body.value.email).toBe('ne***@example.com');
  });

  it('turns an authenticator on and off with codes from its secret; a code works once', async () => {
    const { call, reauth, storedSecret } = await session();
    const setup = await call<{ secret: string; otpauthUrl: string }>('POST', '/wps/member/totp/setup', {
      reauthToken: await reauth(),
    });
    expect(setup.body.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Lotus88:/);
    const secret = setup.body.value.secret;
    // Kept sealed: the database holds no trace of the secret itself.
    const stored = await storedSecret();
    expect(stored).toMatch(/^sb1:/);
    expect(stored).not.toContain(secret);
    expect((await call('POST', '/wps/member/totp/enable', { code: '000000' })).body.code).toBe('CODE_INVALID');
    const code = totpAt(secret, Date.now());
    const on = await call<{ totpEnabled: boolean }>('POST', '/wps/member/totp/enable', { code });
    expect(on.body.value.totpEnabled).toBe(true);
    const ticket = await reauth();
    expect((await call('POST', '/wps/member/totp/disable', { reauthToken: ticket, code })).body.code).toBe(
      'CODE_INVALID',
    );
    const next = totpAt(secret, Date.now() + 30_000);
    const off = await call<{ totpEnabled: boolean }>('POST', '/wps/member/totp/disable', {
      reauthToken: ticket,
      code: next,
    });
    expect(off.body.value.totpEnabled).toBe(false);
  });
});
