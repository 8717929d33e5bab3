import type { Db } from '../../../db/client.ts';
import type { JobRunner } from '../../../lib/jobs.ts';
import type { WalletReports } from '../../wallet/reports/service.ts';
import { addDays, localToday } from '../dashboard/period.ts';
import * as data from './data.ts';

/**
 * The dashboard's daily roll-up (decision 088). The `backoffice.rollup` job (every minute, exactly
 * once per minute whatever the number of instances, in its own transaction, the brand's state row
 * locked) brings each brand up to date:
 * - money: the ledger transactions past the brand's cursor, settled for 30 s (ids are given at
 *   insert, a later id may commit first), are added to their local day through the wallet's
 *   reports; the cursor moves in the same transaction, so each is counted once;
 * - play: each closed day not rolled up yet is re-summed from the rounds (at most a month per run),
 *   and so is every rolled-up day with a round changed since the last run (a late settlement, a
 *   refund): rounds are not append-only, so a day is summed again rather than added to.
 * Today's play is read live (index on started_at); today's money is rolled up like any day's.
 */

/** Ledger movements younger than this wait for the next run. */
const LEDGER_SETTLE_MS = 30_000;
const LEDGER_BATCH = 50_000;
/** Rounds changed this long before the last run's mark count as changed again (commits that came late). */
const ROUNDS_OVERLAP_MS = 2 * 60_000;
/** Closed days of play summed per run (a new brand's history catches up a month a minute). */
const PLAY_DAYS_PER_RUN = 31;

export interface RollupOptions {
  /** How old a ledger movement must be to count (default 30 s; 0 when nothing is in flight, as when seeding). */
  settleMs?: number;
  /** Ledger transactions per run (default 50,000). */
  batch?: number;
  /** Run again while a run moved the cursor or the rolled-up days, each run in its own (sub)transaction. */
  catchUp?: boolean;
}

export interface RollupDeps {
  walletReports: Pick<WalletReports, 'settledUpTo' | 'rollupMoney' | 'clearMoneyRollup'>;
}

export const createDashboardRollup = ({ walletReports }: RollupDeps) => {
  /** Brings one brand's roll-up up to date, in the caller's transaction. */
  const rollupMerchant = async (tx: Db, m: { id: number; timezone: string }, now: Date, opts: RollupOptions = {}) => {
    let st = await data.lockState(tx, m.id, m.timezone);
    if (st.timezone !== m.timezone) {
      // Every local day moves with the time zone: start over (reads are live until it catches up).
      await walletReports.clearMoneyRollup(m.id, tx);
      await data.clearPlay(tx, m.id);
      st = { timezone: m.timezone, ledgerUpto: 0, playRolledTo: null, roundsMark: null };
    }

    const upto = await walletReports.settledUpTo(
      {
        merchantId: m.id,
        afterId: st.ledgerUpto,
        before: new Date(now.getTime() - (opts.settleMs ?? LEDGER_SETTLE_MS)),
        batch: opts.batch ?? LEDGER_BATCH,
      },
      tx,
    );
    if (upto > st.ledgerUpto) {
      await walletReports.rollupMoney(
        { merchantId: m.id, timezone: m.timezone, afterId: st.ledgerUpto, uptoId: upto },
        tx,
      );
    }

    const yesterday = addDays(localToday(m.timezone, now), -1);
    const days = new Set<string>();
    if (st.playRolledTo && st.roundsMark) {
      const since = new Date(st.roundsMark.getTime() - ROUNDS_OVERLAP_MS);
      for (const d of await data.changedDays(tx, {
        merchantId: m.id,
        timezone: m.timezone,
        since,
        lastDay: st.playRolledTo,
      })) {
        days.add(d);
      }
    }
    let rolledTo = st.playRolledTo;
    const first =
      rolledTo !== null ? addDays(rolledTo, 1) : ((await data.firstRoundDay(tx, m.id, m.timezone)) ?? yesterday);
    for (let d = first, n = 0; d <= yesterday && n < PLAY_DAYS_PER_RUN; d = addDays(d, 1), n++) {
      days.add(d);
      rolledTo = d;
    }
    // A brand without rounds yet: every closed day is rolled up (empty).
    if (rolledTo === null || (st.playRolledTo === null && first > yesterday)) rolledTo = yesterday;
    for (const d of [...days].sort()) await data.rollPlayDay(tx, m.id, m.timezone, d);

    await data.saveState(tx, m.id, { timezone: m.timezone, ledgerUpto: upto, playRolledTo: rolledTo, now });
    return { ledgerUpto: upto, playRolledTo: rolledTo, daysSummed: days.size };
  };

  /**
   * Every brand, one run each; with `catchUp`, runs again while a run moved the cursor or the
   * rolled-up days (seeding: a history longer than one run's month comes in at once).
   */
  const rollupAll = async (tx: Db, now: Date, opts: RollupOptions = {}) => {
    for (const m of await data.merchantZones(tx)) {
      const once = () =>
        opts.catchUp ? tx.transaction((sub) => rollupMerchant(sub, m, now, opts)) : rollupMerchant(tx, m, now, opts);
      let last = await once();
      while (opts.catchUp) {
        const next = await once();
        if (next.ledgerUpto === last.ledgerUpto && next.playRolledTo === last.playRolledTo) break;
        last = next;
      }
    }
  };

  return { rollupMerchant, rollupAll };
};

export type DashboardRollup = ReturnType<typeof createDashboardRollup>;

/** The job: once a minute, every brand (decision 088). */
export const registerDashboardJobs = (
  jobs: Pick<JobRunner, 'every'>,
  { dashboardRollup }: { dashboardRollup: Pick<DashboardRollup, 'rollupAll'> },
) => {
  jobs.every('backoffice.rollup', 60_000, ({ db, now }) => dashboardRollup.rollupAll(db, now), {
    catchUp: 1,
    backoffMs: 10_000,
  });
};
