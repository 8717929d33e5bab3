import { MemberType } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  bearer,
  createAgentTree,
  createMember,
  defaultMerchantId,
  login,
  solveCaptcha,
  uniqueName,
} from '../../../../test/factories/account.ts';
import { passwordWork } from '../../../lib/password.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_CAPTCHA_AFTER_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '6' } });
  merchantId = await defaultMerchantId(t.ctx);
});
afterAll(() => t.close());

/** Each test uses its own client IP so the per-IP counters of one test never reach another. */
let ipSeq = 10;
const nextIp = () => `198.51.100.${ipSeq++}`;

describe('POST /wps/session/login (username)', () => {
  it('logs in with trimmed input and answers the login value', async () => {
    const m = await createMember(t.ctx);
    const res = await login(
      t,
      { username: `  ${m.username.toUpperCase()} `, password: ` ${m.password} `, rememberMe: true },
      { remoteAddress: nextIp() },
    );
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      captcha: false,
      mustChangePassword: false,
      verification: null,
      isAgent: false,
      isTrial: false,
    });
    expect(res.body.value.token).toMatch(/^[\w-]{43}$/);
    const info = await t.call<{ account: string; id: string }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(res.body.value.token),
    });
    expect(info.body.value).toMatchObject({ account: m.username, id: String(m.id) });
  });

  it('gives an unknown user and a wrong password the same answer after the same work', async () => {
    const m = await createMember(t.ctx);
    const ip = nextIp();
    const before = passwordWork.verifications;
    const wrong = await login(t, { username: m.username, password: 'wrong1234' }, { remoteAddress: ip });
    const unknown = await login(t, { username: uniqueName('ghost'), password: 'wrong1234' }, { remoteAddress: ip });
    expect(passwordWork.verifications - before).toBe(2);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect username or password',
    });
  });

  it('refuses missing fields with one message per field and unknown fields', async () => {
    const res = await login(t, { username: '  ', password: '' }, { remoteAddress: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ username: 'Input cannot be empty', password: 'Input cannot be empty' });
    const extra = await login(t, { username: 'a', password: 'b', isAdmin: true }, { remoteAddress: nextIp() });
    expect(extra.body.fields).toMatchObject({ isAdmin: 'Unknown field' });
    const noType = await t.call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'a', password: 'b' },
    });
    expect(noType.status).toBe(400);
  });

  it('asks for the captcha after the configured failures for an account, then accepts a solved one', async () => {
    const m = await createMember(t.ctx);
    const ips = [nextIp(), nextIp(), nextIp()];
    const fails = [];
    for (const ip of ips)
      fails.push(await login(t, { username: m.username, password: 'nope12345' }, { remoteAddress: ip }));
    expect(fails.map((f) => f.body.value)).toEqual([{ captcha: false }, { captcha: false }, { captcha: true }]);

    const ip = nextIp();
    const without = await login(t, { username: m.username, password: m.password }, { remoteAddress: ip });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please enter the captcha',
      value: { captcha: true },
    });

    const wrongCaptcha = await solveCaptcha(t, ip);
    const bad = await login(
      t,
      { username: m.username, password: m.password, captcha: 'ZZZZ' === wrongCaptcha.answer ? 'YYYY' : 'ZZZZ' },
      {
        remoteAddress: ip,
        headers: { cookie: wrongCaptcha.cookie },
      },
    );
    expect(bad.body).toMatchObject({
      code: 'CAPTCHA_INVALID',
      message: 'Captcha check failed',
      value: { captcha: true },
    });

    await new Promise((r) => setTimeout(r, 1050)); // the captcha refreshes at most once a second
    const solved = await solveCaptcha(t, ip);
    expect(solved.image).toMatch(/^data:image\/png;base64,/);
    const ok = await login(
      t,
      { username: m.username, password: m.password, captcha: solved.answer.toLowerCase() },
      {
        remoteAddress: ip,
        headers: { cookie: solved.cookie },
      },
    );
    expect(ok.status).toBe(200);
    // A captcha is spent once: replaying it fails.
    const replay = await login(
      t,
      { username: m.username, password: 'nope12345', captcha: solved.answer },
      {
        remoteAddress: ip,
        headers: { cookie: solved.cookie },
      },
    );
    expect(replay.body.code).not.toBe('CAPTCHA_INVALID'); // the success reset the account counter: no captcha asked
  });

  it('asks for the captcha after failures from one IP across accounts', async () => {
    const ip = nextIp();
    let last;
    for (let i = 0; i < 10; i++)
      last = await login(t, { username: uniqueName('spray'), password: 'nope12345' }, { remoteAddress: ip });
    expect(last!.body.value).toEqual({ captcha: true });
    const m = await createMember(t.ctx);
    const next = await login(t, { username: m.username, password: m.password }, { remoteAddress: ip });
    expect(next.body.code).toBe('CAPTCHA_REQUIRED');
  });

  it('locks an account under brute force before any more hashing is done', async () => {
    const m = await createMember(t.ctx);
    // A bot that solves captchas: every attempt carries a fresh one, from a fresh IP.
    let locked = null;
    for (let i = 0; i < 12 && !locked; i++) {
      const ip = nextIp();
      const c = await solveCaptcha(t, ip);
      const res = await login(
        t,
        { username: m.username, password: `guess${i}xx`, captcha: c.answer },
        {
          remoteAddress: ip,
          headers: { cookie: c.cookie },
        },
      );
      if (res.status === 429) locked = res;
    }
    expect(locked?.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again after 5 minutes',
    });
    const before = passwordWork.verifications;
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() }),
      ),
    );
    expect(burst.every((r) => r.status === 429)).toBe(true);
    expect(passwordWork.verifications - before).toBe(0);
  });

  it('limits attempts per IP before hashing', async () => {
    const t2 = await createTestApp({ env: { LOGIN_MAX_ATTEMPTS_PER_IP: '5', LOGIN_CAPTCHA_AFTER_IP_FAILURES: '100' } });
    try {
      const m = await createMember(t2.ctx);
      const results = [];
      for (let i = 0; i < 5; i++)
        results.push(
          await login(t2, { username: uniqueName(), password: 'x1234567' }, { remoteAddress: '192.0.2.50' }),
        );
      const before = passwordWork.verifications;
      const sixth = await login(t2, { username: m.username, password: m.password }, { remoteAddress: '192.0.2.50' });
      expect(sixth.status).toBe(429);
      expect(passwordWork.verifications).toBe(before);
      const elsewhere = await login(
        t2,
        { username: m.username, password: m.password },
        { remoteAddress: '192.0.2.51' },
      );
      expect(elsewhere.status).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('login rules by account type (spec §6)', () => {
  it('lets agents log in on /agent and refuses members there with "Non-agents cannot log in"', async () => {
    const { agent, member } = await createAgentTree(t.ctx);
    const ok = await login(
      t,
      { username: agent.username, password: agent.password, area: 'agent' },
      { remoteAddress: nextIp() },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.value.isAgent).toBe(true);
    const refused = await login(
      t,
      { username: member.username, password: member.password, area: 'agent' },
      { remoteAddress: nextIp() },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NOT_AGENT', message: 'Non-agents cannot log in' });
    // A wrong password on /agent still gets the credentials answer: the type is told only to the owner.
    const wrong = await login(
      t,
      { username: member.username, password: 'wrong1234', area: 'agent' },
      { remoteAddress: nextIp() },
    );
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses accounts that are neither members nor agents on the player site', async () => {
    const sys = await createMember(t.ctx, { type: 3 });
    const res = await login(t, { username: sys.username, password: sys.password }, { remoteAddress: nextIp() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'NON_MEMBER', message: 'Non-member account unable to login' });
  });

  it('refuses a frozen account, and freezing ends its sessions', async () => {
    const m = await createMember(t.ctx);
    const token = (await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).body
      .value.token;
    await t.ctx.accounts.freeze(merchantId, m.id);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).status).toBe(401);
    const again = await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() });
    expect(again.body.code).toBe('ACCOUNT_FROZEN');
    await t.ctx.accounts.unfreeze(merchantId, m.id);
    expect((await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).status).toBe(
      200,
    );
  });

  it('refuses login from a restricted IP or location', async () => {
    await t.ctx.merchants.update(merchantId, { cidrBlock: ['203.0.113.0/24'] });
    try {
      const m = await createMember(t.ctx);
      const res = await login(t, { username: m.username, password: m.password }, { remoteAddress: '203.0.113.9' });
      expect(res.status).toBe(451);
      expect(res.body.code).toBe('REGION_RESTRICTED');
    } finally {
      await t.ctx.merchants.update(merchantId, { cidrBlock: [] });
    }
  });
});

describe('after login (spec §4)', () => {
  it('forces a password change when staff or an agent set the password, and blocks everything else until then', async () => {
    const m = await createMember(t.ctx, { passwordSetBy: 'agent' });
    const res = await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() });
    expect(res.body.value).toMatchObject({ mustChangePassword: true, firstTimeLogin: true });
    const h = bearer(res.body.value.token);
    const blocked = await t.call({ method: 'GET', url: '/wps/member/info', headers: h });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    // The forced change still asks for the current (one-time) password: a session alone is not enough.
    const without = await t.call({
      method: 'POST',
      url: '/wps/member/password',
      headers: h,
      payload: { newPassword: 'fresh2026', confirmNewPassword: 'fresh2026' },
    });
    expect([without.status, without.body.code, Object.keys(without.body.fields ?? {})]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['oldPassword'],
    ]);
    const wrong = await t.call({
      method: 'POST',
      url: '/wps/member/password',
      headers: h,
      payload: { oldPassword: 'not-it-2026', newPassword: 'fresh2026', confirmNewPassword: 'fresh2026' },
    });
    expect(wrong.body.code).toBe('PASSWORD_INCORRECT');
    const change = await t.call({
      method: 'POST',
      url: '/wps/member/password',
      headers: h,
      payload: { oldPassword: m.password, newPassword: 'fresh2026', confirmNewPassword: 'fresh2026' },
    });
    expect(change.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: h })).status).toBe(200);
    const next = await login(t, { username: m.username, password: 'fresh2026' }, { remoteAddress: nextIp() });
    expect(next.body.value).toMatchObject({ mustChangePassword: false, firstTimeLogin: false });
  });

  it('reports an expired password when expiry is on, but not for an SMS login', async () => {
    const settings = await t.ctx.accounts.settings(merchantId);
    await t.ctx.accounts.updateSettings(merchantId, {
      ...settings,
      passwordExpiry: { enabled: true, days: 30 },
    });
    try {
      const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: '11900000001' });
      await t.ctx.accounts.update(m.id, { passwordChangedAt: new Date(Date.now() - 31 * 86_400_000) });
      const res = await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() });
      expect(res.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    } finally {
      await t.ctx.accounts.updateSettings(merchantId, settings);
    }
  });

  it('records every login and shows the member the previous one', async () => {
    const m = await createMember(t.ctx);
    const first = await login(t, { username: m.username, password: m.password }, { remoteAddress: '198.51.100.201' });
    const none = await t.call<{ previousLogin: unknown }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(first.body.value.token),
    });
    expect(none.body.value.previousLogin).toBeNull();
    await login(t, { username: m.username, password: 'wrong1234' }, { remoteAddress: '198.51.100.202' });
    const second = await login(
      t,
      { username: m.username, password: m.password },
      {
        remoteAddress: '198.51.100.203',
        headers: { 'user-agent': 'TestBrowser/1.0' },
      },
    );
    const h = bearer(second.body.value.token);
    const info = await t.call<{ previousLogin: { ip: string; at: string } }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: h,
    });
    expect(info.body.value.previousLogin?.ip).toBe('198.51.100.201');
    const history = await t.call<{ ip: string; success: boolean; device: string }[]>({
      method: 'GET',
      url: '/wps/member/logins',
      headers: h,
    });
    expect(history.body.value.map((l) => [l.ip, l.success])).toEqual([
      ['198.51.100.203', true],
      ['198.51.100.202', false],
      ['198.51.100.201', true],
    ]);
    expect(history.body.value[0]!.device).toBe('TestBrowser/1.0');
  });
});

describe('sessions', () => {
  it('issues a new token on every login and revokes it on logout everywhere', async () => {
    const m = await createMember(t.ctx, { countryDialingCode: '55', mobile: '11900000002' });
    const a = (await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).body.value
      .token;
    const b = (await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).body.value
      .token;
    expect(a).not.toBe(b);
    const out = await t.call({ method: 'POST', url: '/wps/session/logout', headers: bearer(a) });
    expect(out.status).toBe(200);
    const calls = [
      { method: 'GET', url: '/wps/member/info' },
      { method: 'GET', url: '/wps/member/security' },
      { method: 'GET', url: '/wps/member/logins' },
      { method: 'POST', url: '/wps/member/info/icon', payload: { avatar: 'avatar-02' } },
      {
        method: 'POST',
        url: '/wps/member/password',
        payload: { oldPassword: m.password, newPassword: 'other1234', confirmNewPassword: 'other1234' },
      },
      { method: 'POST', url: '/wps/session/logout' },
      { method: 'POST', url: '/wps/member/security/reauth', payload: { password: m.password } },
    ] as const;
    for (const c of calls) {
      const res = await t.call({ ...c, headers: bearer(a) });
      expect(res.status, `${c.method} ${c.url}`).toBe(401);
      expect(res.body.message).toBe('You are not logged in, please login');
    }
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer(b) })).status).toBe(200);
  });

  it('sets the avatar from the offered list only', async () => {
    const m = await createMember(t.ctx);
    const h = bearer(
      (await login(t, { username: m.username, password: m.password }, { remoteAddress: nextIp() })).body.value.token,
    );
    const bad = await t.call({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: h,
      payload: { avatar: '../../etc/passwd' },
    });
    expect(bad.status).toBe(400);
    const ok = await t.call<{ avatar: string }>({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: h,
      payload: { avatar: 'avatar-07' },
    });
    expect(ok.body.value.avatar).toBe('avatar-07');
  });
});

describe('free play (trial accounts)', () => {
  const freePlay = (
    headers: Record<string, string> = { 'x-gateway-version': '3' },
    payload: object = { os: 'Android', platform: 'W' },
  ) =>
    t.call<{ token: string; account: string; playBalance: string; isTrial: boolean }>({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers,
      payload,
      remoteAddress: nextIp(),
    });

  it('creates a trial account with play money that can log in but not use member features', async () => {
    const res = await freePlay();
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ isTrial: true, playBalance: '200000' });
    const h = bearer(res.body.value.token);
    const info = await t.call<{ type: number; isTrial: boolean; playBalance: string }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: h,
    });
    expect(info.body.value).toMatchObject({ type: MemberType.TRIAL, isTrial: true, playBalance: '200000' });
    const centre = await t.call({ method: 'GET', url: '/wps/member/security', headers: h });
    expect(centre.status).toBe(403);
    expect(centre.body).toMatchObject({ code: 'TRIAL_NOT_ALLOWED', message: 'in_need_true_account' });
    const agent = await login(
      t,
      { username: res.body.value.account, password: 'whatever1', area: 'agent' },
      { remoteAddress: nextIp() },
    );
    expect(agent.status).toBe(401);
  });

  it('needs platform W and gateway version 3, and can be switched off', async () => {
    expect((await freePlay({})).body.code).toBe('UNSUPPORTED_GATEWAY_VERSION');
    expect((await freePlay(undefined, { platform: 'X' })).status).toBe(400);
    const brand = await t.ctx.merchants.brand(merchantId);
    await t.ctx.merchants.update(merchantId, { features: { ...brand.merchant.features, freePlay: false } });
    try {
      expect((await freePlay()).body.code).toBe('OPERATION_NOT_ENABLED');
    } finally {
      await t.ctx.merchants.update(merchantId, { features: brand.merchant.features });
    }
  });
});
