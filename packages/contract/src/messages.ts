import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES, language } from './enums.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { uploadId } from './payments.ts';
import { feedbackOperatorRoutes, feedbackRoutes, operatorMessageRoutes } from './routes/messages.ts';
import { MAX_VIP_LEVELS } from './vip.ts';
import { paged, pagingQuery, recordId } from './wallet.ts';

/**
 * Operator messages and feedback (issue 20, spec §1 messages and feedback, §3 Feedback fields,
 * §7 feedback and unread count; decision 075). An operator writes a message in the brand's
 * languages to an audience, now or at a time; members read it in messageV2 beside the platform
 * notifications (kind `operator_message`). A member's feedback (question type, description, up to 3
 * png or jpg images of at most 5 MB) is answered from the console; the answer arrives in messageV2
 * (kind `feedback_replied`), and an accepted feedback may pay the brand's reward, once.
 */

// ── Operator messages ──────────────────────────────────────────────────────────────────────────

/** Who a message reaches: everyone, an agent's team, listed members or the members of VIP levels. */
export const MESSAGE_AUDIENCE_KINDS = ['all', 'team', 'members', 'vip'] as const;
export type MessageAudienceKind = (typeof MESSAGE_AUDIENCE_KINDS)[number];

/**
 * The stored audience, checked when the message is written (names shown back as typed). A team and
 * VIP levels are resolved to their members when the message is delivered (decision 075).
 */
export type MessageAudience =
  | { kind: 'all' }
  | { kind: 'team'; agentId: number; agent: string }
  | { kind: 'members'; memberIds: number[]; usernames: string[] }
  | { kind: 'vip'; levels: number[] };

/** The most members one message may list by name. */
export const MAX_MESSAGE_MEMBERS = 500;
export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_BODY_MAX = 2000;

const texts = (max: number) =>
  z
    .partialRecord(language, z.string().trim().min(1, 'Input cannot be empty').max(max))
    .refine((v) => Object.keys(v).length > 0, `Give the text in at least one of ${LANGUAGES.join(', ')}`);

const accountName = z.string().trim().min(1, 'Input cannot be empty').max(64);

export const messageAudienceInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('all') }),
    z.strictObject({ kind: z.literal('team'), agent: accountName }),
    z.strictObject({
      kind: z.literal('members'),
      usernames: z
        .array(accountName)
        .min(1, 'List at least one member')
        .max(MAX_MESSAGE_MEMBERS, `At most ${MAX_MESSAGE_MEMBERS} members`),
    }),
    z.strictObject({
      kind: z.literal('vip'),
      /** Levels the brand has (an unknown one: 400 VIP_LEVEL_NOT_FOUND on `audience.levels`). */
      levels: z
        .array(
          z
            .number()
            .int('Levels are whole numbers')
            .min(1, `Levels are 1 to ${MAX_VIP_LEVELS}`)
            .max(MAX_VIP_LEVELS, `Levels are 1 to ${MAX_VIP_LEVELS}`),
        )
        .min(1, 'Choose at least one level')
        .max(MAX_VIP_LEVELS, `At most ${MAX_VIP_LEVELS} levels`)
        .refine((v) => new Set(v).size === v.length, 'Each level once'),
    }),
  ],
  { error: `Choose the audience: ${MESSAGE_AUDIENCE_KINDS.join(', ')}` },
);

export const operatorMessageView = z.object({
  id: z.number(),
  audience: z.object({
    kind: z.enum(MESSAGE_AUDIENCE_KINDS),
    /** The agent (team) or the listed members' accounts; VIP levels as numbers ("1", "3"). */
    names: z.array(z.string()),
  }),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  sendAt: z.string(),
  status: z.enum(['scheduled', 'sent', 'cancelled']),
  sentAt: z.string().nullable(),
  recipients: z.number(),
  /** Members who opened (marked read) it. */
  reads: z.number(),
  createdAt: z.string(),
});
export type OperatorMessageView = z.infer<typeof operatorMessageView>;

const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO date-time such as 2026-01-31T12:00:00Z' });

export const operatorMessageEndpoints = {
  list: defineEndpoint({
    ...operatorMessageRoutes.list,
    query: z.strictObject({ ...pagingQuery }),
    response: paged(operatorMessageView),
  }),
  /** Sends now (no sendAt, or a time already past) or at sendAt (at most a year ahead). */
  create: defineEndpoint({
    ...operatorMessageRoutes.create,
    body: z.strictObject({
      title: texts(MESSAGE_TITLE_MAX),
      body: texts(MESSAGE_BODY_MAX),
      audience: messageAudienceInput,
      sendAt: isoTime.optional(),
    }),
    response: operatorMessageView,
  }),
  /** Cancels a message not sent yet; 409 MESSAGE_ALREADY_SENT once it went. */
  cancel: defineEndpoint({
    ...operatorMessageRoutes.cancel,
    body: z.strictObject({ id: recordId }),
    response: operatorMessageView,
  }),
};

// ── Feedback ───────────────────────────────────────────────────────────────────────────────────

export const FEEDBACK_TYPES = [
  'deposit',
  'withdrawal',
  'games',
  'account',
  'promotion',
  'suggestion',
  'other',
] as const;
export const feedbackType = z.enum(FEEDBACK_TYPES, { error: 'Choose a question type' });
export type FeedbackType = z.infer<typeof feedbackType>;

/** pending → replied (answered, still open) → accepted (reward paid once) or rejected. */
export const FEEDBACK_STATUSES = ['pending', 'replied', 'accepted', 'rejected'] as const;
export const feedbackStatus = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof feedbackStatus>;

/** The spec leaves the length open (§5 "not shown"); the activity comment's 140 was too short. */
export const FEEDBACK_DESCRIPTION_MIN = 10;
export const FEEDBACK_DESCRIPTION_MAX = 1000;
export const FEEDBACK_MAX_IMAGES = 3;
/** The activity application's messages (spec §5, §8), used for feedback images as well. */
export const FEEDBACK_MESSAGES = {
  empty: 'Please enter content',
  tooShort: `Write at least ${FEEDBACK_DESCRIPTION_MIN} characters`,
  tooManyImages: "Can't accept upload more than 3 images",
} as const;

export const feedbackView = z.object({
  id: z.number(),
  questionType: feedbackType,
  description: z.string(),
  /** Upload ids (GET /wps/v2/uploads/:id for the member, the desk's image path for operators). */
  images: z.array(z.string()),
  status: feedbackStatus,
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** Paid on acceptance; "0" when none. */
  reward: minorUnitsOut,
  createdAt: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackView>;

export const feedbackEndpoints = {
  list: defineEndpoint({
    ...feedbackRoutes.list,
    query: z.strictObject({ ...pagingQuery }),
    response: paged(feedbackView),
  }),
  create: defineEndpoint({
    ...feedbackRoutes.create,
    body: z.strictObject({
      questionType: feedbackType,
      description: z
        .string({ error: FEEDBACK_MESSAGES.empty })
        .trim()
        .min(1, FEEDBACK_MESSAGES.empty)
        .min(FEEDBACK_DESCRIPTION_MIN, FEEDBACK_MESSAGES.tooShort)
        .max(FEEDBACK_DESCRIPTION_MAX),
      imageIds: z
        .array(uploadId)
        .max(FEEDBACK_MAX_IMAGES, FEEDBACK_MESSAGES.tooManyImages)
        .refine((v) => new Set(v).size === v.length, 'Each image once')
        .default([]),
    }),
    response: feedbackView,
  }),
};

export const feedbackDeskView = feedbackView.extend({ memberId: z.number(), account: z.string() });
export type FeedbackDeskView = z.infer<typeof feedbackDeskView>;

export const feedbackSettings = z.object({ reward: minorUnitsOut });

export const feedbackOperatorEndpoints = {
  list: defineEndpoint({
    ...feedbackOperatorRoutes.list,
    query: z.strictObject({ status: z.enum(['open', ...FEEDBACK_STATUSES]).default('open'), ...pagingQuery }),
    response: paged(feedbackDeskView),
  }),
  /**
   * Replies (the member reads it in messageV2): `replied` keeps it open; `accepted` pays the brand's
   * reward once; `rejected` closes it. 409 FEEDBACK_CLOSED once accepted or rejected.
   */
  answer: defineEndpoint({
    ...feedbackOperatorRoutes.answer,
    body: z.strictObject({
      id: recordId,
      reply: z.string().trim().min(1, FEEDBACK_MESSAGES.empty).max(FEEDBACK_DESCRIPTION_MAX),
      outcome: z.enum(['replied', 'accepted', 'rejected']),
    }),
    response: feedbackDeskView,
  }),
  settings: defineEndpoint({ ...feedbackOperatorRoutes.settings, response: feedbackSettings }),
  save: defineEndpoint({
    ...feedbackOperatorRoutes.save,
    body: z.strictObject({ reward: amountField('Use whole minor units such as 1000', { trim: true }) }),
    response: feedbackSettings,
  }),
  /** The image bytes, not an envelope. */
  image: defineEndpoint({ ...feedbackOperatorRoutes.image, response: z.null() }),
};
