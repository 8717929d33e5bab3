import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { MerchantService } from './features/merchant/service.ts';
import { SessionService } from './features/session/service.ts';

/**
 * What request handlers and jobs share: configuration, the database and the feature services.
 * Built once per process (and once per test file).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  merchants: MerchantService;
  sessions: SessionService;
}

export const createContext = (config: Config, database: Database): AppContext => ({
  config,
  database,
  db: database.db,
  merchants: new MerchantService(database.db),
  sessions: new SessionService(database.db, {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  }),
});

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    merchantId: number;
  }
}
