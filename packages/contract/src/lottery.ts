import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import {
  LOTTERY_MAX_CHASE,
  LOTTERY_MAX_MULTIPLIER,
  LOTTERY_PRIZE_GROUP_MAX,
  LOTTERY_PRIZE_GROUP_MIN,
  checkPicks,
} from './lottery-bets.ts';
import { LOTTERY_FAMILIES } from './lottery-draw.ts';
import { seaBetType } from './lottery-sea.ts';
import { HOUSE_BET_TYPES } from './lottery-house.ts';
import { ALL_BET_TYPE_IDS, VN_BET_TYPES, betTypeOf } from './lottery-vn.ts';
import { LOTTERY_VOID_AFTER_MAX_HOURS } from './lottery-desk.ts';
import { amountField, amountsInOrder, minorUnitsOut } from './money.ts';
import { lotteryOperatorRoutes, lotteryRoutes } from './routes/lottery.ts';
import { isoDay, paged, pagingQuery, recordId } from './wallet.ts';

export * from './lottery-bets.ts';
export * from './lottery-draw.ts';
export * from './lottery-vn.ts';
export * from './lottery-sea.ts';
export * from './lottery-house.ts';
export * from './lottery-pk10.ts';
export * from './lottery-11x5.ts';
export * from './lottery-lhc.ts';
export * from './lottery-lf.ts';
export * from './lottery-desk.ts';

/**
 * The house lottery (issue 18, decision 063). A game draws on a schedule in the brand's time zone;
 * each draw is a period (numero, `20261125-0412`): open (bets taken) → closed (`closeAt`, a
 * configurable number of seconds before the draw) → drawn (result and seed revealed) → settled
 * (every bet paid or lost). A voided period refunds every bet.
 */

export const lotteryFamily = z.enum(LOTTERY_FAMILIES);
/** A game code of the catalogue (`lott-ssc-1-min`, `tcg_lotto_vn-northern-lottery`). */
export const lotteryGameCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_-]+$/, 'Not a lottery game code');
export const lotteryNumero = z.string().regex(/^\d{8}-\d{4}$/, 'Not a period number');

export const LOTTERY_PERIOD_STATUSES = ['open', 'closed', 'drawn', 'settled', 'void'] as const;
export const lotteryPeriodStatus = z.enum(LOTTERY_PERIOD_STATUSES);

export const lotteryPeriod = z.object({
  numero: z.string(),
  openAt: z.string(),
  closeAt: z.string(),
  drawAt: z.string(),
  status: lotteryPeriodStatus,
  /** SHA-256 of the server seed, published while the period is open. */
  seedHash: z.string(),
  /** Revealed with the result; null before. */
  seed: z.string().nullable(),
  result: z.array(z.number()).nullable(),
  /**
   * Where the result came from: `house` (drawn from the seed: the verify view recomputes it),
   * `feed` (an official results provider) or `operator` (entered and confirmed by two operators,
   * decision 068); null before the result.
   */
  source: z.enum(['house', 'feed', 'operator']).nullable(),
});
export type LotteryPeriod = z.infer<typeof lotteryPeriod>;

export const lotteryGame = z.object({
  gameCode: z.string(),
  family: lotteryFamily,
  /** Seconds between draws (86,400 for a daily game). */
  intervalSeconds: z.number(),
  closeSeconds: z.number(),
  /** Whether members can bet on this family yet (SSC first; the others draw and show results). */
  betting: z.boolean(),
  enabled: z.boolean(),
  /** Which page plays it: the house lottery (/lottery), Vietnam (/vnLottery) or South-East Asia (/seaLottery). */
  area: z.enum(['lottery', 'vn', 'sea']),
  /** Official draws: the result comes from a feed or two operators, not from the seed alone. */
  official: z.boolean(),
  /** The time zone its draw hour is published in (the brand's for house games). */
  timeZone: z.string(),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

export const lotteryGameState = z.object({
  game: lotteryGame,
  prizeGroup: z.number(),
  /** Each prize key's prize for one 2.00 unit at the game's prize group, in minor units. */
  prizes: z.record(z.string(), minorUnitsOut),
  minBet: minorUnitsOut,
  maxBet: minorUnitsOut,
  maxPeriod: minorUnitsOut,
  /** The most the house takes on one number of a bet type in a period (prizes it could owe). */
  maxExposure: minorUnitsOut,
  current: lotteryPeriod,
  next: lotteryPeriod,
  /** The latest drawn (or voided) periods, newest first. */
  recent: z.array(lotteryPeriod),
  serverTime: z.string(),
});
export type LotteryGameState = z.infer<typeof lotteryGameState>;

export const LOTTERY_BET_STATUSES = ['open', 'won', 'lost', 'cancelled', 'refunded'] as const;
export const lotteryBetStatus = z.enum(LOTTERY_BET_STATUSES);

export const lotteryBet = z.object({
  id: z.number(),
  gameCode: z.string(),
  numero: z.string(),
  betType: z.string(),
  picks: z.array(z.array(z.string())),
  multiplier: z.number(),
  units: z.number(),
  amount: minorUnitsOut,
  win: minorUnitsOut,
  status: lotteryBetStatus,
  result: z.array(z.number()).nullable(),
  closeAt: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** The chase this bet is one period of (null for a single bet). */
  chaseId: z.number().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

const picksField = z
  .array(z.array(z.string().max(4)).max(100))
  .min(1)
  .max(10);

const placeFields = {
  gameCode: lotteryGameCode,
  numero: lotteryNumero,
  betType: z.string().refine((t) => ALL_BET_TYPE_IDS.has(t), 'Not a bet type'),
  picks: picksField,
  multiplier: z.number().int().min(1).max(LOTTERY_MAX_MULTIPLIER),
};

const checkBetPicks = (b: { betType: string; picks: string[][] }, ctx: z.RefinementCtx) => {
  // The rows of a type are the same in every family that has it (the server checks the game's own).
  const def =
    betTypeOf('SSC', b.betType) ??
    VN_BET_TYPES.VN_NORTH.find((d) => d.id === b.betType) ??
    seaBetType(b.betType) ??
    Object.values(HOUSE_BET_TYPES)
      .flat()
      .find((d) => d.id === b.betType);
  if (!def) return;
  const problem = checkPicks(def, b.picks);
  if (problem) ctx.addIssue({ code: 'custom', path: ['picks'], message: problem });
};

export const lotteryPlaceBody = z.strictObject(placeFields).superRefine(checkBetPicks);
export type LotteryPlaceBody = z.infer<typeof lotteryPlaceBody>;

/** A chase: the bet of the place body on `numero` and the periods after it, `periods` in all. */
export const lotteryChaseBody = z
  .strictObject({
    ...placeFields,
    periods: z.number().int().min(2).max(LOTTERY_MAX_CHASE),
    stopOnWin: z.boolean(),
  })
  .superRefine(checkBetPicks);
export type LotteryChaseBody = z.infer<typeof lotteryChaseBody>;

export const LOTTERY_RESULT_LIMITS = [30, 50, 100] as const;

const prizeModeQuery = {
  /** The spec's prize mode: echoed back; every game has one prize table (its operator rows) so far. */
  prizeMode: z.string().trim().max(16).optional(),
  device: z.enum(['WEB', 'H5', 'APP']).optional(),
};

export const vnMenuGame = z.object({
  gameCode: z.string(),
  family: lotteryFamily,
  /** The next draw (ISO) and its period. */
  numero: z.string(),
  drawAt: z.string(),
  closeAt: z.string(),
  timeZone: z.string(),
});

const vnLotteryEndpoints = {
  vnMenu: defineEndpoint({
    ...lotteryRoutes.vnMenu,
    query: z.strictObject(prizeModeQuery),
    response: z.object({
      prizeMode: z.string().nullable(),
      regions: z.array(z.object({ family: lotteryFamily, games: z.array(vnMenuGame) })),
    }),
  }),
  vnMenuRecent: defineEndpoint({
    ...lotteryRoutes.vnMenuRecent,
    query: z.strictObject(prizeModeQuery),
    response: z.object({
      list: z.array(z.object({ gameCode: z.string(), family: lotteryFamily, period: lotteryPeriod.nullable() })),
    }),
  }),
  vnOpened: defineEndpoint({
    ...lotteryRoutes.vnOpened,
    query: z.strictObject({ gameCode: lotteryGameCode, ...prizeModeQuery }),
    response: lotteryGameState,
  }),
};

export const lotteryEndpoints = {
  /** The brand's lottery games (the game switcher). */
  games: defineEndpoint({
    ...lotteryRoutes.games,
    response: z.object({ list: z.array(lotteryGame) }),
  }),
  /** A game's open period, the next one, its latest results, prizes and limits. */
  openedNumero: defineEndpoint({
    ...lotteryRoutes.openedNumero,
    query: z.strictObject({ gameCode: lotteryGameCode }),
    response: lotteryGameState,
  }),
  /** The latest drawn periods with their seeds (results board, trend chart, verify). */
  results: defineEndpoint({
    ...lotteryRoutes.results,
    query: z.strictObject({
      gameCode: lotteryGameCode,
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: z.object({ list: z.array(lotteryPeriod) }),
  }),
  place: defineEndpoint({ ...lotteryRoutes.place, body: lotteryPlaceBody, response: lotteryBet }),
  chase: defineEndpoint({
    ...lotteryRoutes.chase,
    body: lotteryChaseBody,
    response: z.object({ chaseId: z.number(), bets: z.array(lotteryBet) }),
  }),
  /** Cancels an open bet before its period closes; the stake comes back. */
  cancel: defineEndpoint({
    ...lotteryRoutes.cancel,
    body: z.strictObject({ betId: recordId }),
    response: lotteryBet,
  }),
  /** Stops a chase: each of its bets on a period not closed yet comes back; bets on closed periods stay. */
  cancelChase: defineEndpoint({
    ...lotteryRoutes.cancelChase,
    body: z.strictObject({ chaseId: recordId }),
    response: z.object({ chaseId: z.number(), refunded: z.number(), bets: z.array(lotteryBet) }),
  }),
  bets: defineEndpoint({
    ...lotteryRoutes.bets,
    query: z.strictObject({
      gameCode: lotteryGameCode.optional(),
      status: z.enum(['open', 'done', 'all']).default('all'),
      ...pagingQuery,
    }),
    response: paged(lotteryBet),
  }),
  ...vnLotteryEndpoints,
};

export const lotteryResultEntry = z.object({
  id: z.number(),
  result: z.array(z.number()),
  enteredBy: z.string(),
  enteredAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  status: z.enum(['pending', 'confirmed', 'replaced']),
});
export type LotteryResultEntry = z.infer<typeof lotteryResultEntry>;

export const lotteryDeskPeriod = lotteryPeriod.extend({
  gameCode: z.string(),
  family: lotteryFamily,
  /** Open bets on it and what they staked (minor units). */
  openBets: z.number(),
  openStake: minorUnitsOut,
  entries: z.array(lotteryResultEntry),
});
export type LotteryDeskPeriod = z.infer<typeof lotteryDeskPeriod>;

export const lotteryResultBody = z.strictObject({
  gameCode: lotteryGameCode,
  numero: lotteryNumero,
  /** One number per line, in the family's result order (for Vietnam: the special first). */
  result: z.array(z.number().int().min(0).max(999_999)).min(1).max(40),
});

/** Limits in minor units (whole numbers as strings, like every amount the contract takes). */
const limitAmount = amountField('A whole amount in minor units, above zero', { notZero: true });
export const lotteryLimitsBody = z
  .strictObject({
    gameCode: lotteryGameCode,
    minBet: limitAmount,
    maxBet: limitAmount,
    maxPeriod: limitAmount,
    maxExposure: limitAmount,
  })
  .refine((b) => amountsInOrder(b.minBet, b.maxBet), { path: ['maxBet'], message: 'Not below the minimum bet' })
  .refine((b) => amountsInOrder(b.maxBet, b.maxPeriod), {
    path: ['maxPeriod'],
    message: 'Not below the largest bet',
  });

/** A game as the games desk shows it (decision 081). */
export const lotteryDeskGame = z.object({
  gameCode: z.string(),
  family: lotteryFamily,
  official: z.boolean(),
  enabled: z.boolean(),
  intervalSeconds: z.number(),
  closeSeconds: z.number(),
  prizeGroup: z.number(),
  /** Whether the prize group scales this game's prizes (the house's draws, not the official lotteries). */
  usesPrizeGroup: z.boolean(),
  minBet: minorUnitsOut,
  maxBet: minorUnitsOut,
  maxPeriod: minorUnitsOut,
  maxExposure: minorUnitsOut,
  /** An official game's deadline for a result, in hours after the draw (null: never voided by itself). */
  voidAfterHours: z.number().nullable(),
  timeZone: z.string(),
});
export type LotteryDeskGame = z.infer<typeof lotteryDeskGame>;

export const lotteryGameSettingsBody = z.strictObject({
  gameCode: lotteryGameCode,
  enabled: z.boolean(),
  /** Betting stops this many seconds before the draw (below the interval; checked against the game). */
  closeSeconds: z.number().int().min(0).max(86_399),
  prizeGroup: z.number().int().min(LOTTERY_PRIZE_GROUP_MIN).max(LOTTERY_PRIZE_GROUP_MAX),
  voidAfterHours: z.number().int().min(1).max(LOTTERY_VOID_AFTER_MAX_HOURS).nullable(),
});
export type LotteryGameSettingsBody = z.infer<typeof lotteryGameSettingsBody>;

export const lotteryPrizeRow = z.object({
  prizeKey: z.string(),
  /** For one 2.00 unit at prize group 1800 (minor units), as stored. */
  prize: minorUnitsOut,
  seeded: minorUnitsOut,
  min: minorUnitsOut,
  max: minorUnitsOut,
  /** The bet types that pay this prize. */
  betTypes: z.array(z.string()),
});
export type LotteryPrizeRow = z.infer<typeof lotteryPrizeRow>;

const lotteryPrizesValue = z.object({ family: lotteryFamily, list: z.array(lotteryPrizeRow) });

const prizeKeyField = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_]+$/, 'Not a prize key');
export const lotteryPrizesBody = z.strictObject({
  family: lotteryFamily,
  prizes: z
    .array(
      z.strictObject({
        prizeKey: prizeKeyField,
        prize: amountField('A whole amount in minor units, above zero', { notZero: true }),
      }),
    )
    .min(1)
    .max(200)
    .refine((l) => new Set(l.map((p) => p.prizeKey)).size === l.length, 'A prize key twice'),
});
export type LotteryPrizesBody = z.infer<typeof lotteryPrizesBody>;

const reportFigures = {
  /** Staked on bets placed in the range (minor units). */
  bets: minorUnitsOut,
  /** Paid to winning bets. */
  wins: minorUnitsOut,
  /** Stakes given back (cancels, voids, stopped chases). */
  refunds: minorUnitsOut,
  /** Stakes of bets not settled yet (not in the GGR). */
  open: minorUnitsOut,
  /** Settled stakes less wins: bets − refunds − open − wins. */
  ggr: minorUnitsOut,
  betCount: z.number(),
  players: z.number(),
};
export const lotteryReportRow = z.object({ gameCode: z.string(), family: lotteryFamily, ...reportFigures });
export type LotteryReportRow = z.infer<typeof lotteryReportRow>;

export const lotteryOperatorEndpoints = {
  /** Voids a period that is not settled: every bet on it is refunded, once. */
  voidPeriod: defineEndpoint({
    ...lotteryOperatorRoutes.voidPeriod,
    body: z.strictObject({ gameCode: lotteryGameCode, numero: lotteryNumero }),
    response: z.object({ numero: z.string(), refunded: z.number() }),
  }),
  periods: defineEndpoint({
    ...lotteryOperatorRoutes.periods,
    query: z.strictObject({ gameCode: lotteryGameCode.optional() }),
    response: z.object({
      games: z.array(lotteryGame),
      list: z.array(lotteryDeskPeriod),
    }),
  }),
  enterResult: defineEndpoint({
    ...lotteryOperatorRoutes.enterResult,
    body: lotteryResultBody,
    response: lotteryDeskPeriod,
  }),
  confirmResult: defineEndpoint({
    ...lotteryOperatorRoutes.confirmResult,
    body: z.strictObject({ gameCode: lotteryGameCode, numero: lotteryNumero, entryId: recordId }),
    response: lotteryDeskPeriod.extend({ settled: z.number() }),
  }),
  exposure: defineEndpoint({
    ...lotteryOperatorRoutes.exposure,
    query: z.strictObject({ gameCode: lotteryGameCode }),
    response: z.object({
      gameCode: z.string(),
      numero: z.string(),
      closeAt: z.string(),
      maxExposure: minorUnitsOut,
      list: z.array(
        z.object({ cell: z.string(), betType: z.string(), row: z.number(), pick: z.string(), amount: minorUnitsOut }),
      ),
    }),
  }),
  setLimits: defineEndpoint({
    ...lotteryOperatorRoutes.setLimits,
    body: lotteryLimitsBody,
    response: z.object({
      gameCode: z.string(),
      minBet: minorUnitsOut,
      maxBet: minorUnitsOut,
      maxPeriod: minorUnitsOut,
      maxExposure: minorUnitsOut,
    }),
  }),
  deskGames: defineEndpoint({
    ...lotteryOperatorRoutes.deskGames,
    response: z.object({ list: z.array(lotteryDeskGame) }),
  }),
  gameSettings: defineEndpoint({
    ...lotteryOperatorRoutes.gameSettings,
    body: lotteryGameSettingsBody,
    response: lotteryDeskGame,
  }),
  prizes: defineEndpoint({
    ...lotteryOperatorRoutes.prizes,
    query: z.strictObject({ family: lotteryFamily }),
    response: lotteryPrizesValue,
  }),
  setPrizes: defineEndpoint({
    ...lotteryOperatorRoutes.setPrizes,
    body: lotteryPrizesBody,
    response: lotteryPrizesValue,
  }),
  report: defineEndpoint({
    ...lotteryOperatorRoutes.report,
    /** The first and last local day of the brand (both included); today when absent. */
    query: z.strictObject({ from: isoDay.optional(), to: isoDay.optional() }),
    response: z.object({
      timezone: z.string(),
      from: z.string(),
      to: z.string(),
      list: z.array(lotteryReportRow),
      totals: z.object(reportFigures),
    }),
  }),
  demoClose: defineEndpoint({
    ...lotteryOperatorRoutes.demoClose,
    body: z.strictObject({ gameCode: lotteryGameCode }),
    response: z.object({ numero: z.string(), closeAt: z.string() }),
  }),
};

export const lotteryPrizeGroup = z.number().int().min(LOTTERY_PRIZE_GROUP_MIN).max(LOTTERY_PRIZE_GROUP_MAX);
