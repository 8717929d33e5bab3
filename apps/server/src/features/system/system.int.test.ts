import { systemStatusValue, whitelabel, registerSetting } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /wps/system/status', () => {
  it('answers the brand, register rules and the visitor location in the envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/system/status', remoteAddress: '200.147.67.142' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const value = systemStatusValue.parse(res.body.value);
    expect(value.systemStatus).toBe(0);
    expect(value.whitelabel.platform).toBe('WEB');
    expect(value.whitelabel.lotteryType).toBe('Lott');
    expect(value.whitelabel.languages).toEqual(['PT', 'EN']);
    expect(value.whitelabel.defaultLanguage).toBe('PT');
    expect(value.location).toEqual({ ip: '200.147.67.142', country: 'BR' });
    expect(value.resources.map((r) => r.key)).toEqual(
      expect.arrayContaining(['FACEBOOK', 'WHATSAPP', 'YOUTUBE', 'TIKTOK', 'INSTAGRAM', 'TWITTER', 'Telegram']),
    );
    expect(value.customerService.length).toBeGreaterThan(0);
    expect(value.whitelabel.mirrorDomains.length).toBeGreaterThan(0);
  });

  it('reports maintenance with its end time, and refuses other player calls meanwhile', async () => {
    const end = new Date(Date.now() + 3_600_000);
    await t.ctx.merchants.update(await t.ctx.merchants.resolveId('localhost'), {
      maintenanceEnabled: true,
      maintenanceEndTime: end,
    });
    const res = await t.call<{ systemStatus: number; maintenance: { endTime: string } }>({
      method: 'GET',
      url: '/wps/system/status',
    });
    expect(res.body.value.systemStatus).toBe(1);
    expect(res.body.value.maintenance.endTime).toBe(end.toISOString());
    const other = await t.call({ method: 'GET', url: '/wps/member/info' });
    expect(other.status).toBe(503);
    expect(other.body.code).toBe('MAINTENANCE');
    await t.ctx.merchants.update(await t.ctx.merchants.resolveId('localhost'), { maintenanceEnabled: false });
  });

  it('treats a maintenance window whose end time has passed as over', async () => {
    const id = await t.ctx.merchants.resolveId('localhost');
    await t.ctx.merchants.update(id, { maintenanceEnabled: true, maintenanceEndTime: new Date(Date.now() - 1000) });
    const res = await t.call<{ systemStatus: number }>({ method: 'GET', url: '/wps/system/status' });
    expect(res.body.value.systemStatus).toBe(0);
    await t.ctx.merchants.update(id, { maintenanceEnabled: false, maintenanceEndTime: null });
  });

  it('reports region restriction for a blocked country and a blocked CIDR, and an allow CIDR wins', async () => {
    const id = await t.ctx.merchants.resolveId('localhost');
    await t.ctx.merchants.update(id, { blockedCountries: ['US'] });
    const us = await t.call<{ systemStatus: number; location: { ip: string } }>({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '8.8.8.8',
    });
    expect(us.body.value.systemStatus).toBe(2);
    expect(us.body.value.location.ip).toBe('8.8.8.8');
    const br = await t.call<{ systemStatus: number }>({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '200.147.67.142',
    });
    expect(br.body.value.systemStatus).toBe(0);

    await t.ctx.merchants.update(id, { blockedCountries: [], cidrBlock: ['10.1.0.0/16'] });
    const blocked = await t.call<{ systemStatus: number }>({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '10.1.2.3',
    });
    expect(blocked.body.value.systemStatus).toBe(2);
    const refused = await t.call({ method: 'GET', url: '/wps/member/info', remoteAddress: '10.1.2.3' });
    expect(refused.status).toBe(451);

    await t.ctx.merchants.update(id, { blockedCountries: ['US'], cidrBlock: [], cidrAllow: ['8.8.8.0/24'] });
    const allowed = await t.call<{ systemStatus: number }>({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '8.8.8.8',
    });
    expect(allowed.body.value.systemStatus).toBe(0);
    await t.ctx.merchants.update(id, { blockedCountries: [], cidrAllow: [] });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is configured', async () => {
    const res = await t.call<{ location: { ip: string } }>({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.body.value.location.ip).toBe('127.0.0.1');
  });
});

describe('other system endpoints', () => {
  it('GET /wps/system/whitelabel answers the brand', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(res.status).toBe(200);
    expect(whitelabel.parse(res.body.value).merchantCode).toBe('lotus');
  });

  it('GET /wps/system/setting/register answers a rule per field', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/system/setting/register' });
    const value = registerSetting.parse(res.body.value);
    const username = value.fields.find((f) => f.field === 'username');
    expect(username?.rule).toMatchObject({ minLength: expect.any(Number), maxLength: expect.any(Number) });
  });
});

describe('bad requests', () => {
  it.each(['/wps/system/status', '/wps/system/whitelabel', '/wps/system/setting/register'])(
    '%s refuses unknown and malformed query fields with one message per field',
    async (url) => {
      const res = await t.call({ method: 'GET', url: `${url}?t=abc&extra=1` });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, value: null, code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.body.fields ?? {}).sort()).toEqual(['extra', 't']);
    },
  );

  it('answers an unknown /wps path with a 404 envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/wps/does/not/exist' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, value: null, code: 'NOT_FOUND' });
  });

  it('answers a wrong method on a known path with a 404 envelope', async () => {
    const res = await t.call({ method: 'DELETE', url: '/wps/system/status' });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
