import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildHouseApp } from '../src/server/app.ts';
import { createServices, type HouseServices } from '../src/services.ts';
import { openHouseDb } from '../src/store/db.ts';
import { SECRET, fakeCasino } from './fake-casino.ts';

/**
 * House games configured for production (decision 050): its own security headers with only the
 * platform's origins allowed to frame it, and free trials only when their play money is set.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  HOUSE_GAMES_SECRET: SECRET,
  HOUSE_GAMES_HOST: '127.0.0.1',
  HOUSE_GAMES_PLATFORM_URL: 'https://lotus88.example',
  HOUSE_GAMES_PLATFORM_ORIGINS: 'https://www.lotus88.example',
  HOUSE_GAMES_PUBLIC_URL: 'https://games.lotus88.example',
  HOUSE_GAMES_DATA_DIR: 'memory://',
  HOUSE_GAMES_LOG_LEVEL: 'silent',
};

const uiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-house-ui-'));
fs.mkdirSync(path.join(uiDir, 'assets'));
fs.writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(uiDir, 'assets/app-1.js'), 'console.log(1)');

const started: { app: FastifyInstance; services: HouseServices }[] = [];
const start = async (env: Record<string, string> = {}) => {
  const config = loadConfig({ ...PRODUCTION, HOUSE_GAMES_UI_DIR: uiDir, ...env });
  const db = await openHouseDb({ dataDir: 'memory://' });
  const services = createServices(config, db, fakeCasino().fetchImpl);
  const app = await buildHouseApp(config, services, { logger: false });
  await app.ready();
  started.push({ app, services });
  return app;
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await start();
});
afterAll(async () => {
  for (const s of started) {
    await s.app.close();
    await s.services.db.close();
  }
  fs.rmSync(uiDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('lets only the platform’s origins frame the game screens', async () => {
    for (const url of ['/play/HGS_TEST_SLOT?launchToken=x', '/verify', '/assets/app-1.js', '/api/games']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain('frame-ancestors https://lotus88.example https://www.lotus88.example;');
      // X-Frame-Options cannot name another origin; frame-ancestors alone decides.
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('keeps its own pages to their own origin', async () => {
    const res = await app.inject({ url: '/verify' });
    const directives = Object.fromEntries(
      (res.headers['content-security-policy'] as string).split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Served over https (HOUSE_GAMES_PUBLIC_URL), so browsers are told to stay on https.
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('free trials in production', () => {
  it('are not offered unless their play money is configured', async () => {
    const games = (await app.inject({ url: '/api/games' })).json() as { value: { supportPlay: number }[] };
    // Every game the catalogue lists (slots, dice, crash, sports, PvP, …): no free trial.
    expect(games.value.length).toBeGreaterThanOrEqual(3);
    expect(new Set(games.value.map((g) => g.supportPlay))).toEqual(new Set([1]));

    const trial = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { launchToken: 'launch-demo-token-1' },
    });
    expect(trial.statusCode).toBe(403);
    expect(trial.json()).toMatchObject({ success: false, code: 'FREE_TRIAL_OFF' });

    const real = await app.inject({ method: 'POST', url: '/api/session', payload: { launchToken: 'launch-dice-1' } });
    expect(real.statusCode).toBe(200);
  });

  it('play with the configured play money when HOUSE_GAMES_DEMO_BALANCE is set', async () => {
    const offering = await start({ HOUSE_GAMES_DEMO_BALANCE: '7000' });
    const games = (await offering.inject({ url: '/api/games' })).json() as { value: { supportPlay: number }[] };
    expect(games.value.length).toBeGreaterThanOrEqual(3);
    expect(new Set(games.value.map((g) => g.supportPlay))).toEqual(new Set([0]));
    const trial = await offering.inject({
      method: 'POST',
      url: '/api/session',
      payload: { launchToken: 'launch-demo-token-1' },
    });
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({ value: { balance: '7000', player: { demo: true } } });
  });
});
