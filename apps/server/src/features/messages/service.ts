import type { BodyOf, MessageAudience, OperatorMessageView, operatorMessageEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { JobRunner } from '../../lib/jobs.ts';
import type { NotificationService, NotificationView } from '../notification/service.ts';
import type { AuditLog } from '../operator/service.ts';
import * as data from './data.ts';

type Operator = { merchantId: number; operatorId: number };
type NewMessage = BodyOf<typeof operatorMessageEndpoints.create>;

export const MESSAGE_DELIVER_JOB = 'messages.deliver';
const YEAR_MS = 366 * 86_400_000;

export interface MessageDeps {
  db: Db;
  jobs: Pick<JobRunner, 'enqueue'>;
  notifications: NotificationService;
  audit: AuditLog;
  /** The VIP feature (decision 074): the brand's levels, and a level's members at delivery. */
  vip: {
    levelNames: (merchantId: number, at?: Db) => Promise<{ level: number; name: string }[]>;
    membersOfLevel: (merchantId: number, level: number, at?: Db) => Promise<number[]>;
  };
  now?: () => Date;
}

const audienceNames = (a: MessageAudience): string[] =>
  a.kind === 'team' ? [a.agent] : a.kind === 'members' ? a.usernames : a.kind === 'vip' ? a.levels.map(String) : [];

const view = (m: data.MessageRow, reads: number): OperatorMessageView => ({
  id: m.id,
  audience: { kind: m.audience.kind, names: audienceNames(m.audience) },
  title: m.title,
  body: m.body,
  sendAt: m.sendAt.toISOString(),
  status: m.cancelledAt ? 'cancelled' : m.sentAt ? 'sent' : 'scheduled',
  sentAt: m.sentAt?.toISOString() ?? null,
  recipients: m.recipients,
  reads,
  createdAt: m.createdAt.toISOString(),
});

/** What a member's browser is told of a message (its copy's id, or 0 for everyone's). */
const pushView = (m: data.MessageRow, copy: { id: number; createdAt: Date } | null): NotificationView => ({
  id: copy?.id ?? 0,
  kind: 'operator_message',
  params: { messageId: String(m.id) },
  read: false,
  createdAt: (copy?.createdAt ?? m.sentAt ?? new Date()).toISOString(),
  content: { title: m.title, body: m.body },
});

/**
 * Operator messages (issue 20, decision 075). Writing one stores it with its audience checked
 * (listed accounts and an agent resolved to ids, VIP levels known to the brand) and enqueues its delivery job (key: the message id) for `sendAt`, in one transaction; the job
 * runner runs it once whatever the number of servers, and the delivery itself checks `sent_at`
 * under a row lock, so a message is delivered exactly once. Delivery writes the copies of targeted
 * messages (a team's downline and VIP levels' members as they are then); a message to everyone gets no rows (members' copies are made when they list).
 */
export const createMessageService = ({ db, jobs, notifications, audit, vip, now = () => new Date() }: MessageDeps) => {
  const resolve = async (merchantId: number, a: NewMessage['audience']): Promise<MessageAudience> => {
    if (a.kind === 'all') return { kind: 'all' };
    if (a.kind === 'vip') {
      const known = (await vip.levelNames(merchantId)).map((l) => l.level);
      const unknown = a.levels.filter((l) => !known.includes(l));
      if (unknown.length) {
        const why = known.length
          ? `The brand has no VIP level ${unknown.join(', ')} (its levels are 1 to ${known.length})`
          : 'The brand has no VIP levels';
        throw new AppError('VIP_LEVEL_NOT_FOUND', why, 400, null, { 'audience.levels': why });
      }
      return { kind: 'vip', levels: [...a.levels].sort((x, y) => x - y) };
    }
    if (a.kind === 'team') {
      const agent = await data.findAgent(db, merchantId, a.agent);
      if (!agent)
        throw new AppError('AGENT_NOT_FOUND', 'No agent has this account', 400, null, {
          'audience.agent': 'No agent has this account',
        });
      return { kind: 'team', agentId: agent.id, agent: agent.username };
    }
    const wanted = [...new Set(a.usernames.map((u) => u.toLowerCase()))];
    const found = await data.membersByName(db, merchantId, wanted);
    const missing = wanted.filter((u) => !found.some((f) => f.key === u));
    if (missing.length)
      throw new AppError(
        'MEMBER_NOT_FOUND',
        `No member has these accounts: ${missing.slice(0, 10).join(', ')}`,
        400,
        null,
        {
          'audience.usernames': `No member has these accounts: ${missing.slice(0, 10).join(', ')}`,
        },
      );
    return { kind: 'members', memberIds: found.map((f) => f.id), usernames: found.map((f) => f.username) };
  };

  /** Who a targeted message reaches, at its delivery (a team's downline and VIP levels as they are then). */
  const targetOf = async (tx: Db, merchantId: number, a: Exclude<MessageAudience, { kind: 'all' }>) => {
    if (a.kind === 'members') return { memberIds: a.memberIds };
    if (a.kind === 'team') return { downlineOf: a.agentId };
    const ids = new Set<number>();
    for (const level of a.levels) for (const id of await vip.membersOfLevel(merchantId, level, tx)) ids.add(id);
    return { memberIds: [...ids] };
  };

  return {
    async list(op: Operator, q: { page: number; pageSize: number }) {
      const { rows, total } = await data.listMessages(db, op.merchantId, q.pageSize, (q.page - 1) * q.pageSize);
      return {
        list: rows.map((r) => view(r.m, r.reads)),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    async create(op: Operator, body: NewMessage, ip: string) {
      const at = now();
      const sendAt = body.sendAt ? new Date(body.sendAt) : at;
      if (sendAt.getTime() - at.getTime() > YEAR_MS)
        throw new AppError('VALIDATION_FAILED', 'Schedule it within a year', 400, null, {
          sendAt: 'Schedule it within a year',
        });
      const audience = await resolve(op.merchantId, body.audience);
      const when = sendAt.getTime() < at.getTime() ? at : sendAt;
      const m = await db.transaction(async (tx) => {
        const row = await data.insertMessage(tx, {
          merchantId: op.merchantId,
          audience,
          title: body.title,
          body: body.body,
          sendAt: when,
          createdBy: op.operatorId,
        });
        await jobs.enqueue({ name: MESSAGE_DELIVER_JOB, key: String(row.id), runAt: when, maxAttempts: 20 }, tx);
        return row;
      });
      await audit(op, 'message.create', `message:${m.id}`, { audience: audience.kind, sendAt: when.toISOString() }, ip);
      return view(m, 0);
    },

    async cancel(op: Operator, id: number, ip: string) {
      const m = await db.transaction(async (tx) => {
        const locked = await data.lockMessage(tx, op.merchantId, id);
        if (!locked) throw new AppError('NOT_FOUND', 'No such message', 404);
        if (locked.sentAt) throw conflict('MESSAGE_ALREADY_SENT', 'This message was already sent');
        if (!locked.cancelledAt) await data.markCancelled(tx, id);
        return (await data.getMessage(tx, id))!;
      });
      await audit(op, 'message.cancel', `message:${id}`, {}, ip);
      return view(m, 0);
    },

    /**
     * The delivery job's work, in the job's transaction: nothing if the message went or was
     * cancelled; else the copies (targeted), `sent_at` and the count; pushes after the commit.
     */
    async deliver(tx: Db, id: number, at: Date, afterCommit: (fn: () => unknown) => void) {
      const locked = await data.lockMessage(tx, null, id);
      if (!locked || locked.sentAt || locked.cancelledAt) return;
      const m = (await data.getMessage(tx, id))!;
      if (m.audience.kind === 'all') {
        await data.markSent(tx, id, at, await data.brandMemberCount(tx, m.merchantId, at));
        const sent = { ...m, sentAt: at };
        afterCommit(() => notifications.broadcast(m.merchantId, pushView(sent, null)));
        return;
      }
      const copies = await data.insertCopies(tx, m, await targetOf(tx, m.merchantId, m.audience), at);
      await data.markSent(tx, id, at, copies.length);
      const sent = { ...m, sentAt: at };
      afterCommit(async () => {
        for (const c of copies) await notifications.announce(c.memberId, pushView(sent, c));
      });
    },
  };
};

export type MessageService = ReturnType<typeof createMessageService>;
