import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { CatalogService } from './features/catalog/service.ts';
import { ContentService } from './features/content/service.ts';
import { LobbyService } from './features/lobby/service.ts';
import { ProviderService } from './features/provider/service.ts';
import { MerchantService } from './features/merchant/service.ts';
import { SessionService } from './features/session/service.ts';
import { createWalletService, type WalletService } from './features/wallet/service.ts';
import { WalletRules } from './features/wallet/rules/service.ts';
import { NotificationService } from './features/notification/service.ts';
import { createUploadService, type UploadService } from './features/upload/service.ts';
import { depositsFor, type DepositService } from './features/deposit/service.ts';
import { withdrawalsFor, type WithdrawalService } from './features/withdrawal/service.ts';
import { JobRunner } from './lib/jobs.ts';
import { pubsubFor, type PubSub } from './lib/pubsub.ts';
import { createAccountServices, type AccountServices } from './features/account/service.ts';

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
  wallet: WalletService;
  jobs: JobRunner;
  pubsub: PubSub;
  /** Wallet limits, settings and turnover requirements (issue 5). */
  walletRules: WalletRules;
  notifications: NotificationService;
  uploads: UploadService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  catalog: CatalogService;
  lobby: LobbyService;
  /** Game providers: launches, seamless-wallet callbacks, bet history, transfer wallets (issue 6). */
  providers: ProviderService;
  content: ContentService;
  /** Accounts and sessions: members, verification codes, rate limits, payload crypto (issue 3). */
  accounts: AccountServices;
}

export const createContext = (config: Config, database: Database): AppContext => {
  // Services that other services use are built first so everyone shares one instance (one cache).
  const merchants = new MerchantService(database.db);
  const catalog = new CatalogService(database.db, merchants, { listCacheMs: config.CATALOG_CACHE_TTL_MS });
  const sessions = new SessionService(database.db, {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  });
  const wallet = createWalletService(database.db, { houseShards: config.WALLET_HOUSE_SHARDS });
  const lobby = new LobbyService(database.db, catalog);
  return {
    config,
    database,
    db: database.db,
    merchants,
    catalog,
    lobby,
    content: new ContentService(database.db, merchants),
    sessions,
    accounts: createAccountServices(config, database.db, merchants, sessions),
    wallet,
    providers: new ProviderService(database.db, config, { wallet, catalog, lobby }),
    jobs: new JobRunner(database.db, { pollMs: config.JOBS_POLL_MS }),
    pubsub: pubsubFor(config),
    walletRules: new WalletRules(database.db, wallet),
    notifications: new NotificationService(database.db, pubsubFor(config)),
    uploads: createUploadService({ db: database.db }),
    get deposits() {
      return depositsFor(this);
    },
    get withdrawals() {
      return withdrawalsFor(this);
    },
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    merchantId: number;
  }
}
