import type { HouseConfig } from './config.ts';
import { BetFlow } from './games/bet-flow.ts';
import { Bets } from './games/bets.ts';
import { CockfightBook } from './games/cockfight/book.ts';
import { SimulatedCockfightFeed, type CockfightFeed } from './games/cockfight/feed.ts';
import { SportsBook } from './games/sports/book.ts';
import { SportsDesk } from './games/sports/desk.ts';
import { SimulatedSportsFeed, type SportsFeed } from './games/sports/feed.ts';
import { CrashEngine } from './games/crash-engine.ts';
import { DicePlay } from './games/dice-play.ts';
import { Fairness } from './games/fairness.ts';
import { DEFAULT_BLOCKED_WORDS, LiveChat } from './games/live-chat.ts';
import { LiveTables } from './games/live-engine.ts';
import { FishPlay } from './games/fish-play.ts';
import { PvpRooms } from './games/pvp-rooms.ts';
import { Outbox } from './games/outbox.ts';
import { Sessions } from './games/sessions.ts';
import { SlotPlay } from './games/slot-play.ts';
import { Wallet } from './games/wallet.ts';
import { PlatformClient } from './platform/client.ts';
import type { HouseDb } from './store/db.ts';

/** Everything the routes use, built once per process. */
export interface HouseServices {
  db: HouseDb;
  platform: PlatformClient;
  sessions: Sessions;
  wallet: Wallet;
  bets: Bets;
  fairness: Fairness;
  slots: SlotPlay;
  dice: DicePlay;
  crash: CrashEngine;
  cockfight: CockfightBook;
  sports: SportsBook;
  /** The sportsbook's operator desk (decision 114), behind the signed operator API. */
  sportsDesk: SportsDesk;
  live: LiveTables;
  chat: LiveChat;
  fish: FishPlay;
  pvp: PvpRooms;
  outbox: Outbox;
}

/** The feed cockfight listens to: the simulated arena (demo), or none until a provider is wired. */
const cockfightFeed = (config: HouseConfig, db: HouseDb): CockfightFeed | null =>
  config.HOUSE_GAMES_COCKFIGHT_FEED === 'simulated'
    ? new SimulatedCockfightFeed(
        {
          bettingMs: config.HOUSE_GAMES_COCKFIGHT_BETTING_MS,
          fightMs: config.HOUSE_GAMES_COCKFIGHT_FIGHT_MS,
          pauseMs: config.HOUSE_GAMES_COCKFIGHT_PAUSE_MS,
        },
        () => CockfightBook.nextFightNo(db),
      )
    : null;

/** The feed the sportsbook listens to: the simulated football (demo), or none until a provider is wired. */
const sportsFeed = (config: HouseConfig): SportsFeed | null =>
  config.HOUSE_GAMES_SPORTS_FEED === 'simulated'
    ? new SimulatedSportsFeed({
        kickoffEveryMs: config.HOUSE_GAMES_SPORTS_KICKOFF_EVERY_MS,
        matchMs: config.HOUSE_GAMES_SPORTS_MATCH_MS,
        fixturesAhead: config.HOUSE_GAMES_SPORTS_FIXTURES,
        firstKickoffMs: config.HOUSE_GAMES_SPORTS_FIRST_KICKOFF_MS,
        suspendMs: config.HOUSE_GAMES_SPORTS_SUSPEND_MS,
      })
    : null;

export const createServices = (
  config: HouseConfig,
  db: HouseDb,
  fetchImpl?: typeof fetch,
  /** A test's own feed instead of the configured one. */
  feed?: CockfightFeed | null,
  /** A test's own sports feed instead of the configured one. */
  sports?: SportsFeed | null,
): HouseServices => {
  const platform = new PlatformClient({
    baseUrl: config.HOUSE_GAMES_PLATFORM_URL,
    providerCode: config.HOUSE_GAMES_PROVIDER_CODE,
    secret: config.secret,
    timeoutMs: config.HOUSE_GAMES_CALLBACK_TIMEOUT_MS,
    ...(fetchImpl ? { fetchImpl } : {}),
  });
  const bets = new Bets(db, db.install);
  const wallet = new Wallet(db, platform);
  const fairness = new Fairness(db);
  const sessions = new Sessions(db, platform, config.HOUSE_GAMES_DEMO_BALANCE);
  const flow = new BetFlow(db, bets, wallet);
  const sportsBook = new SportsBook(
    db,
    bets,
    wallet,
    sessions,
    {
      minStake: BigInt(config.HOUSE_GAMES_SPORTS_MIN_STAKE),
      maxStake: BigInt(config.HOUSE_GAMES_SPORTS_MAX_STAKE),
      maxPayout: BigInt(config.HOUSE_GAMES_SPORTS_MAX_PAYOUT),
      marginBp: config.HOUSE_GAMES_SPORTS_MARGIN_BP,
      maxLegs: config.HOUSE_GAMES_SPORTS_MAX_LEGS,
      cashOutMarginBp: config.HOUSE_GAMES_SPORTS_CASHOUT_MARGIN_BP,
      inPlayDelayMs: config.HOUSE_GAMES_SPORTS_INPLAY_DELAY_MS,
    },
    sports === undefined ? sportsFeed(config) : sports,
  );
  return {
    db,
    platform,
    sessions,
    wallet,
    bets,
    fairness,
    slots: new SlotPlay(flow),
    dice: new DicePlay(flow, fairness),
    crash: new CrashEngine(db, bets, wallet, fairness, {
      bettingMs: config.HOUSE_GAMES_CRASH_BETTING_MS,
      pauseMs: config.HOUSE_GAMES_CRASH_PAUSE_MS,
      speed: config.HOUSE_GAMES_CRASH_SPEED,
    }),
    cockfight: new CockfightBook(
      db,
      bets,
      wallet,
      sessions,
      {
        minStake: BigInt(config.HOUSE_GAMES_COCKFIGHT_MIN_STAKE),
        maxStake: BigInt(config.HOUSE_GAMES_COCKFIGHT_MAX_STAKE),
        marginBp: config.HOUSE_GAMES_COCKFIGHT_MARGIN_BP,
      },
      feed === undefined ? cockfightFeed(config, db) : feed,
    ),
    sports: sportsBook,
    sportsDesk: new SportsDesk(db, sportsBook),
    live: new LiveTables(db, bets, wallet, fairness, {
      bettingMs: config.HOUSE_GAMES_LIVE_BETTING_MS,
      dealMs: config.HOUSE_GAMES_LIVE_DEAL_MS,
      pauseMs: config.HOUSE_GAMES_LIVE_PAUSE_MS,
    }),
    chat: new LiveChat({
      maxLength: config.HOUSE_GAMES_CHAT_MAX_LENGTH,
      burst: config.HOUSE_GAMES_CHAT_BURST,
      windowMs: config.HOUSE_GAMES_CHAT_WINDOW_MS,
      historySize: 50,
      blockedWords:
        config.HOUSE_GAMES_CHAT_BLOCKED_WORDS === undefined
          ? DEFAULT_BLOCKED_WORDS
          : config.HOUSE_GAMES_CHAT_BLOCKED_WORDS.split(',')
              .map((w) => w.trim())
              .filter(Boolean),
    }),
    fish: new FishPlay(db, bets, wallet, fairness, config.HOUSE_GAMES_FISH_RTP_BP),
    pvp: new PvpRooms(db, bets, flow, wallet, {
      decisionMs: config.HOUSE_GAMES_PVP_DECISION_MS,
      startMs: config.HOUSE_GAMES_PVP_START_MS,
      resultMs: config.HOUSE_GAMES_PVP_RESULT_MS,
      rakeBp: config.HOUSE_GAMES_PVP_RAKE_BP,
      bots: config.HOUSE_GAMES_PVP_BOTS,
    }),
    outbox: new Outbox(db, platform),
  };
};
