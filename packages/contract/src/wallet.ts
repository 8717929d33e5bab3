import { z } from 'zod';
import { isCalendarDay, serialId } from './input.ts';
import { defineEndpoint } from './endpoint.ts';
import { amountField, amountsInOrder, minorUnitsOut } from './money.ts';
import { walletRoutes } from './routes/wallet.ts';
import { walletOperatorRoutes } from './routes/wallet-operator.ts';

/**
 * Wallet (spec §1 wallet features, §2 member info balance and member-centre pages, §3 store values,
 * §7 /wps/v2/wallets/balance, merchant wallet, consolidated funds, member transaction detail).
 * Money on the wire is a decimal string of minor units ("12345" = R$ 123.45); the currency's
 * exponent comes with the balance so clients format it. Days are yyyy-MM-dd in the brand's time
 * zone, both ends included.
 */

/** Signed minor units, as the server answers them. */
export const signedMinorUnits = minorUnitsOut;
/** A positive amount typed by a person, in whole minor units. */
export const amountInput = amountField('Enter an amount greater than zero', { trim: true, min: 1n });
/** A client-made id that makes a request safe to retry: the money moves once per id. */
export const requestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A request id is 8 to 64 letters, digits, _ or -');
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-MM-dd')
  .refine(isCalendarDay, 'No such day');
/** An id of a row with a `bigserial` key. */
export const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
  });
export const pagingQuery = { page, pageSize };
/** The longest range the history and profit pages accept. */
export const MAX_WALLET_RANGE_DAYS = 93;

/** Transaction types the member sees, each grouping ledger movement kinds. */
export const TX_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'transfer',
  'bonus',
  'adjustment',
  'other',
] as const;
export const txType = z.enum(TX_TYPES);
export type TxType = z.infer<typeof txType>;
export const TX_KINDS_BY_TYPE: Record<Exclude<TxType, 'other'>, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_return', 'withdrawal_refund'],
  bet: ['bet'],
  win: ['win'],
  rollback: ['rollback'],
  transfer: [
    'transfer',
    'transfer_upline',
    'agent_transfer',
    'transfer_in',
    'transfer_out',
    'transfer_revert',
    'red_envelope',
    'red_envelope_claim',
    'red_envelope_refund',
  ],
  bonus: [
    'bonus',
    'salary',
    'dividend',
    'commission',
    'rebate',
    'promotion',
    'promotion_forfeit',
    'points',
    'referral',
    'mission',
    'leaderboard',
    'vip',
  ],
  adjustment: ['adjustment'],
};
export const txTypeOfKind = (kind: string): TxType => {
  for (const [type, kinds] of Object.entries(TX_KINDS_BY_TYPE)) if (kinds.includes(kind)) return type as TxType;
  return 'other';
};

export const balanceValue = z.object({
  balance: signedMinorUnits,
  currency: z.string(),
  currencySymbol: z.string(),
  currencyExponent: z.number().int(),
  /** Trial accounts hold play money, never real money. */
  playMoney: z.boolean(),
});

export const merchantWalletValue = z.object({
  /** The brand keeps its players' money in this platform's wallet (deposits, withdrawals, transfers). */
  hasMerchantWallet: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyExponent: z.number().int(),
});

export const gameWalletBalance = z.object({
  vassalage: z.string(),
  balance: signedMinorUnits,
  status: z.enum(['ok', 'unavailable']),
});

/** The consolidated funds call (spec §6): every place the member's money is. */
export const fundsValue = z.object({
  main: signedMinorUnits,
  pendingWithdrawal: signedMinorUnits,
  gameWallets: z.array(gameWalletBalance),
  total: signedMinorUnits,
  currency: z.string(),
  turnover: z.object({
    required: signedMinorUnits,
    achieved: signedMinorUnits,
    remaining: signedMinorUnits,
    met: z.boolean(),
  }),
});

export const txRow = z.object({
  /** The posting's id: unique per row of the member's history. */
  id: z.number(),
  transactionId: z.number(),
  type: txType,
  kind: z.string(),
  /** Signed change of the member's balance. */
  amount: signedMinorUnits,
  balanceAfter: signedMinorUnits,
  createdAt: z.string(),
  reference: z.string().nullable(),
  gameType: z.string().nullable(),
});

export const txDetail = txRow.extend({
  gameRef: z.string().nullable(),
  /** The other side of a transfer, when it is a person. */
  counterparty: z.string().nullable(),
  /** Free-text context: reason of an adjustment, remark of a transfer, … */
  note: z.string().nullable(),
  /** For bets: whether a rollback reversed it. */
  rolledBack: z.boolean(),
});

const profitFigures = {
  bets: signedMinorUnits,
  wins: signedMinorUnits,
  bonuses: signedMinorUnits,
  /** wins + bonuses − bets (rolled-back bets are not counted). */
  net: signedMinorUnits,
};
export const profitValue = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  days: z.array(
    z.object({ day: z.string(), deposits: signedMinorUnits, withdrawals: signedMinorUnits, ...profitFigures }),
  ),
  gameTypes: z.array(z.object({ gameType: z.string(), ...profitFigures })),
  totals: z.object({ deposits: signedMinorUnits, withdrawals: signedMinorUnits, ...profitFigures }),
});

export const walletSettings = z.object({
  merchantWallet: z.boolean(),
  withdrawMin: signedMinorUnits,
  withdrawMax: signedMinorUnits,
  withdrawDailyMax: signedMinorUnits,
  withdrawDailyCount: z.number().int(),
  /** Minutes after payment before an unconfirmed withdrawal counts as received. */
  autoConfirmMinutes: z.number().int(),
  /** Turnover required per deposit, in percent of the deposit (100 = bet it once). */
  turnoverPercent: z.number().int(),
  transferMin: signedMinorUnits,
  transferMax: signedMinorUnits,
  transferDailyMax: signedMinorUnits,
  maxBankAccounts: z.number().int(),
});
export type WalletSettings = z.infer<typeof walletSettings>;

const settingsAmount = amountField('Enter whole minor units', { trim: true });
export const walletSettingsBody = z
  .strictObject({
    merchantWallet: z.boolean(),
    withdrawMin: settingsAmount,
    withdrawMax: settingsAmount,
    withdrawDailyMax: settingsAmount,
    withdrawDailyCount: z.number().int().min(1).max(1000),
    autoConfirmMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30),
    turnoverPercent: z.number().int().min(0).max(10_000),
    transferMin: settingsAmount,
    transferMax: settingsAmount,
    transferDailyMax: settingsAmount,
    maxBankAccounts: z.number().int().min(1).max(20),
  })
  .refine((b) => amountsInOrder(b.withdrawMin, b.withdrawMax), {
    path: ['withdrawMax'],
    message: 'The maximum is below the minimum',
  })
  .refine((b) => amountsInOrder(b.withdrawMax, b.withdrawDailyMax), {
    path: ['withdrawDailyMax'],
    message: 'The daily maximum is below one withdrawal',
  })
  .refine((b) => amountsInOrder(b.transferMin, b.transferMax), {
    path: ['transferMax'],
    message: 'The maximum is below the minimum',
  })
  .refine((b) => amountsInOrder(b.transferMax, b.transferDailyMax), {
    path: ['transferDailyMax'],
    message: 'The daily maximum is below one transfer',
  });

const rangeQuery = { from: isoDay.optional(), to: isoDay.optional() };

export const walletEndpoints = {
  balance: defineEndpoint({
    ...walletRoutes.balance,
    query: z.strictObject({ t: z.coerce.number().int().nonnegative().optional() }),
    response: balanceValue,
  }),
  merchantWallet: defineEndpoint({ ...walletRoutes.merchantWallet, response: merchantWalletValue }),
  funds: defineEndpoint({
    ...walletRoutes.funds,
    response: fundsValue,
    summary: 'Consolidated funds: only for real accounts, and only when the brand’s agent policy is on.',
  }),
  transactions: defineEndpoint({
    ...walletRoutes.transactions,
    query: z.strictObject({ type: z.enum(['ALL', ...TX_TYPES]).default('ALL'), ...rangeQuery, ...pagingQuery }),
    response: paged(txRow),
  }),
  transaction: defineEndpoint({
    ...walletRoutes.transaction,
    response: txDetail,
    summary: 'Member transaction detail (spec §7); 404 unless it moved the caller’s own wallet.',
  }),
  profit: defineEndpoint({ ...walletRoutes.profit, query: z.strictObject(rangeQuery), response: profitValue }),
};

export const walletOperatorEndpoints = {
  findMember: defineEndpoint({
    ...walletOperatorRoutes.findMember,
    query: z.strictObject({ username: z.string().trim().min(1).max(40) }),
    response: z.object({
      id: z.number(),
      username: z.string(),
      type: z.number(),
      status: z.string(),
      balance: signedMinorUnits,
      currency: z.string(),
    }),
  }),
  adjust: defineEndpoint({
    ...walletOperatorRoutes.adjust,
    body: z.strictObject({
      memberId: serialId,
      /** Signed: positive credits the member, negative debits. */
      amount: amountField('Enter a non-zero amount in whole minor units', { trim: true, signed: true, notZero: true }),
      reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(300),
      requestId,
    }),
    response: z.object({ transactionId: z.number(), balance: signedMinorUnits, replay: z.boolean() }),
  }),
  settings: defineEndpoint({ ...walletOperatorRoutes.settings, response: walletSettings }),
  setSettings: defineEndpoint({
    ...walletOperatorRoutes.setSettings,
    body: walletSettingsBody,
    response: walletSettings,
  }),
  ledgerCheck: defineEndpoint({
    ...walletOperatorRoutes.ledgerCheck,
    response: z.object({
      ok: z.boolean(),
      breaches: z.array(z.object({ invariant: z.number(), what: z.string(), count: z.number() })),
      stats: z.object({
        accounts: z.number(),
        transactions: z.number(),
        postings: z.number(),
        tombstones: z.number(),
        rollbacks: z.number(),
      }),
    }),
  }),
};
