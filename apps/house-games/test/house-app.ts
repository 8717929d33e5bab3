import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import type { CockfightFeed } from '../src/games/cockfight/feed.ts';
import type { SportsFeed } from '../src/games/sports/feed.ts';
import { buildHouseApp } from '../src/server/app.ts';
import { createServices, type HouseServices } from '../src/services.ts';
import { openHouseDb } from '../src/store/db.ts';
import { SECRET, fakeCasino } from './fake-casino.ts';

/** A house-games answer: the platform's envelope. */
export type HouseBody<T> = { success: boolean; value: T; code?: string; message: string };

/**
 * House games in memory (or on the PostgreSQL database `databaseUrl` names) for an integration test, against a fake casino that speaks the
 * seamless-wallet protocol: `start` builds the app with the test's settings (beside the ones every
 * test shares), `call` speaks to it through HTTP injection, `open` turns a launch token into a
 * session, `close` stops the shared-round engines and closes the app and its database.
 */
export const houseTestApp = (
  env: Record<string, string> = {},
  opts: { feed?: CockfightFeed; sportsFeed?: SportsFeed | null; databaseUrl?: () => string } = {},
) => {
  const casino = fakeCasino();
  let app: FastifyInstance | null = null;
  let services: HouseServices | null = null;
  const started = () => {
    if (!app || !services) throw new Error('houseTestApp: call start() first');
    return { app, services };
  };
  const call = async <T = Record<string, unknown>>(method: string, url: string, token?: string, payload?: unknown) => {
    const res = await started().app.inject({
      method: method as 'GET',
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json() as HouseBody<T> };
  };
  const open = async (launchToken: string) =>
    (
      await call<{ token: string; balance: string; game: { kind: string } }>('POST', '/api/session', undefined, {
        launchToken,
      })
    ).body.value;
  return {
    casino,
    call,
    open,
    async start() {
      const config = loadConfig({
        NODE_ENV: 'test',
        HOUSE_GAMES_SECRET: SECRET,
        HOUSE_GAMES_DATA_DIR: 'memory://',
        HOUSE_GAMES_SERVE_UI: 'false',
        ...env,
      });
      const db = await openHouseDb({ url: opts.databaseUrl?.(), dataDir: 'memory://' });
      services = createServices(config, db, casino.fetchImpl, opts.feed, opts.sportsFeed);
      app = await buildHouseApp(config, services, { logger: false });
      await app.ready();
      return { app, services };
    },
    async close() {
      const s = started();
      s.services.crash.stop();
      s.services.live.stop();
      s.services.pvp.stop();
      s.services.cockfight.stop();
      s.services.sports.stop();
      await s.app.close();
      await s.services.db.close();
    },
  };
};
