import path from 'node:path';
import { z } from 'zod';

const origins = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o),
    'must be a comma list of origins (https://lotus88.example)',
  );

/** Every environment variable the house-games provider reads, with defaults for the local demo. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOUSE_GAMES_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Interface to listen on: loopback outside production; production must choose (decision 050). */
  HOUSE_GAMES_HOST: z.string().min(1).optional(),
  /** Where players' browsers reach this server (the platform puts it in launch URLs too). Default: http://localhost:HOUSE_GAMES_PORT. */
  HOUSE_GAMES_PUBLIC_URL: z.string().url().optional(),
  /** The platform's base URL for the signed wallet callbacks; required in production. */
  HOUSE_GAMES_PLATFORM_URL: z.string().url().optional(),
  /** More browser origins of the platform's sites that may frame our games (CSP frame-ancestors). */
  HOUSE_GAMES_PLATFORM_ORIGINS: origins.default([]),
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
  /** Fishing's return to player in basis points (every shot returns exactly this; decision 095). */
  HOUSE_GAMES_FISH_RTP_BP: z.coerce.number().int().min(8000).max(9900).default(9600),
  /** How fast the crash multiplier climbs (1 = 2× in about 11.6 s); tests speed rounds up. */
  HOUSE_GAMES_CRASH_SPEED: z.coerce.number().min(0.1).max(10_000).default(1),
  /** Live tables' clock: the betting window, the deal (cards, wheel), the result on show. */
  HOUSE_GAMES_LIVE_BETTING_MS: z.coerce.number().int().min(1000).max(60_000).default(15_000),
  HOUSE_GAMES_LIVE_DEAL_MS: z.coerce.number().int().min(0).max(30_000).default(6000),
  HOUSE_GAMES_LIVE_PAUSE_MS: z.coerce.number().int().min(0).max(30_000).default(4000),
  /** Live table chat (decision 097): masked words (comma-separated; the built-in list when unset). */
  HOUSE_GAMES_CHAT_BLOCKED_WORDS: z.string().max(20_000).optional(),
  HOUSE_GAMES_CHAT_MAX_LENGTH: z.coerce.number().int().min(10).max(1000).default(200),
  /** A player may send HOUSE_GAMES_CHAT_BURST messages per HOUSE_GAMES_CHAT_WINDOW_MS. */
  HOUSE_GAMES_CHAT_BURST: z.coerce.number().int().min(1).max(100).default(5),
  HOUSE_GAMES_CHAT_WINDOW_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * Cockfight's feed (decision 092): `simulated` is the demo's arena (the default outside
   * production); `none` shows no fights until a real provider's feed is wired. Production refuses
   * the simulated feed.
   */
  HOUSE_GAMES_COCKFIGHT_FEED: z.enum(['simulated', 'none']).optional(),
  /** The simulated feed's timing: betting window, the fight itself, the pause after its result. */
  HOUSE_GAMES_COCKFIGHT_BETTING_MS: z.coerce.number().int().min(2000).max(600_000).default(90_000),
  HOUSE_GAMES_COCKFIGHT_FIGHT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  HOUSE_GAMES_COCKFIGHT_PAUSE_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /** The operator's margin on the feed's fair prices, in basis points (500 = 5 %). */
  HOUSE_GAMES_COCKFIGHT_MARGIN_BP: z.coerce.number().int().min(0).max(3000).default(500),
  /**
   * PvP card rooms (decision pvp-card-rooms): the seat timer of each decision, the pause before a
   * hand and after its result, and the house's rake on each winner's net win (basis points).
   */
  HOUSE_GAMES_PVP_DECISION_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  HOUSE_GAMES_PVP_START_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  HOUSE_GAMES_PVP_RESULT_MS: z.coerce.number().int().min(0).max(60_000).default(6000),
  HOUSE_GAMES_PVP_RAKE_BP: z.coerce.number().int().min(0).max(2000).default(500),
  /** Bots fill empty seats: the demo's (the default outside production); production refuses them. */
  HOUSE_GAMES_PVP_BOTS: z.enum(['on', 'off']).optional(),
  /** The stake range of one cockfight bet, in minor units. */
  HOUSE_GAMES_COCKFIGHT_MIN_STAKE: z.coerce.number().int().min(1).default(100),
  HOUSE_GAMES_COCKFIGHT_MAX_STAKE: z.coerce.number().int().min(1).default(1_000_000),
  /**
   * The sportsbook's feed (decision 099): `simulated` is the demo's football, basketball, tennis and esports (decision 111; the default outside
   * production); `none` lists no events until a real odds provider's feed is wired. Production
   * refuses the simulated feed.
   */
  HOUSE_GAMES_SPORTS_FEED: z.enum(['simulated', 'none']).optional(),
  /** The simulated feed's clock: one kick-off every so often, a match's length, the first kick-off. */
  HOUSE_GAMES_SPORTS_KICKOFF_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(5_400_000),
  HOUSE_GAMES_SPORTS_MATCH_MS: z.coerce.number().int().min(1000).max(86_400_000).default(6_300_000),
  HOUSE_GAMES_SPORTS_FIRST_KICKOFF_MS: z.coerce.number().int().min(1000).max(86_400_000).default(900_000),
  /** How many upcoming fixtures the simulated feed keeps listed (48 × 90 min: the next three days). */
  HOUSE_GAMES_SPORTS_FIXTURES: z.coerce.number().int().min(1).max(500).default(48),
  /** The operator's margin on the feed's fair prices, in basis points (600 = 6 %). */
  HOUSE_GAMES_SPORTS_MARGIN_BP: z.coerce.number().int().min(0).max(3000).default(600),
  /** One bet's stake range and the most it may return, in minor units; the most legs of an accumulator. */
  HOUSE_GAMES_SPORTS_MIN_STAKE: z.coerce.number().int().min(1).default(100),
  HOUSE_GAMES_SPORTS_MAX_STAKE: z.coerce.number().int().min(1).default(1_000_000),
  HOUSE_GAMES_SPORTS_MAX_PAYOUT: z.coerce.number().int().min(1).default(10_000_000),
  HOUSE_GAMES_SPORTS_MAX_LEGS: z.coerce.number().int().min(1).max(20).default(12),
  /** The cash-out margin (decision 102): offer = stake × taken odds / current fair odds × (1 − this). */
  HOUSE_GAMES_SPORTS_CASHOUT_MARGIN_BP: z.coerce.number().int().min(0).max(3000).default(500),
  /**
   * The in-play bet delay (decision 107): an in-play bet is accepted only after this long, and refused
   * with the new price when its market was suspended or its price moved meanwhile (0: no delay).
   */
  HOUSE_GAMES_SPORTS_INPLAY_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(4000),
  /** How long in-play markets stay suspended after a goal or a card (simulated feed). */
  HOUSE_GAMES_SPORTS_SUSPEND_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Play money of a free-trial (demo) session, in minor units. Outside production it defaults to
   * 200000; in production free trials are offered only when it is set.
   */
  HOUSE_GAMES_DEMO_BALANCE: z.coerce.number().int().min(0).optional(),
  /** The platform must answer a wallet call within this time (vendors' usual window is 3 s). */
  HOUSE_GAMES_CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(200).max(30_000).default(3000),
  HOUSE_GAMES_SERVE_UI: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Where the built screens are (default apps/house-games/dist). */
  HOUSE_GAMES_UI_DIR: z.string().optional(),
});

type Parsed = z.infer<typeof schema>;

export type HouseConfig = Omit<
  Parsed,
  | 'HOUSE_GAMES_HOST'
  | 'HOUSE_GAMES_PLATFORM_URL'
  | 'HOUSE_GAMES_PUBLIC_URL'
  | 'HOUSE_GAMES_DEMO_BALANCE'
  | 'HOUSE_GAMES_COCKFIGHT_FEED'
  | 'HOUSE_GAMES_SPORTS_FEED'
  | 'HOUSE_GAMES_PVP_BOTS'
> & {
  /** Bots at the PvP rooms (never in production). */
  HOUSE_GAMES_PVP_BOTS: boolean;
  HOUSE_GAMES_COCKFIGHT_FEED: 'simulated' | 'none';
  HOUSE_GAMES_SPORTS_FEED: 'simulated' | 'none';
  HOUSE_GAMES_HOST: string;
  HOUSE_GAMES_PLATFORM_URL: string;
  HOUSE_GAMES_PUBLIC_URL: string;
  /** Free-trial play money; null: free trials are not offered. */
  HOUSE_GAMES_DEMO_BALANCE: number | null;
  secret: string;
  dataDir: string;
  uiDistDir: string;
  /** The platform's origins, the only pages allowed to frame ours. */
  frameAncestors: string[];
};

/** The demo secret, the same default the platform's demo registry uses. Never used in production. */
export const DEMO_SECRET = 'house-games-demo-secret-change-me';

/** The local demo's conveniences (loopback, the platform next door, the demo secret, play money). */
const DEMO = { host: '127.0.0.1', platformUrl: 'http://localhost:3000', demoBalance: 200_000 };

/**
 * What production refuses: anything a missing setting would otherwise take from the demo defaults
 * above (decision 050). Checked on the raw environment, so every offender is named at once together
 * with any malformed value.
 */
const productionProblems = (env: NodeJS.ProcessEnv): string[] => {
  const problems: string[] = [];
  if (!env.HOUSE_GAMES_SECRET) {
    problems.push("HOUSE_GAMES_SECRET: required in production (the platform's PROVIDER_HOUSE_SECRET)");
  } else if (env.HOUSE_GAMES_SECRET === DEMO_SECRET) {
    problems.push('HOUSE_GAMES_SECRET: is the demo secret written in the source; set a secret of your own');
  }
  if (!env.HOUSE_GAMES_HOST) {
    problems.push(
      'HOUSE_GAMES_HOST: required in production (127.0.0.1 behind a proxy on this machine, 0.0.0.0 for every interface)',
    );
  }
  if (env.HOUSE_GAMES_COCKFIGHT_FEED === 'simulated') {
    problems.push(
      'HOUSE_GAMES_COCKFIGHT_FEED: the simulated cockfight feed is for the demo; production takes a real feed',
    );
  }
  if (env.HOUSE_GAMES_SPORTS_FEED === 'simulated') {
    problems.push(
      'HOUSE_GAMES_SPORTS_FEED: the simulated sports feed is for the demo; production takes a real odds feed',
    );
  }
  if (env.HOUSE_GAMES_PVP_BOTS === 'on') {
    problems.push('HOUSE_GAMES_PVP_BOTS: bots at the PvP rooms are for the demo; production seats only players');
  }
  if (!env.HOUSE_GAMES_PLATFORM_URL) {
    problems.push("HOUSE_GAMES_PLATFORM_URL: required in production (the platform's URL for the wallet callbacks)");
  }
  return problems;
};

/** In the demo, the platform may be opened as localhost or as 127.0.0.1: both may frame the games. */
const loopbackTwin = (origin: string): string[] => {
  const u = new URL(origin);
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[u.hostname];
  if (!twin) return [];
  u.hostname = twin;
  return [u.origin];
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): HouseConfig => {
  const parsed = schema.safeParse(env);
  const production = env.NODE_ENV === 'production';
  const malformed = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const named = new Set(malformed.map((p) => p.split(':')[0]));
  const problems = [
    ...malformed,
    ...(production ? productionProblems(env).filter((p) => !named.has(p.split(':')[0])) : []),
  ];
  if (!parsed.success || problems.length) {
    throw new Error(`Invalid house-games configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const c = parsed.data;
  // Unset, the platform is the one beside us on PORT (npm start passes both ports to both servers).
  const platformUrl =
    c.HOUSE_GAMES_PLATFORM_URL ?? (/^\d+$/.test(env.PORT ?? '') ? `http://localhost:${env.PORT}` : DEMO.platformUrl);
  const platformOrigin = new URL(platformUrl).origin;
  return {
    ...c,
    HOUSE_GAMES_HOST: c.HOUSE_GAMES_HOST ?? DEMO.host,
    HOUSE_GAMES_PLATFORM_URL: platformUrl,
    HOUSE_GAMES_PUBLIC_URL: c.HOUSE_GAMES_PUBLIC_URL ?? `http://localhost:${c.HOUSE_GAMES_PORT}`,
    HOUSE_GAMES_DEMO_BALANCE: c.HOUSE_GAMES_DEMO_BALANCE ?? (production ? null : DEMO.demoBalance),
    HOUSE_GAMES_COCKFIGHT_FEED: c.HOUSE_GAMES_COCKFIGHT_FEED ?? (production ? 'none' : 'simulated'),
    HOUSE_GAMES_SPORTS_FEED: c.HOUSE_GAMES_SPORTS_FEED ?? (production ? 'none' : 'simulated'),
    HOUSE_GAMES_PVP_BOTS: (c.HOUSE_GAMES_PVP_BOTS ?? (production ? 'off' : 'on')) === 'on',
    secret: c.HOUSE_GAMES_SECRET ?? DEMO_SECRET,
    dataDir: path.resolve(c.HOUSE_GAMES_DATA_DIR),
    uiDistDir: c.HOUSE_GAMES_UI_DIR ? path.resolve(c.HOUSE_GAMES_UI_DIR) : path.resolve(import.meta.dirname, '../dist'),
    frameAncestors: [
      ...new Set([
        platformOrigin,
        ...(production ? [] : loopbackTwin(platformOrigin)),
        ...c.HOUSE_GAMES_PLATFORM_ORIGINS,
      ]),
    ],
  };
};
