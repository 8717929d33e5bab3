import type {
  GameType,
  RebateOverview,
  RebatePayout,
  RebateReport,
  RebateSaveBody,
  RebateSettings,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { AuditLog } from '../operator/service.ts';
import { startOfDay } from '../provider/history/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { localDay } from '../wallet/history/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };

export interface RebateDeps {
  db: Db;
  wallet: WalletService;
  merchants: MerchantService;
  notifications: NotificationService;
  audit: AuditLog;
  /**
   * Player protection (decision 061): a member under a time-out or self-exclusion gets no
   * marketing, so no rebate: the claim is refused and the daily job passes them by (their
   * turnover stays unpaid until the restriction ends).
   */
  mayMarket: (m: Member, at: Db) => Promise<boolean>;
  /**
   * The member's level for the rate table (decision 071): the VIP level (decision 074); 0 when
   * not given.
   */
  levelOf?: (m: Member, at: Db) => Promise<number>;
  /**
   * The brand's VIP levels (1…n) by name: the levels the desk may give rates to besides 0
   * (decision 074, amended). None when not given.
   */
  levels?: (merchantId: number, at: Db) => Promise<{ level: number; name: string }[]>;
  now?: () => Date;
}

/** turnover × rate, rounded down to a minor unit. */
export const rebateOf = (turnover: bigint, rateBp: number) => (turnover * BigInt(rateBp)) / 10_000n;

const payoutView = (p: data.PayoutRow): RebatePayout => ({
  id: p.id,
  gameType: p.gameType as GameType,
  source: p.source,
  day: p.period.startsWith('day:') ? p.period.slice(4) : '',
  fromAt: p.fromAt?.toISOString() ?? null,
  toAt: p.toAt.toISOString(),
  turnover: String(p.turnover),
  rateBp: p.rateBp,
  amount: String(p.amount),
  createdAt: p.createdAt.toISOString(),
});

/**
 * Rebate (issue 19, decision 071): a share of each game type's settled turnover, paid from the
 * house's bonus account through the wallet (kind `rebate`, key `rebate:<member>:<type>:<end>`), by
 * the member's claim or by the daily job; each payment moves the member's position in that game
 * type under a row lock, so the same turnover is never paid twice.
 */
export const createRebateService = (deps: RebateDeps) => {
  const { db, wallet, merchants, notifications, audit, mayMarket } = deps;
  const now = deps.now ?? (() => new Date());
  const levelOf = deps.levelOf ?? (async () => 0);
  const levelsOf = deps.levels ?? (async () => []);

  /**
   * Pays one game type's turnover from the member's position up to `to`, inside `tx`. Returns
   * null when there is nothing to pay (the position is not moved: small turnover carries on).
   */
  const payOne = async (
    tx: Db,
    q: Member & { gameType: string; rateBp: number; to: Date; source: 'claim' | 'daily'; period: string },
  ) => {
    const from = await data.lockCursor(tx, q);
    if (from && from.getTime() >= q.to.getTime()) return null;
    const turnover = await data.turnover(tx, q.memberId, q.gameType, from, q.to);
    const amount = rebateOf(turnover, q.rateBp);
    if (amount <= 0n) return null;
    const payout = await data.insertPayout(tx, {
      merchantId: q.merchantId,
      memberId: q.memberId,
      gameType: q.gameType,
      source: q.source,
      period: q.period,
      fromAt: from,
      toAt: q.to,
      turnover,
      rateBp: q.rateBp,
      amount,
    });
    if (!payout) return null;
    await wallet.transfer({
      merchantId: q.merchantId,
      key: `rebate:${q.memberId}:${q.gameType}:${q.to.toISOString()}`,
      kind: 'rebate',
      from: { system: 'bonus', sub: 'rebate' },
      to: { member: q.memberId },
      amount,
      reference: `rebate:${payout.id}`,
      db: tx,
    });
    await data.moveCursor(tx, q.memberId, q.gameType, q.to);
    return payout;
  };

  const gameRates = (rows: data.RateRow[]) => rows.map((r) => ({ gameType: r.gameType as GameType, rateBp: r.rateBp }));

  /** The levels the desk edits: 0 and the brand's VIP levels; 400 for any other. */
  const levelsFor = async (merchantId: number, level: number, at: Db = db) => {
    const levels = [{ level: 0, name: null }, ...(await levelsOf(merchantId, at))];
    if (!levels.some((l) => l.level === level))
      throw badRequest('VALIDATION_FAILED', `The brand has no VIP level ${level}`, {
        level: `The brand has no VIP level ${level}`,
      });
    return levels;
  };

  const settingsOf = async (merchantId: number, level: number): Promise<RebateSettings> => ({
    level,
    levels: await levelsFor(merchantId, level),
    rates: gameRates(await data.levelRates(db, merchantId, level)),
    below: level > 0 ? gameRates(await data.rates(db, merchantId, level - 1)) : [],
    dailyAuto: await data.dailyAuto(db, merchantId),
  });

  return {
    /** manualRebate: what each game type has accrued since its last payment, and the history. */
    async overview(m: Member): Promise<RebateOverview> {
      const to = now();
      const [rates, accrued, cursors, history, dailyAuto, allowed] = [
        await data.rates(db, m.merchantId, await levelOf(m, db)),
        await data.accrued(db, m.merchantId, m.memberId, to),
        await data.cursors(db, m.memberId),
        await data.payouts(db, m.memberId),
        await data.dailyAuto(db, m.merchantId),
        await mayMarket(m, db),
      ];
      const accruals = rates
        .filter((r) => r.rateBp > 0)
        .map((r) => {
          const turnover = accrued.find((a) => a.gameType === r.gameType)?.turnover ?? 0n;
          return {
            gameType: r.gameType as GameType,
            rateBp: r.rateBp,
            turnover: String(turnover),
            amount: String(rebateOf(turnover, r.rateBp)),
            since: cursors.find((c) => c.gameType === r.gameType)?.paidThrough?.toISOString() ?? null,
          };
        });
      const total = accruals.reduce((s, a) => s + BigInt(a.amount), 0n);
      return {
        accruals,
        total: String(allowed ? total : 0n),
        count: allowed ? accruals.filter((a) => a.amount !== '0').length : 0,
        dailyAuto,
        allowed,
        history: history.map(payoutView),
      };
    },

    /** Pays every game type's accrued rebate at the member's rates. Concurrent claims pay once. */
    async claim(m: Member) {
      const to = now();
      const paid = await db.transaction(async (tx) => {
        if (!(await mayMarket(m, tx)))
          throw new AppError('REBATE_NOT_ALLOWED', 'Rebate is paused while a time-out or exclusion lasts', 403);
        const rates = await data.rates(tx, m.merchantId, await levelOf(m, tx));
        const out: data.PayoutRow[] = [];
        for (const r of rates) {
          if (r.rateBp <= 0) continue;
          const p = await payOne(tx, {
            ...m,
            gameType: r.gameType,
            rateBp: r.rateBp,
            to,
            source: 'claim',
            period: `claim:${to.toISOString()}`,
          });
          if (p) out.push(p);
        }
        if (!out.length) throw conflict('NOTHING_TO_CLAIM', 'There is no rebate to claim yet');
        return out;
      });
      await notifications.balanceChanged(m.memberId, 'rebate');
      return { total: String(paid.reduce((s, p) => s + p.amount, 0n)), paid: paid.map(payoutView) };
    },

    /**
     * The daily job's work for one job period (an hour): for each brand that pays automatically and
     * whose day ended in (periodStart, periodEnd], every member with settled rounds that day is paid
     * what is left since their position, up to the day's end, period `day:<YYYY-MM-DD>`. The hours
     * partition time, so each brand day ends in exactly one of them; the job runner runs each hour
     * once, and the unique key (member, game type, period) holds even if something ran it again.
     */
    async payDaily(tx: Db, periodStart: Date, periodEnd: Date, afterCommit: (fn: () => unknown) => void) {
      let paid = 0;
      for (const merchantId of await data.autoMerchants(tx)) {
        const tz = (await merchants.brand(merchantId, tx)).merchant.timezone;
        const cutoff = startOfDay(localDay(tz, periodEnd), tz);
        if (cutoff.getTime() <= periodStart.getTime() || cutoff.getTime() > periodEnd.getTime()) continue;
        const day = localDay(tz, new Date(cutoff.getTime() - 1));
        const dayStart = startOfDay(day, tz);
        const levels = new Map<number, data.RateRow[]>();
        for (const pair of await data.playedIn(tx, merchantId, dayStart, cutoff)) {
          const m = { merchantId, memberId: pair.memberId };
          if (!(await mayMarket(m, tx))) continue;
          const level = await levelOf(m, tx);
          if (!levels.has(level)) levels.set(level, await data.rates(tx, merchantId, level));
          const rate = levels.get(level)!.find((r) => r.gameType === pair.gameType);
          if (!rate || rate.rateBp <= 0) continue;
          const p = await payOne(tx, {
            ...m,
            gameType: pair.gameType,
            rateBp: rate.rateBp,
            to: cutoff,
            source: 'daily',
            period: `day:${day}`,
          });
          if (p) {
            paid++;
            afterCommit(() => notifications.balanceChanged(m.memberId, 'rebate'));
          }
        }
      }
      return paid;
    },

    /** The rates a level gets (the VIP perks table, decision 074). */
    ratesAt: async (merchantId: number, level: number) =>
      (await data.rates(db, merchantId, level))
        .filter((r) => r.rateBp > 0)
        .map((r) => ({ gameType: r.gameType, rateBp: r.rateBp })),

    /* ------------------------------------------------------------- the console's desk */

    settings: (op: Operator, level = 0) => settingsOf(op.merchantId, level),

    /** Saves one level's rates (0 when not given) and the daily switch; 400 for an unknown level. */
    async save(op: Operator, body: RebateSaveBody, ip: string) {
      const level = body.level ?? 0;
      await db.transaction(async (tx) => {
        await levelsFor(op.merchantId, level, tx);
        await data.saveSettings(tx, op.merchantId, { ...body, level });
      });
      await audit(
        op,
        'rebate.save',
        `merchant:${op.merchantId}`,
        { level, rates: body.rates, dailyAuto: body.dailyAuto },
        ip,
      );
      return settingsOf(op.merchantId, level);
    },

    async report(op: Operator, days: number): Promise<RebateReport> {
      const since = new Date(now().getTime() - days * 86_400_000);
      const rows = await data.report(db, op.merchantId, since);
      return {
        days,
        rows: rows.map((r) => ({
          gameType: r.gameType as GameType,
          members: r.members,
          payouts: r.payouts,
          turnover: String(r.turnover),
          amount: String(r.amount),
          claimed: String(r.claimed),
          daily: String(r.daily),
        })),
        total: String(rows.reduce((s, r) => s + r.amount, 0n)),
      };
    },
  };
};

export type RebateService = ReturnType<typeof createRebateService>;
