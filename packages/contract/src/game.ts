import { z } from 'zod';
import { INT4_MAX, isCalendarDay } from './input.ts';
import { defineEndpoint } from './endpoint.ts';
import { providerRoutes } from './routes/provider.ts';
import { gamePlayRoutes } from './routes/game-play.ts';
import { providerAdminRoutes } from './routes/provider-admin.ts';
import { gameType } from './enums.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { GAME_TYPES } from './enums.ts';

/**
 * Game providers: launching a game, the seamless-wallet callback API that vendors call, bet
 * history, transfer-model wallets and the vendor registry (docs/decisions: provider wallet API).
 *
 * Vendor callbacks: POST /provider/<provider>/<operation> with a JSON body, signed with the
 * provider's secret: X-Provider-Timestamp (unix ms) and X-Provider-Signature = hex
 * HMAC-SHA256(secret, `${timestamp}.${rawBody}`). Answers use the usual envelope; amounts are
 * decimal strings of minor units. A refusal that may succeed later carries value.retryable = true.
 */

/** Minor units as a decimal string ("12345" = 123.45 in a 2-decimal currency), as the server answers them. */
export const moneyDigits = minorUnitsOut;
/** An amount a vendor sends: plain digits of whole minor units (money.ts; leading zeros tolerated). */
const vendorAmount = amountField('Amounts are whole minor units as digits', { leadingZeros: true });
const providerId = z
  .string()
  .trim()
  .min(1, 'required')
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Use letters, digits and _ . : -');
const providerCode = z.string().regex(/^[A-Za-z0-9_-]{2,32}$/);
/** A game code as the vendor names it (the catalogue's own codes fit it). */
const vendorGameCode = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'Use 1-64 letters, digits and _ . : -');
/** A currency code: the merchant's ISO code, or PLAY for a free-trial account. */
const vendorCurrency = z.string().regex(/^[A-Z]{3,8}$/, 'Use a currency code such as BRL');
/** Text PostgreSQL can store: no NUL character and no lone surrogate, anywhere in the JSON. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storableJson = (v: unknown): boolean => {
  if (typeof v === 'string') return !v.includes('\0') && !LONE_SURROGATE.test(v);
  if (Array.isArray(v)) return v.every(storableJson);
  if (v && typeof v === 'object') return Object.entries(v).every(([k, x]) => storableJson(k) && storableJson(x));
  return true;
};
/** A round's outcome as the vendor describes it, kept to show the round again. At most ~32 KB. */
const roundDetail = z
  .record(z.string(), z.unknown())
  .refine((d) => JSON.stringify(d).length <= 32_768, 'detail is larger than 32 KB')
  .refine(storableJson, 'detail holds a NUL character or a lone surrogate')
  .optional();

export const SIGNATURE_HEADER = 'x-provider-signature';
export const TIMESTAMP_HEADER = 'x-provider-timestamp';

export const PROVIDER_ERROR_CODES = [
  'INVALID_SIGNATURE',
  'TIMESTAMP_EXPIRED',
  'UNKNOWN_PROVIDER',
  'PROVIDER_DISABLED',
  'INVALID_TOKEN',
  'INVALID_PLAYER',
  'INSUFFICIENT_FUNDS',
  'ACCOUNT_FROZEN',
  'TRIAL_NOT_ALLOWED',
  'TRANSACTION_CONFLICT',
  'TRANSACTION_ROLLED_BACK',
  'ROUND_NOT_FOUND',
  'ROUND_CLOSED',
  'ROUND_CONFLICT',
  'CURRENCY_MISMATCH',
  'NOT_ROLLBACKABLE',
  'DEMO_SESSION',
  /** Player protection (issue 24): the player is on a time-out, self-excluded, or past the session time limit. */
  'PLAYER_RESTRICTED',
  /** Player protection: the bet would pass the player's wager or loss limit (`value` says which and when it resets). */
  'LIMIT_REACHED',
] as const;

export const walletAnswer = z.object({ balance: moneyDigits, currency: z.string() });
export type WalletAnswer = z.infer<typeof walletAnswer>;

export const providerParams = z.object({ provider: providerCode });

/** A win's fields (the `win` call, and each item of `wins`). */
const winCall = z.strictObject({
  playerId: providerId,
  transactionId: providerId,
  roundId: providerId,
  gameCode: vendorGameCode,
  amount: vendorAmount,
  currency: vendorCurrency,
  betTransactionId: providerId.optional(),
  endRound: z.boolean().default(true),
  detail: roundDetail,
});
/** The most wins one `wins` call carries. */
export const MAX_WINS_PER_CALL = 500;

export const providerEndpoints = {
  authenticate: defineEndpoint({
    ...providerRoutes.authenticate,
    summary: 'Exchanges a one-time launch token for the player and a game session token.',
    body: z.strictObject({ launchToken: z.string().min(10).max(200) }),
    response: z.object({
      playerId: z.string(),
      sessionToken: z.string(),
      currency: z.string(),
      currencyExponent: z.number().int(),
      balance: moneyDigits,
      nickname: z.string(),
      language: z.string(),
      gameCode: z.string(),
      vassalage: z.string(),
      /** A free-trial launch: play money kept by the vendor, no wallet calls. */
      demo: z.boolean(),
      lobbyUrl: z.string().nullable(),
    }),
  }),
  balance: defineEndpoint({
    ...providerRoutes.balance,
    body: z.strictObject({ sessionToken: z.string().min(10).max(200) }),
    response: walletAnswer,
  }),
  bet: defineEndpoint({
    ...providerRoutes.bet,
    summary: 'Debits a stake. Each transactionId is applied at most once.',
    body: z.strictObject({
      sessionToken: z.string().min(10).max(200),
      playerId: providerId,
      transactionId: providerId,
      roundId: providerId,
      gameCode: vendorGameCode,
      amount: amountField('A bet is a whole number of minor units, more than zero', {
        leadingZeros: true,
        notZero: true,
      }),
      currency: vendorCurrency,
      detail: roundDetail,
    }),
    response: walletAnswer,
  }),
  win: defineEndpoint({
    ...providerRoutes.win,
    summary: 'Credits a win (zero for a loss) to an open round; endRound closes it.',
    body: winCall,
    response: walletAnswer,
  }),
  wins: defineEndpoint({
    ...providerRoutes.wins,
    summary:
      'Many wins in one signed call (a settlement paying many rounds at once): each is applied as `win` would ' +
      'apply it, at most once per transactionId, and answered on its own, in order.',
    body: z.strictObject({ wins: z.array(winCall).min(1).max(MAX_WINS_PER_CALL) }),
    response: z.object({
      results: z.array(
        z.union([
          z.object({ transactionId: z.string(), ok: z.literal(true), balance: moneyDigits, currency: z.string() }),
          z.object({
            transactionId: z.string(),
            ok: z.literal(false),
            code: z.string(),
            message: z.string(),
            retryable: z.boolean(),
          }),
        ]),
      ),
    }),
  }),
  rollback: defineEndpoint({
    ...providerRoutes.rollback,
    summary: 'Refunds a bet. A rollback of an unknown bet succeeds and refuses the bet if it arrives later.',
    body: z.strictObject({
      playerId: providerId,
      transactionId: providerId,
      betTransactionId: providerId,
      roundId: providerId,
      gameCode: vendorGameCode,
    }),
    response: walletAnswer,
  }),
  endRound: defineEndpoint({
    ...providerRoutes.endRound,
    body: z.strictObject({
      playerId: providerId,
      roundId: providerId,
      gameCode: vendorGameCode,
      detail: roundDetail,
    }),
    response: walletAnswer,
  }),
};

/* ------------------------------------------------------------------ launching (spec §4, §7) */

export const WALLET_MODELS = ['seamless', 'transfer'] as const;
export const walletModel = z.enum(WALLET_MODELS);

const launchFields = {
  nodeId: z.coerce.number().int().positive('nodeId is required').max(INT4_MAX),
  language: z.string().trim().max(10).optional(),
  platform: z.enum(['flash', 'html5-desktop', 'W', 'html5']).optional(),
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  /** 1 = free trial with play money (only where the game's supportPlay is 0). */
  demo: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')])
    .default(false),
};

export const launchValue = z.object({
  /** Path on a launchGameCDNs base (spec §7) that redirects once to the vendor's game. */
  launchPath: z.string(),
  /** The vendor's own URL, for clients that do not use the launch CDN. */
  gameUrl: z.string(),
  nodeId: z.number().int(),
  gameName: z.string(),
  gameCode: z.string(),
  gameType: gameType,
  vassalage: z.string(),
  walletModel: walletModel,
  demo: z.boolean(),
  expiresAt: z.string(),
});
export type LaunchValue = z.infer<typeof launchValue>;

export const vendorStatus = z.object({
  vassalage: z.string(),
  state: z.enum(['available', 'maintenance', 'disabled']),
  message: z.string(),
  until: z.string().nullable(),
  walletModel: walletModel,
});
export type VendorStatus = z.infer<typeof vendorStatus>;

/* ------------------------------------------------------------------ live tables (spec §7 live, decision 097) */

/** A live table in the model list: its dealer, limits, where its round is and its current road. */
export const liveTableModel = z.object({
  tableId: z.string(),
  kind: z.enum(['baccarat', 'roulette', 'dragontiger', 'sicbo', 'fantan']),
  name: z.string(),
  dealer: z.string(),
  /** Per spot, in minor units. */
  minBet: moneyDigits,
  maxBet: moneyDigits,
  /** Whether the table is dealing now. */
  open: z.boolean(),
  phase: z.enum(['betting', 'dealing', 'result']).nullable(),
  bettingEndsAt: z.number().nullable(),
  /** The latest results, newest first (baccarat: winner and pairs; roulette: number; sic bo: dice...). */
  road: z.array(z.record(z.string(), z.unknown())),
});
export type LiveTableModel = z.infer<typeof liveTableModel>;

export const liveChatValue = z.object({
  /** The vendor's page showing this table's chat (a one-time link, like a game launch). */
  chatUrl: z.string(),
  nodeId: z.number().int(),
  gameCode: z.string(),
  vassalage: z.string(),
  /** Visitors and trial accounts read the chat; only real members write. */
  readOnly: z.boolean(),
  expiresAt: z.string(),
});
export type LiveChatValue = z.infer<typeof liveChatValue>;

/* ------------------------------------------------------------------ history */

export const roundSummary = z.object({
  id: z.number().int(),
  roundId: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: z.string(),
  status: z.enum(['open', 'closed', 'refunded']),
  bet: moneyDigits,
  win: moneyDigits,
  refund: moneyDigits,
  /** win + refund − bet, may be negative. */
  profit: z.string(),
  balanceBefore: z.string().nullable(),
  balanceAfter: z.string().nullable(),
  currency: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type RoundSummary = z.infer<typeof roundSummary>;

export const roundDetailValue = roundSummary.extend({
  detail: z.record(z.string(), z.unknown()).nullable(),
  transactions: z.array(
    z.object({ transactionId: z.string(), kind: z.string(), amount: moneyDigits, createdAt: z.string() }),
  ),
});
export type RoundDetail = z.infer<typeof roundDetailValue>;

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use yyyy-MM-dd')
  .refine(isCalendarDay, 'No such day');

export const transferResult = z.object({
  vassalage: z.string(),
  amount: moneyDigits,
  status: z.enum(['succeeded', 'pending', 'failed', 'nothing']),
  message: z.string(),
});

/** A PvP room (spec §7 GLS2_roomList): its game and stake, seats and how many are taken. */
export const pvpRoom = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  /** The room's stake in minor units. */
  stake: z.string(),
  seats: z.number().int(),
  taken: z.number().int(),
  players: z.number().int(),
  /** Seats the vendor's demo bots hold (never in production). */
  bots: z.number().int(),
  phase: z.string(),
});
export const roomListValue = z.object({
  vassalage: z.string(),
  gameCode: z.string(),
  /** The vendor's rake on each winner's net win, in basis points. */
  rakeBp: z.number().int(),
  rooms: z.array(pvpRoom),
});
export type RoomListValue = z.infer<typeof roomListValue>;

export const gamePlayEndpoints = {
  gameLaunch: defineEndpoint({
    ...gamePlayRoutes.gameLaunch,
    summary: 'Launches a game (a free trial needs no login; real play needs a real account).',
    query: z.strictObject(launchFields),
    response: launchValue,
  }),
  launchGame: defineEndpoint({
    ...gamePlayRoutes.launchGame,
    body: z.strictObject(launchFields),
    response: launchValue,
  }),
  vendorStatus: defineEndpoint({
    ...gamePlayRoutes.vendorStatus,
    summary: 'Which vendors are available, under maintenance (with their message) or switched off.',
    response: z.array(vendorStatus),
  }),
  liveModels: defineEndpoint({
    ...gamePlayRoutes.liveModels,
    summary: "Spec §7 live model list: a live vendor's tables with their dealer, limits, phase and current road.",
    query: z.strictObject({
      vassalage: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_]{1,32}$/, 'a vendor code (letters, digits, _)'),
    }),
    response: z.object({ vassalage: z.string(), tables: z.array(liveTableModel) }),
  }),
  liveChat: defineEndpoint({
    ...gamePlayRoutes.liveChat,
    summary:
      'Spec §7 launch chat: the chatUrl of a live table (by its nodeId); members write there, visitors and trial accounts read.',
    query: z.strictObject({
      nodeId: z.coerce.number().int().positive('nodeId is required').max(INT4_MAX),
      language: z.string().trim().max(10).optional(),
    }),
    response: liveChatValue,
  }),
  history: defineEndpoint({
    ...gamePlayRoutes.history,
    query: z.strictObject({
      from: dateParam.optional(),
      to: dateParam.optional(),
      gameType: z.union([gameType, z.literal('ALL')]).optional(),
      vassalage: z.string().trim().max(32).optional(),
      pageNo: z.coerce.number().int().min(1).max(1000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(roundSummary),
      pageNum: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
      /** Sums over every round the filters match (not only this page). */
      totals: z.object({ bet: z.string(), win: z.string(), profit: z.string() }),
    }),
  }),
  round: defineEndpoint({
    ...gamePlayRoutes.round,
    query: z.strictObject({ id: z.coerce.number().int().positive() }),
    response: roundDetailValue,
  }),
  walletTransfer: defineEndpoint({
    ...gamePlayRoutes.walletTransfer,
    summary: 'Brings every transfer-model vendor balance back to the main wallet.',
    body: z.strictObject({}).optional(),
    response: z.object({ results: z.array(transferResult), balance: moneyDigits }),
  }),
  roomList: defineEndpoint({
    ...gamePlayRoutes.roomList,
    summary: 'A PvP game’s rooms by stake, with the seats taken (spec §7 GLS2_roomList).',
    query: z.strictObject({
      vassalage: z.string().regex(/^[A-Za-z0-9_]{1,32}$/, 'A vendor code'),
      gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'A game code'),
    }),
    response: roomListValue,
  }),
};

/* ------------------------------------------------------------------ operator: win limits and pending wins (decision 053) */

/** A vendor's code, or '*' for every vendor. */
const limitVendor = z.union([z.literal('*'), z.string().regex(/^[A-Z0-9_]{2,32}$/, 'Use a vendor code or *')]);
/** A game type, or '*' for every type. */
const limitGameType = z.enum(['*', ...GAME_TYPES]);
export const winLimit = z.object({
  vassalage: z.string(),
  gameType: z.string(),
  /** A win above this many times the round's stakes is held; null for no such limit. */
  maxMultiple: z.number().int().nullable(),
  /** A win above this amount (minor units) is held; null for no cap. */
  maxAmount: minorUnitsOut.nullable(),
  updatedAt: z.string(),
});
export type WinLimit = z.infer<typeof winLimit>;
export const winLimitBody = z.strictObject({
  vassalage: limitVendor,
  gameType: limitGameType,
  /** Both null removes the limit. */
  maxMultiple: z.number().int().min(1).max(1_000_000).nullable(),
  maxAmount: amountField('Enter whole minor units, more than zero', { trim: true, min: 1n }).nullable(),
});
export const PENDING_WIN_STATUSES = ['pending', 'paid', 'voided'] as const;
export const pendingWin = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  provider: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  roundId: z.string(),
  transactionId: z.string(),
  currency: z.string(),
  amount: minorUnitsOut,
  stake: minorUnitsOut,
  reason: z.enum(['multiple', 'cap']),
  status: z.enum(PENDING_WIN_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type PendingWin = z.infer<typeof pendingWin>;
const pendingDecision = z.strictObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  note: z
    .string()
    .trim()
    .max(300)
    .refine((v) => !v.includes('\0'), 'No NUL characters')
    .default(''),
});

/* ------------------------------------------------------------------ operator: the vendor registry */

export const registryEntry = z.object({
  vassalage: z.string(),
  provider: z.string(),
  adapter: z.string(),
  walletModel: walletModel,
  enabled: z.boolean(),
  maintenanceFrom: z.string().nullable(),
  maintenanceUntil: z.string().nullable(),
  maintenanceMessage: z.string(),
  state: vendorStatus.shape.state,
});

export const providerAdminEndpoints = {
  list: defineEndpoint({ ...providerAdminRoutes.list, response: z.array(registryEntry) }),
  update: defineEndpoint({
    ...providerAdminRoutes.update,
    body: z
      .strictObject({
        vassalage: z
          .string()
          .trim()
          .regex(/^[A-Z0-9_]{2,32}$/),
        enabled: z.boolean(),
        maintenanceFrom: z.iso.datetime({ offset: true }).nullable(),
        maintenanceUntil: z.iso.datetime({ offset: true }).nullable(),
        maintenanceMessage: z.string().trim().max(500),
      })
      .refine(
        (b) => !b.maintenanceFrom || !b.maintenanceUntil || new Date(b.maintenanceFrom) < new Date(b.maintenanceUntil),
        {
          message: 'Maintenance must end after it starts',
          path: ['maintenanceUntil'],
        },
      ),
    response: registryEntry,
  }),
  reconcile: defineEndpoint({
    ...providerAdminRoutes.reconcile,
    body: z.strictObject({
      vassalage: z
        .string()
        .trim()
        .regex(/^[A-Z0-9_]{2,32}$/),
    }),
    response: z.object({
      vassalage: z.string(),
      checkedTransfers: z.number().int(),
      resolvedPending: z.number().int(),
      /** Transfers whose final state differs between our books and the vendor's. */
      mismatches: z.array(
        z.object({ transferId: z.string(), memberId: z.number().int(), ours: z.string(), theirs: z.string() }),
      ),
    }),
  }),
  winLimits: defineEndpoint({ ...providerAdminRoutes.winLimits, response: z.array(winLimit) }),
  setWinLimit: defineEndpoint({
    ...providerAdminRoutes.setWinLimit,
    summary: 'Sets (or, with both limits null, removes) the win limit of a vendor and game type.',
    body: winLimitBody,
    response: z.array(winLimit),
  }),
  pendingWins: defineEndpoint({
    ...providerAdminRoutes.pendingWins,
    query: z.strictObject({ status: z.enum(PENDING_WIN_STATUSES).default('pending') }),
    response: z.array(pendingWin),
  }),
  payPendingWin: defineEndpoint({
    ...providerAdminRoutes.payPendingWin,
    summary: 'Pays a held win to the player (pending-win account to the wallet).',
    body: pendingDecision,
    response: pendingWin,
  }),
  voidPendingWin: defineEndpoint({
    ...providerAdminRoutes.voidPendingWin,
    summary: 'Voids a held win (pending-win account back to the house).',
    body: pendingDecision,
    response: pendingWin,
  }),
};
