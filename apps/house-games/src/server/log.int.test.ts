import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createServices, type HouseServices } from '../services.ts';
import { openHouseDb } from '../store/db.ts';
import { buildHouseApp } from './app.ts';
import { SECRET, fakeCasino } from '../../test/fake-casino.ts';

/** House games' request log at `info`, read back: no launch or session token in it. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let app: FastifyInstance;
let services: HouseServices;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOUSE_GAMES_SECRET: SECRET,
    HOUSE_GAMES_DATA_DIR: 'memory://',
    HOUSE_GAMES_SERVE_UI: 'false',
  });
  const db = await openHouseDb({ dataDir: 'memory://' });
  services = createServices(config, db, fakeCasino().fetchImpl);
  app = await buildHouseApp(config, services, { logger: { level: 'info', stream: logStream } });
  await app.ready();
});
afterAll(async () => {
  services.crash.stop();
  await app.close();
  await services.db.close();
});

describe('the house-games request log', () => {
  it('holds no token: not from the launch URL, the live feed or the bearer header', async () => {
    const token = 'hg-session-token-4f1c2e9a7b3d5e6f';
    const launchToken = 'hg-launch-token-9a8b7c6d5e4f3a2b';
    await app.inject({ method: 'GET', url: `/play/dice?launchToken=${launchToken}&lang=en` });
    await app.inject({ method: 'GET', url: `/api/balance?token=${token}` });
    await app.inject({ method: 'GET', url: '/api/balance', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/api/nothing-here?token=${token}` });

    const urls = logLines
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
      .filter((r) => r.msg === 'incoming request')
      .map((r) => r.req!.url);
    expect(urls).toEqual([
      '/play/dice?launchToken=[redacted]&lang=en',
      '/api/balance?token=[redacted]',
      '/api/balance',
      '/api/nothing-here?token=[redacted]',
    ]);
    const all = logLines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(launchToken);
  });
});
