import { sql } from 'drizzle-orm';
import { ruleOf, type RegisterSetting } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  bearer,
  createAgentTree,
  createMember,
  defaultMerchantId,
  lastCode,
  solveCaptcha,
  uniqueName,
} from '../../../../test/factories/account.ts';

let t: TestApp;
let merchantId: number;
let setting: RegisterSetting;
beforeAll(async () => {
  t = await createTestApp({
    env: { SMS_MAX_PER_NUMBER: '50', SMS_CAPTCHA_AFTER_PER_IP: '1000', REGISTER_MAX_PER_IP_PER_HOUR: '1000' },
  });
  merchantId = await defaultMerchantId(t.ctx);
  setting = (await t.ctx.merchants.brand(merchantId)).merchant.registerSetting;
});
afterAll(() => t.close());

let ipSeq = 1;
const nextIp = () => `198.51.100.${ipSeq++}`;
const base = () => ({
  username: uniqueName('reg'),
  password: 'abc12345',
  confirmPassword: 'abc12345',
  agreeTerms: true,
  ageConfirmed: true,
  birthday: '1990-01-15',
});
type Reg = Record<string, unknown>;
const register = (
  payload: Reg,
  extra: { url?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  t.call<{ memberId: string; account: string; login: { token: string } | null }>({
    method: 'POST',
    url: extra.url ?? '/wps/member/register',
    payload,
    remoteAddress: extra.remoteAddress ?? nextIp(),
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
const setRegister = async (over: Partial<RegisterSetting>) => {
  await t.ctx.merchants.update(merchantId, { registerSetting: { ...setting, ...over } });
  t.ctx.merchants.invalidate();
};
const countMembers = async () =>
  (await t.ctx.db.execute('select count(*)::int as n from members')) as unknown as { rows: { n: number }[] };

describe('POST /wps/member/register', () => {
  it('creates the account, and logs in at once when asked', async () => {
    const body = base();
    const res = await register({
      ...body,
      login: true,
      registerMethod: 'WEB',
      domain: 'localhost',
      registerUrl: 'http://localhost/register',
    });
    expect(res.status).toBe(200);
    expect(res.body.value.account).toBe(body.username);
    const info = await t.call<{ account: string }>({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(res.body.value.login!.token),
    });
    expect(info.body.value.account).toBe(body.username);
    const quiet = await register(base());
    expect(quiet.body.value.login).toBeNull();
  });

  it('applies every server rule with min and max in the message, one message per field, and creates nothing', async () => {
    const before = (await countMembers()).rows[0]!.n;
    const res = await register({
      username: '1bad',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgx',
      email: 'not-an-email',
      payeeName: 'J0hn',
      agreeTerms: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toEqual({
      username: 'Please enter 6-16 letters or digits, starting with a letter',
      password: 'Please enter 6-20 characters combining letters and digits',
      confirmPassword: 'Confirmation password is not correct.',
      email: 'E-mail format is incorrect',
      payeeName: 'Please enter 2-50 English letters or spaces',
      birthday: 'Input cannot be empty',
      agreeTerms: 'Please read and agree to the terms and conditions',
      ageConfirmed: 'Please confirm that you are 18 or older',
    });
    expect((await countMembers()).rows[0]!.n).toBe(before);
  });

  it('refuses unknown fields and wrong types', async () => {
    const res = await register({ ...base(), type: 1 });
    expect(res.body.fields).toMatchObject({ type: 'Unknown field' });
    const typed = await register({ ...base(), agreeTerms: 'yes' });
    expect(typed.status).toBe(400);
    expect(typed.body.fields).toHaveProperty('agreeTerms');
  });

  it('refuses fields the setting does not enable, and requires the ones it requires', async () => {
    expect((await register({ ...base(), qqNum: '123456' })).body.fields).toEqual({
      qqNum: 'This field is not accepted',
    });
    await setRegister({
      fields: setting.fields.map((f) => (f.field === 'qqNum' ? { ...f, enabled: true, required: true } : f)),
    });
    try {
      expect((await register(base())).body.fields).toEqual({ qqNum: 'Input cannot be empty' });
      expect((await register({ ...base(), qqNum: '12' })).body.fields).toEqual({ qqNum: 'Please enter 5-12 digits' });
      expect((await register({ ...base(), qqNum: '123456' })).status).toBe(200);
    } finally {
      await setRegister({});
    }
  });

  it('follows a changed rule at once: the rules come from the server', async () => {
    await setRegister({
      fields: setting.fields.map((f) =>
        f.field === 'password' ? { ...f, rule: ruleOf('ALNUM_WITH_UPPER', 8, 12) } : f,
      ),
    });
    try {
      const res = await register(base());
      expect(res.body.fields).toEqual({
        password: 'Please enter 8-12 letters or digits with at least one uppercase letter',
      });
      expect((await register({ ...base(), password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' })).status).toBe(200);
      const rules = await t.call<RegisterSetting>({ method: 'GET', url: '/wps/system/setting/register' });
      expect(rules.body.value.fields.find((f) => f.field === 'password')?.rule.patternId).toBe('ALNUM_WITH_UPPER');
    } finally {
      await setRegister({});
    }
  });

  it('keeps usernames unique per merchant regardless of case', async () => {
    const body = base();
    expect((await register(body)).status).toBe(200);
    const dup = await register({ ...base(), username: body.username.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'USERNAME_TAKEN',
      fields: { username: 'This username is already registered' },
    });
  });

  it('asks everyone the date of birth and refuses anyone younger than 18', async () => {
    const { birthday: _none, ...noBirthday } = base();
    void _none;
    const missing = await register(noBirthday);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ birthday: 'Input cannot be empty' });
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const res = await register({ ...base(), birthday: young.toISOString().slice(0, 10) });
    expect(res.body.fields).toEqual({ birthday: 'You must be 18 or older to register' });
    expect((await register({ ...base(), birthday: '1990-02-30' })).body.fields).toEqual({
      birthday: 'Please enter a date as yyyy-MM-dd or MM-dd-yyyy',
    });
    expect((await register({ ...base(), birthday: '1990-02-28' })).status).toBe(200);
    // The day someone turns 18 is the first day they may register.
    const eighteen = new Date();
    eighteen.setUTCFullYear(eighteen.getUTCFullYear() - 18);
    expect((await register({ ...base(), birthday: eighteen.toISOString().slice(0, 10) })).status).toBe(200);
  });

  it('saves the deposit limits offered at sign-up with the account, in force at once; one above the brand maximum is refused', async () => {
    const body = { ...base(), depositLimitDay: '5000', depositLimitMonth: '80000', login: true };
    const res = await register(body);
    expect(res.status).toBe(200);
    const token = res.body.value.login!.token;
    const status = await t.call<{ limits: { limit: string; own: string | null; effective: string | null }[] }>({
      method: 'GET',
      url: '/wps/v2/protection',
      headers: { authorization: `Bearer ${token}` },
    });
    const own = Object.fromEntries(status.body.value.limits.map((l) => [l.limit, l.own]));
    expect(own).toMatchObject({ deposit_day: '5000', deposit_week: null, deposit_month: '80000' });
    expect(status.body.value.limits.find((l) => l.limit === 'deposit_day')!.effective).toBe('5000');
    // Bad limits change nothing.
    const before = (await countMembers()).rows[0]!.n;
    expect((await register({ ...base(), depositLimitWeek: '0' })).status).toBe(400);
    expect((await register({ ...base(), depositLimitWeek: '12.5' })).status).toBe(400);
    await t.ctx.db.execute(
      sql`INSERT INTO protection_brands (merchant_id, defaults, maxima, reality_check_minutes, guarded)
          VALUES (${merchantId}, '{}', '{"deposit_week":"100000"}', 60, false)
          ON CONFLICT (merchant_id) DO UPDATE SET maxima = EXCLUDED.maxima`,
    );
    try {
      const above = await register({ ...base(), depositLimitWeek: '100001' });
      expect(above.status).toBe(400);
      expect(above.body.fields).toEqual({ depositLimitWeek: 'At most 100000' });
    } finally {
      await t.ctx.db.execute(sql`UPDATE protection_brands SET maxima = '{}' WHERE merchant_id = ${merchantId}`);
    }
    expect((await countMembers()).rows[0]!.n).toBe(before);
  });

  it('asks for a captcha when the setting turns it on', async () => {
    await setRegister({ captcha: true });
    try {
      expect((await register(base())).body.fields).toEqual({ captcha: 'Please enter the captcha' });
      const ip = nextIp();
      const bad = await solveCaptcha(t, ip);
      const wrong = await register(
        { ...base(), captcha: bad.answer === 'AAAA' ? 'BBBB' : 'AAAA' },
        { headers: { cookie: bad.cookie }, remoteAddress: ip },
      );
      expect(wrong.body).toMatchObject({ code: 'CAPTCHA_INVALID', message: 'Captcha check failed' });
      const ip2 = nextIp();
      const c = await solveCaptcha(t, ip2);
      expect(
        (await register({ ...base(), captcha: c.answer }, { headers: { cookie: c.cookie }, remoteAddress: ip2 }))
          .status,
      ).toBe(200);
    } finally {
      await setRegister({});
    }
  });

  it('limits registrations per IP', async () => {
    const t2 = await createTestApp({ env: { REGISTER_MAX_PER_IP_PER_HOUR: '2' } });
    try {
      const call = (u: string) =>
        t2.call({
          method: 'POST',
          url: '/wps/member/register',
          payload: { ...base(), username: u },
          remoteAddress: '192.0.2.9',
        });
      expect((await call(uniqueName())).status).toBe(200);
      expect((await call(uniqueName())).status).toBe(200);
      const third = await call(uniqueName());
      expect(third.status).toBe(429);
      expect(third.body.message).toBe('Too many requests, please try again after 5 minutes');
    } finally {
      await t2.close();
    }
  });
});

describe('invitation codes', () => {
  it('validates an affiliate code with GET /wps/agent/affiliate', async () => {
    const { agent } = await createAgentTree(t.ctx);
    const ok = await t.call<{ code: string; agent: string }>({
      method: 'GET',
      url: `/wps/agent/affiliate?code=${agent.affiliateCode!.toLowerCase()}&domain=localhost`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value.code).toBe(agent.affiliateCode);
    expect(ok.body.value.agent).toContain('***');
    const bad = await t.call({ method: 'GET', url: '/wps/agent/affiliate?code=NOPE999' });
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ code: 'INVALID_INVITATION_CODE', message: 'Invalid invitation code' });
    expect((await t.call({ method: 'GET', url: '/wps/agent/affiliate' })).status).toBe(400);
    // An ordinary member's own code invites too while the brand runs member referral (decision 071).
    const member = await createMember(t.ctx, { affiliateCode: 'MEMB1234' });
    const brand = (await t.ctx.merchants.brand(merchantId)).merchant;
    expect(brand.features.referral).toBe(true);
    expect((await t.call({ method: 'GET', url: `/wps/agent/affiliate?code=${member.affiliateCode}` })).status).toBe(
      200,
    );
    await t.ctx.merchants.update(merchantId, { features: { ...brand.features, referral: false } });
    t.ctx.merchants.invalidate();
    try {
      expect((await t.call({ method: 'GET', url: `/wps/agent/affiliate?code=${member.affiliateCode}` })).status).toBe(
        404,
      );
    } finally {
      await t.ctx.merchants.update(merchantId, { features: brand.features });
      t.ctx.merchants.invalidate();
    }
  });

  it('places a member registered with a code under that agent (affiliateCode or referralCode)', async () => {
    const { agent, subAgent } = await createAgentTree(t.ctx);
    const a = await register({ ...base(), affiliateCode: agent.affiliateCode });
    const b = await register({ ...base(), referralCode: subAgent.affiliateCode });
    const ma = await t.ctx.accounts.findById(merchantId, Number(a.body.value.memberId));
    const mb = await t.ctx.accounts.findById(merchantId, Number(b.body.value.memberId));
    expect(ma).toMatchObject({ uplineId: agent.id, treePath: `${agent.treePath}${ma!.id}/`, depth: agent.depth + 1 });
    expect(mb).toMatchObject({ uplineId: subAgent.id, treePath: `${subAgent.treePath}${mb!.id}/`, depth: 2 });
  });

  it('refuses an unknown invitation code and creates nothing', async () => {
    const body = base();
    const res = await register({ ...body, affiliateCode: 'ZZZ9999' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_INVITATION_CODE',
      fields: { affiliateCode: 'Invalid invitation code' },
    });
    expect(await t.ctx.accounts.findByUsername(merchantId, body.username)).toBeNull();
  });
});

describe('POST /wps/member/register/mobile', () => {
  const sendCode = (mobileNum: string, countryDialingCode = '+55', remoteAddress = nextIp()) =>
    t.call<{ expiredMinutes: number; destination: string }>({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNum, countryDialingCode },
      remoteAddress,
    });
  let mobileSeq = 11900001000;
  const nextMobile = () => String(mobileSeq++);

  it('registers with an SMS code read from the outbox; the username may be left out', async () => {
    const mobile = nextMobile();
    const sent = await sendCode(mobile);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5, destination: expect.stringMatching(/^\+55 \d{3}\*+\d{4}$/) });
    const code = await lastCode(t, `+55${mobile}`);
    expect(code).toMatch(/^\d{6}$/);
    const { username: _u, ...body } = base();
    const res = await register(
      { ...body, mobileNum: mobile, countryDialingCode: '+55', verificationCode: code, login: true },
      { url: '/wps/member/register/mobile' },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.account).toMatch(/^m\d{8}$/);
    const m = await t.ctx.accounts.findByMobile(merchantId, '55', mobile);
    expect(m?.id).toBe(Number(res.body.value.memberId));
    // The code is spent.
    const again = await register(
      { ...base(), mobileNum: nextMobile(), countryDialingCode: '55', verificationCode: code },
      { url: '/wps/member/register/mobile' },
    );
    expect(again.body.code).toBe('CODE_INVALID');
  });

  it('needs mobile and code, refuses a wrong code without spending the right one, and a taken number', async () => {
    const missing = await register(base(), { url: '/wps/member/register/mobile' });
    expect(missing.body.fields).toEqual({ mobileNum: 'Input cannot be empty' });
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = (await lastCode(t, `+55${mobile}`))!;
    const wrong = await register(
      {
        ...base(),
        mobileNum: mobile,
        countryDialingCode: '55',
        verificationCode: code === '000000' ? '111111' : '000000',
      },
      { url: '/wps/member/register/mobile' },
    );
    expect(wrong.body).toMatchObject({ code: 'CODE_INVALID', message: 'Invalid or missing verification code' });
    // A refused registration (username taken) does not burn the code either.
    const taken = await createMember(t.ctx);
    const refused = await register(
      { ...base(), username: taken.username, mobileNum: mobile, countryDialingCode: '55', verificationCode: code },
      { url: '/wps/member/register/mobile' },
    );
    expect(refused.body.code).toBe('USERNAME_TAKEN');
    const ok = await register(
      { ...base(), mobileNum: mobile, countryDialingCode: '55', verificationCode: code },
      { url: '/wps/member/register/mobile' },
    );
    expect(ok.status).toBe(200);
    const dup = await sendCode(mobile);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'MOBILE_TAKEN', message: 'This mobile number is already registered' });
  });

  it('is refused when mobile registration is off', async () => {
    await setRegister({ mobileRegistration: false });
    try {
      const res = await register(
        { ...base(), mobileNum: nextMobile(), countryDialingCode: '55', verificationCode: '123456' },
        { url: '/wps/member/register/mobile' },
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('OPERATION_NOT_ENABLED');
    } finally {
      await setRegister({});
    }
  });
});
