import type { BrandSettings, RegisterSetting, SiteLinks } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorHeaders } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createPubSub } from '../../lib/pubsub.ts';
import { createMerchantService } from '../merchant/service.ts';
import { listAudit } from '../operator/data.ts';
import { createOperator } from '../operator/service.ts';

let t: TestApp;
let admin: Record<string, string>;
let editor: Record<string, string>;
let finance: Record<string, string>;
let merchantId: number;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_MAX_PER_IP_PER_HOUR: '1000' } });
  merchantId = await t.ctx.merchants.resolveId('localhost');
  for (const [username, role] of [
    ['editor', 'content'],
    ['money', 'finance'],
  ] as const) {
    await createOperator(t.ctx.db, { merchantId, username, password: 'Editor#2026', role, demo: true });
  }
  admin = await operatorHeaders(t);
  editor = await operatorHeaders(t, 'editor', 'Editor#2026');
  finance = await operatorHeaders(t, 'money', 'Editor#2026');
});
afterAll(() => t.close());

const call = <T>(method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.call<T>({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const auditOf = async (action: string) =>
  (await listAudit(t.ctx.db, merchantId)).filter((a) => a.action === action).sort((a, b) => b.id - a.id);

describe('links: customer service, resources and social links, app download', () => {
  it('are the content role’s (and admin’s); others are refused', async () => {
    expect((await call('GET', '/wps/operator/content/links', finance)).status).toBe(403);
    expect((await call('PUT', '/wps/operator/content/links', finance, { resources: [] })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/wps/operator/content/links' })).status).toBe(401);
    expect((await call('GET', '/wps/operator/content/links', admin)).status).toBe(200);
  });

  it('replace the named lists, reach players at once, and are audited with before and after', async () => {
    const before = (await call<SiteLinks>('GET', '/wps/operator/content/links', editor)).body.value;
    const res = await call<SiteLinks>('PUT', '/wps/operator/content/links', editor, {
      customerService: [
        { csType: 'livechat', displayName: 'Chat ao vivo', names: { EN: 'Live chat' }, path: 'app:chat' },
        { csType: 'TELEGRAM', displayName: 'Telegram', path: 'https://t.me/lotus_help' },
      ],
      resources: [{ resourceType: 'SOCIAL', key: 'INSTAGRAM', url: 'https://instagram.com/lotus' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.value.customerService.map((c) => c.csType)).toEqual(['LIVECHAT', 'TELEGRAM']);
    expect(res.body.value.appDownload).toEqual(before.appDownload);

    const cs = await t.call<{ list: { csType: string; names?: Record<string, string> }[] }>({
      method: 'GET',
      url: '/wps/relay/MCSFE_getCustomerService',
    });
    expect(cs.body.value.list[0]).toMatchObject({ csType: 'LIVECHAT', names: { EN: 'Live chat' } });
    const status = await t.call<{ resources: { key: string }[] }>({ method: 'GET', url: '/wps/system/status' });
    expect(status.body.value.resources.map((r) => r.key)).toEqual(['INSTAGRAM']);

    const [entry] = await auditOf('content.links.update');
    const detail = entry!.detail as { before: SiteLinks; after: SiteLinks };
    expect(detail.before.resources).toEqual(before.resources);
    expect(detail.after.resources).toEqual([
      { resourceType: 'SOCIAL', key: 'INSTAGRAM', url: 'https://instagram.com/lotus' },
    ]);
    expect(Object.keys(detail.after).sort()).toEqual(['customerService', 'resources']);
  });

  it('refuse bad links and duplicates with a 400 that changes nothing', async () => {
    const before = (await call<SiteLinks>('GET', '/wps/operator/content/links', editor)).body.value;
    const audits = (await listAudit(t.ctx.db, merchantId)).length;
    for (const body of [
      { resources: [{ resourceType: 'SOCIAL', key: 'X', url: 'javascript:alert(1)' }] },
      { resources: [{ resourceType: 'SOCIAL', key: 'X', url: 'http://plain.example' }] },
      {
        resources: [
          { resourceType: 'SOCIAL', key: 'X', url: 'https://a.example' },
          { resourceType: 'social', key: 'x', url: 'https://b.example' },
        ],
      },
      { appDownload: { ios: '/download/ios', android: '/download/android' } },
      { customerService: [{ csType: 'LIVECHAT', displayName: '', path: 'app:chat' }] },
      {},
    ]) {
      const res = await call('PUT', '/wps/operator/content/links', editor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await call<SiteLinks>('GET', '/wps/operator/content/links', editor)).body.value).toEqual(before);
    expect((await listAudit(t.ctx.db, merchantId)).length).toBe(audits);
  });
});

describe('brand settings', () => {
  const registerInput = (s: RegisterSetting, username: { min: number; max: number }) => ({
    mobileRegistration: s.mobileRegistration,
    usernameRegistration: s.usernameRegistration,
    smsVerification: s.smsVerification,
    captcha: s.captcha,
    smsExpiredMinutes: s.smsExpiredMinutes,
    fields: s.fields.map((f) => ({
      field: f.field,
      enabled: f.field === 'email' ? true : f.enabled,
      required: f.field === 'email' ? true : f.required,
      patternId: f.rule.patternId,
      minLength: f.field === 'username' ? username.min : f.rule.minLength,
      maxLength: f.field === 'username' ? username.max : f.rule.maxLength,
    })),
  });

  it('are the administrator’s alone', async () => {
    expect((await call('GET', '/wps/operator/brand', editor)).status).toBe(403);
    expect((await call('PUT', '/wps/operator/brand', finance, { siteName: 'X' })).status).toBe(403);
    expect((await call('GET', '/wps/operator/brand', admin)).status).toBe(200);
  });

  it('a register rule applies to the next registration and to the published setting, audited', async () => {
    const current = (await call<BrandSettings>('GET', '/wps/operator/brand', admin)).body.value;
    const res = await call<BrandSettings>('PUT', '/wps/operator/brand', admin, {
      register: registerInput(current.register, { min: 9, max: 12 }),
    });
    expect(res.status).toBe(200);
    const username = res.body.value.register.fields.find((f) => f.field === 'username')!;
    expect(username.rule).toMatchObject({
      minLength: 9,
      maxLength: 12,
      patternId: current.register.fields[0]!.rule.patternId,
    });

    const published = await t.call<RegisterSetting>({ method: 'GET', url: '/wps/system/setting/register' });
    expect(published.body.value.fields.find((f) => f.field === 'username')!.rule.minLength).toBe(9);
    expect(published.body.value.fields.find((f) => f.field === 'email')).toMatchObject({
      enabled: true,
      required: true,
    });

    const register = (over: Record<string, unknown>) =>
      t.call<unknown>({
        method: 'POST',
        url: '/wps/member/register',
        payload: {
          username: 'shortname',
          password: 'abc12345',
          confirmPassword: 'abc12345',
          agreeTerms: true,
          ageConfirmed: true,
          birthday: '1990-01-15',
          email: 'someone@example.com',
          ...over,
        },
        remoteAddress: '198.51.100.77',
      });
    const short = await register({ username: 'abc1234' });
    expect(short.status).toBe(400);
    expect(short.body.fields?.username).toBeTruthy();
    const noEmail = await register({ username: 'longername1', email: undefined });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.fields?.email).toBeTruthy();

    const [entry] = await auditOf('brand.settings');
    const detail = entry!.detail as { before: { register: RegisterSetting }; after: { register: RegisterSetting } };
    expect(detail.before.register.fields[0]!.rule.minLength).toBe(current.register.fields[0]!.rule.minLength);
    expect(detail.after.register.fields[0]!.rule.minLength).toBe(9);
    expect(entry!.operatorId).toBeTruthy();

    // Put it back for the tests that follow.
    const back = await call('PUT', '/wps/operator/brand', admin, {
      register: { ...registerInput(current.register, { min: 0, max: 0 }), fields: undefined },
    });
    expect(back.status).toBe(400);
    await t.ctx.merchants.update(merchantId, { registerSetting: current.register });
  });

  it('theme, logo, symbol and languages reach the published whitelabel', async () => {
    const res = await call<BrandSettings>('PUT', '/wps/operator/brand', admin, {
      siteName: 'Lotus Prime',
      currencySymbol: 'R$',
      languages: ['PT', 'EN', 'ES'],
      defaultLanguage: 'EN',
      theme: {
        primary: '#ff8800',
        primaryContrast: '#000000',
        background: '#101010',
        surface: '#181818',
        surfaceRaised: '#202020',
        text: '#ffffff',
        textMuted: '#aaaaaa',
        accent: '#33ccff',
        success: '#22aa55',
        danger: '#dd3344',
      },
    });
    expect(res.status).toBe(200);
    const wl = await t.call<{
      siteName: string;
      theme: { primary: string };
      languages: string[];
      defaultLanguage: string;
    }>({
      method: 'GET',
      url: '/wps/system/whitelabel',
    });
    expect(wl.body.value).toMatchObject({
      siteName: 'Lotus Prime',
      languages: ['PT', 'EN', 'ES'],
      defaultLanguage: 'EN',
    });
    expect(wl.body.value.theme.primary).toBe('#ff8800');
  });

  it('refuses what does not hold together with a 400 that changes nothing', async () => {
    const before = (await call<BrandSettings>('GET', '/wps/operator/brand', admin)).body.value;
    const audits = (await listAudit(t.ctx.db, merchantId)).length;
    const reg = registerInput(before.register, { min: 4, max: 16 });
    for (const body of [
      { defaultLanguage: 'JA' },
      { languages: ['ZH'] },
      { languages: [] },
      { languages: ['PT', 'PT'] },
      { theme: { ...before.theme, primary: 'red' } },
      { logoUrl: 'javascript:alert(1)' },
      { siteName: '' },
      { currency: 'USD' },
      { currencyExponent: 0 },
      { register: { ...reg, fields: reg.fields.filter((f) => f.field !== 'password') } },
      { register: { ...reg, fields: reg.fields.map((f) => (f.field === 'username' ? { ...f, required: false } : f)) } },
      {
        register: {
          ...reg,
          fields: reg.fields.map((f) => (f.field === 'email' ? { ...f, minLength: 9, maxLength: 3 } : f)),
        },
      },
      { register: { ...reg, fields: reg.fields.map((f) => (f.field === 'email' ? { ...f, patternId: 'PERL' } : f)) } },
      { register: { ...reg, mobileRegistration: false, usernameRegistration: false } },
      { register: { ...reg, fields: [...reg.fields, reg.fields[0]] } },
      {},
    ]) {
      const res = await call('PUT', '/wps/operator/brand', admin, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect((await call<BrandSettings>('GET', '/wps/operator/brand', admin)).body.value).toEqual(before);
    expect((await listAudit(t.ctx.db, merchantId)).length).toBe(audits);
  });

  it('a change on one instance is seen by another at once, not after its cache runs out', async () => {
    const bus = createPubSub();
    const a = createMerchantService({ db: t.ctx.db, bus, ttlMs: 3_600_000 });
    const b = createMerchantService({ db: t.ctx.db, bus, ttlMs: 3_600_000 });
    const name = (await b.brand(merchantId)).merchant.siteName;
    await a.update(merchantId, { siteName: `${name} II` });
    await new Promise((r) => setTimeout(r, 10));
    expect((await b.brand(merchantId)).merchant.siteName).toBe(`${name} II`);
    await a.update(merchantId, { siteName: name });
    await bus.close();
  });
});

describe('site images', () => {
  it('an editor uploads a png; anyone reads it by its address, cached for good; audited', async () => {
    const res = await t.call<{ id: string; url: string; mime: string }>({
      method: 'POST',
      url: '/wps/operator/content/images',
      headers: { ...editor, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(res.status).toBe(200);
    expect(res.body.value.url).toBe(`/wps/site-images/${res.body.value.id}`);
    const img = await t.app.inject({ method: 'GET', url: res.body.value.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    expect((await auditOf('content.image.upload'))[0]!.target).toBe(res.body.value.url);
  });

  it('refuses bytes that are no image, other roles, and unknown ids', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/wps/operator/content/images',
      headers: { ...editor, 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload=alert(1)>'),
    });
    expect(bad.status).toBe(415);
    const other = await t.call({
      method: 'POST',
      url: '/wps/operator/content/images',
      headers: { ...finance, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(other.status).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: '/wps/site-images/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/wps/site-images/not-an-id' })).statusCode).toBe(404);
  });
});

describe('banner edits in the audit', () => {
  it('an update records only what changed, before and after', async () => {
    const created = await call<{ id: number }>('POST', '/wps/operator/content/banners', editor, {
      groupName: 'w_login',
      title: { PT: 'Entre', EN: 'Sign in' },
      imageUrl: '/wps/site-images/00000000-0000-4000-8000-000000000001',
    });
    const res = await call('PUT', '/wps/operator/content/banners', editor, {
      id: created.body.value.id,
      sort: 7,
      title: { PT: 'Entre já', EN: 'Sign in' },
    });
    expect(res.status).toBe(200);
    const [entry] = await auditOf('content.banner.update');
    expect(entry!.target).toBe(`banner:${created.body.value.id}`);
    expect(entry!.detail).toEqual({
      before: { sort: 0, title: { PT: 'Entre', EN: 'Sign in' } },
      after: { sort: 7, title: { PT: 'Entre já', EN: 'Sign in' } },
    });
  });
});
