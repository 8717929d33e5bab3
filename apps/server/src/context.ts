import { ConfigError, type Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createCatalogService, type CatalogService } from './features/catalog/service.ts';
import { createContentService, type ContentService } from './features/content/service.ts';
import { createLobbyService, type LobbyService } from './features/lobby/service.ts';
import { houseFeed, noFeed } from './features/lottery/feed.ts';
import { createLotteryService, type LotteryService } from './features/lottery/service.ts';
import { createLotteryDesk, type LotteryDesk } from './features/lottery/desk/service.ts';
import { createLotteryDeadline, type LotteryDeadline } from './features/lottery/deadline/service.ts';
import { HOUSE, loadIntegrations } from './features/provider/registry.ts';
import { createSportsDesk, type SportsDesk } from './features/sports-desk/service.ts';
import { createProviderService, type ProviderService } from './features/provider/service.ts';
import { createMerchantService, type MerchantService } from './features/merchant/service.ts';
import { createWalletService, type WalletService } from './features/wallet/service.ts';
import { createWalletHistory, type WalletHistory } from './features/wallet/history/service.ts';
import { createWalletOperator, type WalletOperator } from './features/wallet/operator.ts';
import { createWalletRules, type WalletRules } from './features/wallet/rules/service.ts';
import { createNotificationService, type NotificationService } from './features/notification/service.ts';
import { createUploadService, type UploadService } from './features/upload/service.ts';
import { createDepositService, type DepositService } from './features/deposit/service.ts';
import { createDepositDesk, type DepositDesk } from './features/deposit/operator.ts';
import { createSandboxGateway } from './features/deposit/sandbox/gateway.ts';
import { createWithdrawalService, type WithdrawalService } from './features/withdrawal/service.ts';
import { createWithdrawalDesk, type WithdrawalDesk } from './features/withdrawal/review.ts';
import { createTransferService, type TransferService } from './features/transfer/service.ts';
import { createOperatorService, type OperatorService } from './features/operator/service.ts';
import { createOperatorAccounts, type OperatorAccounts } from './features/operator/account/service.ts';
import { createOperatorDesk, type OperatorDesk } from './features/operator/desk/service.ts';
import { createLoginGuard } from './features/identity/login/guard.ts';
import { createSystemService, type SystemService } from './features/system/service.ts';
import { createSupportService, type SupportService } from './features/support/service.ts';
import { createPointsService, type PointsService } from './features/points/service.ts';
import { createRebateService, type RebateService } from './features/rebate/service.ts';
import { createMessageService, type MessageService } from './features/messages/service.ts';
import { createFeedbackService, type FeedbackService } from './features/feedback/service.ts';
import { createVipService, type VipService } from './features/vip/service.ts';
import { createReferralService, type ReferralService } from './features/referral/service.ts';
import { createMissionService, type MissionService } from './features/mission/service.ts';
import { createProtectionService, type ProtectionService } from './features/protection/service.ts';
import { createDashboardRollup, type DashboardRollup } from './features/backoffice/rollup/service.ts';
import { createDashboardService, type DashboardService } from './features/backoffice/dashboard/service.ts';
import { createReportsService, type ReportsService } from './features/backoffice/reports/service.ts';
import { createMembersDesk, type MembersDesk } from './features/backoffice/members/service.ts';
import { createPromotionService, type PromotionService } from './features/promotion/service.ts';
import { JobRunner } from './lib/jobs.ts';
import { pubsubFor, type PubSub } from './lib/pubsub.ts';
import {
  createExtraVerificationService,
  type ExtraVerificationService,
} from './features/identity/extra-verification/service.ts';
import { createLoginService, type LoginService } from './features/identity/login/service.ts';
import { createAccountService, type AccountService } from './features/identity/members/service.ts';
import { createOAuthService, type OAuthService } from './features/identity/oauth/service.ts';
import { createPasswordService, type PasswordService } from './features/identity/password/service.ts';
import { createRegistrationService, type RegistrationService } from './features/identity/register/service.ts';
import { createSecurityCentre, type SecurityCentre } from './features/identity/security/service.ts';
import { createSessionService, type SessionService } from './features/identity/sessions/service.ts';
import {
  createOutbox,
  createVerificationService,
  type Outbox,
  type VerificationService,
} from './features/identity/verification/service.ts';
import { PayloadCrypto } from './http/payload-crypto.ts';
import { NodeMailer } from './lib/mail.ts';
import { RateLimiter, createEphemeralStore, type EphemeralStore } from './lib/rate-limit.ts';
import { SecretBox, derivedKey, secretsKeyOf } from './lib/secret-box.ts';
import { DevSmsProvider, HttpSmsProvider, type OutboxWriter, type SmsProvider } from './lib/sms.ts';
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
  /** The brand as every client's first calls see it: status, whitelabel, register rules. */
  system: SystemService;
  sessions: SessionService;
  /** Operators' rows, the audit log, and the site's maintenance and region rules. */
  operators: OperatorService;
  /** An operator's own account: login with its steps (second factor, new password), password change. */
  operatorAccounts: OperatorAccounts;
  /** The administrators' operators desk (decision 054). */
  operatorDesk: OperatorDesk;
  wallet: WalletService;
  jobs: JobRunner;
  pubsub: PubSub;
  /** Wallet limits, settings and turnover requirements (issue 5). */
  walletRules: WalletRules;
  /** A member's transactions, one transaction, profit by day and game type. */
  walletHistory: WalletHistory;
  /** The operator's side of the wallet: balances, corrections, the ledger check. */
  walletOperator: WalletOperator;
  notifications: NotificationService;
  uploads: UploadService;
  deposits: DepositService;
  /** The operators' deposit review desk and channel settings. */
  depositDesk: DepositDesk;
  withdrawals: WithdrawalService;
  /** The operators' withdrawal review desk: approve, reject, pay, resolve cases. */
  withdrawalDesk: WithdrawalDesk;
  transfers: TransferService;
  catalog: CatalogService;
  lobby: LobbyService;
  /** Game providers: launches, seamless-wallet callbacks, bet history, transfer wallets (issue 6). */
  providers: ProviderService;
  /** The house lottery: draws, bets and settlement (issue 18, decision 063). */
  lottery: LotteryService;
  /** The lottery games desk and GGR report (decision 081). */
  lotteryDesk: LotteryDesk;
  /** Official periods past their result deadline are voided (decision 081). */
  lotteryDeadline: LotteryDeadline;
  /** The house sportsbook's console desk, through house games' signed operator API (decision 114). */
  sportsDesk: SportsDesk;
  content: ContentService;
  // Identity (decision 048): accounts, sessions, logins, codes, and the tools they share.
  /** Short-lived shared state (counters, captchas, tickets): Redis when REDIS_URL is set, memory otherwise. */
  ephemeral: EphemeralStore;
  /** Fixed-window limits on the ephemeral store (decision 005); any feature may use it. */
  limiter: RateLimiter;
  /** Seals secrets kept at rest (decision 044). */
  secrets: SecretBox;
  /** Opens sealed request bodies and publishes their key (decision 006). */
  payloadCrypto: PayloadCrypto;
  /** The developer outbox of the dev SMS provider and mailer (decision 007). */
  outbox: Outbox;
  verification: VerificationService;
  accounts: AccountService;
  login: LoginService;
  extraVerification: ExtraVerificationService;
  registration: RegistrationService;
  passwords: PasswordService;
  security: SecurityCentre;
  oauth: OAuthService;
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
  /** The customer-service chat and its console desk (issue 17, decision 057). */
  support: SupportService;
  points: PointsService;
  rebate: RebateService;
  /** Operator messages and feedback (issue 20, decision 075). */
  messages: MessageService;
  feedback: FeedbackService;
  vip: VipService;
  referral: ReferralService;
  missions: MissionService;
  protection: ProtectionService;
  dashboard: DashboardService;
  /** The dashboard's daily roll-up and its job (decision 088). */
  dashboardRollup: DashboardRollup;
  membersDesk: MembersDesk;
  reports: ReportsService;
  /** Promotions that pay: the engine, the rewards centre and the console's desk (issue 19, decision 065). */
  promotions: PromotionService;
  /** Closes what the context opened (the ephemeral store's connection, the mail transport). */
  close(): Promise<void>;
}

/** The SMS settings of the configuration (SMS_PROVIDER, SMS_HTTP_*, SMS_SENDER). */
type SmsSettings = Pick<
  Config,
  | 'SMS_PROVIDER'
  | 'SMS_HTTP_URL'
  | 'SMS_HTTP_TOKEN'
  | 'SMS_HTTP_USERNAME'
  | 'SMS_HTTP_PASSWORD'
  | 'SMS_HTTP_TEMPLATE_ID'
  | 'SMS_SENDER'
  | 'DEMO_MODE'
>;

/**
 * The provider SMS_PROVIDER names: the gateway at SMS_HTTP_URL, or the developer outbox. A gateway
 * without its URL is a configuration error that stops the start and names the variable.
 */
export const smsProviderFor = (
  settings: SmsSettings,
  outbox: OutboxWriter,
  log: (msg: string) => void,
): SmsProvider => {
  if (settings.SMS_PROVIDER !== 'http') return new DevSmsProvider(outbox, log, settings.DEMO_MODE);
  if (!settings.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http');
  }
  return new HttpSmsProvider({
    url: settings.SMS_HTTP_URL,
    token: settings.SMS_HTTP_TOKEN,
    username: settings.SMS_HTTP_USERNAME,
    password: settings.SMS_HTTP_PASSWORD,
    templateId: settings.SMS_HTTP_TEMPLATE_ID,
    sender: settings.SMS_SENDER,
  });
};

/** How long an operator's one-time password (from an admin) works before its first use. */
const OPERATOR_ONE_TIME_PASSWORD_HOURS = 72;

export const createContext = (config: Config, database: Database): AppContext => {
  // Services that other services use are built first so everyone shares one instance (one cache).
  // The bus first: cached settings (brands, account settings) are dropped on every instance through it.
  const pubsub = pubsubFor(config);
  const merchants = createMerchantService({ db: database.db, bus: pubsub });
  const system = createSystemService({ merchants });
  const catalog = createCatalogService({ db: database.db, merchants, listCacheMs: config.CATALOG_CACHE_TTL_MS });
  const wallet = createWalletService({ db: database.db, houseShards: config.WALLET_HOUSE_SHARDS });
  const lobby = createLobbyService({ db: database.db, catalog, merchants });

  // Identity (decision 048). The choices between implementations are made here, from configuration.
  const db = database.db;
  const log = config.LOG_LEVEL === 'silent' ? () => {} : (msg: string) => console.log(msg);
  const outbox = createOutbox({ db });
  // Before the ephemeral store: a wrong SMS configuration stops the start without a Redis connection.
  const sms = smsProviderFor(config, outbox.write, log);
  const ephemeral = createEphemeralStore(config.REDIS_URL, config.REDIS_PREFIX);
  const limiter = new RateLimiter(ephemeral);
  const secretsKey = secretsKeyOf(config.SECRETS_KEY, config.DEMO_MODE || config.NODE_ENV === 'test');
  const secrets = new SecretBox(secretsKey);
  const payloadCrypto = new PayloadCrypto(
    config.PAYLOAD_RSA_PRIVATE_KEY,
    config.PAYLOAD_PLAINTEXT_ALLOWED ?? config.DEMO_MODE,
  );
  const mailer = new NodeMailer(config.MAIL_FROM, config.SMTP_URL, outbox.write, log);
  const verification = createVerificationService({
    db,
    merchants,
    limiter,
    ephemeral,
    sms,
    mailer,
    codeKey: derivedKey(secretsKey, 'one-time-codes:v1'),
    smsTemplate: config.SMS_TEMPLATE,
    maxPerNumber: config.SMS_MAX_PER_NUMBER,
    captchaAfterPerIp: config.SMS_CAPTCHA_AFTER_PER_IP,
  });
  const sessions = createSessionService({
    db,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  });
  const loginLimits = {
    windowMinutes: config.LOGIN_LIMIT_WINDOW_MINUTES,
    maxAttemptsPerIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    captchaAfterFailures: config.LOGIN_CAPTCHA_AFTER_FAILURES,
    captchaAfterIpFailures: config.LOGIN_CAPTCHA_AFTER_IP_FAILURES,
  };
  const operators = createOperatorService({ db, merchants });
  // Operators get the members' login protections, with counters of their own (decision 054).
  const operatorGuard = createLoginGuard({
    limiter,
    limits: loginLimits,
    counters: { ip: 'operator.login.ip', failIp: 'operator.login.fail.ip', failAccount: 'operator.login.fail.account' },
    checkCaptcha: (clientId, answer) => verification.checkCaptcha(clientId, answer),
  });
  const operatorAccounts = createOperatorAccounts({
    db,
    sessions,
    merchants,
    guard: operatorGuard,
    ephemeral,
    secrets,
    demoMode: config.DEMO_MODE,
  });
  const operatorDesk = createOperatorDesk({
    db,
    sessions,
    guard: operatorGuard,
    oneTimePasswordHours: OPERATOR_ONE_TIME_PASSWORD_HOURS,
  });
  // Late-bound: member info's VIP label comes from the VIP service, built further down (decision 074).
  const accounts = createAccountService({ db, sessions, vipLabel: (m) => vip.label(m), bus: pubsub });
  // Player protection (issue 24): asked before logins, registrations, deposits and play.
  const protection = createProtectionService({ db, merchants, wallet, sessions, accounts, audit: operators.audit });
  const login = createLoginService({
    gates: [(member, opts) => protection.assertMayLogin({ merchantId: member.merchantId, memberId: member.id }, opts)],
    accounts,
    sessions,
    verification,
    limiter,
    ephemeral,
    merchants,
    limits: loginLimits,
  });
  const extraVerification = createExtraVerificationService({
    accounts,
    sessions,
    verification,
    limiter,
    ephemeral,
    secrets,
  });
  const registration = createRegistrationService({
    db,
    accounts,
    verification,
    merchants,
    limiter,
    protection,
    maxPerIpPerHour: config.REGISTER_MAX_PER_IP_PER_HOUR,
    // Late-bound: member referral (decision 071) is built with the wallet further down.
    referrals: {
      findReferrer: (merchantId, code) => referral.findReferrer(merchantId, code),
      onRegistered: (tx, q) => referral.onRegistered(tx, q),
    },
  });
  const passwords = createPasswordService({
    accounts,
    sessions,
    verification,
    merchants,
    limiter,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  });
  const security = createSecurityCentre({ accounts, verification, merchants, limiter, ephemeral, secrets });
  const oauth = createOAuthService({
    db,
    accounts,
    login,
    merchants,
    ephemeral,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    providers: {
      google: {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        issuer: config.GOOGLE_ISSUER,
      },
      facebook: {
        clientId: config.FACEBOOK_CLIENT_ID,
        clientSecret: config.FACEBOOK_CLIENT_SECRET,
        authorizationUrl: config.FACEBOOK_AUTHORIZATION_URL,
        tokenUrl: config.FACEBOOK_TOKEN_URL,
        userinfoUrl: config.FACEBOOK_USERINFO_URL,
      },
    },
  });

  const jobs = new JobRunner(database.db, { pollMs: config.JOBS_POLL_MS });
  const walletRules = createWalletRules({ db: database.db, wallet });
  const notifications = createNotificationService({ db: database.db, bus: pubsub });
  const uploads = createUploadService({ db: database.db, limiter, dailyQuota: config.UPLOAD_DAILY_QUOTA });
  const walletReports = createWalletReports({ db: database.db });

  const agents = createAgentService({
    db: database.db,
    limiter,
    findMemberById: accounts.findById,
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
    members: accounts,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    oneTimePasswordHours: config.ONE_TIME_PASSWORD_HOURS,
  });
  const agentAnnouncements = createAgentAnnouncementService({ db: database.db, merchants });

  // The sandbox gateway credits deposits nobody paid: demo mode only, not even loaded otherwise.
  const sandbox = config.DEMO_MODE
    ? createSandboxGateway({
        db,
        secret: config.PAYMENT_SANDBOX_SECRET,
        toleranceSeconds: config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
      })
    : null;
  const promotions = createPromotionService({
    db,
    wallet,
    walletRules,
    merchants,
    accounts,
    notifications,
    audit: operators.audit,
    uploads,
    // Late-bound: the deposit service (built next) tells the promotions of each credited deposit.
    hasDeposited: (memberId) => deposits.hasCredited(memberId),
    // Player protection: a member under a time-out or self-exclusion gets no promotions (issue 24).
    excludedFromMarketing: async (merchantId, memberId, at) =>
      !(await protection.mayMarket({ merchantId, memberId }, at)),
    // Late-bound: the VIP feature (built below) answers the `vip` audience (decision 080).
    levelOf: (m, at) => vip.levelOf(m, at),
  });
  walletRules.addSource(promotions.requirements);
  const deposits = createDepositService({
    db,
    merchants,
    wallet,
    walletRules,
    notifications,
    uploads,
    sandbox,
    protection,
    // The promotions' deposit triggers, then member referral's first-deposit reward (decision 071).
    onCredited: async (tx, d) => {
      await promotions.onDeposit(tx, d);
      await referral.onDeposit(tx, d);
      await vip.onDeposit(tx, d);
    },
  });
  const depositDesk = createDepositDesk({ db, deposits, operators });
  const withdrawals = createWithdrawalService({
    db,
    merchants,
    wallet,
    walletRules,
    accounts,
    limiter,
    notifications,
    uploads,
  });
  const withdrawalDesk = createWithdrawalDesk({ db, wallet, walletRules, notifications, jobs, operators });
  const transfers = createTransferService({ db, merchants, wallet, walletRules, accounts, limiter, notifications });
  const support = createSupportService({ db, limiter, notifications, audit: operators.audit });
  const providers = createProviderService({
    db: database.db,
    wallet,
    protection,
    catalog,
    lobby,
    integrations: loadIntegrations(config),
    batching: { maxSize: config.PROVIDER_BATCH_SIZE, inFlight: config.PROVIDER_BATCH_IN_FLIGHT },
    sessionHours: config.PROVIDER_SESSION_HOURS,
    launchTokenSeconds: config.PROVIDER_LAUNCH_TOKEN_SECONDS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  });
  const lottery = createLotteryService({
    db: database.db,
    wallet,
    merchants,
    jobs,
    notifications,
    lobby,
    rounds: providers.history,
    protection,
    findMember: accounts.findById,
    // Demo mode's house draws stand in for the official results feed (decision 068); without it,
    // official results come from the draws desk until a provider is wired here.
    feed: config.DEMO_MODE ? houseFeed : noFeed,
    demoMode: config.DEMO_MODE,
    audit: operators.audit,
    // A period's bets settled on connections of the pool beside the job's (decision 106); PGlite's
    // single connection settles them in the job's transaction.
    settleConnections:
      database.driver === 'pg' ? Math.min(config.LOTTERY_SETTLE_CONNECTIONS, config.DATABASE_POOL_SIZE - 1) : 0,
  });
  const lotteryDesk = createLotteryDesk({ db, merchants, lottery, audit: operators.audit });
  const lotteryDeadline = createLotteryDeadline({ lottery, jobs });
  const sportsDesk = createSportsDesk({
    houseUrl: config.HOUSE_GAMES_URL,
    secret: () => providers.registry.integration(HOUSE)?.secret,
    audit: operators.audit,
  });
  const points = createPointsService({
    db,
    wallet,
    walletRules,
    accounts,
    merchants,
    limiter,
    audit: operators.audit,
    exchangeBonusBp: (m, at) => vip.pointsBonusBp(m, at),
    exchangeLevels: (m, at) => vip.pointsBonusTable(m, at),
  });
  // Bonus items' wagering locks withdrawals like a promotion's bonus (decisions 065, 066).
  walletRules.addSource(points.requirements);
  // Rebate (decision 071): members under a time-out or self-exclusion are paid none (issue 24).
  const rebate = createRebateService({
    db,
    wallet,
    merchants,
    notifications,
    audit: operators.audit,
    mayMarket: (m, at) => protection.mayMarket(m, at),
    levelOf: (m, at) => vip.levelOf(m, at),
    levels: (merchantId, at) => vip.levelNames(merchantId, at),
  });
  // VIP (decision 074): levels, bonuses through the wallet, and the perks the rebate and the wallet
  // rules read; a credited deposit queues the member's level review as a job.
  const vip = createVipService({
    db,
    wallet,
    merchants,
    notifications,
    audit: operators.audit,
    mayMarket: (m, at) => protection.mayMarket(m, at),
    rebateRates: (merchantId, level) => rebate.ratesAt(merchantId, level),
    enqueueReview: (tx, m, key) =>
      jobs.enqueue({ name: 'vip.review', key: `${m.memberId}:${key}`, payload: { ...m } }, tx),
  });
  walletRules.addLimitSource(vip.withdrawLimits);
  const referral = createReferralService({
    db,
    wallet,
    merchants,
    audit: operators.audit,
    mayMarket: (m, at) => protection.mayMarket(m, at),
  });
  // Missions and leaderboards (decision 073); a bonus reward's wagering locks withdrawals too.
  const missions = createMissionService({
    db,
    wallet,
    walletRules,
    points,
    merchants,
    notifications,
    audit: operators.audit,
    mayMarket: (m, at) => protection.mayMarket(m, at),
  });
  walletRules.addSource(missions.requirements);

  return {
    config,
    database,
    db: database.db,
    merchants,
    system,
    catalog,
    lobby,
    content: createContentService({ db: database.db, merchants }),
    ephemeral,
    limiter,
    secrets,
    payloadCrypto,
    outbox,
    verification,
    sessions,
    operators,
    operatorAccounts,
    operatorDesk,
    accounts,
    login,
    extraVerification,
    registration,
    passwords,
    security,
    oauth,
    wallet,
    providers,
    lottery,
    lotteryDesk,
    lotteryDeadline,
    sportsDesk,
    jobs,
    pubsub,
    walletRules,
    walletHistory: createWalletHistory({ db: database.db, wallet, merchants }),
    walletOperator: createWalletOperator({ db: database.db, wallet, members: accounts, notifications }),
    notifications,
    uploads,
    walletReports,
    agents,
    agentContracts,
    agentStats,
    agentSettlement,
    agentTeam,
    agentRegister,
    redEnvelopes,
    agentAnnouncements,
    deposits,
    depositDesk,
    withdrawals,
    withdrawalDesk,
    transfers,
    support,
    points,
    rebate,
    vip,
    referral,
    missions,
    protection,
    // Messages to VIP levels reach the levels' members at delivery (decision 075, amended).
    messages: createMessageService({ db, jobs, notifications, audit: operators.audit, vip }),
    feedback: createFeedbackService({ db, wallet, uploads, notifications, limiter, audit: operators.audit }),
    promotions,
    // The back office (issue 21, decision 069).
    dashboard: createDashboardService({ db, merchants, walletReports }),
    dashboardRollup: createDashboardRollup({ walletReports }),
    reports: createReportsService({ db, merchants, walletReports }),
    membersDesk: createMembersDesk({
      db,
      accounts,
      sessions,
      login,
      wallet,
      walletReports,
      audit: operators.audit,
      oneTimePasswordHours: config.ONE_TIME_PASSWORD_HOURS,
    }),
    close: async () => {
      mailer.close();
      await ephemeral.close();
    },
  };
};

declare module 'fastify' {
  interface FastifyRequest {
    merchantId: number;
  }
}
