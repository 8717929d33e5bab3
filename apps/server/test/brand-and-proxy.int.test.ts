import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/context.ts';
import { createMerchant } from './factories/merchant.ts';
import { createTestApp, testConfig, type TestApp } from './harness.ts';

type Status = {
  systemStatus: number;
  whitelabel: { merchantCode: string; siteName: string; mirrorDomains: string[] };
  domainRoute: { host: string; merchantCode: string };
  location: { ip: string; country: string | null };
};

let t: TestApp;
let secondId: number;
beforeAll(async () => {
  t = await createTestApp();
  secondId = (
    await createMerchant(t.ctx, {
      code: 'sunrise',
      siteName: 'Sunrise Bet',
      hosts: ['sunrise.example', 'www.sunrise.example'],
      mirrors: ['sunrise-mirror.example'],
    })
  ).id;
});
afterAll(() => t.close());

const status = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.call<Status>({ method: 'GET', url: '/wps/system/status', headers, remoteAddress });

describe('brand from the Host header', () => {
  it('gives a second merchant its own whitelabel on its own domains', async () => {
    const res = await status({ host: 'sunrise.example' });
    expect(res.body.value.whitelabel).toMatchObject({ merchantCode: 'sunrise', siteName: 'Sunrise Bet' });
    expect(res.body.value.whitelabel.mirrorDomains).toEqual(['sunrise-mirror.example']);
    expect(res.body.value.domainRoute).toEqual({ host: 'sunrise.example', merchantCode: 'sunrise' });
    const www = await t.call<{ merchantCode: string }>({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'WWW.Sunrise.Example:8443' },
    });
    expect(www.body.value.merchantCode).toBe('sunrise');
  });

  it('falls back to the default merchant for an unknown host', async () => {
    for (const host of ['unknown.example', 'localhost:3000', '127.0.0.1']) {
      const res = await status({ host });
      expect(res.body.value.whitelabel.merchantCode).toBe('lotus');
      expect(res.body.value.whitelabel.siteName).toBe('Lotus88');
    }
  });

  it('keeps one brand’s maintenance away from the other', async () => {
    await t.ctx.merchants.update(secondId, { maintenanceEnabled: true, maintenanceEndTime: null });
    try {
      expect((await status({ host: 'sunrise.example' })).body.value.systemStatus).toBe(1);
      expect((await status({ host: 'localhost' })).body.value.systemStatus).toBe(0);
    } finally {
      await t.ctx.merchants.update(secondId, { maintenanceEnabled: false });
    }
    expect((await status({ host: 'sunrise.example' })).body.value.systemStatus).toBe(0);
  });

  it('scopes operator accounts and their sessions to their brand', async () => {
    const login = (host: string) =>
      t.call<{ token: string }>({
        method: 'POST',
        url: '/wps/operator/session/login',
        headers: { host },
        payload: { username: 'admin', password: 'Admin#2026' },
      });
    // The default brand's admin exists there, and only there.
    const home = await login('localhost');
    expect(home.status).toBe(200);
    expect((await login('sunrise.example')).status).toBe(401);
    const settings = (host: string) =>
      t.call({
        method: 'GET',
        url: '/wps/operator/system/settings',
        headers: { host, authorization: `Bearer ${home.body.value.token}` },
      });
    expect((await settings('localhost')).status).toBe(200);
    expect((await settings('sunrise.example')).status).toBe(401);
  });

  it('gives each brand its own web app manifest, found by host outside the API', async () => {
    const manifest = async (host: string) => {
      const res = await t.call<never>({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      // Not an envelope: the browser reads the manifest itself.
      return res.body as unknown as { name: string; display: string; start_url: string; icons: { src: string }[] };
    };
    const sunrise = await manifest('sunrise.example');
    expect(sunrise).toMatchObject({ name: 'Sunrise Bet', display: 'standalone', start_url: '/' });
    expect(sunrise.icons.map((i) => i.src)).toContain('/brand/favicon.svg');
    expect((await manifest('localhost')).name).toBe('Lotus88');
  });
});

describe('TRUST_PROXY', () => {
  const apps: FastifyInstance[] = [];
  const appWith = async (env: Record<string, string>) => {
    const app = await buildApp(createContext(testConfig(env), t.ctx.database), { logger: false, serveWeb: false });
    await app.ready();
    apps.push(app);
    return async (remoteAddress: string, forwardedFor?: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/wps/system/status',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
      return (res.json() as { value: Status }).value;
    };
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('ignores X-Forwarded-For by default, so a blocked visitor cannot spoof an allowed address', async () => {
    const get = await appWith({});
    await t.ctx.merchants.update(await t.ctx.merchants.resolveId('localhost'), { cidrBlock: ['203.0.113.0/24'] });
    try {
      const seen = await get('203.0.113.9', '200.147.67.142');
      expect(seen.location.ip).toBe('203.0.113.9');
      expect(seen.systemStatus).toBe(2);
    } finally {
      await t.ctx.merchants.update(await t.ctx.merchants.resolveId('localhost'), { cidrBlock: [] });
    }
  });

  it('uses the forwarded client address when TRUST_PROXY=true', async () => {
    const get = await appWith({ TRUST_PROXY: 'true' });
    const seen = await get('127.0.0.1', '8.8.8.8');
    expect(seen.location).toEqual({ ip: '8.8.8.8', country: 'US' });
  });

  it('trusts only the listed proxies when TRUST_PROXY is a list', async () => {
    const get = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await get('10.1.2.3', '200.147.67.142')).location).toEqual({ ip: '200.147.67.142', country: 'BR' });
    expect((await get('198.51.100.7', '200.147.67.142')).location.ip).toBe('198.51.100.7');
  });

  it('counts hops when TRUST_PROXY is a number', async () => {
    const get = await appWith({ TRUST_PROXY: '1' });
    // One trusted hop: the address the proxy saw (the right-most entry), not what the client claims.
    expect((await get('10.0.0.2', '1.2.3.4, 200.147.67.142')).location.ip).toBe('200.147.67.142');
    // Two hops (a CDN in front of the proxy): the entry the outer proxy added, and no further left.
    const twoHops = await appWith({ TRUST_PROXY: '2' });
    expect((await twoHops('10.0.0.2', '1.2.3.4, 200.147.67.142, 10.0.0.5')).location.ip).toBe('200.147.67.142');
  });

  it('walks back through trusted CIDRs only: a forged entry left of an untrusted address is ignored', async () => {
    const get = await appWith({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10' });
    // proxy 192.0.2.10 ← proxy 10.9.9.9 ← client 200.147.67.142, who wrote 8.8.8.8 in the header itself.
    expect((await get('192.0.2.10', '8.8.8.8, 200.147.67.142, 10.9.9.9')).location.ip).toBe('200.147.67.142');
    // A peer outside the list: its own address, whatever it forwards.
    expect((await get('192.0.2.11', '200.147.67.142')).location.ip).toBe('192.0.2.11');
  });

  it('counts per-address limits on the address the trusted proxies report, and spoofing does not escape them', async () => {
    const ctx = createContext(
      testConfig({ TRUST_PROXY: '10.0.0.0/8', LOGIN_MAX_ATTEMPTS_PER_IP: '2', LOGIN_CAPTCHA_AFTER_IP_FAILURES: '50' }),
      t.ctx.database,
    );
    const app = await buildApp(ctx, { logger: false, serveWeb: false });
    await app.ready();
    apps.push(app);
    let n = 0;
    const attempt = async (remoteAddress: string, forwardedFor?: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/wps/session/login',
          remoteAddress,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
          payload: { type: 'username', username: `nobody${++n}`, password: 'wrong-password' },
        })
      ).statusCode;

    // Two clients behind the trusted proxy are counted apart.
    expect([await attempt('10.0.0.1', '203.0.113.1'), await attempt('10.0.0.1', '203.0.113.1')]).toEqual([401, 401]);
    expect(await attempt('10.0.0.1', '203.0.113.1')).toBe(429);
    expect(await attempt('10.0.0.1', '203.0.113.2')).toBe(401);
    // A direct caller inventing a new X-Forwarded-For each time is still one address.
    const spoofed = [];
    for (const fake of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      spoofed.push(await attempt('192.0.2.50', fake));
    expect(spoofed).toEqual([401, 401, 429]);
  });
});
