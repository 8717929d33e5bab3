import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  bearer,
  createMember,
  defaultMerchantId,
  lastCode,
  login,
  solveCaptcha,
} from '../../../../test/factories/account.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SMS_MAX_PER_NUMBER: '3', SMS_CAPTCHA_AFTER_PER_IP: '4' } });
  merchantId = await defaultMerchantId(t.ctx);
});
afterAll(() => t.close());

let ipSeq = 1;
const nextIp = () => `198.51.100.${ipSeq++}`;
let mobileSeq = 11955500000;
const nextMobile = () => String(mobileSeq++);
const noLogin = (payload: Record<string, unknown>, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
  t.call<{ expiredMinutes: number; destination: string }>({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    payload,
    remoteAddress,
    headers,
  });
const smsLogin = (mobile: string, code: string, remoteAddress = nextIp()) =>
  login(t, { type: 'sms', countryDialingCode: '+55', mobileNum: mobile, verificationCode: code }, { remoteAddress });

describe('phone and SMS errors (spec §8)', () => {
  it('answers a missing and a malformed number with their messages', async () => {
    const missing = await noLogin({ countryDialingCode: '55' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ mobileNum: 'Please enter a valid phone number.' });
    const empty = await noLogin({ countryDialingCode: '55', mobileNum: '  ' });
    expect(empty.body.fields).toEqual({ mobileNum: 'Please enter a valid phone number.' });
    const bad = await noLogin({ countryDialingCode: '55', mobileNum: '11-9999' });
    expect(bad.body.fields).toEqual({ mobileNum: 'Invalid phone number format' });
    const code = await noLogin({ countryDialingCode: 'BR', mobileNum: '11999990000' });
    expect(code.body.fields).toEqual({ countryDialingCode: 'Please choose a country dialing code' });
  });

  it('allows one request per second per client', async () => {
    const ip = nextIp();
    const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    expect((await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! }, ip)).status).toBe(200);
    const second = await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! }, ip);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe('Please wait a moment and try again');
  });

  it("limits codes per number: after that, 'try again after 5 minutes'", async () => {
    const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    for (let i = 0; i < 3; i++)
      expect((await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! })).status).toBe(200);
    const fourth = await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again after 5 minutes',
    });
  });

  it('asks one client for a captcha after many requests', async () => {
    const ip = nextIp();
    for (let i = 0; i < 4; i++) {
      expect((await noLogin({ countryDialingCode: '55', mobileNum: nextMobile() }, ip)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1010));
    }
    const fifth = await noLogin({ countryDialingCode: '55', mobileNum: nextMobile() }, ip);
    expect(fifth.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    await new Promise((r) => setTimeout(r, 1010));
    const c = await solveCaptcha(t, ip);
    const wrong = await noLogin(
      { countryDialingCode: '55', mobileNum: nextMobile(), captcha: 'QQQQ' === c.answer ? 'WWWW' : 'QQQQ' },
      ip,
      { cookie: c.cookie },
    );
    expect(wrong.body.code).toBe('CAPTCHA_REQUIRED');
    await new Promise((r) => setTimeout(r, 1010));
    const c2 = await solveCaptcha(t, ip);
    const ok = await noLogin({ countryDialingCode: '55', mobileNum: nextMobile(), captcha: c2.answer }, ip, {
      cookie: c2.cookie,
    });
    expect(ok.status).toBe(200);
  });

  it('answers the same for unknown numbers but sends them nothing', async () => {
    const mobile = nextMobile();
    const res = await noLogin({ countryDialingCode: '55', mobileNum: mobile });
    expect(res.status).toBe(200);
    expect(await lastCode(t, `+55${mobile}`)).toBeNull();
    expect((await smsLogin(mobile, '123456')).body.code).toBe('CODE_INVALID');
  });

  it('says when the operation is not enabled', async () => {
    const brand = await t.ctx.merchants.brand(merchantId);
    await t.ctx.merchants.update(merchantId, {
      features: { ...brand.merchant.features, smsLogin: false, phoneVerification: false },
    });
    try {
      const res = await noLogin({ countryDialingCode: '55', mobileNum: nextMobile() });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This operation is not enabled, please contact customer service');
    } finally {
      await t.ctx.merchants.update(merchantId, { features: brand.merchant.features });
    }
  });
});

describe('SMS login', () => {
  it('logs in with the code from the outbox; the code is single use and bound to its purpose', async () => {
    const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: nextMobile(), passwordSetBy: 'agent' });
    expect((await noLogin({ countryDialingCode: '+55', mobileNum: m.mobile! })).status).toBe(200);
    const code = (await lastCode(t, `+55${m.mobile}`))!;
    const res = await smsLogin(m.mobile!, code);
    expect(res.status).toBe(200);
    // Not for SMS logins: the password was never typed.
    expect(res.body.value.mustChangePassword).toBe(false);
    const again = await smsLogin(m.mobile!, code);
    expect(again.body).toMatchObject({ code: 'CODE_INVALID', message: 'Invalid or missing verification code' });
    // A registration code does not log anyone in.
    const other = await createMember(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    await t.ctx.verification.sendSmsCode({
      merchantId,
      purpose: 'register',
      countryDialingCode: '55',
      mobile: other.mobile!,
      ip: nextIp(),
    });
    const regCode = (await lastCode(t, `+55${other.mobile}`))!;
    expect((await smsLogin(other.mobile!, regCode)).body.code).toBe('CODE_INVALID');
  });

  it('refuses an expired code with its own message, and dies after five wrong tries', async () => {
    const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! });
    const code = (await lastCode(t, `+55${m.mobile}`))!;
    await t.ctx.db.execute(
      `update one_time_codes set expires_at = now() - interval '1 second' where target = '55 ${m.mobile}'`,
    );
    const expired = await smsLogin(m.mobile!, code);
    expect(expired.body).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'The verification code has expired, please send it again',
    });

    await new Promise((r) => setTimeout(r, 10));
    await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! });
    const fresh = (await lastCode(t, `+55${m.mobile}`))!;
    const wrong = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await smsLogin(m.mobile!, wrong)).body.code).toBe('CODE_INVALID');
    expect((await smsLogin(m.mobile!, fresh)).body.code).toBe('CODE_INVALID');
  });

  it('checks the code format in the contract', async () => {
    const res = await login(t, {
      type: 'sms',
      countryDialingCode: '55',
      mobileNum: '11999999999',
      verificationCode: '12a',
    });
    expect(res.body.fields).toEqual({ verificationCode: 'Please enter a valid verification code' });
  });
});

describe('password reset by phone', () => {
  it('sets a new password with mobile, code and new password, and ends all sessions', async () => {
    const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: nextMobile() });
    const old = (await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).body.value
      .token;
    await noLogin({ countryDialingCode: '55', mobileNum: m.mobile! });
    const code = (await lastCode(t, `+55${m.mobile}`))!;
    const reset = (payload: object) =>
      t.call({ method: 'POST', url: '/wps/member/password/verification', payload, remoteAddress: nextIp() });
    const weak = await reset({
      countryDialingCode: '55',
      mobileNum: m.mobile,
      verificationCode: code,
      newPassword: 'short',
    });
    expect(weak.body.fields).toEqual({ newPassword: 'Please enter 6-20 characters combining letters and digits' });
    const missing = await reset({ countryDialingCode: '55', mobileNum: m.mobile, newPassword: 'newpass123' });
    expect(missing.body.fields).toEqual({ verificationCode: 'Please enter a valid verification code' });
    const ok = await reset({
      countryDialingCode: '55',
      mobileNum: m.mobile,
      verificationCode: code,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(ok.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer(old) })).status).toBe(401);
    expect((await login(t, { username: m.username, password: 'newpass123' }, { remoteAddress: nextIp() })).status).toBe(
      200,
    );
  });
});

describe('SMS providers', () => {
  it('sends through the HTTP gateway and maps its failures to the spec messages', async () => {
    const received: { auth: string | undefined; body: { to: string; text: string; templateId?: string } }[] = [];
    let answer = 200;
    let answerBody = '{}';
    const gateway = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(answer, { 'content-type': 'application/json' }).end(answerBody);
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    const t2 = await createTestApp({
      env: {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: url,
        SMS_HTTP_TOKEN: 'secret-token',
        SMS_HTTP_TEMPLATE_ID: 'tpl-1',
        SMS_MAX_PER_NUMBER: '50',
      },
    });
    try {
      const m = await createMember(t2.ctx, { countryDialingCode: '55', mobile: '11977770000' });
      const send = (ip: string) =>
        t2.call({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          payload: { countryDialingCode: '55', mobileNum: m.mobile },
          remoteAddress: ip,
        });
      expect((await send('192.0.2.1')).status).toBe(200);
      expect(received[0]).toMatchObject({
        auth: 'Bearer secret-token',
        body: { to: '+5511977770000', templateId: 'tpl-1' },
      });
      const code = /(\d{6})/.exec(received[0]!.body.text)![1]!;
      expect((await t2.call({ method: 'GET', url: '/wps/dev/outbox' })).body.value).toEqual([]);

      answer = 402;
      answerBody = '{"error":"insufficient balance"}';
      const quota = await send('192.0.2.2');
      expect(quota.status).toBe(503);
      expect(quota.body.message).toBe('The SMS quota is not sufficient, please contact customer service');
      answer = 500;
      answerBody = '{"error":"internal"}';
      const failed = await send('192.0.2.3');
      expect(failed.body).toMatchObject({ code: 'SMS_FAILED', message: 'Unknown error, please try again later' });
      answer = 403;
      expect((await send('192.0.2.4')).body.code).toBe('OPERATION_NOT_ENABLED');
      answer = 400;
      expect((await send('192.0.2.5')).body.message).toBe('Invalid phone number format');
      // An undelivered code never works; the delivered one was superseded by later sends.
      const res = await login(t2, {
        type: 'sms',
        countryDialingCode: '55',
        mobileNum: m.mobile!,
        verificationCode: code,
      });
      expect(res.body.code).toBe('CODE_INVALID');
    } finally {
      await t2.close();
      gateway.close();
    }
  });

  it('serves the developer outbox only in demo mode', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/dev/outbox' })).status).toBe(200);
    const t2 = await createTestApp({ env: { DEMO_MODE: 'false', OPERATOR_BOOTSTRAP_PASSWORD: 'Bootstrap#1' } });
    try {
      const res = await t2.call({ method: 'GET', url: '/wps/dev/outbox' });
      expect(res.status).toBe(404);
    } finally {
      await t2.close();
    }
  });
});

describe('captcha and countries', () => {
  it('serves a PNG captcha bound to a cookie, refreshed at most once a second', async () => {
    const ip = nextIp();
    const first = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^lotus_cid=[\w-]+; Path=\/wps; HttpOnly; SameSite=Lax/);
    const png = Buffer.from((first.json() as { value: string }).value.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const again = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: ip,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(again.statusCode).toBe(429);
  });

  it('lists countries with dialing codes and picks the visitor country', async () => {
    const res = await t.call<{
      defaultCountryCode: string;
      list: { countryCode: string; countryDialingCode: string }[];
    }>({
      method: 'GET',
      url: '/wps/verification/countries',
      remoteAddress: '200.147.67.142',
    });
    expect(res.body.value.defaultCountryCode).toBe('BR');
    expect(res.body.value.list).toContainEqual(
      expect.objectContaining({ countryCode: 'BR', countryDialingCode: '55' }),
    );
    expect(res.body.value.list.length).toBeGreaterThan(200);
  });
});
