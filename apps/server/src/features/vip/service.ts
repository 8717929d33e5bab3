import type { VipBonusKind, VipLevelView, VipOverview, VipReport, VipSaveBody, VipSettingsView } from '@app/contract';
import type { Db } from '../../db/client.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { AuditLog } from '../operator/service.ts';
import { startOfDay } from '../provider/history/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { localDay } from '../wallet/history/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };
type AfterCommit = (fn: () => unknown) => void;

export interface Figures {
  deposits: bigint;
  turnover: bigint;
}
type Thresholds = Pick<data.LevelRow, 'depositMin' | 'turnoverMin'>;

export interface VipDeps {
  db: Db;
  wallet: WalletService;
  merchants: MerchantService;
  notifications: NotificationService;
  audit: AuditLog;
  /** Player protection (decision 061): no VIP bonus while a time-out or exclusion lasts. */
  mayMarket: (m: Member, at: Db) => Promise<boolean>;
  /** The rebate rates of a level, for the perks table (the rebate feature owns them). */
  rebateRates: (merchantId: number, level: number) => Promise<{ gameType: string; rateBp: number }[]>;
  /** Queues a member's level review after a credited deposit (the job `vip.review`). */
  enqueueReview?: (tx: Db, m: Member, key: string) => Promise<unknown>;
  now?: () => Date;
}

const DAY = 86_400_000;

/** A level's thresholds are met: both (match 'all') or either (match 'any'); a 0 threshold asks nothing. */
export const meets = (l: Thresholds, f: Figures, match: 'all' | 'any') => {
  const parts: boolean[] = [];
  if (l.depositMin > 0n) parts.push(f.deposits >= l.depositMin);
  if (l.turnoverMin > 0n) parts.push(f.turnover >= l.turnoverMin);
  if (!parts.length) return true;
  return match === 'all' ? parts.every(Boolean) : parts.some(Boolean);
};

/** The highest level (1…n) whose thresholds the figures meet; 0 below the first. Levels lowest first. */
export const levelFor = (levels: readonly Thresholds[], f: Figures, match: 'all' | 'any') => {
  let reached = 0;
  levels.forEach((l, i) => {
    if (meets(l, f, match)) reached = i + 1;
  });
  return reached;
};

/** What is missing to a level's thresholds (0 for a part already met or not asked). */
export const missingTo = (l: Thresholds, f: Figures) => ({
  deposits: l.depositMin > f.deposits ? l.depositMin - f.deposits : 0n,
  turnover: l.turnoverMin > f.turnover ? l.turnoverMin - f.turnover : 0n,
});

/** How far along (0…100) the figures are to a level: the better part for 'any', the average for 'all'. */
export const percentTo = (l: Thresholds, f: Figures, match: 'all' | 'any') => {
  const parts: number[] = [];
  const share = (have: bigint, need: bigint) => (have >= need ? 100 : Number((have * 100n) / need));
  if (l.depositMin > 0n) parts.push(share(f.deposits, l.depositMin));
  if (l.turnoverMin > 0n) parts.push(share(f.turnover, l.turnoverMin));
  if (!parts.length) return 100;
  return match === 'any' ? Math.max(...parts) : Math.floor(parts.reduce((a, b) => a + b, 0) / parts.length);
};

/** The Monday (yyyy-MM-dd) of a brand day's week. */
const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);

const money = (v: bigint | null) => (v === null ? null : String(v));

/**
 * VIP (issue 20, decision 074): levels from the deposits (ledger) and settled turnover over the
 * brand's window, one-off upgrade bonuses, weekly, monthly and birthday bonuses by level, and the
 * perks other features read (rebate level, withdrawal limits, points exchange bonus). Every bonus is
 * a row unique per (member, kind, period) and a wallet transfer with the key
 * `vip:<kind>:<member>:<period>`, in one transaction with the level it belongs to.
 */
export const createVipService = (deps: VipDeps) => {
  const { db, wallet, merchants, notifications, audit, mayMarket } = deps;
  const now = deps.now ?? (() => new Date());

  const enabled = async (merchantId: number, at: Db = db) =>
    (await merchants.brand(merchantId, at)).merchant.features?.vip === true;

  const figuresOf = async (at: Db, m: Member, windowDays: number, to: Date): Promise<Figures> => {
    const since = new Date(to.getTime() - windowDays * DAY);
    return {
      deposits: await wallet.depositsSince(m.merchantId, m.memberId, since, at),
      turnover: await data.turnover(at, m.memberId, since, to),
    };
  };

  /** Pays one bonus once: null when this (member, kind, period) is paid already or is nothing. */
  const pay = async (
    tx: Db,
    m: Member,
    q: { kind: VipBonusKind; level: number; period: string; amount: bigint },
    afterCommit: AfterCommit,
  ) => {
    if (q.amount <= 0n) return null;
    if (!(await mayMarket(m, tx))) return null;
    const bonus = await data.insertBonus(tx, { ...m, ...q });
    if (!bonus) return null;
    await wallet.transfer({
      merchantId: m.merchantId,
      key: `vip:${q.kind}:${m.memberId}:${q.period}`,
      kind: 'vip',
      from: { system: 'bonus', sub: 'vip' },
      to: { member: m.memberId },
      amount: q.amount,
      reference: `vip:${bonus.id}`,
      db: tx,
    });
    afterCommit(() => notifications.balanceChanged(m.memberId, 'vip'));
    return bonus;
  };

  /**
   * Reviews a member's level inside `tx` under the lock of their level row: up to the level the
   * window's figures reach (each level passed pays its upgrade bonus once, `level:<n>`), and with
   * `keep` (the monthly review) down one level when the current level's keep rule is not met.
   */
  const review = async (tx: Db, m: Member, at: Date, afterCommit: AfterCommit, keep = false) => {
    const levels = await data.levels(tx, m.merchantId);
    if (!levels.length) return null;
    const s = await data.settings(tx, m.merchantId);
    const current = Math.min(await data.lockLevel(tx, m.merchantId, m.memberId), levels.length);
    const f = await figuresOf(tx, m, s.windowDays, at);
    const reached = levelFor(levels, f, s.match);
    let next = current;
    if (reached > current) {
      for (let l = current + 1; l <= reached; l++)
        await pay(
          tx,
          m,
          { kind: 'upgrade', level: l, period: `level:${l}`, amount: levels[l - 1]!.upgradeBonus },
          afterCommit,
        );
      next = reached;
    } else if (keep && reached < current) {
      const held = levels[current - 1]!;
      const kept = meets({ depositMin: held.keepDeposit, turnoverMin: held.keepTurnover }, f, s.match);
      if (!kept) next = Math.max(reached, current - 1);
    }
    if (next !== current) {
      await data.setLevel(tx, m.memberId, next);
      afterCommit(() => notifications.balanceChanged(m.memberId, 'vip'));
    }
    return { from: current, to: next };
  };

  const levelView = async (merchantId: number, l: data.LevelRow): Promise<VipLevelView> => ({
    level: l.level,
    name: l.name,
    icon: l.icon,
    depositMin: String(l.depositMin),
    turnoverMin: String(l.turnoverMin),
    keepDeposit: String(l.keepDeposit),
    keepTurnover: String(l.keepTurnover),
    upgradeBonus: String(l.upgradeBonus),
    weeklyBonus: String(l.weeklyBonus),
    monthlyBonus: String(l.monthlyBonus),
    birthdayBonus: String(l.birthdayBonus),
    withdrawDailyMax: money(l.withdrawDailyMax),
    withdrawDailyCount: l.withdrawDailyCount,
    pointsBonusBp: l.pointsBonusBp,
    rebate: await deps.rebateRates(merchantId, l.level),
  });

  const settingsOf = async (merchantId: number): Promise<VipSettingsView> => {
    const s = await data.settings(db, merchantId);
    const levels = await data.levels(db, merchantId);
    return { ...s, levels: await Promise.all(levels.map((l) => levelView(merchantId, l))) };
  };

  /** The member's level row with its perks, when the brand's VIP club is on. */
  const levelRowOf = async (m: Member, at: Db = db) => {
    const level = await data.levelOf(at, m.memberId);
    if (level === 0 || !(await enabled(m.merchantId, at))) return null;
    return (await data.levels(at, m.merchantId)).find((l) => l.level === level) ?? null;
  };

  return {
    meets,
    review,

    /* ---------------------------------------------------------- perks other features read */

    /** The member's level for the rebate rates (0 with VIP off or below the first level). */
    levelOf: async (m: Member, at: Db = db) => (await levelRowOf(m, at))?.level ?? 0,

    /** The header's VIP label: the level's name, or null. */
    label: async (m: Member) => {
      const l = await levelRowOf(m);
      return { level: l?.level ?? 0, name: l?.name ?? null };
    },

    /** The withdrawal-limit perk: the level's daily amount and count where it sets them. */
    withdrawLimits: async (at: Db, merchantId: number, memberId: number) => {
      const l = await levelRowOf({ merchantId, memberId }, at);
      return { withdrawDailyMax: l?.withdrawDailyMax ?? null, withdrawDailyCount: l?.withdrawDailyCount ?? null };
    },

    /** The points-exchange perk: extra cash on converted points, basis points. */
    pointsBonusBp: async (m: Member, at: Db = db) => (await levelRowOf(m, at))?.pointsBonusBp ?? 0,

    /**
     * The points mall's exchange table by level: every level's conversion bonus and the member's
     * level (none and 0 with the brand's VIP club off).
     */
    pointsBonusTable: async (m: Member, at: Db = db) => {
      if (!(await enabled(m.merchantId, at))) return { level: 0, levels: [] };
      return {
        level: (await levelRowOf(m, at))?.level ?? 0,
        levels: (await data.levels(at, m.merchantId)).map((l) => ({
          level: l.level,
          name: l.name,
          bonusBp: l.pointsBonusBp,
        })),
      };
    },

    /** The brand's levels by name (the rebate desk gives rates per level; messages check levels). */
    levelNames: async (merchantId: number, at: Db = db) =>
      (await data.levels(at, merchantId)).map((l) => ({ level: l.level, name: l.name })),

    /** Places a member at a level without paying its bonuses (the demo data's members). */
    async place(m: Member, level: number) {
      await db.transaction(async (tx) => {
        await data.lockLevel(tx, m.merchantId, m.memberId);
        await data.setLevel(tx, m.memberId, level);
      });
    },

    /**
     * Members at a level (≥ 1) of a brand: the targets of operator messages to VIP levels, read in
     * the delivery's transaction (`at`).
     */
    membersOfLevel: (merchantId: number, level: number, at: Db = db) => data.membersAt(at, merchantId, level),

    /** After a credited deposit, in its transaction: the level is reviewed by a job right after. */
    async onDeposit(tx: Db, d: { merchantId: number; memberId: number; depositId: number }) {
      await deps.enqueueReview?.(tx, { merchantId: d.merchantId, memberId: d.memberId }, `deposit:${d.depositId}`);
    },

    /* ---------------------------------------------------------- the member's VIP page */

    async overview(m: Member): Promise<VipOverview> {
      const at = now();
      const [on, s, levels, level, history] = [
        await enabled(m.merchantId),
        await data.settings(db, m.merchantId),
        await data.levels(db, m.merchantId),
        await data.levelOf(db, m.memberId),
        await data.bonuses(db, m.memberId),
      ];
      const f = await figuresOf(db, m, s.windowDays, at);
      const current = Math.min(level, levels.length);
      const nextRow = levels[current];
      return {
        enabled: on,
        level: current,
        name: levels[current - 1]?.name ?? null,
        windowDays: s.windowDays,
        match: s.match,
        deposits: String(f.deposits),
        turnover: String(f.turnover),
        next: nextRow
          ? {
              level: nextRow.level,
              name: nextRow.name,
              depositMissing: String(missingTo(nextRow, f).deposits),
              turnoverMissing: String(missingTo(nextRow, f).turnover),
              percent: percentTo(nextRow, f, s.match),
            }
          : null,
        levels: await Promise.all(levels.map((l) => levelView(m.merchantId, l))),
        history: history.map((b) => ({
          id: b.id,
          kind: b.kind,
          level: b.level,
          period: b.period,
          amount: String(b.amount),
          createdAt: b.createdAt.toISOString(),
        })),
      };
    },

    /* ---------------------------------------------------------- jobs */

    /** `vip.levels`: members with rounds settled in (from, to] have their level reviewed. */
    async reviewPlayed(tx: Db, from: Date, to: Date, afterCommit: AfterCommit) {
      let changed = 0;
      for (const merchantId of await data.merchantsWithLevels(tx)) {
        for (const memberId of await data.playedIn(tx, merchantId, from, to)) {
          const r = await review(tx, { merchantId, memberId }, to, afterCommit);
          if (r && r.to !== r.from) changed++;
        }
      }
      return changed;
    },

    /**
     * `vip.calendar`, once per completed hour: for each brand with levels whose day starts in
     * (periodStart, periodEnd], birthday bonuses of members born on that day (`birthday:<year>`);
     * on a Monday the weekly bonus of the week that ended (`week:<its Monday>`); on the 1st the
     * monthly bonus of the month that ended (`month:<YYYY-MM>`, at the level held) and then the
     * keep-level review.
     */
    async calendar(tx: Db, periodStart: Date, periodEnd: Date, afterCommit: AfterCommit) {
      let paid = 0;
      for (const merchantId of await data.merchantsWithLevels(tx)) {
        if (!(await enabled(merchantId, tx))) continue;
        const tz = (await merchants.brand(merchantId, tx)).merchant.timezone;
        const day = localDay(tz, periodEnd);
        const midnight = startOfDay(day, tz);
        if (midnight.getTime() <= periodStart.getTime() || midnight.getTime() > periodEnd.getTime()) continue;
        const levels = await data.levels(tx, merchantId);
        const bonusOf = (level: number, k: 'weeklyBonus' | 'monthlyBonus' | 'birthdayBonus') =>
          levels[level - 1]?.[k] ?? 0n;
        const ranked = await data.ranked(tx, merchantId);
        const levelOfMember = new Map(ranked.map((r) => [r.memberId, Math.min(r.level, levels.length)]));
        for (const memberId of await data.birthdaysOn(tx, merchantId, day.slice(5))) {
          const level = levelOfMember.get(memberId) ?? 0;
          const amount = bonusOf(level, 'birthdayBonus');
          const period = `birthday:${day.slice(0, 4)}`;
          if (await pay(tx, { merchantId, memberId }, { kind: 'birthday', level, period, amount }, afterCommit)) paid++;
        }
        const yesterday = dayBefore(day);
        if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1) {
          const period = `week:${mondayOf(yesterday)}`;
          for (const [memberId, level] of levelOfMember) {
            const amount = bonusOf(level, 'weeklyBonus');
            if (await pay(tx, { merchantId, memberId }, { kind: 'weekly', level, period, amount }, afterCommit)) paid++;
          }
        }
        if (day.endsWith('-01')) {
          const period = `month:${yesterday.slice(0, 7)}`;
          for (const [memberId, level] of levelOfMember) {
            const amount = bonusOf(level, 'monthlyBonus');
            if (await pay(tx, { merchantId, memberId }, { kind: 'monthly', level, period, amount }, afterCommit))
              paid++;
          }
          for (const memberId of levelOfMember.keys())
            await review(tx, { merchantId, memberId }, midnight, afterCommit, true);
        }
      }
      return paid;
    },

    /* ---------------------------------------------------------- the console's desk */

    settings: (op: Operator) => settingsOf(op.merchantId),

    async save(op: Operator, body: VipSaveBody, ip: string) {
      await db.transaction((tx) =>
        data.saveSettings(tx, op.merchantId, {
          windowDays: body.windowDays,
          match: body.match,
          levels: body.levels.map((l) => ({
            name: l.name,
            icon: l.icon,
            depositMin: BigInt(l.depositMin),
            turnoverMin: BigInt(l.turnoverMin),
            keepDeposit: BigInt(l.keepDeposit),
            keepTurnover: BigInt(l.keepTurnover),
            upgradeBonus: BigInt(l.upgradeBonus),
            weeklyBonus: BigInt(l.weeklyBonus),
            monthlyBonus: BigInt(l.monthlyBonus),
            birthdayBonus: BigInt(l.birthdayBonus),
            withdrawDailyMax: l.withdrawDailyMax === null ? null : BigInt(l.withdrawDailyMax),
            withdrawDailyCount: l.withdrawDailyCount,
            pointsBonusBp: l.pointsBonusBp,
          })),
        }),
      );
      await audit(
        op,
        'vip.save',
        `merchant:${op.merchantId}`,
        { windowDays: body.windowDays, match: body.match, levels: body.levels.map((l) => ({ ...l, icon: undefined })) },
        ip,
      );
      return settingsOf(op.merchantId);
    },

    async report(op: Operator, days: number): Promise<VipReport> {
      const levels = await data.levels(db, op.merchantId);
      const dist = await data.distribution(db, op.merchantId);
      const total = await data.memberCount(db, op.merchantId);
      const ranked = dist.filter((d) => d.level > 0);
      const above = ranked.reduce((s, d) => s + d.members, 0);
      return {
        days,
        distribution: [
          { level: 0, name: null, members: Math.max(total - above, 0) },
          ...levels.map((l) => ({
            level: l.level,
            name: l.name,
            members: ranked.find((d) => d.level === l.level)?.members ?? 0,
          })),
        ],
        bonuses: (await data.bonusReport(db, op.merchantId, new Date(now().getTime() - days * DAY))).map((b) => ({
          kind: b.kind,
          count: b.count,
          amount: String(b.amount),
        })),
      };
    },
  };
};

export type VipService = ReturnType<typeof createVipService>;
