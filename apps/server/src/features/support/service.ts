import {
  isAgentType,
  SUPPORT_MESSAGES_PER_MINUTE,
  type SupportConversation,
  type SupportLiveEvent,
  type SupportMessage,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { NotificationService } from '../notification/service.ts';
import type { OperatorService } from '../operator/service.ts';
import * as data from './data.ts';

/**
 * The customer-service chat (issue 17, decision 057): a member (or agent) writes, the brand's
 * support operators answer from the console desk. State lives in the database; the live feed only
 * tells the other side to look again, after the change has committed.
 *
 *   await support.send({ merchantId, memberId }, 'Where is my deposit?');
 *   await support.answer(operator, { conversationId, body: 'Credited a minute ago.' }, ip);
 */

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };

export interface SupportDeps {
  db: Db;
  limiter: RateLimiter;
  notifications: NotificationService;
  /** The operators' audit log; every desk action writes one entry (in the action's transaction). */
  audit: OperatorService['audit'];
  /** Messages per member per minute (default SUPPORT_MESSAGES_PER_MINUTE). */
  messagesPerMinute?: number;
}

const messageView = (r: data.MessageRow): SupportMessage => ({
  id: r.id,
  conversationId: r.conversationId,
  author: r.author,
  operatorName: r.author === 'operator' ? r.operatorName : null,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
});

const conversationView = (r: data.ConversationRow): SupportConversation => ({
  id: r.id,
  status: r.status,
  memberId: r.memberId,
  account: r.account,
  isAgent: isAgentType(r.memberType),
  assignedTo: r.assignedTo,
  unread: r.unread,
  lastMessage: r.lastMessage,
  lastAuthor: r.lastAuthor,
  lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});

const notFound = () => new AppError('NOT_FOUND', 'No such conversation', 404);

export const createSupportService = ({
  db,
  limiter,
  notifications,
  audit,
  messagesPerMinute = SUPPORT_MESSAGES_PER_MINUTE,
}: SupportDeps) => {
  /** Tells both sides that a conversation moved; the member's feed also carries their unread count. */
  const announce = async (
    merchantId: number,
    memberId: number,
    event: Omit<SupportLiveEvent, 'unread'>,
    toMember: boolean,
  ) => {
    await notifications.operatorsSupportChanged(merchantId, { ...event, unread: null });
    if (toMember) {
      await notifications.supportChanged(memberId, { ...event, unread: await data.memberUnread(db, memberId) });
    }
  };

  const conversationOf = async (op: Operator, id: number) => {
    const row = await data.findConversation(db, op.merchantId, id);
    if (!row) throw notFound();
    return conversationView(row);
  };

  return {
    /** The member's history across conversations, a page at a time (newest page first). */
    async history(member: Member, q: { before?: number | undefined; pageSize: number }) {
      const [rows, conversations, unread] = await Promise.all([
        data.memberMessages(db, member.memberId, q.before ?? null, q.pageSize + 1),
        data.memberConversations(db, member.memberId),
        data.memberUnread(db, member.memberId),
      ]);
      const page = rows.slice(0, q.pageSize).reverse();
      const open = conversations.find((c) => c.status === 'open') ?? null;
      return {
        // Staff logins stay inside the console: the member sees "customer service", not a username.
        list: page.map((r) => ({ ...messageView(r), operatorName: null })),
        hasMore: rows.length > q.pageSize,
        open,
        closedIds: conversations.filter((c) => c.status === 'closed').map((c) => c.id),
        unread,
      };
    },

    /** A member's message: joins the open conversation, or starts one when none is open. */
    async send(member: Member, body: string): Promise<SupportMessage> {
      const hit = await limiter.hit('support.send', `${member.merchantId}:${member.memberId}`, {
        limit: messagesPerMinute,
        windowMs: 60_000,
      });
      if (!hit.allowed) {
        throw new AppError('RATE_LIMITED', 'You are sending messages too fast; wait a moment', 429, {
          retryAfterSeconds: Math.max(1, Math.ceil(hit.retryAfterMs / 1000)),
        });
      }
      const message = await db.transaction(async (tx) => {
        // An operator may close the conversation between our insert and our lock: then open anew.
        for (let attempt = 0; attempt < 3; attempt++) {
          await data.openConversation(tx, member.merchantId, member.memberId);
          const open = await data.lockOpenConversation(tx, member.memberId);
          if (!open) continue;
          return data.insertMessage(tx, {
            merchantId: member.merchantId,
            memberId: member.memberId,
            conversationId: open.id,
            author: 'member',
            operatorId: null,
            body,
          });
        }
        throw new AppError('CONFLICT', 'The conversation changed; send the message again', 409);
      });
      await announce(
        member.merchantId,
        member.memberId,
        { conversationId: message.conversationId, messageId: message.id, change: 'message' },
        false,
      );
      return messageView(message);
    },

    async markRead(member: Member) {
      await data.markMemberRead(db, member.memberId);
      return { unread: await data.memberUnread(db, member.memberId) };
    },

    unread: (member: Member) => data.memberUnread(db, member.memberId),

    // ── The operators' desk ────────────────────────────────────────────────────────────────────

    async conversations(op: Operator, q: { status: 'open' | 'closed'; page: number; pageSize: number }) {
      const { rows, total } = await data.deskConversations(
        db,
        op.merchantId,
        q.status,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return {
        list: rows.map(conversationView),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async thread(op: Operator, conversationId: number) {
      const conversation = await conversationOf(op, conversationId);
      const messages = await data.conversationMessages(db, conversationId);
      return { conversation, messages: messages.map(messageView) };
    },

    async read(op: Operator, conversationId: number, ip: string) {
      await conversationOf(op, conversationId);
      await data.markOperatorRead(db, op.merchantId, conversationId);
      await audit(op, 'support.read', `support_conversation:${conversationId}`, {}, ip);
      const conversation = await conversationOf(op, conversationId);
      await notifications.operatorsSupportChanged(op.merchantId, {
        conversationId,
        messageId: null,
        unread: null,
        change: 'read',
      });
      return { unread: conversation.unread };
    },

    /** An operator's answer; answering an unassigned conversation takes it. A closed one is refused. */
    async answer(op: Operator, input: { conversationId: number; body: string }, ip: string) {
      const { message, memberId } = await db.transaction(async (tx) => {
        const c = await data.lockConversation(tx, op.merchantId, input.conversationId);
        if (!c) throw notFound();
        if (c.status !== 'open') {
          throw new AppError('CONFLICT', 'This conversation is closed; the member starts a new one by writing', 409);
        }
        const message = await data.insertMessage(tx, {
          merchantId: op.merchantId,
          memberId: c.memberId,
          conversationId: c.id,
          author: 'operator',
          operatorId: op.operatorId,
          body: input.body,
        });
        await audit(
          op,
          'support.answer',
          `support_conversation:${c.id}`,
          { messageId: message.id, length: input.body.length },
          ip,
          tx,
        );
        return { message, memberId: c.memberId };
      });
      await announce(
        op.merchantId,
        memberId,
        { conversationId: input.conversationId, messageId: message.id, change: 'answer' },
        true,
      );
      return messageView(message);
    },

    async close(op: Operator, conversationId: number, ip: string) {
      const memberId = await db.transaction(async (tx) => {
        const c = await data.lockConversation(tx, op.merchantId, conversationId);
        if (!c) throw notFound();
        if (c.status !== 'open') throw new AppError('CONFLICT', 'This conversation is already closed', 409);
        await data.closeConversation(tx, c.id, op.operatorId);
        await audit(op, 'support.close', `support_conversation:${c.id}`, {}, ip, tx);
        return c.memberId;
      });
      await announce(op.merchantId, memberId, { conversationId, messageId: null, change: 'closed' }, true);
      return conversationOf(op, conversationId);
    },

    /** Takes the conversation: the desk shows who is answering it. */
    async assign(op: Operator, conversationId: number, ip: string) {
      const memberId = await db.transaction(async (tx) => {
        const c = await data.lockConversation(tx, op.merchantId, conversationId);
        if (!c) throw notFound();
        if (c.status !== 'open') throw new AppError('CONFLICT', 'This conversation is closed', 409);
        await data.assignConversation(tx, c.id, op.operatorId);
        await audit(
          op,
          'support.assign',
          `support_conversation:${c.id}`,
          { from: c.assignedOperatorId, to: op.operatorId },
          ip,
          tx,
        );
        return c.memberId;
      });
      await announce(op.merchantId, memberId, { conversationId, messageId: null, change: 'assigned' }, false);
      return conversationOf(op, conversationId);
    },

    deskUnread: (op: Operator) => data.deskUnread(db, op.merchantId),
  };
};

export type SupportService = ReturnType<typeof createSupportService>;
