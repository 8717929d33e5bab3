import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { referralOperatorRoutes, referralRoutes } from './routes/referral.ts';

/**
 * Member referral (issue 19, decision 071). A member's own code (`/register?referralCode=`) sits
 * beside the agents' codes: one code names one account; an agent's code makes a downline, a
 * member's code makes an invitee. The referrer is paid, through the wallet and once each, when
 * the invitee registers, makes a first deposit of at least the minimum, and reaches the turnover
 * target, as the operator configures (0: no reward at that stage). The programme runs while the
 * brand's `features.referral` is on (the store's REFERRAL.enabled).
 */

export const REFERRAL_STAGES = ['register', 'first_deposit', 'turnover'] as const;
export const referralStage = z.enum(REFERRAL_STAGES);
export type ReferralStage = z.infer<typeof referralStage>;

export const referralSettings = z.object({
  /** The brand's `features.referral` (read only here; the brand settings switch it). */
  enabled: z.boolean(),
  registerReward: minorUnitsOut,
  firstDepositReward: minorUnitsOut,
  firstDepositMin: minorUnitsOut,
  turnoverTarget: minorUnitsOut,
  turnoverReward: minorUnitsOut,
});
export type ReferralSettings = z.infer<typeof referralSettings>;

const money = (what: string) => amountField(`${what}: whole minor units, digits only`);

export const referralSaveBody = z
  .strictObject({
    registerReward: money('Reward on registration'),
    firstDepositReward: money('Reward on the first deposit'),
    firstDepositMin: money('Smallest first deposit'),
    turnoverTarget: money('Turnover target'),
    turnoverReward: money('Reward on the turnover'),
  })
  .superRefine((v, ctx) => {
    if (v.turnoverReward !== '0' && v.turnoverTarget === '0')
      ctx.addIssue({ code: 'custom', path: ['turnoverTarget'], message: 'A turnover reward needs a target' });
  });

export const referralInvitee = z.object({
  /** The invitee's account, partly masked. */
  account: z.string(),
  registeredAt: z.string(),
  /** registered → deposited → turnover (the furthest stage reached). */
  status: referralStage,
  deposited: z.boolean(),
  turnover: minorUnitsOut,
  /** What this invitee has earned the referrer. */
  earned: minorUnitsOut,
});
export type ReferralInvitee = z.infer<typeof referralInvitee>;

export const referralReward = z.object({
  id: z.number(),
  account: z.string(),
  stage: referralStage,
  amount: minorUnitsOut,
  createdAt: z.string(),
});
export type ReferralReward = z.infer<typeof referralReward>;

export const referralOverview = z.object({
  enabled: z.boolean(),
  /** The member's own code (made on first need); empty while the programme is off. */
  code: z.string(),
  rules: referralSettings,
  invitees: z.array(referralInvitee),
  rewards: z.array(referralReward),
  earned: minorUnitsOut,
});
export type ReferralOverview = z.infer<typeof referralOverview>;

export const referralEndpoints = {
  overview: defineEndpoint({ ...referralRoutes.overview, response: referralOverview }),
};

export const referralOperatorEndpoints = {
  /** The reward settings with a small report (invitees, rewards paid per stage). */
  settings: defineEndpoint({
    ...referralOperatorRoutes.settings,
    response: referralSettings.extend({
      report: z.object({
        referrers: z.number(),
        invitees: z.number(),
        stages: z.array(z.object({ stage: referralStage, count: z.number(), amount: minorUnitsOut })),
      }),
    }),
  }),
  save: defineEndpoint({ ...referralOperatorRoutes.save, body: referralSaveBody, response: referralSettings }),
};
