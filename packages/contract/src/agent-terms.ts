import { z } from 'zod';
import { amountField, parseMinorUnits } from './money.ts';
import { CONTRACT_PERIODS } from './enums.ts';

/**
 * Agent contract terms (spec §3 "Contract"): the kinds, their rate tiers and the fields each tier
 * carries, in the spec's names. Shared by the server (which validates offers and settles them) and
 * the web contract form (whose resolver uses the same schema, so it is never more lenient).
 *
 * Money is a decimal string of minor units; rates are integer basis points (1 = 0.01 %).
 */
export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export const contractKind = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof contractKind>;
export const contractPeriodType = z.enum(CONTRACT_PERIODS);
export type ContractPeriodType = z.infer<typeof contractPeriodType>;

/** Non-negative minor units as a decimal string (at most 15 digits: far beyond any real figure). */
export const minorUnits = amountField('Enter an amount in whole minor units', { trim: true });
export const rateBps = z
  .number({ error: 'Enter a rate' })
  .int('Rates are whole basis points (1 = 0.01 %)')
  .min(0, 'A rate cannot be negative')
  .max(10_000, 'A rate cannot exceed 100 %');
const memberCount = z.number().int().min(0).max(1_000_000);
export const MAX_TIERS = 20;

/** Dividend: a share (`rate`) of the team's net loss in the period. */
export const dividendTier = z.strictObject({
  /** The team's valid bets in the period must reach this. */
  periodValidBet: minorUnits,
  /** The team's net loss (members' bets minus wins) in the period must reach this. */
  periodProfitLoss: minorUnits,
  /** Members whose valid bets reach the contract's active threshold. */
  activeMemberCount: memberCount,
  rate: rateBps,
});

/** Daily and hourly salary: a rate on the team's valid bets of the day (or hour). */
export const salaryTier = z.strictObject({
  /** The team's valid bets in the day (daily) or hour (hourly) must reach this. */
  betAmount: minorUnits,
  activeMemberCount: memberCount,
  /** Applied when the team ends the period in profit (members won more than they bet). */
  profitSalaryRate: rateBps,
  /** Applied when the team ends the period at a loss or even. */
  lossSalaryRate: rateBps,
});

/** Real-time salary (every 5 minutes): a rate on each bet of at least `singleBetAmount`. */
export const realtimeTier = z.strictObject({
  singleBetAmount: minorUnits,
  /** Applied to a bet the member won. */
  profitSalaryRate: rateBps,
  /** Applied to a bet the member lost or drew. */
  lossSalaryRate: rateBps,
});

export type DividendTier = z.infer<typeof dividendTier>;
export type SalaryTier = z.infer<typeof salaryTier>;
export type RealtimeTier = z.infer<typeof realtimeTier>;

const tiers = <T extends z.ZodType>(t: T) =>
  z.array(t).min(1, 'Add at least one tier').max(MAX_TIERS, `At most ${MAX_TIERS} tiers`);

const dividendTerms = z.strictObject({
  kind: z.literal('dividend'),
  periodType: contractPeriodType,
  /** A member is active in the period when their valid bets reach this. */
  activeThreshold: minorUnits,
  tiers: tiers(dividendTier),
});
const dailyTerms = z.strictObject({ kind: z.literal('daily'), activeThreshold: minorUnits, tiers: tiers(salaryTier) });
const hourlyTerms = z.strictObject({
  kind: z.literal('hourly'),
  activeThreshold: minorUnits,
  tiers: tiers(salaryTier),
});
const realtimeTerms = z.strictObject({ kind: z.literal('realtime'), tiers: tiers(realtimeTier) });

/** Threshold fields per kind (a tier is reached when every threshold is met) and rate fields. */
export const TIER_THRESHOLDS = {
  dividend: ['periodValidBet', 'periodProfitLoss', 'activeMemberCount'],
  daily: ['betAmount', 'activeMemberCount'],
  hourly: ['betAmount', 'activeMemberCount'],
  realtime: ['singleBetAmount'],
} as const satisfies Record<ContractKind, readonly string[]>;
export const TIER_RATES = {
  dividend: ['rate'],
  daily: ['profitSalaryRate', 'lossSalaryRate'],
  hourly: ['profitSalaryRate', 'lossSalaryRate'],
  realtime: ['profitSalaryRate', 'lossSalaryRate'],
} as const satisfies Record<ContractKind, readonly string[]>;

/** A threshold or rate as a number to compare; one that is not a number counts as 0 (its field says why). */
const num = (v: unknown): bigint =>
  typeof v === 'number'
    ? Number.isSafeInteger(v)
      ? BigInt(v)
      : 0n
    : (parseMinorUnits(String(v).trim(), { signed: true, leadingZeros: true }) ?? 0n);

/**
 * Tiers go up: each tier's thresholds are at least the previous tier's (and not all equal), and
 * its rates at least the previous tier's. This keeps "which tier applies" unambiguous and makes
 * the rate cap between an upline and its downline checkable tier by tier.
 */
export const checkTierOrder = (
  kind: ContractKind,
  list: readonly Record<string, unknown>[],
): { path: (string | number)[]; message: string }[] => {
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (let i = 1; i < list.length; i++) {
    const prev = list[i - 1]!;
    const cur = list[i]!;
    let allEqual = true;
    for (const f of TIER_THRESHOLDS[kind]) {
      const a = num(prev[f]);
      const b = num(cur[f]);
      if (b < a)
        issues.push({ path: ['tiers', i, f], message: 'Each tier must ask at least as much as the tier before it' });
      if (a !== b) allEqual = false;
    }
    if (allEqual) issues.push({ path: ['tiers', i], message: 'Two tiers cannot have the same thresholds' });
    for (const f of TIER_RATES[kind]) {
      if (num(cur[f]) < num(prev[f])) {
        issues.push({ path: ['tiers', i, f], message: 'A higher tier cannot pay a lower rate' });
      }
    }
  }
  return issues;
};

export const contractTerms = z
  .discriminatedUnion('kind', [dividendTerms, dailyTerms, hourlyTerms, realtimeTerms])
  .superRefine((terms, ctx) => {
    for (const issue of checkTierOrder(terms.kind, terms.tiers)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ContractTerms = z.infer<typeof contractTerms>;
