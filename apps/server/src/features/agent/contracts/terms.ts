import {
  TIER_RATES,
  TIER_THRESHOLDS,
  type ContractKind,
  type ContractTerms,
  type DividendTier,
  type RealtimeTier,
  type SalaryTier,
} from '@app/contract';

/**
 * Contract pay rules (pure): which tier a period's figures reach, what that pays, and the working
 * kept with every settlement so an agent can see why it paid what it paid. All money is bigint
 * minor units; rates are basis points; every amount is rounded down to the minor unit once, at the
 * end, so a settlement never pays a fraction the ledger cannot hold.
 */

const BPS = 10_000n;

/** A team's figures for one period, summed over its rounds (members' point of view). */
export interface TeamFigures {
  rounds: number;
  bet: bigint;
  validBet: bigint;
  win: bigint;
  /** Members whose valid bets in the period reach the contract's active threshold. */
  activeMembers: number;
}

/** One round, for real-time salary (rated bet by bet). */
export interface RoundFigure {
  bet: bigint;
  validBet: bigint;
  win: bigint;
}

export interface RealtimeBucket {
  tierIndex: number;
  profitRounds: number;
  profitValidBet: string;
  lossRounds: number;
  lossValidBet: string;
}

/** Everything that went into a settlement amount, stored with the record (JSON-safe). */
export interface Working {
  kind: ContractKind;
  figures: {
    rounds: number;
    bet: string;
    validBet: string;
    win: string;
    /** Members' profit and loss: wins minus bets (negative when the team lost). */
    profitLoss: string;
    /** The team's net loss: bets minus wins (the house's gain), what dividends share. */
    netLoss: string;
    activeMembers: number;
    activeThreshold: string | null;
  };
  /** Index of the tier reached, or null when none. */
  tierIndex: number | null;
  tier: DividendTier | SalaryTier | RealtimeTier | null;
  /** The rate that applied (basis points), null for real-time (rated bet by bet, see buckets). */
  rate: number | null;
  /** What the rate was applied to. */
  base: string;
  buckets?: RealtimeBucket[];
  amount: string;
  /** Why nothing was paid, when nothing was. */
  reason: 'no_tier_reached' | 'team_not_in_loss' | 'no_qualifying_bets' | 'no_activity' | null;
}

const b = (v: string | number) => BigInt(v);
const mulRate = (base: bigint, rate: number) => (base * BigInt(rate)) / BPS;

/** The highest tier whose every threshold the figures meet; tiers are sorted upwards. */
export const chooseTier = <T>(list: readonly T[], reached: (t: T) => boolean): number | null => {
  for (let i = list.length - 1; i >= 0; i--) if (reached(list[i]!)) return i;
  return null;
};

const figuresOf = (f: TeamFigures, activeThreshold: string | null): Working['figures'] => ({
  rounds: f.rounds,
  bet: f.bet.toString(),
  validBet: f.validBet.toString(),
  win: f.win.toString(),
  profitLoss: (f.win - f.bet).toString(),
  netLoss: (f.bet - f.win).toString(),
  activeMembers: f.activeMembers,
  activeThreshold,
});

/** Dividend: the reached tier's rate on the team's net loss; nothing when the team did not lose. */
const payDividend = (terms: Extract<ContractTerms, { kind: 'dividend' }>, f: TeamFigures): Working => {
  const netLoss = f.bet - f.win;
  const i = chooseTier(
    terms.tiers,
    (t) =>
      f.validBet >= b(t.periodValidBet) && netLoss >= b(t.periodProfitLoss) && f.activeMembers >= t.activeMemberCount,
  );
  const tier = i === null ? null : terms.tiers[i]!;
  const amount = tier && netLoss > 0n ? mulRate(netLoss, tier.rate) : 0n;
  return {
    kind: 'dividend',
    figures: figuresOf(f, terms.activeThreshold),
    tierIndex: i,
    tier,
    rate: tier?.rate ?? null,
    base: (netLoss > 0n ? netLoss : 0n).toString(),
    amount: amount.toString(),
    reason: f.rounds === 0 ? 'no_activity' : !tier ? 'no_tier_reached' : netLoss <= 0n ? 'team_not_in_loss' : null,
  };
};

/** Daily and hourly salary: the reached tier's profit or loss rate on the team's valid bets. */
const paySalary = (terms: Extract<ContractTerms, { kind: 'daily' | 'hourly' }>, f: TeamFigures): Working => {
  const i = chooseTier(terms.tiers, (t) => f.validBet >= b(t.betAmount) && f.activeMembers >= t.activeMemberCount);
  const tier = i === null ? null : terms.tiers[i]!;
  const teamInProfit = f.win > f.bet;
  const rate = tier ? (teamInProfit ? tier.profitSalaryRate : tier.lossSalaryRate) : null;
  const amount = rate === null ? 0n : mulRate(f.validBet, rate);
  return {
    kind: terms.kind,
    figures: figuresOf(f, terms.activeThreshold),
    tierIndex: i,
    tier,
    rate,
    base: f.validBet.toString(),
    amount: amount.toString(),
    reason: f.rounds === 0 ? 'no_activity' : !tier ? 'no_tier_reached' : null,
  };
};

/** Real-time salary: every bet is rated on its own by the tier its size reaches and its outcome. */
const payRealtime = (terms: Extract<ContractTerms, { kind: 'realtime' }>, rounds: readonly RoundFigure[]): Working => {
  const buckets = new Map<number, { pr: number; pv: bigint; lr: number; lv: bigint }>();
  let weighted = 0n;
  let qualifying = 0n;
  const totals: TeamFigures = { rounds: 0, bet: 0n, validBet: 0n, win: 0n, activeMembers: 0 };
  for (const r of rounds) {
    totals.rounds += 1;
    totals.bet += r.bet;
    totals.validBet += r.validBet;
    totals.win += r.win;
    const i = chooseTier(terms.tiers, (t) => r.validBet >= b(t.singleBetAmount));
    if (i === null || r.validBet <= 0n) continue;
    const tier = terms.tiers[i]!;
    const won = r.win > r.bet;
    const bucket = buckets.get(i) ?? { pr: 0, pv: 0n, lr: 0, lv: 0n };
    if (won) {
      bucket.pr += 1;
      bucket.pv += r.validBet;
    } else {
      bucket.lr += 1;
      bucket.lv += r.validBet;
    }
    buckets.set(i, bucket);
    weighted += r.validBet * BigInt(won ? tier.profitSalaryRate : tier.lossSalaryRate);
    qualifying += r.validBet;
  }
  const amount = weighted / BPS;
  const top = buckets.size ? Math.max(...buckets.keys()) : null;
  return {
    kind: 'realtime',
    figures: figuresOf(totals, null),
    tierIndex: top,
    tier: top === null ? null : terms.tiers[top]!,
    rate: null,
    base: qualifying.toString(),
    buckets: [...buckets.entries()]
      .sort(([x], [y]) => x - y)
      .map(([tierIndex, v]) => ({
        tierIndex,
        profitRounds: v.pr,
        profitValidBet: v.pv.toString(),
        lossRounds: v.lr,
        lossValidBet: v.lv.toString(),
      })),
    amount: amount.toString(),
    reason: totals.rounds === 0 ? 'no_activity' : top === null ? 'no_qualifying_bets' : null,
  };
};

export type PeriodInput = { figures: TeamFigures } | { rounds: readonly RoundFigure[] };

/** Figures in, tier chosen, amount out. */
export const computePay = (terms: ContractTerms, input: PeriodInput): Working => {
  if (terms.kind === 'realtime') {
    if (!('rounds' in input)) throw new TypeError('Real-time salary is rated bet by bet: pass rounds');
    return payRealtime(terms, input.rounds);
  }
  if (!('figures' in input)) throw new TypeError(`${terms.kind} pay needs period figures`);
  return terms.kind === 'dividend' ? payDividend(terms, input.figures) : paySalary(terms, input.figures);
};

/** The valid-bet threshold that makes a member active under these terms (real-time has none). */
export const activeThresholdOf = (terms: ContractTerms): bigint | null =>
  terms.kind === 'realtime' ? null : b(terms.activeThreshold);

export interface CapIssue {
  path: (string | number)[];
  message: string;
}

/**
 * "A downline's offered rates can't exceed what its upline receives." For each tier offered, the
 * upline's own terms are evaluated at that tier's thresholds (the upline's team contains the
 * downline's, so whenever the downline reaches the tier the upline reaches at least that) and every
 * rate must be at most the upline's. The offer must also count members as active no more easily
 * than the upline's contract does, and a dividend must use the upline's period.
 */
export const rateCapIssues = (offer: ContractTerms, upline: ContractTerms | null): CapIssue[] => {
  if (!upline || upline.kind !== offer.kind) {
    return [{ path: ['kind'], message: 'You cannot offer a contract of a kind you do not hold yourself' }];
  }
  const issues: CapIssue[] = [];
  if (offer.kind === 'dividend' && upline.kind === 'dividend' && offer.periodType !== upline.periodType) {
    issues.push({ path: ['periodType'], message: `A dividend offer must use your own period (${upline.periodType})` });
  }
  const own = activeThresholdOf(upline);
  const offered = activeThresholdOf(offer);
  if (own !== null && offered !== null && offered < own) {
    issues.push({ path: ['activeThreshold'], message: `The active threshold cannot be lower than your own (${own})` });
  }
  const thresholds = TIER_THRESHOLDS[offer.kind] as readonly string[];
  const rates = TIER_RATES[offer.kind] as readonly string[];
  const uplineTiers = upline.tiers as readonly Record<string, string | number>[];
  (offer.tiers as readonly Record<string, string | number>[]).forEach((tier, ti) => {
    const ui = chooseTier(uplineTiers, (u) => thresholds.every((f) => b(u[f]!) <= b(tier[f]!)));
    for (const f of rates) {
      const cap = ui === null ? 0 : Number(uplineTiers[ui]![f]);
      if (Number(tier[f]) > cap) {
        issues.push({ path: ['tiers', ti, f], message: `Cannot exceed your own rate of ${cap} at this tier` });
      }
    }
  });
  return issues;
};

/** True when a downline's terms would pay more than the upline's (new) terms allow. */
export const exceedsUpline = (downline: ContractTerms, upline: ContractTerms | null): boolean =>
  rateCapIssues(downline, upline).length > 0;
