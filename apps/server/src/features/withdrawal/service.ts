import { WITHDRAW_ONLY_STEP, type BodyOutput, type withdrawalEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { UploadService } from '../upload/service.ts';
import { localDay } from '../wallet/history/service.ts';
import { checkPaymentPassword, checkRange, requireMerchantWallet, sameName } from '../wallet/policy.ts';
import { turnoverView, type WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';
import { createReceipts } from './receipt.ts';
import { bankAccountView, withdrawalView } from './views.ts';

/** The member, with their session's steps: a withdraw-only session (a self-excluded player, issue 24). */
type Member = { merchantId: number; memberId: number; pendingVerification?: string | null };
const withdrawOnly = (m: Member) => (m.pendingVerification ?? '').split(',').includes(WITHDRAW_ONLY_STEP);
type RequestBody = BodyOutput<(typeof withdrawalEndpoints)['request']>;
type BankBody = BodyOutput<(typeof withdrawalEndpoints)['addBankAccount']>;

export interface WithdrawalDeps {
  db: Db;
  merchants: MerchantService;
  wallet: WalletService;
  walletRules: WalletRules;
  /** Members: the payee name, the payment password. */
  accounts: AccountService;
  /** Counts wrong payment passwords. */
  limiter: RateLimiter;
  notifications: NotificationService;
  uploads: UploadService;
}

/**
 * Withdrawals (spec §4): bank accounts bound to the member, limits, turnover, and the request,
 * which moves the money into the pending-withdrawal account at once (it can't be spent twice).
 * The member's receipt lives in receipt.ts, the operator's review in review.ts.
 */
export const createWithdrawalService = (deps: WithdrawalDeps) => {
  const { db, merchants, wallet, walletRules, accounts, limiter, notifications } = deps;

  /** Midnight of today in the brand's time zone. */
  const startOfDay = async (merchantId: number) => {
    const { merchant } = await merchants.brand(merchantId);
    return data.startOfLocalDay(db, localDay(merchant.timezone), merchant.timezone);
  };

  const replay = (previous: data.WithdrawalRow, body: RequestBody) => {
    if (previous.amount !== BigInt(body.amount) || previous.bankAccountId !== body.bankAccountId) {
      throw conflict('IDEMPOTENCY_CONFLICT', 'This request id was already used for another withdrawal');
    }
    return withdrawalView(previous);
  };

  return {
    ...createReceipts(deps),

    heldFor: (_merchantId: number, memberId: number) => data.heldFor(db, memberId),

    async bankAccounts(m: Member) {
      return (await data.listBankAccounts(db, m.memberId)).map(bankAccountView);
    },

    async addBankAccount(m: Member, body: BankBody) {
      await requireMerchantWallet({ walletRules }, m.merchantId);
      const member = await accounts.findById(m.merchantId, m.memberId);
      if (!member) throw notFound('Account not found');
      if (member.payeeName && !sameName(member.payeeName, body.accountName)) {
        const message = 'The account must be in your registered name';
        throw new AppError('PAYEE_NAME_MISMATCH', message, 400, null, { accountName: message });
      }
      const rules = await walletRules.rules(m.merchantId);
      if ((await data.listBankAccounts(db, m.memberId)).length >= rules.maxBankAccounts) {
        throw conflict('TOO_MANY_BANK_ACCOUNTS', `At most ${rules.maxBankAccounts} bank accounts; remove one first`);
      }
      const row = await data.insertBankAccount(db, {
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
    },

    async removeBankAccount(m: Member, id: number) {
      if (!(await data.removeBankAccount(db, m.memberId, id))) throw notFound('No such bank account');
      return null;
    },

    async info(m: Member) {
      const [rules, member, { balance, currency }, bound, turnover, since] = await Promise.all([
        walletRules.memberRules(m.merchantId, m.memberId),
        accounts.findById(m.merchantId, m.memberId),
        wallet.balance(m.merchantId, m.memberId),
        data.listBankAccounts(db, m.memberId),
        walletRules.turnover(m.merchantId, m.memberId, undefined, { withoutDeposits: withdrawOnly(m) }),
        startOfDay(m.merchantId),
      ]);
      const today = await data.requestedSince(db, m.memberId, since);
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
        bankAccounts: bound.map(bankAccountView),
        autoConfirmMinutes: rules.autoConfirmMinutes,
      };
    },

    async request(m: Member, body: RequestBody) {
      await requireMerchantWallet({ walletRules }, m.merchantId);
      const previous = await data.findByRequest(db, m.memberId, body.requestId);
      if (previous) return replay(previous, body);
      const amount = BigInt(body.amount);
      // The brand's limits, raised by the member's VIP withdrawal perk (decision 074).
      const rules = await walletRules.memberRules(m.merchantId, m.memberId);
      checkRange(amount, rules.withdrawMin, rules.withdrawMax);
      const account = await data.findBankAccount(db, m.memberId, body.bankAccountId);
      if (!account)
        throw new AppError('VALIDATION_FAILED', 'Choose one of your bank accounts', 400, null, {
          bankAccountId: 'Choose one of your bank accounts',
        });
      // A self-excluded player withdraws their own money whatever its deposit turnover (UKGC RTS 14B);
      // a bonus's wagering still holds (it is not their money until wagered).
      const turnover = await walletRules.turnover(m.merchantId, m.memberId, undefined, {
        withoutDeposits: withdrawOnly(m),
      });
      if (!turnover.met) {
        throw new AppError(
          'TURNOVER_NOT_MET',
          'Bet the remaining turnover before withdrawing',
          409,
          turnoverView(turnover),
        );
      }
      await checkPaymentPassword({ limiter, accounts }, m.merchantId, m.memberId, body.paymentPassword);
      const since = await startOfDay(m.merchantId);
      const row = await db.transaction(async (tx) => {
        await data.lockMember(tx, m.memberId);
        const today = await data.requestedSince(tx, m.memberId, since);
        if (today.count >= rules.withdrawDailyCount)
          throw conflict('DAILY_LIMIT', `At most ${rules.withdrawDailyCount} withdrawals a day`);
        if (today.amount + amount > rules.withdrawDailyMax) {
          throw new AppError('DAILY_LIMIT', 'This would pass today’s withdrawal limit', 409, {
            left: String(rules.withdrawDailyMax - today.amount),
          });
        }
        const { currency } = await wallet.walletOf(m.merchantId, m.memberId, tx);
        const w = await data.insertWithdrawal(tx, {
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
        await wallet.transfer({
          merchantId: m.merchantId,
          key: `wd:${w.id}:hold`,
          kind: 'withdrawal_hold',
          from: { member: m.memberId },
          to: { system: 'pending_withdrawal' },
          amount,
          reference: `withdrawal:${w.id}`,
          db: tx,
        });
        await walletRules.onWithdrawal(tx, m.merchantId, m.memberId);
        return w;
      });
      if (!row) return replay((await data.findByRequest(db, m.memberId, body.requestId))!, body);
      await notifications.balanceChanged(m.memberId, 'withdrawal');
      return withdrawalView(row);
    },

    async list(m: Member, q: { status: 'ALL' | data.WithdrawalRow['status']; page: number; pageSize: number }) {
      const { rows, total } = await data.listMemberWithdrawals(
        db,
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
    },
  };
};

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
