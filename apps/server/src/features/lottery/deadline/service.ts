import type { Db } from '../../../db/client.ts';
import type { JobRunner } from '../../../lib/jobs.ts';
import type { LotteryService } from '../service.ts';
import * as data from './data.ts';

/** Finds the official periods past their result deadline, once a minute. */
export const DEADLINE_SWEEP_JOB = 'lottery.deadline';
/** Voids one period past its deadline (key merchant:game:numero, like its draw). */
export const DEADLINE_VOID_JOB = 'lottery.void';
/** Periods a sweep hands out at most (the next minute's sweep takes the rest). */
const SWEEP_LIMIT = 500;

export interface LotteryDeadlineDeps {
  lottery: Pick<LotteryService, 'voidIn'>;
  jobs: Pick<JobRunner, 'enqueue'>;
}

/**
 * The official lotteries' result deadline (issue 18, decision 081). An official period (Vietnam,
 * South-East Asia) with no result `void_after_seconds` after its draw is voided and every bet on it
 * refunded once, through the operator's void (`voidIn`: `lottery:void:<bet>`). Exactly once like the
 * draws: the sweep (one job per minute, whoever runs it) enqueues one void job per period, unique by
 * its key; the job locks the period, checks again that it is open and past its deadline, and voids
 * it in the job's transaction. A confirmation that got there first leaves it settled; the void then
 * finds nothing to do, and the bets' status guards and the wallet's keys would refuse a second refund.
 */
export const createLotteryDeadline = ({ lottery, jobs }: LotteryDeadlineDeps) => ({
  async sweep(tx: Db, now: Date) {
    for (const p of await data.duePeriods(tx, now, SWEEP_LIMIT))
      await jobs.enqueue(
        {
          name: DEADLINE_VOID_JOB,
          key: `${p.merchantId}:${p.gameCode}:${p.numero}`,
          runAt: now,
          payload: { merchantId: p.merchantId, periodId: p.periodId },
        },
        tx,
      );
  },

  /** Voids the period if it is still due; answers how many bets were refunded (null: nothing done). */
  async voidDue(
    tx: Db,
    p: { merchantId: number; periodId: number },
    now: Date,
    afterCommit: (fn: () => unknown) => void,
  ) {
    if (!(await data.lockIfDue(tx, p.periodId, now))) return null;
    return lottery.voidIn(tx, p.merchantId, p.periodId, afterCommit);
  },
});

export type LotteryDeadline = ReturnType<typeof createLotteryDeadline>;
