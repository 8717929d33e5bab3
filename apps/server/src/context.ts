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
import { createWalletReports, type WalletReports } from './features/wallet/reports/service.ts';
import { createAgentService, type AgentService } from './features/agent/service.ts';
import { createAgentContractService, type AgentContractService } from './features/agent/contracts/service.ts';
import { createAgentStatsService, type AgentStatsService } from './features/agent/stats/service.ts';
import { createAgentSettlementService, type AgentSettlementService } from './features/agent/settlement/service.ts';
import { createAgentTeamService, type AgentTeamService } from './features/agent/team/service.ts';
import { createRedEnvelopeService, type RedEnvelopeService } from './features/agent/red-envelope/service.ts';
import { createAgentRegisterService, type AgentRegisterService } from './features/agent/register/service.ts';
import {
  createAgentAnnouncementService,
  type AgentAnnouncementService,
} from './features/agent/announcements/service.ts';

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
  /** Read-only ledger reports for other features (the agent centre's team figures). */
  walletReports: WalletReports;
  /** The agent centre (issue 7, decision 013): the tree, contracts, figures, pay, team pages. */
  agents: AgentService;
  agentContracts: AgentContractService;
  agentStats: AgentStatsService;
  agentSettlement: AgentSettlementService;
  agentTeam: AgentTeamService;
  agentRegister: AgentRegisterService;
  redEnvelopes: RedEnvelopeService;
  agentAnnouncements: AgentAnnouncementService;
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
  const accounts = createAccountServices(config, database.db, merchants, sessions);
  const jobs = new JobRunner(database.db, { pollMs: config.JOBS_POLL_MS });
  const notifications = new NotificationService(database.db, pubsubFor(config));
  const walletReports = createWalletReports({ db: database.db });

  const agents = createAgentService({
    db: database.db,
    limiter: accounts.limiter,
    findMemberById: (merchantId, id) => accounts.members.findById(merchantId, id),
  });
  const agentContracts = createAgentContractService({ db: database.db, merchants, notifications, agents });
  const agentStats = createAgentStatsService({ db: database.db, agents, walletReports });
  const agentSettlement = createAgentSettlementService({
    db: database.db,
    wallet,
    notifications,
    jobs,
    merchants,
    agents,
    contracts: agentContracts,
    stats: agentStats,
    prefetchWallets: database.driver === 'pg',
    graceSeconds: config.AGENT_SETTLEMENT_GRACE_SECONDS,
    demoMode: config.DEMO_MODE,
  });
  const agentTeam = createAgentTeamService({
    db: database.db,
    merchants,
    wallet,
    notifications,
    walletReports,
    agents,
    contracts: agentContracts,
    stats: agentStats,
    settlement: agentSettlement,
  });
  const redEnvelopes = createRedEnvelopeService({ db: database.db, wallet, notifications, agents });
  const agentRegister = createAgentRegisterService({
    merchants,
    agents,
    members: accounts.members,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  });
  const agentAnnouncements = createAgentAnnouncementService({ db: database.db, merchants });

  return {
    config,
    database,
    db: database.db,
    merchants,
    catalog,
    lobby,
    content: new ContentService(database.db, merchants),
    sessions,
    accounts,
    wallet,
    providers: new ProviderService(database.db, config, { wallet, catalog, lobby }),
    jobs,
    pubsub: pubsubFor(config),
    walletRules: new WalletRules(database.db, wallet),
    notifications,
    uploads: createUploadService({ db: database.db }),
    walletReports,
    agents,
    agentContracts,
    agentStats,
    agentSettlement,
    agentTeam,
    agentRegister,
    redEnvelopes,
    agentAnnouncements,
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
