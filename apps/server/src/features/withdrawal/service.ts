import type { BodyOutput, withdrawalEndpoints } from '@app/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { localDay } from '../wallet/history/service.ts';
import { checkPaymentPassword, checkRange, requireMerchantWallet, sameName } from '../wallet/policy.ts';
import { turnoverView } from '../wallet/rules/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type RequestBody = BodyOutput<(typeof withdrawalEndpoints)['request']>;
type BankBody = BodyOutput<(typeof withdrawalEndpoints)['addBankAccount']>;

export const mask = (accountNumber: string) => `****${accountNumber.replace(/\s/g, '').slice(-4)}`;

export const bankAccountView = (b: data.BankAccountRow) => ({
  id: b.id,
  bankName: b.bankName,
  accountName: b.accountName,
  accountNumberMasked: mask(b.accountNumber),
  branch: b.branch,
  createdAt: b.createdAt.toISOString(),
});

const str = (v: bigint | null) => (v === null ? null : String(v));

export const withdrawalView = (w: data.WithdrawalRow) => ({
  id: w.id,
  amount: String(w.amount),
  currency: w.currency,
  status: w.status as 'pending' | 'approved' | 'rejected' | 'paid' | 'completed',
  receipt: w.receipt as 'received' | 'auto_received' | 'partly_received' | 'not_received' | null,
  caseStatus: w.caseStatus as 'open' | 'resolved' | null,
  resolution: w.resolution as 'refunded' | 'repaid' | 'dismissed' | null,
  bank: { bankName: w.bank.bankName, accountName: w.bank.accountName, accountNumberMasked: mask(w.bank.accountNumber) },
  reason: w.reason,
  receivedAmount: str(w.receivedAmount),
  remainingAmount: str(w.remainingAmount),
  refundAmount: str(w.refundAmount),
  hasProof: w.proofUploadId !== null,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
  paidAt: w.paidAt?.toISOString() ?? null,
  confirmDeadline: w.status === 'paid' && !w.receipt ? (w.confirmDeadline?.toISOString() ?? null) : null,
});

/**
 * Withdrawals (spec §4): bank accounts bound to the member, limits, turnover, and the request,
 * which moves the money into the pending-withdrawal account at once (it can't be spent twice).
 * Review, payment and the receipt live in review.ts and receipt.ts. On `ctx.withdrawals`.
 */
export class WithdrawalService {
  constructor(private readonly ctx: AppContext) {}

  /** Midnight of today in the brand's time zone. */
  private async startOfDay(merchantId: number) {
    const { merchant } = await this.ctx.merchants.brand(merchantId);
    return data.startOfLocalDay(this.ctx.db, localDay(merchant.timezone), merchant.timezone);
  }

  heldFor(_merchantId: number, memberId: number) {
    return data.heldFor(this.ctx.db, memberId);
  }

  async bankAccounts(m: Member) {
    return (await data.listBankAccounts(this.ctx.db, m.memberId)).map(bankAccountView);
  }

  async addBankAccount(m: Member, body: BankBody) {
    const { ctx } = this;
    await requireMerchantWallet(ctx, m.merchantId);
    const member = await ctx.accounts.findById(m.merchantId, m.memberId);
    if (!member) throw notFound('Account not found');
    if (member.payeeName && !sameName(member.payeeName, body.accountName)) {
      const message = 'The account must be in your registered name';
      throw new AppError('PAYEE_NAME_MISMATCH', message, 400, null, { accountName: message });
    }
    const rules = await ctx.walletRules.rules(m.merchantId);
    if ((await data.listBankAccounts(ctx.db, m.memberId)).length >= rules.maxBankAccounts) {
      throw conflict('TOO_MANY_BANK_ACCOUNTS', `At most ${rules.maxBankAccounts} bank accounts; remove one first`);
    }
    const row = await data.insertBankAccount(ctx.db, {
      merchantId: m.merchantId,
      memberId: m.memberId,
      bankName: body.bankName,
      accountName: body.accountName,
      accountNumber: body.accountNumber,
      branch: body.branch || null,
    });
    if (!row)
      throw new AppError('DUPLICATE_BANK_ACCOUNT', 'This account is already bound', 409, null, {
        accountNumber: 'This account is already bound',
      });
    return bankAccountView(row);
  }

  async removeBankAccount(m: Member, id: number) {
    if (!(await data.removeBankAccount(this.ctx.db, m.memberId, id))) throw notFound('No such bank account');
    return null;
  }

  async info(m: Member) {
    const { ctx } = this;
    const [rules, member, { balance, currency }, accounts, turnover, since] = await Promise.all([
      ctx.walletRules.rules(m.merchantId),
      ctx.accounts.findById(m.merchantId, m.memberId),
      ctx.wallet.balance(m.merchantId, m.memberId),
      data.listBankAccounts(ctx.db, m.memberId),
      ctx.walletRules.turnover(m.merchantId, m.memberId),
      this.startOfDay(m.merchantId),
    ]);
    const today = await data.requestedSince(ctx.db, m.memberId, since);
    return {
      balance: String(balance),
      currency,
      limits: {
        min: String(rules.withdrawMin),
        max: String(rules.withdrawMax),
        dailyMax: String(rules.withdrawDailyMax),
        dailyCount: rules.withdrawDailyCount,
      },
      today: { amount: String(today.amount), count: today.count },
      turnover: turnoverView(turnover),
      hasPaymentPassword: !!member?.paymentPasswordHash,
      payeeName: member?.payeeName ?? null,
      maxBankAccounts: rules.maxBankAccounts,
      bankAccounts: accounts.map(bankAccountView),
      autoConfirmMinutes: rules.autoConfirmMinutes,
    };
  }

  async request(m: Member, body: RequestBody) {
    const { ctx } = this;
    await requireMerchantWallet(ctx, m.merchantId);
    const previous = await data.findByRequest(ctx.db, m.memberId, body.requestId);
    if (previous) return this.replay(previous, body);
    const amount = BigInt(body.amount);
    const rules = await ctx.walletRules.rules(m.merchantId);
    checkRange(amount, rules.withdrawMin, rules.withdrawMax);
    const account = await data.findBankAccount(ctx.db, m.memberId, body.bankAccountId);
    if (!account)
      throw new AppError('VALIDATION_FAILED', 'Choose one of your bank accounts', 400, null, {
        bankAccountId: 'Choose one of your bank accounts',
      });
    const turnover = await ctx.walletRules.turnover(m.merchantId, m.memberId);
    if (!turnover.met) {
      throw new AppError(
        'TURNOVER_NOT_MET',
        'Bet the remaining turnover before withdrawing',
        409,
        turnoverView(turnover),
      );
    }
    await checkPaymentPassword(ctx, m.merchantId, m.memberId, body.paymentPassword);
    const since = await this.startOfDay(m.merchantId);
    const row = await ctx.db.transaction(async (tx) => {
      const db = tx as Db;
      await data.lockMember(db, m.memberId);
      const today = await data.requestedSince(db, m.memberId, since);
      if (today.count >= rules.withdrawDailyCount)
        throw conflict('DAILY_LIMIT', `At most ${rules.withdrawDailyCount} withdrawals a day`);
      if (today.amount + amount > rules.withdrawDailyMax) {
        throw new AppError('DAILY_LIMIT', 'This would pass today’s withdrawal limit', 409, {
          left: String(rules.withdrawDailyMax - today.amount),
        });
      }
      const { currency } = await ctx.wallet.walletOf(m.merchantId, m.memberId, db);
      const w = await data.insertWithdrawal(db, {
        merchantId: m.merchantId,
        memberId: m.memberId,
        requestId: body.requestId,
        amount,
        currency,
        bankAccountId: account.id,
        bank: {
          bankName: account.bankName,
          accountName: account.accountName,
          accountNumber: account.accountNumber,
          branch: account.branch,
        },
      });
      if (!w) return null;
      await ctx.wallet.transfer({
        merchantId: m.merchantId,
        key: `wd:${w.id}:hold`,
        kind: 'withdrawal_hold',
        from: { member: m.memberId },
        to: { system: 'pending_withdrawal' },
        amount,
        reference: `withdrawal:${w.id}`,
        db,
      });
      await ctx.walletRules.onWithdrawal(db, m.merchantId, m.memberId);
      return w;
    });
    if (!row) return this.replay((await data.findByRequest(ctx.db, m.memberId, body.requestId))!, body);
    await ctx.notifications.balanceChanged(m.memberId, 'withdrawal');
    return withdrawalView(row);
  }

  private replay(previous: data.WithdrawalRow, body: RequestBody) {
    if (previous.amount !== BigInt(body.amount) || previous.bankAccountId !== body.bankAccountId) {
      throw conflict('IDEMPOTENCY_CONFLICT', 'This request id was already used for another withdrawal');
    }
    return withdrawalView(previous);
  }

  async list(m: Member, q: { status: string; page: number; pageSize: number }) {
    const { rows, total } = await data.listMemberWithdrawals(
      this.ctx.db,
      m.memberId,
      q.status === 'ALL' ? null : q.status,
      q.pageSize,
      (q.page - 1) * q.pageSize,
    );
    return {
      list: rows.map(withdrawalView),
      pageNum: q.page,
      pageSize: q.pageSize,
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  }
}

const perContext = new WeakMap<AppContext, WithdrawalService>();
export const withdrawalsFor = (ctx: AppContext): WithdrawalService => {
  let s = perContext.get(ctx);
  if (!s) perContext.set(ctx, (s = new WithdrawalService(ctx)));
  return s;
};
