import type { NotificationKind } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { OperatorActor } from '../../http/auth.ts';
import type { JobRunner } from '../../lib/jobs.ts';
import type { NotificationService } from '../notification/service.ts';
import type { OperatorService } from '../operator/service.ts';
import type { WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';
import { AUTO_CONFIRM_JOB } from './jobs.ts';
import { withdrawalView } from './views.ts';

/** The clearing account payouts leave through (money sent to the member's bank). */
export const PAYOUT_CLEARING = 'WITHDRAWAL';

const operatorView = (r: data.OperatorWithdrawalRow) => ({
  ...withdrawalView(r.w),
  memberId: r.w.memberId,
  username: r.username,
  accountNumber: r.w.bank.accountNumber,
  proofUploadId: r.w.proofUploadId,
  note: r.w.note,
  reviewedBy: r.reviewedBy,
  paidBy: r.paidBy,
  payoutReference: r.w.payoutReference,
});

type Step = {
  action: string;
  from: readonly string[];
  /** Writes the change inside the transaction; returns what to tell the member. */
  apply: (db: Db, w: data.WithdrawalRow) => Promise<{ kind: NotificationKind; params: Record<string, string> } | null>;
  detail?: Record<string, unknown>;
};

export interface WithdrawalDeskDeps {
  db: Db;
  wallet: WalletService;
  walletRules: WalletRules;
  notifications: NotificationService;
  jobs: JobRunner;
  operators: OperatorService;
}

/**
 * The operator's side of withdrawals: approve, reject (the money goes back with the reason), mark
 * paid (the money leaves through the payout clearing account and the receipt clock starts), and
 * resolve a partly-received or not-received claim. Every step is audited and told to the member.
 */
export const createWithdrawalDesk = ({
  db,
  wallet,
  walletRules,
  notifications,
  jobs,
  operators,
}: WithdrawalDeskDeps) => {
  const step = async (op: OperatorActor, id: number, ip: string, s: Step) => {
    const done = await db.transaction(async (tx) => {
      const w = await data.findWithdrawal(tx, op.merchantId, id, { forUpdate: true });
      if (!w) throw notFound('No such withdrawal');
      if (!s.from.includes(w.status) || (s.action === 'withdrawal.resolve' && w.caseStatus !== 'open')) {
        throw conflict(
          'WITHDRAWAL_STATE',
          `This withdrawal is ${w.caseStatus === 'open' ? 'waiting for a case decision' : w.status}`,
        );
      }
      const message = await s.apply(tx, w);
      const notice = message
        ? await notifications.notify({ merchantId: w.merchantId, memberId: w.memberId, ...message }, tx)
        : null;
      await operators.audit(
        op,
        s.action,
        String(id),
        { amount: String(w.amount), memberId: w.memberId, ...s.detail },
        ip,
        tx,
      );
      return { memberId: w.memberId, notice };
    });
    if (done.notice) await notifications.announce(done.memberId, done.notice);
    await notifications.balanceChanged(done.memberId, s.action);
    const row = await data.findOperatorWithdrawal(db, op.merchantId, id);
    return operatorView(row!);
  };

  return {
    async list(
      op: OperatorActor,
      q: {
        status: 'ALL' | 'cases' | data.WithdrawalRow['status'];
        username?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await data.listMerchantWithdrawals(db, op.merchantId, {
        status: q.status === 'ALL' || q.status === 'cases' ? null : q.status,
        cases: q.status === 'cases',
        username: q.username || null,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: rows.map(operatorView),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    approve(op: OperatorActor, id: number, ip: string) {
      return step(op, id, ip, {
        action: 'withdrawal.approve',
        from: ['pending'],
        apply: async (tx, w) => {
          await data.updateWithdrawal(tx, w.id, {
            status: 'approved',
            reviewedBy: op.operatorId,
            reviewedAt: new Date(),
          });
          return {
            kind: 'withdrawal_approved',
            params: { amount: String(w.amount), currency: w.currency, withdrawalId: String(w.id) },
          };
        },
      });
    },

    reject(op: OperatorActor, id: number, reason: string, ip: string) {
      return step(op, id, ip, {
        action: 'withdrawal.reject',
        from: ['pending', 'approved'],
        detail: { reason },
        apply: async (tx, w) => {
          await wallet.transfer({
            merchantId: w.merchantId,
            key: `wd:${w.id}:return`,
            kind: 'withdrawal_return',
            reference: `withdrawal:${w.id}`,
            from: { system: 'pending_withdrawal' },
            to: { member: w.memberId },
            amount: w.amount,
            meta: { reason },
            db: tx,
          });
          await data.updateWithdrawal(tx, w.id, {
            status: 'rejected',
            reason,
            reviewedBy: op.operatorId,
            reviewedAt: new Date(),
          });
          return {
            kind: 'withdrawal_rejected',
            params: { amount: String(w.amount), currency: w.currency, reason, withdrawalId: String(w.id) },
          };
        },
      });
    },

    async markPaid(op: OperatorActor, id: number, payoutReference: string | undefined, ip: string) {
      const rules = await walletRules.rules(op.merchantId);
      return step(op, id, ip, {
        action: 'withdrawal.paid',
        from: ['approved'],
        detail: { payoutReference },
        apply: async (tx, w) => {
          const paidAt = new Date();
          const deadline = new Date(paidAt.getTime() + rules.autoConfirmMinutes * 60_000);
          await wallet.transfer({
            merchantId: w.merchantId,
            key: `wd:${w.id}:payout`,
            kind: 'withdrawal_payout',
            reference: `withdrawal:${w.id}`,
            from: { system: 'pending_withdrawal' },
            to: { system: 'clearing', sub: PAYOUT_CLEARING },
            amount: w.amount,
            db: tx,
          });
          await data.updateWithdrawal(tx, w.id, {
            status: 'paid',
            paidBy: op.operatorId,
            paidAt,
            confirmDeadline: deadline,
            payoutReference: payoutReference ?? null,
          });
          await jobs.enqueue(
            {
              name: AUTO_CONFIRM_JOB,
              key: String(w.id),
              runAt: deadline,
              payload: { merchantId: w.merchantId, withdrawalId: w.id },
            },
            tx,
          );
          return {
            kind: 'withdrawal_paid',
            params: {
              amount: String(w.amount),
              currency: w.currency,
              withdrawalId: String(w.id),
              deadline: deadline.toISOString(),
            },
          };
        },
      });
    },

    /**
     * refunded: what did not arrive (the remaining amount) goes back to the wallet; repaid: it was
     * sent again outside the platform; dismissed: the claim is refused and the payout stands.
     */
    resolve(op: OperatorActor, id: number, resolution: 'refunded' | 'repaid' | 'dismissed', note: string, ip: string) {
      return step(op, id, ip, {
        action: 'withdrawal.resolve',
        from: ['paid'],
        detail: { resolution, note },
        apply: async (tx, w) => {
          const refund = resolution === 'refunded' ? (w.remainingAmount ?? w.amount) : null;
          if (refund && refund > 0n) {
            await wallet.transfer({
              merchantId: w.merchantId,
              key: `wd:${w.id}:refund`,
              kind: 'withdrawal_refund',
              reference: `withdrawal:${w.id}`,
              from: { system: 'clearing', sub: PAYOUT_CLEARING },
              to: { member: w.memberId },
              amount: refund,
              meta: { note },
              db: tx,
            });
          }
          await data.updateWithdrawal(tx, w.id, {
            status: 'completed',
            caseStatus: 'resolved',
            resolution,
            refundAmount: refund,
            resolvedBy: op.operatorId,
            resolvedAt: new Date(),
            note: [w.note, `Operator: ${note}`].filter(Boolean).join('\n'),
          });
          return {
            kind: 'withdrawal_case_resolved',
            params: {
              amount: String(refund ?? 0n),
              currency: w.currency,
              resolution,
              note,
              withdrawalId: String(w.id),
            },
          };
        },
      });
    },
  };
};

export type WithdrawalDesk = ReturnType<typeof createWithdrawalDesk>;
