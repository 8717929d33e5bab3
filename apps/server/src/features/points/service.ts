import { randomUUID } from 'node:crypto';
import {
  POINTS_REQUIREMENT_DAYS,
  type GameType,
  type PointsDeskRedeem,
  type PointsItem,
  type PointsItemInput,
  type PointsRedeem,
  type PointsReport,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { OperatorService } from '../operator/service.ts';
import { startOfDay } from '../provider/history/service.ts';
import { dayRange } from '../wallet/history/service.ts';
import { checkPaymentPassword } from '../wallet/policy.ts';
import type { Turnover, WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

/**
 * The points mall (issue 20, decision 067).
 *
 *   await points.earnPeriod(tx, { start, end, key });            // the hourly job
 *   await points.redeem(member, { itemId, quantity, paymentPassword });
 *   await points.convert(member, { points: 500, paymentPassword });
 *   await points.decide(operator, { id, decision: 'rejected', remark }, ip);
 *
 * A redeem is one transaction: the item's stock and the member's points are taken under their
 * rows' checks (stock ≥ 0, balance ≥ 0), and a cash item is credited through the wallet with the
 * key `points:redeem:<id>` in the same transaction. Whatever refuses, nothing of it stays.
 */

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };

export interface PointsDeps {
  db: Db;
  wallet: Pick<WalletService, 'transfer'>;
  /** Bonus items' wagering (decision 066): the mark when paid and the bets since. */
  walletRules: Pick<WalletRules, 'mark' | 'betsSince'>;
  accounts: Pick<AccountService, 'findById' | 'findByUsername'>;
  merchants: Pick<MerchantService, 'brand'>;
  limiter: RateLimiter;
  audit: OperatorService['audit'];
  /** The VIP exchange perk (decision 074): extra cash on conversions, basis points; 0 when not given. */
  exchangeBonusBp?: (m: Member, at: Db) => Promise<number>;
  /** The exchange table by VIP level (decision 074): each level's bonus and the member's level. */
  exchangeLevels?: (
    m: Member,
    at: Db,
  ) => Promise<{ level: number; levels: { level: number; name: string; bonusBp: number }[] }>;
}

const itemView = (r: data.ItemRow): PointsItem => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  image: r.image,
  stock: r.stock,
  pointsCost: r.pointsCost,
  cashAmount: String(r.cashAmount),
  amountRequirement: String(r.amountRequirement),
  wageringMultiple: r.wageringMultiple,
  enabled: r.enabled,
  sort: r.sort,
});

const redeemView = (r: data.RedeemRow): PointsRedeem => ({
  id: r.id,
  itemId: r.itemId,
  itemName: r.itemName,
  kind: r.kind,
  quantity: r.quantity,
  points: r.points,
  amount: String(r.amount),
  wageringRequired: String(r.wageringRequired),
  status: r.status,
  remark: r.remark,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

const deskView = (r: data.RedeemRow): PointsDeskRedeem => ({
  ...redeemView(r),
  memberId: r.memberId,
  account: r.account,
});

const paged = <T>(list: T[], total: number, q: { page: number; pageSize: number }) => ({
  list,
  pageNum: q.page,
  pageSize: q.pageSize,
  total,
  totalPages: Math.ceil(total / q.pageSize),
});

const conflict = (code: string, message: string) => new AppError(code, message, 409);
const DAY = 86_400_000;

/** The rate row for `points`: the largest minimum not above it; null below every minimum. */
export const rateFor = <R extends { minPoints: number }>(rates: readonly R[], points: number): R | null =>
  rates.filter((r) => r.minPoints <= points).sort((a, b) => b.minPoints - a.minPoints)[0] ?? null;

export const createPointsService = ({
  db,
  wallet,
  walletRules,
  accounts,
  merchants,
  limiter,
  audit,
  exchangeBonusBp = async () => 0,
  exchangeLevels = async () => ({ level: 0, levels: [] }),
}: PointsDeps) => {
  const rulesView = async (merchantId: number, tx: Db = db) => ({
    rules: (await data.rules(tx, merchantId)).map((r) => ({
      gameType: r.gameType as GameType,
      turnoverPerPoint: String(r.turnoverPerPoint),
    })),
    rates: (await data.rates(tx, merchantId)).map((r) => ({
      minPoints: r.minPoints,
      amountPer100: String(r.amountPer100),
    })),
  });

  const turnover = (memberId: number, now = new Date()) =>
    data.turnoverSince(
      db,
      memberId,
      new Date(now.getTime() - POINTS_REQUIREMENT_DAYS * DAY).toISOString().slice(0, 10),
    );

  return {
    /** One earning period for every brand (the job's handler, inside its transaction). */
    earnPeriod: (tx: Db, q: { start: Date; end: Date; key: string }) => data.earnPeriod(tx, q),

    /** Members whose balance is not the sum of their entries (empty when the ledger holds). */
    check: (tx: Db = db) => data.check(tx),

    balance: async (m: Member) => ({ balance: await data.balanceOf(db, m.memberId) }),

    /**
     * Points given for something done elsewhere (a mission's reward, decision 073), in the caller's
     * transaction; the key is unique per member, so the same reward cannot land twice.
     */
    award: (tx: Db, q: Member & { points: number; key: string }) =>
      data.change(tx, { ...q, change: q.points, reason: 'mission', key: q.key }),

    async config(m: Member) {
      return {
        items: (await data.items(db, m.merchantId, true)).map(itemView),
        ...(await rulesView(m.merchantId)),
        requirementDays: POINTS_REQUIREMENT_DAYS,
        turnover: String(await turnover(m.memberId)),
        hasPaymentPassword: !!(await accounts.findById(m.merchantId, m.memberId))?.paymentPasswordHash,
        vipBonusBp: await exchangeBonusBp(m, db),
        vip: await exchangeLevels(m, db),
      };
    },

    async list(m: Member, q: { page: number; pageSize: number }) {
      const { list, total } = await data.entries(db, m.memberId, q);
      return paged(
        list.map((e) => ({
          id: e.id,
          change: e.change,
          balanceAfter: e.balanceAfter,
          reason: e.reason,
          note: e.note,
          createdAt: e.createdAt.toISOString(),
        })),
        total,
        q,
      );
    },

    async redeems(m: Member, q: { page: number; pageSize: number }) {
      const { list, total } = await data.redeems(db, { merchantId: m.merchantId, memberId: m.memberId }, q);
      return paged(list.map(redeemView), total, q);
    },

    async redeem(m: Member, body: { itemId: number; quantity: number; paymentPassword: string }) {
      const item = await data.item(db, m.merchantId, body.itemId);
      if (!item?.enabled) throw new AppError('NOT_FOUND', 'No such item', 404);
      const cost = item.pointsCost * body.quantity;
      if (!Number.isSafeInteger(cost)) throw new AppError('VALIDATION_FAILED', 'Too many at once', 400);
      if (item.stock < body.quantity) throw conflict('OUT_OF_STOCK', 'Not enough of this item is left');
      if ((await data.balanceOf(db, m.memberId)) < cost) throw conflict('POINTS_INSUFFICIENT', 'Not enough points');
      if (item.amountRequirement > 0n && (await turnover(m.memberId)) < item.amountRequirement) {
        throw new AppError(
          'AMOUNT_REQUIREMENT_NOT_MET',
          'Your turnover does not reach this item’s requirement yet',
          409,
          {
            required: String(item.amountRequirement),
          },
        );
      }
      await checkPaymentPassword({ limiter, accounts }, m.merchantId, m.memberId, body.paymentPassword);
      const result = await db.transaction(async (tx) => {
        if (!(await data.takeStock(tx, item.id, body.quantity)))
          throw conflict('OUT_OF_STOCK', 'Not enough of this item is left');
        const amount = item.cashAmount * BigInt(body.quantity);
        const bonus = item.kind === 'bonus';
        // A bonus's wagering counts the bets after the wallet's newest posting before its credit.
        const sincePostingId = bonus ? await walletRules.mark(tx, m.merchantId, m.memberId) : null;
        const { id } = await data.insertRedeem(tx, {
          merchantId: m.merchantId,
          memberId: m.memberId,
          itemId: item.id,
          kind: item.kind,
          quantity: body.quantity,
          points: cost,
          amount,
          status: item.kind === 'goods' ? 'in_process' : 'approved',
          wageringRequired: bonus ? amount * BigInt(item.wageringMultiple) : 0n,
          sincePostingId,
        });
        const balance = await data.change(tx, {
          merchantId: m.merchantId,
          memberId: m.memberId,
          change: -cost,
          reason: 'redeemed',
          key: `redeem:${id}`,
        });
        if (balance === null) throw conflict('POINTS_INSUFFICIENT', 'Not enough points');
        if (item.kind !== 'goods') {
          await wallet.transfer({
            merchantId: m.merchantId,
            from: { system: 'bonus', sub: 'points' },
            to: { member: m.memberId },
            amount,
            key: `points:redeem:${id}`,
            kind: 'points',
            reference: `points_redeem:${id}`,
            db: tx,
          });
        }
        return { id, balance };
      });
      const r = await data.redeem(db, m.merchantId, result.id);
      return { redeem: redeemView(r!), balance: result.balance };
    },

    async convert(m: Member, body: { points: number; paymentPassword: string }) {
      const rates = await data.rates(db, m.merchantId);
      const rate = rateFor(rates, body.points);
      if (!rate) {
        throw new AppError('BELOW_MINIMUM', 'Convert at least the smallest amount in the exchange-rate table', 409, {
          minPoints: rates[0]?.minPoints ?? null,
        });
      }
      // The table's amount, raised by the member's VIP exchange perk (decision 074), rounded down.
      const amount =
        (BigInt(body.points) * rate.amountPer100 * BigInt(10_000 + (await exchangeBonusBp(m, db)))) / 1_000_000n;
      if (amount <= 0n) throw conflict('BELOW_MINIMUM', 'These points are worth less than one unit');
      if ((await data.balanceOf(db, m.memberId)) < body.points)
        throw conflict('POINTS_INSUFFICIENT', 'Not enough points');
      await checkPaymentPassword({ limiter, accounts }, m.merchantId, m.memberId, body.paymentPassword);
      const ref = randomUUID();
      const balance = await db.transaction(async (tx) => {
        const after = await data.change(tx, {
          merchantId: m.merchantId,
          memberId: m.memberId,
          change: -body.points,
          reason: 'converted',
          key: `convert:${ref}`,
        });
        if (after === null) throw conflict('POINTS_INSUFFICIENT', 'Not enough points');
        await wallet.transfer({
          merchantId: m.merchantId,
          from: { system: 'bonus', sub: 'points' },
          to: { member: m.memberId },
          amount,
          key: `points:convert:${ref}`,
          kind: 'points',
          meta: { points: body.points },
          db: tx,
        });
        return after;
      });
      return { points: body.points, amount: String(amount), balance };
    },

    /* ------------------------------------------------------------ operator desks */

    items: async (op: Operator) => ({ list: (await data.items(db, op.merchantId, false)).map(itemView) }),

    async saveItem(op: Operator, body: PointsItemInput & { image: string }, ip: string) {
      const values: data.ItemValues = {
        kind: body.kind,
        name: body.name,
        image: body.image,
        stock: body.stock,
        pointsCost: body.pointsCost,
        cashAmount: BigInt(body.cashAmount ?? '0'),
        amountRequirement: BigInt(body.amountRequirement ?? '0'),
        wageringMultiple: body.kind === 'bonus' ? (body.wageringMultiple ?? 0) : 0,
        enabled: body.enabled ?? true,
        sort: body.sort ?? 0,
      };
      return db.transaction(async (tx) => {
        const saved =
          body.id === undefined
            ? await data.insertItem(tx, op.merchantId, values)
            : await data.updateItem(tx, op.merchantId, body.id, values);
        if (!saved) throw new AppError('NOT_FOUND', 'No such item', 404);
        await audit(
          op,
          body.id === undefined ? 'points.item.create' : 'points.item.update',
          `points_item:${saved.id}`,
          { kind: values.kind, stock: values.stock, pointsCost: values.pointsCost, enabled: values.enabled },
          ip,
          tx,
        );
        return itemView(saved);
      });
    },

    async deskRedeems(op: Operator, q: { status: string; page: number; pageSize: number }) {
      const { list, total } = await data.redeems(db, { merchantId: op.merchantId, status: q.status }, q);
      return paged(list.map(deskView), total, q);
    },

    /** Approves or rejects a goods request in process; a rejection returns its points and its stock once. */
    async decide(op: Operator, body: { id: number; decision: 'approved' | 'rejected'; remark: string }, ip: string) {
      await db.transaction(async (tx) => {
        const r = await data.redeem(tx, op.merchantId, body.id, true);
        if (!r) throw new AppError('NOT_FOUND', 'No such request', 404);
        if (r.status !== 'in_process') throw conflict('ALREADY_DECIDED', 'This request is decided already');
        await data.decide(tx, r.id, { status: body.decision, remark: body.remark, operatorId: op.operatorId });
        if (body.decision === 'rejected') {
          await data.change(tx, {
            merchantId: op.merchantId,
            memberId: r.memberId,
            change: r.points,
            reason: 'returned',
            key: `return:${r.id}`,
          });
          await data.restock(tx, r.itemId, r.quantity);
        }
        await audit(op, `points.redeem.${body.decision}`, `points_redeem:${r.id}`, { remark: body.remark }, ip, tx);
      });
      return deskView((await data.redeem(db, op.merchantId, body.id))!);
    },

    rules: (op: Operator) => rulesView(op.merchantId),

    /**
     * Bonus items still owing wagering (the wallet rules' requirement source): each counts the
     * member's bets since its credit; one found met is marked so and no longer locks withdrawals.
     */
    async requirements(at: Db, merchantId: number, memberId: number): Promise<Turnover[]> {
      const out: Turnover[] = [];
      for (const r of await data.openWagering(at, merchantId, memberId)) {
        const bets = await walletRules.betsSince(at, merchantId, memberId, r.sincePostingId!);
        const achieved = bets > r.wageringRequired ? r.wageringRequired : bets;
        if (achieved >= r.wageringRequired) await data.wageringMet(at, r.id);
        else out.push({ required: r.wageringRequired, achieved, remaining: r.wageringRequired - achieved, met: false });
      }
      return out;
    },

    /** Adds or removes a member's points with the reason they will read (never below zero). */
    async adjust(op: Operator, body: { account: string; points: number; note: string }, ip: string) {
      const member = await accounts.findByUsername(op.merchantId, body.account);
      if (!member)
        throw new AppError('NOT_FOUND', 'No member with this account', 404, null, {
          account: 'No member with this account',
        });
      const balance = await db.transaction(async (tx) => {
        const after = await data.change(tx, {
          merchantId: op.merchantId,
          memberId: member.id,
          change: body.points,
          reason: 'adjusted',
          key: `adjust:${randomUUID()}`,
          note: body.note,
        });
        if (after === null) throw conflict('POINTS_INSUFFICIENT', 'The member has fewer points than that');
        await audit(op, 'points.adjust', `member:${member.id}`, { points: body.points, note: body.note }, ip, tx);
        return after;
      });
      return { memberId: member.id, account: member.username, balance };
    },

    /** Points issued and redeemed between two of the brand's days (both included). */
    async report(op: Operator, q: { from?: string | undefined; to?: string | undefined }): Promise<PointsReport> {
      const { timezone } = (await merchants.brand(op.merchantId)).merchant;
      const { from, to } = dayRange(q, timezone, 30);
      const next = new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
      const end = startOfDay(next, timezone);
      const r = await data.report(db, op.merchantId, startOfDay(from, timezone), end);
      const sum = (reason: string, k: 'gained' | 'spent') => r.sums.find((x) => x.reason === reason)?.[k] ?? 0;
      return {
        from,
        to,
        earned: sum('earned', 'gained'),
        returned: sum('returned', 'gained'),
        adjustedIn: sum('adjusted', 'gained'),
        redeemed: sum('redeemed', 'spent'),
        converted: sum('converted', 'spent'),
        adjustedOut: sum('adjusted', 'spent'),
        cashPaid: String(r.cashPaid),
        requests: r.requests.map((x) => ({
          kind: x.kind as PointsReport['requests'][number]['kind'],
          status: x.status as PointsReport['requests'][number]['status'],
          count: x.count,
          points: x.points,
        })),
        outstanding: r.outstanding,
        holders: r.holders,
      };
    },

    async saveRules(
      op: Operator,
      body: {
        rules: { gameType: string; turnoverPerPoint: string }[];
        rates: { minPoints: number; amountPer100: string }[];
      },
      ip: string,
    ) {
      return db.transaction(async (tx) => {
        await data.replaceRules(tx, op.merchantId, {
          rules: body.rules.map((r) => ({ gameType: r.gameType, turnoverPerPoint: BigInt(r.turnoverPerPoint) })),
          rates: body.rates.map((r) => ({ minPoints: r.minPoints, amountPer100: BigInt(r.amountPer100) })),
        });
        await audit(op, 'points.rules.save', 'points_rules', { rules: body.rules, rates: body.rates }, ip, tx);
        return rulesView(op.merchantId, tx);
      });
    },
  };
};

export type PointsService = ReturnType<typeof createPointsService>;
