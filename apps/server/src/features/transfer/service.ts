import type { BodyOutput, transferEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import { localDay } from '../wallet/history/service.ts';
import { checkPaymentPassword, checkRange, requireMerchantWallet } from '../wallet/policy.ts';
import type { WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Body = BodyOutput<(typeof transferEndpoints)['toUpline']>;

export interface TransferDeps {
  db: Db;
  merchants: MerchantService;
  wallet: WalletService;
  walletRules: WalletRules;
  /** Members: the upline, the payment password. */
  accounts: AccountService;
  /** Counts wrong payment passwords. */
  limiter: RateLimiter;
  notifications: NotificationService;
}

/**
 * transferUpline (spec §6: a member may transfer to an upline): only to the direct upline, never
 * across branches or to oneself; payment password, per-transfer and per-day limits, one ledger
 * transaction per request id. (An agent's transfer to a direct downline is the agent centre's.)
 */
export const createTransferService = ({
  db,
  merchants,
  wallet,
  walletRules,
  accounts,
  limiter,
  notifications,
}: TransferDeps) => {
  const startOfDay = async (merchantId: number) => {
    const { merchant } = await merchants.brand(merchantId);
    return data.startOfLocalDay(db, localDay(merchant.timezone), merchant.timezone);
  };

  const uplineOf = async (m: Member) => {
    const me = await accounts.findById(m.merchantId, m.memberId);
    if (!me) throw notFound('Account not found');
    const up = me.uplineId && me.uplineId !== me.id ? await accounts.findById(m.merchantId, me.uplineId) : null;
    return { me, up };
  };

  const replay = async (previous: data.TransferRow, body: Body) => {
    if (previous.amount !== BigInt(body.amount))
      throw conflict('IDEMPOTENCY_CONFLICT', 'This request id was already used for another transfer');
    const up = await accounts.findById(previous.merchantId, previous.toMemberId);
    const { balance } = await wallet.balance(previous.merchantId, previous.fromMemberId);
    return {
      transactionId: previous.ledgerTransactionId ?? 0,
      amount: String(previous.amount),
      balance: String(balance),
      upline: up?.username ?? '',
      replay: true,
    };
  };

  return {
    async info(m: Member) {
      const [{ me, up }, rules, { balance, currency }, since] = await Promise.all([
        uplineOf(m),
        walletRules.rules(m.merchantId),
        wallet.balance(m.merchantId, m.memberId),
        startOfDay(m.merchantId),
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
        today: String(await data.sentSince(db, m.memberId, since)),
        hasPaymentPassword: !!me.paymentPasswordHash,
      };
    },

    async toUpline(m: Member, body: Body) {
      await requireMerchantWallet({ walletRules }, m.merchantId);
      const previous = await data.findByRequest(db, m.memberId, body.requestId);
      if (previous) return replay(previous, body);
      const { up } = await uplineOf(m);
      if (!up) throw conflict('NO_UPLINE', 'Your account has no upline to transfer to');
      if (up.status !== 'active' || up.type === 4)
        throw conflict('UPLINE_UNAVAILABLE', 'Your upline cannot receive transfers now');
      const amount = BigInt(body.amount);
      const rules = await walletRules.rules(m.merchantId);
      checkRange(amount, rules.transferMin, rules.transferMax);
      await checkPaymentPassword({ limiter, accounts }, m.merchantId, m.memberId, body.paymentPassword);
      const since = await startOfDay(m.merchantId);
      const me = await accounts.findById(m.merchantId, m.memberId);
      const done = await db.transaction(async (tx) => {
        await data.lockSender(tx, m.memberId);
        const sent = await data.sentSince(tx, m.memberId, since);
        if (sent + amount > rules.transferDailyMax) {
          throw new AppError('DAILY_LIMIT', 'This would pass today’s transfer limit', 409, {
            left: String(rules.transferDailyMax - sent),
          });
        }
        const row = await data.insertTransfer(tx, {
          merchantId: m.merchantId,
          fromMemberId: m.memberId,
          toMemberId: up.id,
          direction: 'upline',
          amount,
          requestId: body.requestId,
          remark: body.remark || null,
        });
        if (!row) return null;
        const moved = await wallet.transfer({
          merchantId: m.merchantId,
          key: `transfer:${row.id}`,
          kind: 'transfer_upline',
          reference: `transfer:${row.id}`,
          from: { member: m.memberId },
          to: { member: up.id },
          amount,
          meta: body.remark ? { remark: body.remark } : {},
          db: tx,
        });
        await data.setLedgerTransaction(tx, row.id, moved.transactionId);
        const notice = await notifications.notify(
          {
            merchantId: m.merchantId,
            memberId: up.id,
            kind: 'transfer_received',
            params: { amount: body.amount, currency: moved.currency, from: me?.username ?? '' },
          },
          tx,
        );
        return { row, moved, notice };
      });
      if (!done) return replay((await data.findByRequest(db, m.memberId, body.requestId))!, body);
      await notifications.announce(up.id, done.notice);
      await notifications.balanceChanged(up.id, 'transfer');
      await notifications.balanceChanged(m.memberId, 'transfer');
      return {
        transactionId: done.moved.transactionId,
        amount: body.amount,
        balance: String(done.moved.balance ?? 0n),
        upline: up.username,
        replay: false,
      };
    },
  };
};

export type TransferService = ReturnType<typeof createTransferService>;
