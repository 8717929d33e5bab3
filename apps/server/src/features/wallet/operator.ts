import type { BodyOutput, walletOperatorEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { NotificationService } from '../notification/service.ts';
import { audit } from '../operator/service.ts';
import type { OperatorActor } from '../../http/auth.ts';
import { checkLedger } from './ledger-check/data.ts';
import type { WalletService } from './service.ts';

type AdjustBody = BodyOutput<(typeof walletOperatorEndpoints)['adjust']>;

export interface WalletOperatorDeps {
  db: Db;
  wallet: WalletService;
  members: Pick<AccountService, 'findById' | 'findByUsername'>;
  notifications: Pick<NotificationService, 'notify' | 'announce' | 'balanceChanged'>;
}

/** The operator's side of the wallet: a member's balance, corrections with a reason, the ledger check. */
export const createWalletOperator = ({ db, wallet, members, notifications }: WalletOperatorDeps) => ({
  /** A member of the operator's brand, found by username, with the wallet balance. */
  async findMember(op: OperatorActor, username: string) {
    const m = await members.findByUsername(op.merchantId, username);
    if (!m) throw notFound('No such member');
    const { balance, currency } = await wallet.balance(op.merchantId, m.id);
    return { id: m.id, username: m.username, type: m.type, status: m.status, balance: String(balance), currency };
  },

  /**
   * A balance correction with a reason: a new ledger transaction against the brand's adjustment
   * account, never an edit. Audited; the member is told and sees it in the history with the reason.
   */
  async adjust(op: OperatorActor, body: AdjustBody, ip: string) {
    const member = await members.findById(op.merchantId, body.memberId);
    if (!member) throw notFound('No such member');
    if (member.type === 4) throw new AppError('TRIAL_NOT_ALLOWED', 'Trial accounts hold play money only', 409);
    const amount = BigInt(body.amount);
    const moved = await wallet.post({
      merchantId: op.merchantId,
      key: `adj:${op.merchantId}:${body.requestId}`,
      kind: 'adjustment',
      memberId: member.id,
      reference: `adjustment:${body.requestId}`,
      meta: { reason: body.reason, operatorId: op.operatorId },
      legs: [
        { account: { system: 'adjustment' }, amount: -amount },
        { account: { member: member.id }, amount },
      ],
    });
    if (!moved.replay) {
      await audit(
        db,
        op,
        'wallet.adjust',
        String(member.id),
        { amount: body.amount, reason: body.reason, transactionId: moved.transactionId },
        ip,
      );
      const n = await notifications.notify({
        merchantId: op.merchantId,
        memberId: member.id,
        kind: 'balance_adjusted',
        params: { amount: body.amount, reason: body.reason, currency: moved.currency },
      });
      await notifications.announce(member.id, n);
      await notifications.balanceChanged(member.id, 'adjustment');
    }
    return { transactionId: moved.transactionId, balance: String(moved.balance ?? 0n), replay: moved.replay };
  },

  async ledgerReport() {
    const report = await checkLedger(db);
    return {
      ok: report.ok,
      stats: report.stats,
      breaches: report.breaches.map((b) => ({ invariant: b.invariant, what: b.what, count: b.sample.length })),
    };
  },
});

export type WalletOperator = ReturnType<typeof createWalletOperator>;
