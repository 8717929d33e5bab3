import type { BodyOf, FeedbackDeskView, FeedbackStatus, FeedbackView, feedbackEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { NotificationService, NotificationView } from '../notification/service.ts';
import type { AuditLog } from '../operator/service.ts';
import type { UploadService } from '../upload/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };
type Paging = { page: number; pageSize: number };

/** Feedback one member may send a day: enough for real problems, not a flood for the desk. */
export const FEEDBACK_DAILY_LIMIT = 10;
const DAY_MS = 86_400_000;

export interface FeedbackDeps {
  db: Db;
  wallet: WalletService;
  uploads: UploadService;
  notifications: NotificationService;
  limiter: RateLimiter;
  audit: AuditLog;
}

const view = (f: data.FeedbackRow): FeedbackView => ({
  id: f.id,
  questionType: f.questionType,
  description: f.description,
  images: f.imageIds,
  status: f.status,
  reply: f.reply,
  repliedAt: f.repliedAt?.toISOString() ?? null,
  reward: String(f.reward),
  createdAt: f.createdAt.toISOString(),
});
const deskView = (r: { f: data.FeedbackRow; account: string }): FeedbackDeskView => ({
  ...view(r.f),
  memberId: r.f.memberId,
  account: r.account,
});
const paged = <T>(list: T[], total: number, q: Paging) => ({
  list,
  pageNum: q.page,
  pageSize: q.pageSize,
  total,
  totalPages: Math.ceil(total / q.pageSize),
});

/** The states the desk's "open" filter shows: not yet decided. */
const OPEN: FeedbackStatus[] = ['pending', 'replied'];

/**
 * Feedback (issue 20, decision 075): the member's question type, description and up to 3 of their
 * own uploads (purpose 'feedback'); the operator's answer is stored on it and sent to the member
 * as a `feedback_replied` message in the same transaction. Accepting pays the brand's reward from
 * the bonus account through the wallet (key `feedback:<id>`), once: the answer holds a row lock
 * and a decided feedback refuses another decision.
 */
export const createFeedbackService = ({ db, wallet, uploads, notifications, limiter, audit }: FeedbackDeps) => ({
  async mine(m: Member, q: Paging) {
    const { rows, total } = await data.listMine(db, m.memberId, q.pageSize, (q.page - 1) * q.pageSize);
    return paged(rows.map(view), total, q);
  },

  async create(m: Member, body: BodyOf<typeof feedbackEndpoints.create>) {
    const imageIds = body.imageIds ?? [];
    for (const id of imageIds) await uploads.requireOwned(m.merchantId, m.memberId, id, 'feedback', 'imageIds');
    const quota = await limiter.hit('feedback.member', String(m.memberId), {
      limit: FEEDBACK_DAILY_LIMIT,
      windowMs: DAY_MS,
    });
    if (!quota.allowed)
      throw new AppError('RATE_LIMITED', 'You have sent the most feedback allowed for today; try again tomorrow', 429, {
        retryAfterSeconds: Math.ceil(quota.retryAfterMs / 1000),
      });
    return view(
      await data.insertFeedback(db, {
        merchantId: m.merchantId,
        memberId: m.memberId,
        questionType: body.questionType,
        description: body.description,
        imageIds,
      }),
    );
  },

  async desk(op: Operator, q: Paging & { status: 'open' | FeedbackStatus }) {
    const statuses = q.status === 'open' ? OPEN : [q.status];
    const { rows, total } = await data.listDesk(db, op.merchantId, statuses, q.pageSize, (q.page - 1) * q.pageSize);
    return paged(rows.map(deskView), total, q);
  },

  async answer(
    op: Operator,
    body: { id: number; reply: string; outcome: 'replied' | 'accepted' | 'rejected' },
    ip: string,
  ) {
    const { row, message } = await db.transaction(async (tx) => {
      const locked = await data.lockFeedback(tx, op.merchantId, body.id);
      if (!locked) throw new AppError('NOT_FOUND', 'No such feedback', 404);
      if (locked.f.status === 'accepted' || locked.f.status === 'rejected')
        throw conflict('FEEDBACK_CLOSED', 'This feedback was already decided');
      const reward = body.outcome === 'accepted' ? await data.rewardOf(tx, op.merchantId) : 0n;
      const f = await data.answerFeedback(tx, body.id, {
        status: body.outcome,
        reply: body.reply,
        operatorId: op.operatorId,
        reward,
      });
      if (reward > 0n)
        await wallet.transfer({
          merchantId: op.merchantId,
          key: `feedback:${f.id}`,
          kind: 'bonus',
          from: { system: 'bonus', sub: 'feedback' },
          to: { member: f.memberId },
          amount: reward,
          reference: `feedback:${f.id}`,
          db: tx,
        });
      const n: NotificationView = await notifications.notify(
        {
          merchantId: op.merchantId,
          memberId: f.memberId,
          kind: 'feedback_replied',
          params: {
            feedbackId: String(f.id),
            outcome: body.outcome,
            reply: body.reply,
            ...(reward > 0n ? { amount: String(reward) } : {}),
          },
        },
        tx,
      );
      return { row: { f, account: locked.account }, message: n };
    });
    await notifications.announce(row.f.memberId, message);
    if (row.f.reward > 0n) await notifications.balanceChanged(row.f.memberId, 'feedback');
    await audit(
      op,
      'feedback.answer',
      `feedback:${row.f.id}`,
      { outcome: body.outcome, reward: String(row.f.reward) },
      ip,
    );
    return deskView(row);
  },

  async settings(op: Operator) {
    return { reward: String(await data.rewardOf(db, op.merchantId)) };
  },

  async save(op: Operator, reward: bigint, ip: string) {
    await data.saveReward(db, op.merchantId, reward);
    await audit(op, 'feedback.settings', `merchant:${op.merchantId}`, { reward: String(reward) }, ip);
    return { reward: String(reward) };
  },

  /** A feedback image for the desk; proofs of payments are not served here. */
  async image(op: Operator, id: string) {
    const row = await uploads.read(op.merchantId, id, { operator: true });
    if (row.purpose !== 'feedback') throw new AppError('NOT_FOUND', 'No such image', 404);
    return row;
  },
});

export type FeedbackService = ReturnType<typeof createFeedbackService>;
