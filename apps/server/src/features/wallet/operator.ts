import type { BodyOutput, walletOperatorEndpoints } from '@app/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../operator/service.ts';
import type { OperatorActor } from '../../http/auth.ts';
import { checkLedger } from './ledger-check.ts';

type AdjustBody = BodyOutput<(typeof walletOperatorEndpoints)['adjust']>;

/** A member of the operator's brand, found by username, with the wallet balance. */
export const findMemberForOperator = async (ctx: AppContext, op: OperatorActor, username: string) => {
  const m = await ctx.accounts.findByUsername(op.merchantId, username);
  if (!m) throw notFound('No such member');
  const { balance, currency } = await ctx.wallet.balance(op.merchantId, m.id);
  return { id: m.id, username: m.username, type: m.type, status: m.status, balance: String(balance), currency };
};

/**
 * A balance correction with a reason: a new ledger transaction against the brand's adjustment
 * account, never an edit. Audited; the member is told and sees it in the history with the reason.
 */
export const adjustBalance = async (ctx: AppContext, op: OperatorActor, body: AdjustBody, ip: string) => {
  const member = await ctx.accounts.findById(op.merchantId, body.memberId);
  if (!member) throw notFound('No such member');
  if (member.type === 4) throw new AppError('TRIAL_NOT_ALLOWED', 'Trial accounts hold play money only', 409);
  const amount = BigInt(body.amount);
  const moved = await ctx.wallet.post({
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
      ctx.db,
      op,
      'wallet.adjust',
      String(member.id),
      { amount: body.amount, reason: body.reason, transactionId: moved.transactionId },
      ip,
    );
    const n = await ctx.notifications.notify({
      merchantId: op.merchantId,
      memberId: member.id,
      kind: 'balance_adjusted',
      params: { amount: body.amount, reason: body.reason, currency: moved.currency },
    });
    await ctx.notifications.announce(member.id, n);
    await ctx.notifications.balanceChanged(member.id, 'adjustment');
  }
  return { transactionId: moved.transactionId, balance: String(moved.balance ?? 0n), replay: moved.replay };
};

export const ledgerReport = async (ctx: AppContext) => {
  const report = await checkLedger(ctx.db);
  return {
    ok: report.ok,
    stats: report.stats,
    breaches: report.breaches.map((b) => ({ invariant: b.invariant, what: b.what, count: b.sample.length })),
  };
};
