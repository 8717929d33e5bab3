import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the house-games provider reads, with defaults for the local demo. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOUSE_GAMES_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOUSE_GAMES_HOST: z.string().min(1).default('0.0.0.0'),
  /** Where players' browsers reach this server (the platform puts it in launch URLs too). */
  HOUSE_GAMES_PUBLIC_URL: z.string().url().default('http://localhost:3001'),
  /** The platform's base URL for the signed wallet callbacks. */
  HOUSE_GAMES_PLATFORM_URL: z.string().url().default('http://localhost:3000'),
  /** Our provider code at the platform: callbacks go to /provider/<code>/… */
  HOUSE_GAMES_PROVIDER_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{2,32}$/)
    .default('HOUSE'),
  /** HMAC-SHA256 secret shared with the platform. Required in production. */
  HOUSE_GAMES_SECRET: z.string().min(16).optional(),
  /** Our own database (never the platform's): PostgreSQL URL, else embedded PGlite in the data dir. */
  HOUSE_GAMES_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  HOUSE_GAMES_DATA_DIR: z.string().default('./data/house-games'),
  HOUSE_GAMES_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Crash timing. */
  HOUSE_GAMES_CRASH_BETTING_MS: z.coerce.number().int().min(1000).max(60_000).default(7000),
  HOUSE_GAMES_CRASH_PAUSE_MS: z.coerce.number().int().min(500).max(30_000).default(3000),
  /** How fast the crash multiplier climbs (1 = 2× in about 11.6 s); tests speed rounds up. */
  HOUSE_GAMES_CRASH_SPEED: z.coerce.number().min(0.1).max(10_000).default(1),
  /** Play-money balance of a free-trial (demo) session, in minor units. */
  HOUSE_GAMES_DEMO_BALANCE: z.coerce.number().int().min(0).default(200_000),
  /** The platform must answer a wallet call within this time (vendors' usual window is 3 s). */
  HOUSE_GAMES_CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(200).max(30_000).default(3000),
  HOUSE_GAMES_SERVE_UI: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Where the built screens are (default apps/house-games/dist). */
  HOUSE_GAMES_UI_DIR: z.string().optional(),
});

export type HouseConfig = z.infer<typeof schema> & { secret: string; dataDir: string; uiDistDir: string };

/** The demo secret, the same default the platform's demo registry uses. Never used in production. */
export const DEMO_SECRET = 'house-games-demo-secret-change-me';

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): HouseConfig => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid house-games configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.HOUSE_GAMES_SECRET) {
    throw new Error('Invalid house-games configuration:\n  HOUSE_GAMES_SECRET: required in production');
  }
  return {
    ...c,
    secret: c.HOUSE_GAMES_SECRET ?? DEMO_SECRET,
    dataDir: path.resolve(c.HOUSE_GAMES_DATA_DIR),
    uiDistDir: c.HOUSE_GAMES_UI_DIR ? path.resolve(c.HOUSE_GAMES_UI_DIR) : path.resolve(import.meta.dirname, '../dist'),
  };
};
