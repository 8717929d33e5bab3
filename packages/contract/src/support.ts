import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { supportOperatorRoutes, supportRoutes } from './routes/support.ts';
import { paged, pagingQuery, recordId } from './wallet.ts';

/**
 * The customer-service chat (issue 17, decision 057): the spec's "chat room" between a member (or
 * agent) and the brand's operators. A member has at most one open conversation; an operator closes
 * it; the member's next message starts a new one, and the history runs across all of them. Each
 * side has its read marker (the last message it has seen), so unread counts are "the other side's
 * messages after my marker".
 */

/** The longest message, in characters; longer ones are refused, not cut. */
export const SUPPORT_MESSAGE_MAX = 1000;
/** Messages a member may send per minute (429 RATE_LIMITED beyond). */
export const SUPPORT_MESSAGES_PER_MINUTE = 10;

/**
 * The `path` of a customer-service entry that opens the in-app chat room instead of an outside
 * link (the demo brand's LIVE_CHAT entry carries it).
 */
export const IN_APP_CHAT_PATH = 'app:chat' as const;

// Control characters other than tab and newline, and UTF-16 halves without their pair, are not text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const LONE_SURROGATE = /\p{Cs}/u;

/** A message as a person typed it: trimmed, 1 to 1000 characters of plain text (never HTML). */
export const supportText = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(SUPPORT_MESSAGE_MAX, `Use at most ${SUPPORT_MESSAGE_MAX} characters`)
  .refine((s) => !CONTROL.test(s), 'The message contains characters that are not text')
  .refine((s) => !LONE_SURROGATE.test(s), 'The message contains characters that are not text');

export const SUPPORT_AUTHORS = ['member', 'operator'] as const;
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const supportStatus = z.enum(SUPPORT_STATUSES);

export const supportMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  author: z.enum(SUPPORT_AUTHORS),
  /** The answering operator's username (operator messages only); the member sees it as a name. */
  operatorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportConversationRef = z.object({ id: z.number(), status: supportStatus });

/** A page of the member's history, newest page first; `before` asks for older messages. */
export const supportHistory = z.object({
  /** Oldest first within the page. */
  list: z.array(supportMessage),
  hasMore: z.boolean(),
  /** The conversation the next message joins, or null when it starts a new one. */
  open: supportConversationRef.nullable(),
  /** Conversations of this member an operator has closed, so the room can mark where each ended. */
  closedIds: z.array(z.number()),
  unread: z.number(),
});

export const supportEndpoints = {
  history: defineEndpoint({
    ...supportRoutes.history,
    query: z.strictObject({
      before: recordId.optional(),
      pageSize: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: supportHistory,
  }),
  send: defineEndpoint({
    ...supportRoutes.send,
    body: z.strictObject({ body: supportText }),
    response: supportMessage,
  }),
  read: defineEndpoint({
    ...supportRoutes.read,
    body: z.strictObject({}),
    response: z.object({ unread: z.number() }),
  }),
  unread: defineEndpoint({ ...supportRoutes.unread, response: z.object({ count: z.number() }) }),
};

export const supportConversation = z.object({
  id: z.number(),
  status: supportStatus,
  memberId: z.number(),
  account: z.string(),
  isAgent: z.boolean(),
  assignedTo: z.string().nullable(),
  /** Member messages the operators have not read yet. */
  unread: z.number(),
  lastMessage: z.string().nullable(),
  lastAuthor: z.enum(SUPPORT_AUTHORS).nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

const conversationId = z.strictObject({ conversationId: recordId });

export const supportOperatorEndpoints = {
  /** The desk's list: one status, conversations with unread messages first, then the latest. */
  conversations: defineEndpoint({
    ...supportOperatorRoutes.conversations,
    query: z.strictObject({ status: supportStatus.default('open'), ...pagingQuery }),
    response: paged(supportConversation),
  }),
  /** One conversation and its messages (the whole thread; a conversation is short). */
  thread: defineEndpoint({
    ...supportOperatorRoutes.thread,
    query: z.strictObject({ conversationId: recordId }),
    response: z.object({ conversation: supportConversation, messages: z.array(supportMessage) }),
  }),
  read: defineEndpoint({
    ...supportOperatorRoutes.read,
    body: conversationId,
    response: z.object({ unread: z.number() }),
  }),
  answer: defineEndpoint({
    ...supportOperatorRoutes.answer,
    body: z.strictObject({ conversationId: recordId, body: supportText }),
    response: supportMessage,
  }),
  close: defineEndpoint({ ...supportOperatorRoutes.close, body: conversationId, response: supportConversation }),
  assign: defineEndpoint({ ...supportOperatorRoutes.assign, body: conversationId, response: supportConversation }),
  /** Open conversations with unread member messages (the console's badge). */
  unread: defineEndpoint({ ...supportOperatorRoutes.unread, response: z.object({ count: z.number() }) }),
};

/**
 * What the live feed (decision 027) carries for the chat, as event `support`: a member hears of an
 * operator's answer (and its unread count); operators of the brand hear that a conversation moved.
 * It only says "look again": the messages are read through the endpoints above.
 */
export type SupportLiveEvent = {
  conversationId: number;
  messageId: number | null;
  /** The receiving member's unread count (member feed only). */
  unread: number | null;
  change: 'message' | 'answer' | 'closed' | 'assigned' | 'read';
};
