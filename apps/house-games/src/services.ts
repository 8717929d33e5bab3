import type { HouseConfig } from './config.ts';
import { Bets } from './games/bets.ts';
import { CrashEngine } from './games/crash-engine.ts';
import { DicePlay } from './games/dice-play.ts';
import { Fairness } from './games/fairness.ts';
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
  outbox: Outbox;
}

export const createServices = (config: HouseConfig, db: HouseDb, fetchImpl?: typeof fetch): HouseServices => {
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
  return {
    db,
    platform,
    sessions: new Sessions(db, platform, config.HOUSE_GAMES_DEMO_BALANCE),
    wallet,
    bets,
    fairness,
    slots: new SlotPlay(bets, wallet),
    dice: new DicePlay(bets, wallet, fairness),
    crash: new CrashEngine(db, bets, wallet, fairness, {
      bettingMs: config.HOUSE_GAMES_CRASH_BETTING_MS,
      pauseMs: config.HOUSE_GAMES_CRASH_PAUSE_MS,
      speed: config.HOUSE_GAMES_CRASH_SPEED,
    }),
    outbox: new Outbox(db, platform),
  };
};
