import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOperator } from './service.ts';
import { listAudit } from './data.ts';

let t: TestApp;
let admin: string;
let finance: string;
const login = async (username: string, password: string) =>
  t.call<{ token: string }>({ method: 'POST', url: '/wps/operator/session/login', payload: { username, password } });

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_BOOTSTRAP_PASSWORD: 'Bootstrap#1' } });
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  await createOperator(t.ctx.db, { merchantId, username: 'fin', password: 'Finance#1', role: 'finance' });
  admin = (await login('admin', 'Bootstrap#1')).body.value.token;
  finance = (await login('fin', 'Finance#1')).body.value.token;
});
afterAll(() => t.close());

describe('operator login', () => {
  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await login('admin', 'nope');
    const unknown = await login('ghost', 'nope');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });
});

describe('maintenance switch', () => {
  const put = (token: string | null, payload: unknown) =>
    t.call({
      method: 'PUT',
      url: '/wps/operator/system/maintenance',
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('needs an operator session and the admin role', async () => {
    expect((await put(null, { enabled: true, endTime: null })).status).toBe(401);
    expect((await put(finance, { enabled: true, endTime: null })).status).toBe(403);
  });

  it('refuses a bad body with one message per field and changes nothing', async () => {
    const res = await put(admin, { enabled: 'yes', endTime: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {}).sort()).toEqual(['enabled', 'endTime']);
    const status = await t.call<{ systemStatus: number }>({ method: 'GET', url: '/wps/system/status' });
    expect(status.body.value.systemStatus).toBe(0);
  });

  it('turns maintenance on and off, and audits both', async () => {
    const end = new Date(Date.now() + 7_200_000).toISOString();
    expect((await put(admin, { enabled: true, endTime: end, message: 'Upgrade' })).status).toBe(200);
    const on = await t.call<{ systemStatus: number; maintenance: { endTime: string; message: string } }>({
      method: 'GET',
      url: '/wps/system/status',
    });
    expect(on.body.value.systemStatus).toBe(1);
    expect(on.body.value.maintenance).toMatchObject({ endTime: end, message: 'Upgrade' });
    expect((await put(admin, { enabled: false, endTime: null })).status).toBe(200);
    const off = await t.call<{ systemStatus: number }>({ method: 'GET', url: '/wps/system/status' });
    expect(off.body.value.systemStatus).toBe(0);
    const actions = (await listAudit(t.ctx.db, await t.ctx.merchants.resolveId('localhost'))).map((a) => a.action);
    expect(actions.filter((a) => a === 'system.maintenance')).toHaveLength(2);
  });
});

describe('region rules', () => {
  it('refuses an invalid CIDR and keeps the old rules', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/wps/operator/system/region',
      headers: { authorization: `Bearer ${admin}` },
      payload: { blockedCountries: [], allowedCountries: [], cidrAllow: [], cidrBlock: ['10.0.0.0/99'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['cidrBlock.0']);
    const settings = await t.call<{ region: { cidrBlock: string[] } }>({
      method: 'GET',
      url: '/wps/operator/system/settings',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(settings.body.value.region.cidrBlock).toEqual([]);
  });

  it('blocks a CIDR so that visitors from it see the region page', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/wps/operator/system/region',
      headers: { authorization: `Bearer ${admin}` },
      payload: { blockedCountries: [], allowedCountries: [], cidrAllow: [], cidrBlock: ['203.0.113.0/24'] },
    });
    expect(res.status).toBe(200);
    const status = await t.call<{ systemStatus: number; location: { ip: string } }>({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '203.0.113.7',
    });
    expect(status.body.value).toMatchObject({ systemStatus: 2, location: { ip: '203.0.113.7' } });
  });
});

describe('winners board rule', () => {
  const put = (token: string, payload: unknown) =>
    t.call({
      method: 'PUT',
      url: '/wps/operator/system/winners-board',
      payload: payload as object,
      headers: { authorization: `Bearer ${token}` },
    });
  const current = async () =>
    (
      await t.call<{ winnersBoard: { minAmount: string; minMultiple: number } }>({
        method: 'GET',
        url: '/wps/operator/system/settings',
        headers: { authorization: `Bearer ${admin}` },
      })
    ).body.value.winnersBoard;

  it('is set by an admin only, refuses bad values field by field, and is audited', async () => {
    const before = await current();
    expect((await put(finance, { minAmount: '1000', minMultiple: 5 })).status).toBe(403);
    const bad = await put(admin, { minAmount: '10,00', minMultiple: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['minAmount', 'minMultiple']);
    expect((await put(admin, { minAmount: '1000', minMultiple: 2.5 })).status).toBe(400);
    expect(await current()).toEqual(before);

    expect((await put(admin, { minAmount: '1000', minMultiple: 5 })).status).toBe(200);
    expect(await current()).toEqual({ minAmount: '1000', minMultiple: 5 });
    const actions = (await listAudit(t.ctx.db, await t.ctx.merchants.resolveId('localhost'))).map((a) => a.action);
    expect(actions).toContain('system.winners_board');
  });
});

describe('operator logout', () => {
  it('revokes the token', async () => {
    const token = (await login('admin', 'Bootstrap#1')).body.value.token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.call({ method: 'POST', url: '/wps/operator/session/logout', headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/operator/system/settings', headers })).status).toBe(401);
  });
});
