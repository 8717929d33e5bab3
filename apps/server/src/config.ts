import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every environment variable the server reads, with safe defaults for the embedded demo. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on: loopback outside production; production must choose (decision 050). */
  HOST: z.string().min(1).optional(),
  /** The platform's embedded database; beside it ./data/house-games holds the house games' own. */
  DATA_DIR: z.string().min(1).default('./data/platform'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * Put before every Redis key and pub/sub channel. Redis pub/sub ignores the database number of
   * REDIS_URL, so deployments (or test runs) sharing one Redis need prefixes of their own.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1-64 letters, digits, or : . _ -')
    .default('lotus:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().default('false'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  CORS_ORIGINS: list.default([]),
  DEMO_MODE: bool.default(true),
  SEED_DEMO_DATA: bool.default(true),
  SERVE_WEB: bool.default(true),
  WEB_DIST_DIR: z.string().default(''),
  /** The platform's origin as browsers reach it; every link and asset URL the product builds follows it. Default: http://localhost:PORT. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** Password of the demo operator 'admin' created with demo data; required outside demo mode. */
  OPERATOR_BOOTSTRAP_PASSWORD: z.string().min(8).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * How long a game-list page (and the hot list) is served from this process's memory; 0 turns the
   * cache off. Catalogue writes in this process clear it at once; other processes follow within it.
   */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Agent settlement waits this long after a period ends, so rounds closing at the boundary are in. */
  AGENT_SETTLEMENT_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Accounts and sessions (docs/decisions: login limits, payload encryption, SMS and e-mail).
  /** Accept plain JSON on the encrypted calls (spec §7); defaults to DEMO_MODE. */
  PAYLOAD_PLAINTEXT_ALLOWED: bool.optional(),
  /**
   * 32 bytes, base64: seals secrets kept at rest (authenticator secrets). The embedded demo (DEMO_MODE)
   * uses a public demo key; elsewhere, without it, the authenticator is not offered.
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** PKCS#8 PEM of the payload key (\\n escapes allowed); generated at start when absent. */
  PAYLOAD_RSA_PRIVATE_KEY: z.string().min(100).optional(),
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  LOGIN_CAPTCHA_AFTER_IP_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  LOGIN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  REGISTER_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  SMS_MAX_PER_NUMBER: z.coerce.number().int().min(1).max(100).default(3),
  SMS_CAPTCHA_AFTER_PER_IP: z.coerce.number().int().min(1).max(1000).default(5),
  SMS_PROVIDER: z.enum(['dev', 'http']).default('dev'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  SMS_HTTP_USERNAME: z.string().min(1).optional(),
  SMS_HTTP_PASSWORD: z.string().min(1).optional(),
  SMS_HTTP_TEMPLATE_ID: z.string().min(1).optional(),
  SMS_SENDER: z.string().min(1).max(20).optional(),
  SMS_TEMPLATE: z
    .string()
    .min(1)
    .default('{{site}}: your verification code is {{code}}. It expires in {{minutes}} minutes.'),
  /** smtp(s)://user:pass@host:port; without it e-mail goes to the developer outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lotus88 <no-reply@lotus88.example>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.string().url().default('https://graph.facebook.com/me?fields=id,name,email'),
  // Game providers (docs/decisions: vendor registry, provider wallet API).
  /** House games' port (it runs beside the platform); HOUSE_GAMES_URL defaults to http://localhost:<this>. */
  HOUSE_GAMES_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Where players' browsers reach our own provider, apps/house-games. Default: http://localhost:HOUSE_GAMES_PORT. */
  HOUSE_GAMES_URL: z.string().url().optional(),
  /** HMAC secret shared with apps/house-games; required outside demo mode. */
  PROVIDER_HOUSE_SECRET: z.string().min(16).optional(),
  /** More integrations as JSON: [{"code","adapter":"transfer-http"|"seamless-http","walletModel","secret","apiUrl","launchUrl"}]. */
  PROVIDERS_JSON: z.string().optional(),
  /** A signed callback's timestamp must be this close to our clock. */
  PROVIDER_REPLAY_WINDOW_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  PROVIDER_LAUNCH_TOKEN_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  PROVIDER_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** Seamless bets and wins in batches (decision 043): most items per statement, statements at a time. */
  PROVIDER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(64),
  PROVIDER_BATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(4),
  /** House sub-accounts that bets and wins spread over (more = less row contention). */
  WALLET_HOUSE_SHARDS: z.coerce.number().int().min(1).max(256).default(16),
  /** How often the job runner looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** HMAC secret shared with the bundled sandbox payment gateway (signs its webhooks). */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).default('sandbox-gateway-secret-change-me'),
  /** Webhooks older or newer than this many seconds are refused as replays. */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
});

export type Config = Omit<z.infer<typeof schema>, 'HOST' | 'PUBLIC_BASE_URL' | 'HOUSE_GAMES_URL'> & {
  HOST: string;
  PUBLIC_BASE_URL: string;
  HOUSE_GAMES_URL: string;
  webDistDir: string;
  dataDir: string;
};

export class ConfigError extends Error {}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.HOST === undefined && c.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  HOST: required in production (127.0.0.1 behind a proxy on this machine, 0.0.0.0 for every interface)',
    );
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...c,
    HOST: c.HOST ?? '127.0.0.1',
    // One origin setting per service: unset, each follows its port (issue 17).
    PUBLIC_BASE_URL: c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`,
    HOUSE_GAMES_URL: c.HOUSE_GAMES_URL ?? `http://localhost:${c.HOUSE_GAMES_PORT}`,
    dataDir: path.resolve(c.DATA_DIR),
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
  };
};

/** Fastify's trustProxy option from the TRUST_PROXY variable. */
export const trustProxyOption = (raw: string): boolean | string[] | ((addr: string, hop: number) => boolean) => {
  if (raw === 'false' || raw === '') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_addr, hop) => hop < hops;
  }
  return raw.split(',').map((s) => s.trim());
};
