import type { Db } from '../../../db/client.ts';
import * as daily from './daily/data.ts';
import * as data from './data.ts';

export type { KindMatch, OwnerPostingsFilter } from './data.ts';

export interface WalletReportDeps {
  db: Db;
}

/**
 * What other features may read of the ledger, as reports: they never query the ledger tables
 * themselves. Each report reads through the caller's transaction when given one (`tx`), so a job
 * running in its own transaction on the embedded database does not wait on a second connection.
 */
export const createWalletReports = ({ db }: WalletReportDeps) => ({
  /**
   * The last ledger transaction id of a brand that is safe to count from `afterId` on: ids are
   * given at insert, so a movement may commit after a later id; the first one younger than `before`
   * and everything after it are left for the next call (at most `batch` ids at a time).
   */
  async settledUpTo(q: { merchantId: number; afterId: number; before: Date; batch: number }, tx: Db = db) {
    let upto = q.afterId;
    for (const t of await data.transactionsAfter(tx, q)) {
      if (t.recent) break;
      upto = t.id;
    }
    return upto;
  },

  /** Deposits in and withdrawals out (positive) per wallet owner and local day, over (afterId, uptoId]. */
  depositsAndWithdrawalsByDay(q: Parameters<typeof data.depositsAndWithdrawalsByDay>[1], tx: Db = db) {
    return data.depositsAndWithdrawalsByDay(tx, q);
  },

  /** A page of movements on the wallets of the given owners in a period, newest first, with the total count. */
  ownerPostings(f: data.OwnerPostingsFilter, tx: Db = db) {
    return data.ownerPostings(tx, f);
  },

  /** The back office's money figures per local day, or the period's totals (decision 069). */
  moneyByDay(q: Parameters<typeof data.moneyByDay>[1]) {
    return data.moneyByDay(db, q);
  },

  /**
   * The back office's money figures per local day from the daily roll-up (decision 088): rolled-up
   * days, the movements past the roll-up's cursor read live, the left-out members subtracted.
   */
  moneyDays(q: daily.MoneyDaysQuery) {
    return daily.moneyDays(db, q);
  },

  /** Adds ledger transactions (afterId, uptoId] to the daily roll-up, in the job's transaction. */
  rollupMoney(q: Parameters<typeof daily.addMoney>[1], tx: Db) {
    return daily.addMoney(tx, q);
  },

  /** Empties a brand's money roll-up (its time zone changed). */
  clearMoneyRollup(merchantId: number, tx: Db) {
    return daily.clearMoney(tx, merchantId);
  },

  /** The same money figures per group of members over a period (decision 084). */
  moneyByGroup(q: Parameters<typeof data.moneyByGroup>[1]) {
    return data.moneyByGroup(db, q);
  },

  /** A member's wallet movements over a period with the opening balance (decision 084). */
  memberStatement(q: Parameters<typeof data.memberStatement>[1]) {
    return data.memberStatement(db, q);
  },

  /** A member's latest movements with the bonus account, newest first. */
  memberBonuses(q: Parameters<typeof data.memberBonuses>[1]) {
    return data.memberBonuses(db, q);
  },
});

export type WalletReports = ReturnType<typeof createWalletReports>;
