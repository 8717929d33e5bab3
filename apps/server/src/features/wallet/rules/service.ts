import type { WalletSettings } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { WalletService } from '../service.ts';
import * as data from './data.ts';

/** The brand's wallet rules as numbers (amounts in minor units). */
export interface Rules {
  merchantWallet: boolean;
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawDailyMax: bigint;
  withdrawDailyCount: number;
  autoConfirmMinutes: number;
  turnoverPercent: number;
  transferMin: bigint;
  transferMax: bigint;
  transferDailyMax: bigint;
  maxBankAccounts: number;
}

/** What a brand gets until an admin changes it (minor units of a 2-decimal currency). */
export const DEFAULT_RULES: Rules = {
  merchantWallet: true,
  withdrawMin: 2_000n,
  withdrawMax: 5_000_000n,
  withdrawDailyMax: 10_000_000n,
  withdrawDailyCount: 5,
  autoConfirmMinutes: 24 * 60,
  turnoverPercent: 100,
  transferMin: 100n,
  transferMax: 1_000_000n,
  transferDailyMax: 5_000_000n,
  maxBankAccounts: 5,
};

export const rulesView = (r: Rules): WalletSettings => ({
  ...r,
  withdrawMin: String(r.withdrawMin),
  withdrawMax: String(r.withdrawMax),
  withdrawDailyMax: String(r.withdrawDailyMax),
  transferMin: String(r.transferMin),
  transferMax: String(r.transferMax),
  transferDailyMax: String(r.transferDailyMax),
});

export interface Turnover {
  required: bigint;
  achieved: bigint;
  remaining: bigint;
  met: boolean;
}

/**
 * Wallet rules per brand (limits, auto-confirm minutes, turnover percentage) and each member's
 * turnover requirement (docs/decisions: withdrawals). On `app.ctx.walletRules`.
 */
export class WalletRules {
  private cache = new Map<number, { rules: Rules; at: number }>();
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly ttlMs = 3000,
  ) {}

  /** Pass `db` when calling inside a transaction (the embedded database has one connection). */
  async rules(merchantId: number, db: Db = this.db): Promise<Rules> {
    const hit = this.cache.get(merchantId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.rules;
    const row = await data.findSettings(db, merchantId);
    const rules: Rules = row
      ? {
          merchantWallet: row.merchantWallet,
          withdrawMin: row.withdrawMin,
          withdrawMax: row.withdrawMax,
          withdrawDailyMax: row.withdrawDailyMax,
          withdrawDailyCount: row.withdrawDailyCount,
          autoConfirmMinutes: row.autoConfirmMinutes,
          turnoverPercent: row.turnoverPercent,
          transferMin: row.transferMin,
          transferMax: row.transferMax,
          transferDailyMax: row.transferDailyMax,
          maxBankAccounts: row.maxBankAccounts,
        }
      : DEFAULT_RULES;
    this.cache.set(merchantId, { rules, at: Date.now() });
    return rules;
  }

  async save(merchantId: number, rules: Rules): Promise<Rules> {
    await data.upsertSettings(this.db, { merchantId, ...rules });
    this.cache.delete(merchantId);
    return rules;
  }

  /**
   * A credited deposit adds `turnoverPercent` of it to the member's requirement. Call it before the
   * deposit's ledger movement, in the same transaction: a deposit landing on a balance below the
   * minimum withdrawal starts the requirement over (the old money, and its requirement, are gone).
   */
  async onDeposit(db: Db, merchantId: number, memberId: number, amount: bigint): Promise<void> {
    const rules = await this.rules(merchantId, db);
    const add = (amount * BigInt(rules.turnoverPercent)) / 100n;
    const wallet = await this.wallet.walletOf(merchantId, memberId, db);
    const { balance } = await this.wallet.balance(merchantId, memberId, db);
    const resetSince = balance < rules.withdrawMin ? await data.lastPostingId(db, wallet.accountId) : null;
    if (add === 0n && resetSince === null) return;
    await data.addTurnover(db, { merchantId, memberId, amount: add, resetSince });
  }

  /** After a withdrawal request: what is left in the wallet carries no requirement. */
  async onWithdrawal(db: Db, merchantId: number, memberId: number): Promise<void> {
    const wallet = await this.wallet.walletOf(merchantId, memberId, db);
    await data.resetTurnover(db, merchantId, memberId, await data.lastPostingId(db, wallet.accountId));
  }

  /** Bonuses and adjustments may carry their own requirement (in minor units of betting). */
  async addRequirement(db: Db, merchantId: number, memberId: number, amount: bigint): Promise<void> {
    if (amount > 0n) await data.addTurnover(db, { merchantId, memberId, amount, resetSince: null });
  }

  async turnover(merchantId: number, memberId: number, db: Db = this.db): Promise<Turnover> {
    const row = await data.findTurnover(db, memberId);
    if (!row || row.required === 0n) return { required: 0n, achieved: 0n, remaining: 0n, met: true };
    const wallet = await this.wallet.walletOf(merchantId, memberId, db);
    let achieved = await data.betsSince(db, wallet.accountId, row.sincePostingId);
    if (achieved < 0n) achieved = 0n;
    const remaining = achieved >= row.required ? 0n : row.required - achieved;
    return { required: row.required, achieved, remaining, met: remaining === 0n };
  }
}

export const turnoverView = (t: Turnover) => ({
  required: String(t.required),
  achieved: String(t.achieved),
  remaining: String(t.remaining),
  met: t.met,
});
