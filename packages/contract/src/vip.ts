import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { vipOperatorRoutes, vipRoutes } from './routes/vip.ts';

/**
 * VIP (issue 20, decision 074). The operator configures levels 1…n: a name, an SVG icon, the
 * deposits and/or valid turnover over a window that reach the level, what keeps it at the monthly
 * review, and its perks (one-off upgrade bonus, weekly, monthly and birthday bonuses, a daily
 * withdrawal limit, a points-exchange bonus; rebate rates per level live on the rebate desk).
 * Level 0 is a member below the first level (no label).
 */

/** At most this many levels per brand. */
export const MAX_VIP_LEVELS = 12;
/** An icon is an SVG drawing of at most this many characters. */
export const MAX_VIP_ICON_CHARS = 8000;
export const VIP_MATCHES = ['all', 'any'] as const;
export const vipMatch = z.enum(VIP_MATCHES);
export const VIP_BONUS_KINDS = ['upgrade', 'weekly', 'monthly', 'birthday'] as const;
export const vipBonusKind = z.enum(VIP_BONUS_KINDS);
export type VipBonusKind = (typeof VIP_BONUS_KINDS)[number];

/** A level as everyone reads it (the perks table and the console). */
export const vipLevelView = z.object({
  level: z.number(),
  name: z.string(),
  icon: z.string(),
  depositMin: minorUnitsOut,
  turnoverMin: minorUnitsOut,
  keepDeposit: minorUnitsOut,
  keepTurnover: minorUnitsOut,
  upgradeBonus: minorUnitsOut,
  weeklyBonus: minorUnitsOut,
  monthlyBonus: minorUnitsOut,
  birthdayBonus: minorUnitsOut,
  /** The daily withdrawal limit at this level; null: the brand's wallet rules. */
  withdrawDailyMax: minorUnitsOut.nullable(),
  withdrawDailyCount: z.number().nullable(),
  /** Extra cash on points converted in the mall, basis points (500 = +5%). */
  pointsBonusBp: z.number(),
  /** Rebate rates at this level, basis points per game type (from the rebate desk). */
  rebate: z.array(z.object({ gameType: z.string(), rateBp: z.number() })),
});
export type VipLevelView = z.infer<typeof vipLevelView>;

export const vipBonusView = z.object({
  id: z.number(),
  kind: vipBonusKind,
  level: z.number(),
  period: z.string(),
  amount: minorUnitsOut,
  createdAt: z.string(),
});
export type VipBonusView = z.infer<typeof vipBonusView>;

export const vipOverview = z.object({
  /** The brand's VIP club is on (features.vip). */
  enabled: z.boolean(),
  level: z.number(),
  /** The current level's name; null at level 0. */
  name: z.string().nullable(),
  windowDays: z.number(),
  match: vipMatch,
  /** What the window holds now. */
  deposits: minorUnitsOut,
  turnover: minorUnitsOut,
  /** The next level and exactly what is missing to reach it (0 when that part is met); null at the top. */
  next: z
    .object({
      level: z.number(),
      name: z.string(),
      depositMissing: minorUnitsOut,
      turnoverMissing: minorUnitsOut,
      /** 0…100: how far along the window is towards the next level. */
      percent: z.number(),
    })
    .nullable(),
  levels: z.array(vipLevelView),
  history: z.array(vipBonusView),
});
export type VipOverview = z.infer<typeof vipOverview>;

export const vipEndpoints = {
  overview: defineEndpoint({ ...vipRoutes.overview, response: vipOverview }),
};

const money = (what: string) => amountField(`${what}: whole minor units (digits only)`);
const optionalMoney = (what: string) => money(what).nullable();

export const vipLevelInput = z.strictObject({
  name: z.string().trim().min(1, 'Give the level a name').max(30, 'At most 30 characters'),
  icon: z
    .string()
    .trim()
    .max(MAX_VIP_ICON_CHARS, `At most ${MAX_VIP_ICON_CHARS} characters`)
    .refine((v) => v === '' || (/^<svg[\s>]/.test(v) && /<\/svg>$/.test(v)), 'An SVG drawing: <svg …>…</svg>')
    .refine((v) => !/<script|\son[a-z]+\s*=|javascript:/i.test(v), 'No scripts in an icon'),
  depositMin: money('Deposits'),
  turnoverMin: money('Turnover'),
  keepDeposit: money('Deposits to keep'),
  keepTurnover: money('Turnover to keep'),
  upgradeBonus: money('Upgrade bonus'),
  weeklyBonus: money('Weekly bonus'),
  monthlyBonus: money('Monthly bonus'),
  birthdayBonus: money('Birthday bonus'),
  withdrawDailyMax: optionalMoney('Daily withdrawal limit'),
  withdrawDailyCount: z.number().int().min(1).max(100).nullable(),
  pointsBonusBp: z.number().int('Whole basis points').min(0).max(5000, 'At most 5000 basis points (+50%)'),
});
export type VipLevelInput = z.infer<typeof vipLevelInput>;

const bigOf = (v: string) => BigInt(/^[0-9]{1,15}$/.test(v) ? v : '0');

export const vipSaveBody = z
  .strictObject({
    windowDays: z.number().int().min(1).max(365),
    match: vipMatch,
    /** Level 1 first; each level asks at least as much as the one before, and something more. */
    levels: z.array(vipLevelInput).max(MAX_VIP_LEVELS, `At most ${MAX_VIP_LEVELS} levels`),
  })
  .superRefine((body, ctx) => {
    body.levels.forEach((l, i) => {
      const prev = body.levels[i - 1];
      const d = bigOf(l.depositMin);
      const t = bigOf(l.turnoverMin);
      if (d === 0n && t === 0n)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'depositMin'], message: 'Set a deposit or a turnover' });
      if (
        prev &&
        (d < bigOf(prev.depositMin) ||
          t < bigOf(prev.turnoverMin) ||
          (d === bigOf(prev.depositMin) && t === bigOf(prev.turnoverMin)))
      )
        ctx.addIssue({
          code: 'custom',
          path: ['levels', i, 'depositMin'],
          message: 'Each level asks at least as much as the one before, and more of something',
        });
    });
  });

export type VipSaveBody = z.infer<typeof vipSaveBody>;

export const vipSettingsView = z.object({
  windowDays: z.number(),
  match: vipMatch,
  levels: z.array(vipLevelView),
});
export type VipSettingsView = z.infer<typeof vipSettingsView>;

export const vipReport = z.object({
  days: z.number(),
  /** Members per level (level 0: members without a level). */
  distribution: z.array(z.object({ level: z.number(), name: z.string().nullable(), members: z.number() })),
  /** Bonuses paid in the last `days` days per kind. */
  bonuses: z.array(z.object({ kind: vipBonusKind, count: z.number(), amount: minorUnitsOut })),
});
export type VipReport = z.infer<typeof vipReport>;

export const vipOperatorEndpoints = {
  settings: defineEndpoint({ ...vipOperatorRoutes.settings, response: vipSettingsView }),
  /** Saves the window, the rule and every level (audited); members' levels follow at the next review. */
  save: defineEndpoint({ ...vipOperatorRoutes.save, body: vipSaveBody, response: vipSettingsView }),
  report: defineEndpoint({
    ...vipOperatorRoutes.report,
    query: z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(30) }),
    response: vipReport,
  }),
};
