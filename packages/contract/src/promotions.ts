import { z } from 'zod';
import { promotionType } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { GAME_TYPES, LANGUAGES, gameType, language } from './enums.ts';
import { serialId } from './input.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { UPLOAD_MESSAGES, uploadId } from './payments.ts';
import { promotionOperatorRoutes, promotionRoutes } from './routes/promotion.ts';
import { paged, pagingQuery, recordId } from './wallet.ts';

/**
 * Promotions that pay (issue 19, decisions 065 and 066). A promotion is data an operator configures:
 * its type (one of the spec's 11), texts per language, artwork, window, audience, trigger, reward
 * formula, wagering, claim mode and limit. A member's part in one is an entry, whose status is one
 * of spec §4's promotion activity statuses; every change of it is a recorded event.
 */

/**
 * What starts a reward (decisions 065 and 080). Deposit triggers run in the deposit's crediting
 * transaction: `first_deposit` (the member's first credited deposit), `deposit_over` (any deposit of
 * at least `minDeposit`), `daily_first_deposit` (the first deposit of the brand's day). The others
 * start when the member presses Join: `manual`, `turnover` (settled turnover in the window reached
 * `threshold`), `loss` (net loss in the window at least `threshold`), `app_download` (joined from the
 * installed app), `drop` (a red envelope or raffle drop: claim once per member per drop). `info`
 * promotions describe an offer and are never claimable.
 */
export const PROMOTION_TRIGGERS = [
  'manual',
  'first_deposit',
  'deposit_over',
  'daily_first_deposit',
  'turnover',
  'loss',
  'app_download',
  'drop',
  'info',
] as const;
export const DEPOSIT_TRIGGERS = ['first_deposit', 'deposit_over', 'daily_first_deposit'] as const;
export const promotionTrigger = z.enum(PROMOTION_TRIGGERS);
export type PromotionTrigger = z.infer<typeof promotionTrigger>;

/**
 * fixed: the amount; percent: a share of the deposit (basis points, 10000 = 100%) up to a cap;
 * percent_loss: a share of the loss up to a cap; tiers: the amount of the highest tier whose `from`
 * the basis (deposit, turnover or loss) reaches; random: drawn from a CSPRNG in [randomMin, randomMax].
 */
export const REWARD_FORMULAS = ['fixed', 'percent', 'percent_loss', 'tiers', 'random'] as const;
export const rewardFormula = z.enum(REWARD_FORMULAS);

/**
 * auto: paid when triggered; claim: the member presses Claim in the rewards centre; application:
 * the member applies with a comment and images, an operator approves (paid then) or rejects it
 * (decision 086; manual trigger only).
 */
export const CLAIM_MODES = ['auto', 'claim', 'application'] as const;
export const claimMode = z.enum(CLAIM_MODES);

/** How often a member may get the reward: once ever, or once per day of the brand's calendar. */
export const PROMOTION_LIMITS = ['once', 'daily'] as const;
export const promotionLimit = z.enum(PROMOTION_LIMITS);

/**
 * Limits beyond the member's own (decision 080): one reward per period per device (the user agent),
 * per network address, or per payee name, whoever's account it is. Unique keys in the database.
 */
export const PROMOTION_GUARDS = ['device', 'address', 'payee'] as const;
export const promotionGuard = z.enum(PROMOTION_GUARDS);
export type PromotionGuard = z.infer<typeof promotionGuard>;

/** The largest amount a random reward may draw (the CSPRNG's range limit). */
export const MAX_RANDOM_REWARD = 2 ** 47;

/**
 * all members; new members (registered on or after the promotion's start); members at one of the
 * VIP levels in `audienceIds`; the teams (downlines) of the agents whose ids are in `audienceIds`;
 * the members whose ids are in `audienceIds`.
 */
export const PROMOTION_AUDIENCES = ['all', 'new_members', 'vip', 'team', 'list'] as const;
export const promotionAudience = z.enum(PROMOTION_AUDIENCES);

/** Derived from the window and the operator's End: scheduled before the start, ended after the end. */
export const PROMOTION_STATES = ['scheduled', 'live', 'ended'] as const;
export const promotionState = z.enum(PROMOTION_STATES);
export type PromotionState = z.infer<typeof promotionState>;

/**
 * Spec §4's promotion activity statuses, as a member sees one promotion:
 * join (may take part), signed (joined: waiting for the qualifying deposit), claim (a reward to
 * claim), process (bonus paid, wagering in progress), claimed (claimed and done), issued (paid
 * without a claim and done), close (ended, forfeited or not for this member), coming_soon (not
 * started), applying (an activity application waits for an operator's review), rejected (the
 * operator refused the application; the member may apply again).
 */
export const MEMBER_PROMOTION_STATUSES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'coming_soon',
] as const;
export const memberPromotionStatus = z.enum(MEMBER_PROMOTION_STATUSES);
export type MemberPromotionStatus = z.infer<typeof memberPromotionStatus>;

/** The longest wagering multiple (times the bonus) an operator may set. */
export const MAX_WAGERING_MULTIPLE = 100;

const promotionTextFields = z.strictObject({
  title: z.string().trim().min(1, 'Give a title').max(120),
  description: z.string().trim().min(1, 'Describe the offer').max(2000),
  terms: z.string().trim().max(5000).default(''),
});
export type PromotionTexts = z.infer<typeof promotionTextFields>;

const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO date-time such as 2026-01-31T12:00:00Z' });
const money = (what: string) => amountField(`${what}: whole minor units, digits only`);

const tier = z.strictObject({ from: money('Tier start'), amount: money('Tier amount') });

const promotionFields = z.strictObject({
  type: promotionType,
  texts: z
    .partialRecord(language, promotionTextFields)
    .refine((v) => Object.keys(v).length > 0, `Give the texts in at least one of ${LANGUAGES.join(', ')}`),
  /** An image path on this site ('/cdn/banners/…') or an https URL. */
  artwork: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/[A-Za-z0-9._~\-/]+|https:\/\/[^\s"'<>]+)$/, 'Use a path on this site or an https URL')
    .nullable()
    .default(null),
  startsAt: isoTime,
  endsAt: isoTime.nullable().default(null),
  audience: promotionAudience.default('all'),
  /** vip: the levels; team: the agents' account ids; list: the members' account ids. */
  audienceIds: z.array(z.number().int().min(0).max(2_147_483_647)).max(1000).default([]),
  trigger: promotionTrigger,
  /** turnover: the turnover to reach; loss: the smallest loss that qualifies. */
  threshold: money('Threshold').default('0'),
  /** deposit_over and first_deposit: the smallest deposit that qualifies (0: any). */
  minDeposit: money('Minimum deposit').default('0'),
  formula: rewardFormula.default('fixed'),
  /** fixed: the reward. */
  amount: money('Amount').default('0'),
  /** percent: basis points of the deposit (10000 = 100%). */
  percentBp: z.number().int().min(0).max(100_000).default(0),
  /** percent: the most one reward pays. */
  cap: money('Cap').default('0'),
  /** tiers: ascending by `from`; the highest reached pays. */
  tiers: z.array(tier).max(10).default([]),
  /** random: the smallest and largest amount a draw pays. */
  randomMin: money('Smallest amount').default('0'),
  randomMax: money('Largest amount').default('0'),
  /** Times the bonus to bet before withdrawing; 0 for none. */
  wageringMultiple: z.number().int().min(0).max(MAX_WAGERING_MULTIPLE).default(0),
  /** Game types whose bets count toward the wagering; empty: all. */
  gameTypes: z.array(gameType).max(GAME_TYPES.length).default([]),
  claimMode: claimMode.default('claim'),
  limit: promotionLimit.default('once'),
  /** Once per period also per device, address or payee name. */
  guards: z.array(promotionGuard).max(PROMOTION_GUARDS.length).default([]),
  sort: z.number().int().min(-10000).max(10000).default(0),
});

/** Rules the fields alone cannot say. */
const promotionRules = (p: z.infer<typeof promotionFields>, ctx: z.RefinementCtx) => {
  const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) fail('endsAt', 'The end comes after the start');
  if (['vip', 'team', 'list'].includes(p.audience) && p.audienceIds.length === 0)
    fail('audienceIds', p.audience === 'vip' ? 'Choose the levels' : 'Give the account ids');
  if (new Set(p.guards).size !== p.guards.length) fail('guards', 'Give each limit once');
  if (p.claimMode === 'application' && p.trigger !== 'manual')
    fail('claimMode', 'An application reviewed by an operator needs the manual trigger');
  if (p.trigger === 'info') return;
  const deposit = (DEPOSIT_TRIGGERS as readonly string[]).includes(p.trigger);
  if (p.formula === 'fixed' && p.amount === '0') fail('amount', 'Give the reward amount');
  if ((p.formula === 'percent' || p.formula === 'percent_loss') && (p.percentBp === 0 || p.cap === '0'))
    fail('percentBp', 'A percentage reward needs a percentage and a cap');
  if (p.formula === 'percent' && !deposit) fail('formula', 'A percentage of the deposit needs a deposit trigger');
  if (p.formula === 'percent_loss' && p.trigger !== 'loss')
    fail('formula', 'A percentage of the loss needs the loss trigger');
  if (p.formula === 'tiers') {
    if (!deposit && p.trigger !== 'turnover' && p.trigger !== 'loss')
      fail('formula', 'Tiers need a deposit, turnover or loss trigger');
    if (p.tiers.length === 0) fail('tiers', 'Give at least one tier');
    p.tiers.forEach((t, i) => {
      if (t.amount === '0') fail('tiers', `Tier ${i + 1} pays nothing`);
      if (i > 0 && BigInt(t.from) <= BigInt(p.tiers[i - 1]!.from))
        fail('tiers', 'Each tier starts above the one before');
    });
  }
  if (p.formula === 'random') {
    if (p.randomMin === '0' || BigInt(p.randomMax) < BigInt(p.randomMin))
      fail('randomMin', 'Give the smallest amount (above 0) and a largest at least as big');
    if (BigInt(p.randomMax) > BigInt(MAX_RANDOM_REWARD)) fail('randomMax', 'The largest amount is too big');
  }
  if (p.trigger === 'drop' && p.formula !== 'random' && p.formula !== 'fixed')
    fail('formula', 'A drop pays a fixed or a random amount');
  if (p.trigger === 'turnover' && p.threshold === '0') fail('threshold', 'Give the turnover to reach');
};

export const promotionCreateBody = promotionFields.superRefine(promotionRules);
export type PromotionCreateBody = z.infer<typeof promotionFields>;
export const promotionUpdateBody = promotionFields.extend({ id: serialId }).superRefine(promotionRules);

/**
 * Activity applications (spec §5, decision 086): a comment of at most 140 characters and at most
 * 3 png or jpg images of at most 5 MB each, uploaded first (purpose 'promotion_application').
 */
export const APPLICATION_COMMENT_MAX = 140;
export const APPLICATION_MAX_IMAGES = 3;
export const APPLICATION_MESSAGES = {
  empty: 'Please enter content',
  tooManyImages: "Can't accept upload more than 3 images",
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  badType: UPLOAD_MESSAGES.badType,
} as const;
/** applying: waiting for review; approved: paid (the entry has the reward's status); rejected. */
export const APPLICATION_STATUSES = ['applying', 'approved', 'rejected'] as const;
export const applicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

/** A member's application as the member sees it (images are upload ids: GET /wps/v2/uploads/:id). */
export const promotionApplication = z.object({
  id: z.number(),
  promotionId: z.number(),
  status: applicationStatus,
  comment: z.string(),
  images: z.array(z.string()),
  /** The operator's reason (a rejection's is shown to the member). */
  reason: z.string().nullable(),
  /** The reward's entry once approved. */
  entryId: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PromotionApplication = z.infer<typeof promotionApplication>;

/** A promotion as players see it: texts in the asked language (falling back to the brand's first). */
export const publicPromotion = z.object({
  id: z.number(),
  type: promotionType,
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  artwork: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: promotionState,
  trigger: promotionTrigger,
  formula: rewardFormula,
  amount: minorUnitsOut,
  percentBp: z.number(),
  cap: minorUnitsOut,
  minDeposit: minorUnitsOut,
  threshold: minorUnitsOut,
  tiers: z.array(z.object({ from: minorUnitsOut, amount: minorUnitsOut })),
  randomMin: minorUnitsOut,
  randomMax: minorUnitsOut,
  wageringMultiple: z.number(),
  gameTypes: z.array(gameType),
  claimMode: claimMode,
  limit: promotionLimit,
  guards: z.array(promotionGuard),
  audience: promotionAudience,
  /** The signed-in member's status; null for visitors. */
  myStatus: memberPromotionStatus.nullable(),
  /** The member's current entry (to claim it), if any. */
  entryId: z.number().nullable(),
  /** Application promotions: the member's latest application this period, if any. */
  application: promotionApplication.nullable(),
});
export type PublicPromotion = z.infer<typeof publicPromotion>;

/** One reward of a member (an entry): what it pays, its status and its wagering. */
export const promotionEntry = z.object({
  id: z.number(),
  promotionId: z.number(),
  title: z.string(),
  type: promotionType,
  status: memberPromotionStatus,
  amount: minorUnitsOut,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  wagering: z.object({
    required: minorUnitsOut,
    achieved: minorUnitsOut,
    remaining: minorUnitsOut,
    met: z.boolean(),
    gameTypes: z.array(gameType),
  }),
});
export type PromotionEntry = z.infer<typeof promotionEntry>;

/** One draw of a red envelope or raffle: what was drawn from the range, and when it was paid. */
export const raffleDraw = z.object({
  entryId: z.number(),
  promotionId: z.number(),
  title: z.string(),
  /** The drawn amount (minor units). */
  amount: minorUnitsOut,
  /** The range it was drawn from (a fixed drop: both are the amount). */
  randomMin: minorUnitsOut,
  randomMax: minorUnitsOut,
  /** The brand's day of a daily drop, or 'once'. */
  period: z.string(),
  status: memberPromotionStatus,
  drawnAt: z.string(),
  paidAt: z.string().nullable(),
  /** Betting required before withdrawing (the promotion's multiple times the amount). */
  wageringRequired: minorUnitsOut,
});
export type RaffleDraw = z.infer<typeof raffleDraw>;

const entryBody = z.strictObject({ entryId: serialId, language: language.default('PT') });

export const promotionEndpoints = {
  list: defineEndpoint({
    ...promotionRoutes.list,
    query: z.strictObject({ language: language.default('PT') }),
    response: z.object({ list: z.array(publicPromotion) }),
  }),
  /** Takes part in a manual-apply promotion: pays (auto) or makes the reward claimable (claim). */
  join: defineEndpoint({
    ...promotionRoutes.join,
    body: z.strictObject({
      promotionId: serialId,
      language: language.default('PT'),
      /** The installed app joins app-download promotions with this set. */
      fromApp: z.boolean().default(false),
    }),
    response: promotionEntry,
  }),
  claim: defineEndpoint({ ...promotionRoutes.claim, body: entryBody, response: promotionEntry }),
  /** The rewards centre: rewards to claim (the menu's badge is their count) and the history. */
  rewards: defineEndpoint({
    ...promotionRoutes.rewards,
    query: z.strictObject({ language: language.default('PT') }),
    response: z.object({ claimable: z.array(promotionEntry), history: z.array(promotionEntry), count: z.number() }),
  }),
  /** Every bonus paid, with its wagering progress and state. */
  bonuses: defineEndpoint({
    ...promotionRoutes.bonuses,
    query: z.strictObject({ language: language.default('PT') }),
    response: z.object({ list: z.array(promotionEntry) }),
  }),
  /** Gives up a bonus still in wagering: what is left of it goes back, its lock ends. */
  forfeit: defineEndpoint({ ...promotionRoutes.forfeit, body: entryBody, response: promotionEntry }),
  /**
   * Applies to an application-reviewed promotion (claim mode `application`): the member's status
   * becomes `applying` until an operator decides. 409 APPLICATION_PENDING while one waits.
   */
  apply: defineEndpoint({
    ...promotionRoutes.apply,
    body: z.strictObject({
      promotionId: serialId,
      comment: z
        .string({ error: APPLICATION_MESSAGES.empty })
        .trim()
        .min(1, APPLICATION_MESSAGES.empty)
        .max(APPLICATION_COMMENT_MAX, `Write at most ${APPLICATION_COMMENT_MAX} characters`),
      imageIds: z
        .array(uploadId)
        .max(APPLICATION_MAX_IMAGES, APPLICATION_MESSAGES.tooManyImages)
        .refine((v) => new Set(v).size === v.length, 'Each image once')
        .default([]),
      language: language.default('PT'),
    }),
    response: promotionApplication,
  }),
  /**
   * Spec §7's raffle promotion claim: draws a live red-envelope or raffle drop (trigger `drop`) for
   * the member, once per drop, and pays the drawn amount at once (decision 089).
   */
  raffleClaim: defineEndpoint({
    ...promotionRoutes.raffleClaim,
    body: z.strictObject({ promotionId: serialId, language: language.default('PT') }),
    /** The draw, paid, and the member's balance with it. */
    response: z.object({ draw: raffleDraw, balance: minorUnitsOut }),
  }),
  /** The member's draws, newest first (one drop: `promotionId`). */
  raffleDraws: defineEndpoint({
    ...promotionRoutes.raffleDraws,
    query: z.strictObject({ promotionId: serialId.optional(), language: language.default('PT') }),
    response: z.object({ list: z.array(raffleDraw) }),
  }),
};

/** An application on the console's review queue: who applied, to what, and the decision. */
export const deskApplication = promotionApplication.extend({
  memberId: z.number(),
  account: z.string(),
  promotionTitle: z.string(),
  promotionType: promotionType,
  /** What approving pays: the fixed amount, or the random range "min-max" as two fields. */
  amount: minorUnitsOut,
  randomMax: minorUnitsOut.nullable(),
  decidedBy: z.number().nullable(),
});
export type DeskApplication = z.infer<typeof deskApplication>;

/** A promotion as the console edits it: every language's texts and every setting. */
export const operatorPromotion = z.object({
  id: z.number(),
  type: promotionType,
  texts: z.partialRecord(language, z.object({ title: z.string(), description: z.string(), terms: z.string() })),
  artwork: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  state: promotionState,
  audience: promotionAudience,
  audienceIds: z.array(z.number()),
  trigger: promotionTrigger,
  minDeposit: minorUnitsOut,
  threshold: minorUnitsOut,
  formula: rewardFormula,
  amount: minorUnitsOut,
  percentBp: z.number(),
  cap: minorUnitsOut,
  tiers: z.array(z.object({ from: minorUnitsOut, amount: minorUnitsOut })),
  randomMin: minorUnitsOut,
  randomMax: minorUnitsOut,
  wageringMultiple: z.number(),
  gameTypes: z.array(gameType),
  claimMode: claimMode,
  limit: promotionLimit,
  guards: z.array(promotionGuard),
  sort: z.number(),
  updatedAt: z.string(),
});
export type OperatorPromotion = z.infer<typeof operatorPromotion>;

export const promotionReport = z.object({
  id: z.number(),
  /** Members with an entry. */
  members: z.number(),
  /** Rewards paid, and their total. */
  paid: z.number(),
  cost: minorUnitsOut,
  /** Rewards waiting for a claim, and their total. */
  waiting: z.number(),
  waitingAmount: minorUnitsOut,
  /** Bonuses given up, and what came back. */
  forfeited: z.number(),
  returned: minorUnitsOut,
  /** Bets the paid bonuses' holders placed (in counted game types) since each was paid (the wagering). */
  turnover: minorUnitsOut,
  /** Members paid by it (test accounts left out of every figure, decision 084). */
  takers: z.number(),
  /** Settled turnover of those members, every game, since their first payment by it (decision 089). */
  playTurnover: minorUnitsOut,
  /** The house's GGR from those members over the same rounds (stake less refunds less wins). */
  ggr: minorUnitsOut,
  /** GGR less the bonus cost (paid less returned by forfeits); negative when the promotion lost money. */
  netOfBonus: minorUnitsOut,
  byStatus: z.partialRecord(memberPromotionStatus, z.number()),
});
export type PromotionReport = z.infer<typeof promotionReport>;

export const promotionOperatorEndpoints = {
  list: defineEndpoint({
    ...promotionOperatorRoutes.list,
    query: z.strictObject({ state: promotionState.optional() }),
    response: z.object({ list: z.array(operatorPromotion) }),
  }),
  create: defineEndpoint({ ...promotionOperatorRoutes.create, body: promotionCreateBody, response: operatorPromotion }),
  update: defineEndpoint({ ...promotionOperatorRoutes.update, body: promotionUpdateBody, response: operatorPromotion }),
  /** Ends a promotion now: no new entries; rewards already waiting may still be claimed. */
  end: defineEndpoint({
    ...promotionOperatorRoutes.end,
    body: z.strictObject({ id: serialId, reason: z.string().trim().min(1, 'Say why').max(200) }),
    response: operatorPromotion,
  }),
  report: defineEndpoint({
    ...promotionOperatorRoutes.report,
    query: z.strictObject({ id: serialId }),
    response: promotionReport,
  }),
  /** The applications to review (oldest waiting first), or the decided ones. */
  applications: defineEndpoint({
    ...promotionOperatorRoutes.applications,
    query: z.strictObject({ status: applicationStatus.default('applying'), ...pagingQuery }),
    response: paged(deskApplication),
  }),
  /**
   * Approves (pays the reward through the wallet, once: key `promo:<entry>`) or rejects with a
   * reason the member sees. 409 APPLICATION_DECIDED once decided.
   */
  decide: defineEndpoint({
    ...promotionOperatorRoutes.decide,
    body: z
      .strictObject({
        id: recordId,
        outcome: z.enum(['approve', 'reject']),
        reason: z.string().trim().max(200).default(''),
      })
      .refine((b) => b.outcome === 'approve' || b.reason.length > 0, {
        path: ['reason'],
        message: 'Say why the application is rejected',
      }),
    response: deskApplication,
  }),
  /** An application's image (purpose 'promotion_application' only), the bytes, not an envelope. */
  image: defineEndpoint({ ...promotionOperatorRoutes.image, response: z.null() }),
};
