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
 * Another feature's requirements on a member's withdrawals (a promotion's bonus wagering): each
 * with its own progress. `walletRules.turnover` adds them to the deposit turnover, so every place
 * that checks the turnover (withdrawal info and request, the wallet overview) locks on them too.
 */
export type RequirementSource = (db: Db, merchantId: number, memberId: number) => Promise<Turnover[]>;

/**
 * A member's own limits from another feature (the VIP withdrawal perk, decision 074): where a source
 * sets a value, the higher of it and the brand's rule applies.
 */
export type LimitSource = (
  db: Db,
  merchantId: number,
  memberId: number,
) => Promise<{ withdrawDailyMax: bigint | null; withdrawDailyCount: number | null }>;

export interface WalletRulesDeps {
  db: Db;
  wallet: WalletService;
  /** How long a brand's rules are kept before they are read again. */
  ttlMs?: number;
}

/**
 * Wallet rules per brand (limits, auto-confirm minutes, turnover percentage) and each member's
 * turnover requirement (docs/decisions: withdrawals). Built once in src/context.ts as `walletRules`.
 */
export const createWalletRules = ({ db: root, wallet, ttlMs = 3000 }: WalletRulesDeps) => {
  const cache = new Map<number, { rules: Rules; at: number }>();
  const sources: RequirementSource[] = [];
  const limitSources: LimitSource[] = [];

  /** Pass `db` when calling inside a transaction (the embedded database has one connection). */
  const rules = async (merchantId: number, db: Db = root): Promise<Rules> => {
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.rules;
    const found = await data.findSettings(db, merchantId);
    const current: Rules = found
      ? {
          merchantWallet: found.merchantWallet,
          withdrawMin: found.withdrawMin,
          withdrawMax: found.withdrawMax,
          withdrawDailyMax: found.withdrawDailyMax,
          withdrawDailyCount: found.withdrawDailyCount,
          autoConfirmMinutes: found.autoConfirmMinutes,
          turnoverPercent: found.turnoverPercent,
          transferMin: found.transferMin,
          transferMax: found.transferMax,
          transferDailyMax: found.transferDailyMax,
          maxBankAccounts: found.maxBankAccounts,
        }
      : DEFAULT_RULES;
    cache.set(merchantId, { rules: current, at: Date.now() });
    return current;
  };

  /** The deposits' turnover alone (issue 5): bets since the requirement started over. */
  const depositTurnover = async (merchantId: number, memberId: number, db: Db): Promise<Turnover> => {
    const found = await data.findTurnover(db, memberId);
    if (!found || found.required === 0n) return { required: 0n, achieved: 0n, remaining: 0n, met: true };
    const account = await wallet.walletOf(merchantId, memberId, db);
    let achieved = await data.betsSince(db, account.accountId, found.sincePostingId);
    if (achieved < 0n) achieved = 0n;
    const remaining = achieved >= found.required ? 0n : found.required - achieved;
    return { required: found.required, achieved, remaining, met: remaining === 0n };
  };

  return {
    rules,

    async save(merchantId: number, next: Rules): Promise<Rules> {
      await data.upsertSettings(root, { merchantId, ...next });
      cache.delete(merchantId);
      return next;
    },

    /**
     * A credited deposit adds `turnoverPercent` of it to the member's requirement. Call it before the
     * deposit's ledger movement, in the same transaction: a deposit landing on a balance below the
     * minimum withdrawal starts the requirement over (the old money, and its requirement, are gone).
     */
    async onDeposit(db: Db, merchantId: number, memberId: number, amount: bigint): Promise<void> {
      const brand = await rules(merchantId, db);
      const add = (amount * BigInt(brand.turnoverPercent)) / 100n;
      const account = await wallet.walletOf(merchantId, memberId, db);
      const { balance } = await wallet.balance(merchantId, memberId, db);
      const resetSince = balance < brand.withdrawMin ? await data.lastPostingId(db, account.accountId) : null;
      if (add === 0n && resetSince === null) return;
      await data.addTurnover(db, { merchantId, memberId, amount: add, resetSince });
    },

    /** After a withdrawal request: what is left in the wallet carries no requirement. */
    async onWithdrawal(db: Db, merchantId: number, memberId: number): Promise<void> {
      const account = await wallet.walletOf(merchantId, memberId, db);
      await data.resetTurnover(db, merchantId, memberId, await data.lastPostingId(db, account.accountId));
    },

    /** Bonuses and adjustments may carry their own requirement (in minor units of betting). */
    async addRequirement(db: Db, merchantId: number, memberId: number, amount: bigint): Promise<void> {
      if (amount > 0n) await data.addTurnover(db, { merchantId, memberId, amount, resetSince: null });
    },

    /** The brand's rules with the member's own withdrawal limits raised by any limit source (perks). */
    async memberRules(merchantId: number, memberId: number, db: Db = root): Promise<Rules> {
      const brand = await rules(merchantId, db);
      let out = brand;
      for (const source of limitSources) {
        const l = await source(db, merchantId, memberId);
        if (l.withdrawDailyMax !== null && l.withdrawDailyMax > out.withdrawDailyMax)
          out = { ...out, withdrawDailyMax: l.withdrawDailyMax };
        if (l.withdrawDailyCount !== null && l.withdrawDailyCount > out.withdrawDailyCount)
          out = { ...out, withdrawDailyCount: l.withdrawDailyCount };
      }
      return out;
    },

    /** Registers another feature's per-member limits (the VIP perk; decision 074). */
    addLimitSource(source: LimitSource): void {
      limitSources.push(source);
    },

    /** Registers another feature's requirements (built in src/context.ts; decision 065). */
    addSource(source: RequirementSource): void {
      sources.push(source);
    },

    /** The newest posting on the member's wallet: a requirement made now counts the bets after it. */
    async mark(db: Db, merchantId: number, memberId: number): Promise<number> {
      const account = await wallet.walletOf(merchantId, memberId, db);
      return data.lastPostingId(db, account.accountId);
    },

    /** The member's bets after a mark (of some game types; all when none), less rollbacks. */
    async betsSince(
      db: Db,
      merchantId: number,
      memberId: number,
      since: number,
      gameTypes: readonly string[] = [],
    ): Promise<bigint> {
      const account = await wallet.walletOf(merchantId, memberId, db);
      const bets = await data.betsSince(db, account.accountId, since, gameTypes);
      return bets < 0n ? 0n : bets;
    },

    /**
     * The member's requirement before a withdrawal: the deposits' turnover plus every other
     * source's (bonus wagering), each counted on its own; met when all are met.
     */
    async turnover(
      merchantId: number,
      memberId: number,
      db: Db = root,
      opts: { withoutDeposits?: boolean } = {},
    ): Promise<Turnover> {
      // A self-excluded player's own deposits carry no requirement: the balance goes back (issue 24).
      const base = opts.withoutDeposits
        ? { required: 0n, achieved: 0n, remaining: 0n, met: true }
        : await depositTurnover(merchantId, memberId, db);
      if (!sources.length) return base;
      const extra = (await Promise.all(sources.map((s) => s(db, merchantId, memberId)))).flat();
      if (!extra.length) return base;
      let required = base.required;
      let achieved = base.achieved < base.required ? base.achieved : base.required;
      for (const r of extra) {
        required += r.required;
        achieved += r.achieved < r.required ? r.achieved : r.required;
      }
      const remaining = required - achieved;
      return { required, achieved, remaining, met: remaining === 0n };
    },
  };
};

export type WalletRules = ReturnType<typeof createWalletRules>;

export const turnoverView = (t: Turnover) => ({
  required: String(t.required),
  achieved: String(t.achieved),
  remaining: String(t.remaining),
  met: t.met,
});
