import type { BodyOutput, transferEndpoints } from '@app/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { localDay } from '../wallet/history/service.ts';
import { checkPaymentPassword, checkRange, requireMerchantWallet } from '../wallet/policy.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Body = BodyOutput<(typeof transferEndpoints)['toUpline']>;

/**
 * transferUpline (spec §6: a member may transfer to an upline): only to the direct upline, never
 * across branches or to oneself; payment password, per-transfer and per-day limits, one ledger
 * transaction per request id. (An agent's transfer to a direct downline is the agent centre's.)
 */
export class TransferService {
  constructor(private readonly ctx: AppContext) {}

  private async startOfDay(merchantId: number) {
    const { merchant } = await this.ctx.merchants.brand(merchantId);
    return data.startOfLocalDay(this.ctx.db, localDay(merchant.timezone), merchant.timezone);
  }

  private async uplineOf(m: Member) {
    const me = await this.ctx.accounts.findById(m.merchantId, m.memberId);
    if (!me) throw notFound('Account not found');
    const up =
      me.uplineId && me.uplineId !== me.id ? await this.ctx.accounts.findById(m.merchantId, me.uplineId) : null;
    return { me, up };
  }

  async info(m: Member) {
    const { ctx } = this;
    const [{ me, up }, rules, { balance, currency }, since] = await Promise.all([
      this.uplineOf(m),
      ctx.walletRules.rules(m.merchantId),
      ctx.wallet.balance(m.merchantId, m.memberId),
      this.startOfDay(m.merchantId),
    ]);
    return {
      upline: up ? { username: up.username, nickname: up.nickname } : null,
      balance: String(balance),
      currency,
      limits: {
        min: String(rules.transferMin),
        max: String(rules.transferMax),
        dailyMax: String(rules.transferDailyMax),
      },
      today: String(await data.sentSince(ctx.db, m.memberId, since)),
      hasPaymentPassword: !!me.paymentPasswordHash,
    };
  }

  async toUpline(m: Member, body: Body) {
    const { ctx } = this;
    await requireMerchantWallet(ctx, m.merchantId);
    const previous = await data.findByRequest(ctx.db, m.memberId, body.requestId);
    if (previous) return this.replay(previous, body);
    const { up } = await this.uplineOf(m);
    if (!up) throw conflict('NO_UPLINE', 'Your account has no upline to transfer to');
    if (up.status !== 'active' || up.type === 4)
      throw conflict('UPLINE_UNAVAILABLE', 'Your upline cannot receive transfers now');
    const amount = BigInt(body.amount);
    const rules = await ctx.walletRules.rules(m.merchantId);
    checkRange(amount, rules.transferMin, rules.transferMax);
    await checkPaymentPassword(ctx, m.merchantId, m.memberId, body.paymentPassword);
    const since = await this.startOfDay(m.merchantId);
    const me = await ctx.accounts.findById(m.merchantId, m.memberId);
    const done = await ctx.db.transaction(async (tx) => {
      const db = tx as Db;
      await data.lockSender(db, m.memberId);
      const sent = await data.sentSince(db, m.memberId, since);
      if (sent + amount > rules.transferDailyMax) {
        throw new AppError('DAILY_LIMIT', 'This would pass today’s transfer limit', 409, {
          left: String(rules.transferDailyMax - sent),
        });
      }
      const row = await data.insertTransfer(db, {
        merchantId: m.merchantId,
        fromMemberId: m.memberId,
        toMemberId: up.id,
        direction: 'upline',
        amount,
        requestId: body.requestId,
        remark: body.remark || null,
      });
      if (!row) return null;
      const moved = await ctx.wallet.transfer({
        merchantId: m.merchantId,
        key: `transfer:${row.id}`,
        kind: 'transfer_upline',
        reference: `transfer:${row.id}`,
        from: { member: m.memberId },
        to: { member: up.id },
        amount,
        meta: body.remark ? { remark: body.remark } : {},
        db,
      });
      await data.setLedgerTransaction(db, row.id, moved.transactionId);
      const notice = await ctx.notifications.notify(
        {
          merchantId: m.merchantId,
          memberId: up.id,
          kind: 'transfer_received',
          params: { amount: body.amount, currency: moved.currency, from: me?.username ?? '' },
        },
        db,
      );
      return { row, moved, notice };
    });
    if (!done) return this.replay((await data.findByRequest(ctx.db, m.memberId, body.requestId))!, body);
    await ctx.notifications.announce(up.id, done.notice);
    await ctx.notifications.balanceChanged(up.id, 'transfer');
    await ctx.notifications.balanceChanged(m.memberId, 'transfer');
    return {
      transactionId: done.moved.transactionId,
      amount: body.amount,
      balance: String(done.moved.balance ?? 0n),
      upline: up.username,
      replay: false,
    };
  }

  private async replay(previous: data.TransferRow, body: Body) {
    if (previous.amount !== BigInt(body.amount))
      throw conflict('IDEMPOTENCY_CONFLICT', 'This request id was already used for another transfer');
    const up = await this.ctx.accounts.findById(previous.merchantId, previous.toMemberId);
    const { balance } = await this.ctx.wallet.balance(previous.merchantId, previous.fromMemberId);
    return {
      transactionId: previous.ledgerTransactionId ?? 0,
      amount: String(previous.amount),
      balance: String(balance),
      upline: up?.username ?? '',
      replay: true,
    };
  }
}
