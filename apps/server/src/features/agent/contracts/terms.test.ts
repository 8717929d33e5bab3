import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contractTerms, type ContractTerms } from '@app/contract';
import { chooseTier, computePay, exceedsUpline, rateCapIssues, type TeamFigures } from './terms.ts';

const fig = (p: Partial<TeamFigures>): TeamFigures => ({
  rounds: 10,
  bet: 0n,
  validBet: 0n,
  win: 0n,
  activeMembers: 0,
  ...p,
});

const dividend: ContractTerms = {
  kind: 'dividend',
  periodType: 'W',
  activeThreshold: '10000',
  tiers: [
    { periodValidBet: '100000', periodProfitLoss: '10000', activeMemberCount: 3, rate: 1000 },
    { periodValidBet: '1000000', periodProfitLoss: '100000', activeMemberCount: 10, rate: 2000 },
  ],
};
const daily: ContractTerms = {
  kind: 'daily',
  activeThreshold: '5000',
  tiers: [
    { betAmount: '100000', activeMemberCount: 2, profitSalaryRate: 20, lossSalaryRate: 50 },
    { betAmount: '500000', activeMemberCount: 5, profitSalaryRate: 40, lossSalaryRate: 80 },
  ],
};
const realtime: ContractTerms = {
  kind: 'realtime',
  tiers: [
    { singleBetAmount: '1000', profitSalaryRate: 10, lossSalaryRate: 30 },
    { singleBetAmount: '10000', profitSalaryRate: 20, lossSalaryRate: 60 },
  ],
};

describe('contract terms (shared schema)', () => {
  it('accepts well-formed terms of every kind', () => {
    for (const t of [dividend, daily, realtime]) expect(contractTerms.safeParse(t).success).toBe(true);
  });

  it('refuses tiers that go down, repeat, or pay less higher up, one message per field', () => {
    const r = contractTerms.safeParse({
      ...daily,
      tiers: [
        { betAmount: '500000', activeMemberCount: 5, profitSalaryRate: 40, lossSalaryRate: 80 },
        { betAmount: '100000', activeMemberCount: 5, profitSalaryRate: 10, lossSalaryRate: 80 },
        { betAmount: '100000', activeMemberCount: 5, profitSalaryRate: 10, lossSalaryRate: 80 },
      ],
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['tiers.1.betAmount', 'tiers.1.profitSalaryRate', 'tiers.2']));
  });

  it('refuses rates above 100 %, fractional rates, negative or decimal amounts and unknown fields', () => {
    const bad = [
      { ...dividend, tiers: [{ ...dividend.tiers[0], rate: 10_001 }] },
      { ...dividend, tiers: [{ ...dividend.tiers[0], rate: 1.5 }] },
      { ...daily, activeThreshold: '-1' },
      { ...daily, activeThreshold: '12.50' },
      { ...realtime, activeThreshold: '0' },
      { ...dividend, periodType: 'Y' },
      { ...daily, tiers: [] },
    ];
    for (const t of bad) expect(contractTerms.safeParse(t).success).toBe(false);
  });
});

describe('tier choice and pay', () => {
  it('chooses the highest tier whose every threshold is met', () => {
    expect(chooseTier([1, 5, 9], (t) => t <= 6)).toBe(1);
    expect(chooseTier([1, 5, 9], (t) => t <= 0)).toBeNull();
  });

  it('dividend: the reached tier rate on the net loss, with the working kept', () => {
    const w = computePay(dividend, {
      figures: fig({ bet: 1_200_000n, validBet: 1_100_000n, win: 1_000_000n, activeMembers: 12 }),
    });
    // net loss 200,000 reaches tier 1 (needs 100,000 loss, 1,000,000 valid bet, 10 active): 20 %
    expect(w.tierIndex).toBe(1);
    expect(w.rate).toBe(2000);
    expect(w.base).toBe('200000');
    expect(w.amount).toBe('40000');
    expect(w.figures).toMatchObject({
      netLoss: '200000',
      profitLoss: '-200000',
      activeMembers: 12,
      activeThreshold: '10000',
    });
    expect(w.reason).toBeNull();
  });

  it('dividend: a missed threshold drops a tier; a team in profit pays nothing', () => {
    const fewActive = computePay(dividend, {
      figures: fig({ bet: 1_200_000n, validBet: 1_100_000n, win: 1_000_000n, activeMembers: 9 }),
    });
    expect(fewActive.tierIndex).toBe(0);
    expect(fewActive.amount).toBe('20000');
    const won = computePay(dividend, {
      figures: fig({ bet: 1_000_000n, validBet: 1_000_000n, win: 1_500_000n, activeMembers: 20 }),
    });
    expect(won.amount).toBe('0');
    expect(won.tierIndex).toBeNull();
    expect(won.reason).toBe('no_tier_reached');
    const none = computePay(dividend, { figures: fig({ rounds: 0 }) });
    expect(none.reason).toBe('no_activity');
  });

  it('daily salary: the loss rate when the team lost, the profit rate when it won, rounded down', () => {
    const lost = computePay(daily, {
      figures: fig({ bet: 600_033n, validBet: 600_033n, win: 100n, activeMembers: 6 }),
    });
    expect(lost.tierIndex).toBe(1);
    expect(lost.rate).toBe(80);
    expect(lost.amount).toBe('4800'); // 600,033 × 0.8 % = 4,800.26 → 4,800
    const won = computePay(daily, {
      figures: fig({ bet: 600_000n, validBet: 600_000n, win: 700_000n, activeMembers: 6 }),
    });
    expect(won.rate).toBe(40);
    expect(won.amount).toBe('2400');
    const short = computePay(daily, { figures: fig({ bet: 99_999n, validBet: 99_999n, activeMembers: 9 }) });
    expect(short.amount).toBe('0');
    expect(short.reason).toBe('no_tier_reached');
  });

  it('real-time salary: each bet rated by its own size and outcome, rounded once at the end', () => {
    const w = computePay(realtime, {
      rounds: [
        { bet: 999n, validBet: 999n, win: 0n }, // below every tier
        { bet: 5_000n, validBet: 5_000n, win: 0n }, // tier 0, lost: 0.3 %
        { bet: 5_000n, validBet: 5_000n, win: 9_000n }, // tier 0, won: 0.1 %
        { bet: 20_000n, validBet: 20_000n, win: 0n }, // tier 1, lost: 0.6 %
        { bet: 20_001n, validBet: 20_001n, win: 20_001n }, // tier 1, a draw counts as not won
      ],
    });
    // 5000×30 + 5000×10 + 20000×60 + 20001×60 = 150000+50000+1200000+1200060 = 2600060 → /10000 = 260
    expect(w.amount).toBe('260');
    expect(w.base).toBe('50001');
    expect(w.buckets).toEqual([
      { tierIndex: 0, profitRounds: 1, profitValidBet: '5000', lossRounds: 1, lossValidBet: '5000' },
      { tierIndex: 1, profitRounds: 0, profitValidBet: '0', lossRounds: 2, lossValidBet: '40001' },
    ]);
    expect(w.figures.rounds).toBe(5);
    expect(computePay(realtime, { rounds: [{ bet: 10n, validBet: 10n, win: 0n }] }).reason).toBe('no_qualifying_bets');
  });

  it('pay is never negative and never more than the base (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 50 }),
        (bet, win, active) => {
          for (const t of [dividend, daily]) {
            const w = computePay(t, { figures: fig({ bet, validBet: bet, win, activeMembers: active }) });
            expect(BigInt(w.amount)).toBeGreaterThanOrEqual(0n);
            expect(BigInt(w.amount)).toBeLessThanOrEqual(BigInt(w.base));
          }
        },
      ),
    );
  });
});

describe('rate cap: a downline never gets more than its upline', () => {
  it('accepts an offer at or below the upline at every tier', () => {
    const offer: ContractTerms = {
      ...daily,
      activeThreshold: '5000',
      tiers: [
        { betAmount: '200000', activeMemberCount: 2, profitSalaryRate: 20, lossSalaryRate: 40 },
        { betAmount: '600000', activeMemberCount: 5, profitSalaryRate: 40, lossSalaryRate: 80 },
      ],
    };
    expect(rateCapIssues(offer, daily)).toEqual([]);
  });

  it('refuses a rate above what the upline receives at the same thresholds', () => {
    const offer: ContractTerms = {
      ...daily,
      tiers: [{ betAmount: '100000', activeMemberCount: 2, profitSalaryRate: 20, lossSalaryRate: 51 }],
    };
    expect(rateCapIssues(offer, daily)).toEqual([
      { path: ['tiers', 0, 'lossSalaryRate'], message: 'Cannot exceed your own rate of 50 at this tier' },
    ]);
  });

  it('refuses a tier below the upline’s lowest (the upline would receive nothing there)', () => {
    const offer: ContractTerms = {
      ...daily,
      tiers: [{ betAmount: '50000', activeMemberCount: 2, profitSalaryRate: 1, lossSalaryRate: 0 }],
    };
    expect(rateCapIssues(offer, daily).map((i) => i.path.join('.'))).toEqual(['tiers.0.profitSalaryRate']);
  });

  it('refuses an easier active threshold, another dividend period, or a kind the upline lacks', () => {
    expect(rateCapIssues({ ...daily, activeThreshold: '4999' }, daily).map((i) => i.path[0])).toEqual([
      'activeThreshold',
    ]);
    expect(rateCapIssues({ ...dividend, periodType: 'M' }, dividend).map((i) => i.path[0])).toEqual(['periodType']);
    expect(rateCapIssues(daily, null)).toHaveLength(1);
    expect(rateCapIssues(daily, realtime)[0]!.path).toEqual(['kind']);
  });

  it('a lowered upline contract makes an existing downline contract exceed it', () => {
    const lowered: ContractTerms = {
      ...daily,
      tiers: [{ betAmount: '100000', activeMemberCount: 2, profitSalaryRate: 20, lossSalaryRate: 30 }],
    };
    expect(exceedsUpline(daily, lowered)).toBe(true);
    expect(exceedsUpline(lowered, daily)).toBe(false);
  });

  it('whatever the figures, an offer that passes the cap pays at most what the upline earns on the same figures', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 80 }),
        (bet, win, active, p, l) => {
          const offer: ContractTerms = {
            ...daily,
            tiers: [
              {
                betAmount: '150000',
                activeMemberCount: 3,
                profitSalaryRate: Math.min(p, 20),
                lossSalaryRate: Math.min(l, 50),
              },
            ],
          };
          if (rateCapIssues(offer, daily).length) return;
          const f = fig({ bet, validBet: bet, win, activeMembers: active });
          expect(BigInt(computePay(offer, { figures: f }).amount)).toBeLessThanOrEqual(
            BigInt(computePay(daily, { figures: f }).amount),
          );
        },
      ),
    );
  });
});
