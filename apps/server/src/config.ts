import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_SANDBOX_SECRET } from './features/deposit/sandbox/gateway.ts';
import { DEMO_HOUSE_SECRET } from './features/provider/registry.ts';
import { DEMO_SECRETS_KEY } from './lib/secret-box.ts';
import { isValidCidr } from './lib/cidr.ts';

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
  /**
   * false, a hop count, or a comma-separated list of proxy addresses/CIDRs (true, trusting every
   * peer, is refused in production).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (v) =>
        ['', 'false', 'true'].includes(v) ||
        /^\d{1,2}$/.test(v) ||
        v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean)
          .every(isProxyAddress),
      'must be false, a hop count (1), or a comma list of proxy addresses/CIDRs (10.0.0.0/8,127.0.0.1)',
    )
    .default('false'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  CORS_ORIGINS: list.default([]),
  /**
   * More origins the web app may connect to (CSP connect-src), e.g. an API or asset CDN; the site's
   * own origin and its WebSocket origin are always allowed.
   */
  CSP_CONNECT_SRC: list
    .refine(
      (l) =>
        l.every(
          (o) =>
            URL.canParse(o) &&
            ['https:', 'wss:', 'http:', 'ws:'].includes(new URL(o).protocol) &&
            new URL(o).origin === o.replace(/\/$/, ''),
        ),
      'must be a comma list of origins (https://cdn.example, wss://live.example)',
    )
    .default([]),
  /** Demo conveniences (demo passwords, developer outbox, sandbox gateway); on outside production. */
  DEMO_MODE: bool.optional(),
  /** Demo brand content and accounts on an empty database; on outside production. */
  SEED_DEMO_DATA: bool.optional(),
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
  /**
   * Addresses or CIDR ranges allowed to reach the operator console's API (comma list); empty: any.
   * Requests from elsewhere get 403 (decision 054).
   */
  OPERATOR_ALLOWED_CIDRS: list
    .default([])
    .refine((l) => l.every(isValidCidr), { message: 'Use IP addresses or CIDR ranges such as 10.0.0.0/8' }),
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
  /** How long the one-time password of an account an agent or operator created stays valid (decision 055). */
  ONE_TIME_PASSWORD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Images one member may upload per day (proofs of deposits and withdrawals; decision 055). */
  UPLOAD_DAILY_QUOTA: z.coerce.number().int().min(1).max(10_000).default(30),
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
  PROVIDER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(256),
  PROVIDER_BATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(4),
  /** House sub-accounts that bets and wins spread over (more = less row contention). */
  WALLET_HOUSE_SHARDS: z.coerce.number().int().min(1).max(256).default(16),
  /** Connections a lottery period's settlement commits its chunks on (decision 106); 0: in the job's transaction. */
  LOTTERY_SETTLE_CONNECTIONS: z.coerce.number().int().min(0).max(32).default(4),
  /** How often the job runner looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** HMAC secret of the bundled sandbox payment gateway (demo mode only; signs its webhooks). */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  /** Webhooks older or newer than this many seconds are refused as replays. */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
});

type Parsed = z.infer<typeof schema>;

export type Config = Omit<
  Parsed,
  'HOST' | 'PUBLIC_BASE_URL' | 'HOUSE_GAMES_URL' | 'DEMO_MODE' | 'SEED_DEMO_DATA' | 'PAYMENT_SANDBOX_SECRET'
> & {
  HOST: string;
  PUBLIC_BASE_URL: string;
  HOUSE_GAMES_URL: string;
  DEMO_MODE: boolean;
  SEED_DEMO_DATA: boolean;
  /** The sandbox gateway's secret: the given one, else the public demo secret (demo mode only). */
  PAYMENT_SANDBOX_SECRET: string;
  webDistDir: string;
  dataDir: string;
};

export class ConfigError extends Error {}

/** An IP address, or an address/prefix (CIDR). */
function isProxyAddress(v: string): boolean {
  const [addr = '', prefix, ...rest] = v.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const REQUIRED = 'required in production';

/**
 * What a production start refuses (decision 051): demo mode and demo data, secrets missing or
 * still the defaults written in the source, plain JSON on the encrypted calls, a proxy trusted
 * whoever it is, no chosen interface, and (when the caller knows no operator exists yet) a
 * missing first operator's password. Each problem names its variable.
 */
export const productionProblems = (c: Parsed, opts: { operatorExists?: boolean } = {}): string[] => {
  const problems: string[] = [];
  if (c.HOST === undefined) {
    problems.push(`HOST: ${REQUIRED} (127.0.0.1 behind a proxy on this machine, 0.0.0.0 for every interface)`);
  }
  if (c.DEMO_MODE) {
    problems.push('DEMO_MODE: must be off in production (demo passwords, developer outbox, sandbox gateway)');
  }
  if (c.SEED_DEMO_DATA)
    problems.push('SEED_DEMO_DATA: must be off in production (demo accounts with public passwords)');
  if (!c.PROVIDER_HOUSE_SECRET) {
    problems.push(`PROVIDER_HOUSE_SECRET: ${REQUIRED} (the same value as house games' HOUSE_GAMES_SECRET)`);
  } else if (c.PROVIDER_HOUSE_SECRET === DEMO_HOUSE_SECRET) {
    problems.push('PROVIDER_HOUSE_SECRET: is the demo secret written in the source; set a secret of your own');
  }
  if (c.PAYMENT_SANDBOX_SECRET === DEMO_SANDBOX_SECRET) {
    problems.push(
      'PAYMENT_SANDBOX_SECRET: is the demo secret written in the source; remove it (the sandbox is demo-only)',
    );
  }
  if (!c.SECRETS_KEY) {
    problems.push(`SECRETS_KEY: ${REQUIRED} (32 bytes in base64: openssl rand -base64 32)`);
  } else if (Buffer.from(c.SECRETS_KEY, 'base64').equals(DEMO_SECRETS_KEY)) {
    problems.push('SECRETS_KEY: is the demo key derived in the source; generate one (openssl rand -base64 32)');
  }
  if (!c.PAYLOAD_RSA_PRIVATE_KEY) {
    problems.push(
      `PAYLOAD_RSA_PRIVATE_KEY: ${REQUIRED} (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048); a key made at start changes with every restart`,
    );
  }
  if (c.PAYLOAD_PLAINTEXT_ALLOWED) {
    problems.push('PAYLOAD_PLAINTEXT_ALLOWED: must be off in production (passwords would travel as plain JSON)');
  }
  if (c.TRUST_PROXY === 'true') {
    problems.push(
      'TRUST_PROXY: true trusts any peer to name the client address; give the hop count (1) or the proxies (10.0.0.0/8)',
    );
  }
  if (opts.operatorExists === false && !c.OPERATOR_BOOTSTRAP_PASSWORD) {
    problems.push(`OPERATOR_BOOTSTRAP_PASSWORD: ${REQUIRED} while no operator exists (the first admin's password)`);
  }
  return problems;
};

const invalid = (problems: string[]) =>
  new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);

export interface LoadOptions {
  /**
   * Whether an operator exists (the platform's start looks): when false, production also requires
   * OPERATOR_BOOTSTRAP_PASSWORD. Unknown (undefined) skips that one rule.
   */
  operatorExists?: boolean;
  /** false: check the values' form only, not the production rules (the start checks them later). */
  productionRules?: boolean;
}

/**
 * The configuration from the environment. Malformed values are refused, every one named; with
 * NODE_ENV=production so is every unsafe setting, in the same single message (decision 051).
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Config => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production && opts.productionRules !== false) {
    const problems = productionProblems(c, opts);
    if (problems.length) throw invalid(problems);
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...c,
    HOST: c.HOST ?? '127.0.0.1',
    // One origin setting per service: unset, each follows its port (issue 17).
    PUBLIC_BASE_URL: c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`,
    HOUSE_GAMES_URL: c.HOUSE_GAMES_URL ?? `http://localhost:${c.HOUSE_GAMES_PORT}`,
    DEMO_MODE: c.DEMO_MODE ?? !production,
    SEED_DEMO_DATA: c.SEED_DEMO_DATA ?? !production,
    PAYMENT_SANDBOX_SECRET: c.PAYMENT_SANDBOX_SECRET ?? DEMO_SANDBOX_SECRET,
    dataDir: path.resolve(c.DATA_DIR),
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
  };
};

/**
 * Fastify's trustProxy option from the TRUST_PROXY variable: a hop count trusts that many proxies
 * in front of us (the address the farthest of them saw is the client's); a list trusts exactly
 * those peers, so a request from anyone else keeps its own address whatever X-Forwarded-For says.
 */
export const trustProxyOption = (raw: string): boolean | string[] | ((addr: string, hop: number) => boolean) => {
  if (raw === 'false' || raw === '') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_addr, hop) => hop < hops;
  }
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};
