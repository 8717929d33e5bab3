import {
  LIMIT_COOLING_HOURS,
  PROTECTION_CODES,
  PROTECTION_LIMITS,
  REALITY_CHECK_MINUTES,
  REOPEN_WAIT_HOURS,
  SESSION_LIMIT_MINUTES,
  WITHDRAW_ONLY_STEP,
  limitParts,
  type LimitView,
  type ProtectionLimit,
  type ProtectionRefusal,
  type ProtectionSettings,
  type ProtectionStatus,
  type RestrictionView,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { SessionService } from '../identity/sessions/service.ts';
import type { OperatorService } from '../operator/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';
import { periodOf, restrictionEnd } from './periods.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };
/** Deposits of a member created since a moment that count against deposit limits (pending or credited). */
export type DepositUsage = (db: Db, memberId: number, since: Date) => Promise<bigint>;

const HOUR = 3_600_000;

export interface ProtectionDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  wallet: Pick<WalletService, 'playSince' | 'walletOf'>;
  sessions: Pick<SessionService, 'revokeAllForMember' | 'startedAt' | 'liveSession'>;
  accounts: Pick<AccountService, 'findById' | 'logins'>;
  /** The operators' audit log, written in the action's transaction. */
  audit: OperatorService['audit'];
  /** The clock (tests may move it; production uses the real one). */
  now?: () => Date;
}

const big = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
const minOf = (values: (bigint | null)[]) =>
  values.reduce<bigint | null>((m, v) => (v === null ? m : m === null || v < m ? v : m), null);
const str = (v: bigint | null) => (v === null ? null : String(v));
const norm = (v: string | null | undefined) => {
  const t = (v ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return t || null;
};

const LIMIT_NAMES: Record<ProtectionLimit, string> = {
  deposit_day: 'daily deposit limit',
  deposit_week: 'weekly deposit limit',
  deposit_month: 'monthly deposit limit',
  loss_day: 'daily loss limit',
  loss_week: 'weekly loss limit',
  loss_month: 'monthly loss limit',
  wager_day: 'daily wager limit',
  wager_week: 'weekly wager limit',
  wager_month: 'monthly wager limit',
  session: 'session time limit',
};

const refuse = (code: string, message: string, value: ProtectionRefusal) => new AppError(code, message, 403, value);

export const restrictionView = (r: data.RestrictionRow): RestrictionView => ({
  id: r.id,
  kind: r.kind,
  period: r.period,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt?.toISOString() ?? null,
  setBy: r.setBy,
  reason: r.reason,
  reopenRequestedAt: r.reopenRequestedAt?.toISOString() ?? null,
  reopenedAt: r.reopenedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Player protection (issue 24; decision 061 maps every rule to its standard, 062 the choices).
 * Other features ask it before money or play moves: `assertMayDeposit` (inside the deposit's own
 * transaction: it takes the member's protection lock, so concurrent deposits against one limit
 * queue and never pass it), `assertMayPlay` (bets, launches, transfers into a game; lottery and
 * promotions call it too), `assertMayLogin`, `assertMayRegister` and `mayMarket`.
 */
export const createProtectionService = ({
  db,
  merchants,
  wallet,
  sessions,
  accounts,
  audit,
  now: clock,
}: ProtectionDeps) => {
  const now = clock ?? (() => new Date());
  let depositUsage: DepositUsage = () => Promise.resolve(0n);

  const brandSettings = async (merchantId: number, tx: Db = db) => {
    const b = await data.findBrand(tx, merchantId);
    return {
      defaults: b?.defaults ?? {},
      maxima: b?.maxima ?? {},
      realityCheckMinutes: b?.realityCheckMinutes ?? REALITY_CHECK_MINUTES.fallback,
    };
  };

  /** Every limit of a member as it stands: their own, the operator's, the brand's, and the lowest of them. */
  const limitsOf = async (merchantId: number, memberId: number, tx: Db = db) => {
    const [rows, brand] = await Promise.all([data.listLimits(tx, memberId), brandSettings(merchantId, tx)]);
    const byLimit = new Map(rows.map((r) => [r.limit, r]));
    return PROTECTION_LIMITS.map((limit) => {
      const r = byLimit.get(limit) ?? null;
      const own = r?.own ?? null;
      const operator = r?.operatorAmount ?? null;
      const brandDefault = big(brand.defaults[limit]);
      const brandMax = big(brand.maxima[limit]);
      const effective = minOf([own ?? brandDefault, operator, brandMax]);
      return { limit, row: r, own, operator, brandDefault, brandMax, effective };
    });
  };
  type Limit = Awaited<ReturnType<typeof limitsOf>>[number];

  /** The current period's use of a limit, with when it starts again. */
  const usageOf = async (m: Member, limit: Exclude<ProtectionLimit, 'session'>, timeZone: string, tx: Db, at: Date) => {
    const { kind, period } = limitParts(limit);
    const p = periodOf(period as 'day' | 'week' | 'month', at, timeZone);
    if (kind === 'deposit') return { used: await depositUsage(tx, m.memberId, p.start), resetsAt: p.end };
    const play = await wallet.playSince(m.merchantId, m.memberId, p.start, tx);
    const wagered = play.staked - play.refunded;
    const lost = wagered - play.won;
    return { used: kind === 'wager' ? wagered : lost > 0n ? lost : 0n, resetsAt: p.end };
  };

  /** The restriction in force now, if any (a self-exclusion past its end stays until re-opened). */
  const restrictionNow = (rows: data.RestrictionRow[], at: Date) =>
    rows.find((r) => {
      if (r.reopenedAt || r.startsAt > at) return false;
      if (r.kind === 'time_out') return !r.endsAt || r.endsAt > at;
      return true;
    }) ?? null;

  const restrictionRefusal = (r: data.RestrictionRow, at: Date) => {
    const ended = r.endsAt !== null && r.endsAt <= at;
    if (r.kind === 'time_out')
      return refuse(PROTECTION_CODES.timeOut, `You are taking a time-out until ${r.endsAt!.toISOString()}`, {
        limit: null,
        restriction: 'time_out',
        remaining: null,
        resetsAt: r.endsAt!.toISOString(),
      });
    const reopenAt = r.reopenRequestedAt ? new Date(r.reopenRequestedAt.getTime() + REOPEN_WAIT_HOURS * HOUR) : null;
    return refuse(
      PROTECTION_CODES.excluded,
      ended
        ? reopenAt
          ? `Your self-exclusion has ended; the account re-opens at ${reopenAt.toISOString()}`
          : 'Your self-exclusion has ended; ask to re-open the account'
        : r.endsAt
          ? `You are self-excluded until ${r.endsAt.toISOString()}`
          : 'You are self-excluded indefinitely',
      {
        limit: null,
        restriction: 'exclusion',
        remaining: null,
        resetsAt: ended ? (reopenAt?.toISOString() ?? null) : (r.endsAt?.toISOString() ?? null),
      },
    );
  };

  /** Ends a self-exclusion whose re-opening was asked 24 hours ago; refuses while any restriction holds. */
  const checkRestrictions = async (m: Member, tx: Db, at: Date) => {
    const rows = await data.restrictions(tx, m.memberId);
    const r = restrictionNow(rows, at);
    if (!r) return;
    if (
      r.kind === 'exclusion' &&
      r.endsAt &&
      r.endsAt <= at &&
      r.reopenRequestedAt &&
      r.reopenRequestedAt.getTime() + REOPEN_WAIT_HOURS * HOUR <= at.getTime()
    ) {
      await data.updateRestriction(tx, r.id, { reopenedAt: at });
      await data.insertEvent(tx, { ...m, action: 'reopened', by: 'player' });
      return checkRestrictions(m, tx, at);
    }
    throw restrictionRefusal(r, at);
  };

  const limitRefusal = (
    limit: ProtectionLimit,
    effective: bigint,
    remaining: bigint,
    resetsAt: Date | null,
    currency: string,
  ) =>
    refuse(
      limit === 'session' ? PROTECTION_CODES.session : PROTECTION_CODES.limit,
      limit === 'session'
        ? `Your ${LIMIT_NAMES[limit]} of ${effective} minutes is reached`
        : `This would pass your ${LIMIT_NAMES[limit]} of ${effective} ${currency} minor units: ${remaining} left until ${resetsAt?.toISOString() ?? ''}`,
      {
        limit,
        restriction: null,
        remaining: String(remaining < 0n ? 0n : remaining),
        resetsAt: resetsAt?.toISOString() ?? null,
      },
    );

  /** Refuses when `amount` more of these limits' kind would pass any of them (the lowest wins). */
  const checkMoney = async (m: Member, kinds: readonly string[], amount: bigint, tx: Db, at: Date) => {
    const limits = (await limitsOf(m.merchantId, m.memberId, tx)).filter(
      (l) => l.effective !== null && l.limit !== 'session' && kinds.includes(limitParts(l.limit).kind),
    );
    if (!limits.length) return;
    const brand = await merchants.brand(m.merchantId, tx);
    for (const l of limits) {
      const u = await usageOf(m, l.limit as Exclude<ProtectionLimit, 'session'>, brand.merchant.timezone, tx, at);
      const remaining = l.effective! - u.used;
      if (amount > remaining || (amount === 0n && remaining <= 0n))
        throw limitRefusal(l.limit, l.effective!, remaining, u.resetsAt, brand.merchant.currency);
    }
  };

  /** The session time limit: past it, every session of the member ends and play is refused. */
  const checkSession = async (m: Member, sessionId: number | null, tx: Db, at: Date) => {
    const session = (await limitsOf(m.merchantId, m.memberId, tx)).find((l) => l.limit === 'session');
    if (!session?.effective) return;
    const started = sessionId
      ? await sessions.startedAt(sessionId)
      : (await sessions.liveSession(m.memberId))?.createdAt;
    // A vendor's bet with no live login behind it (the limit ended every session, or the player
    // logged out): a session limit cannot be judged, so the bet is refused.
    if (!started && !sessionId) throw limitRefusal('session', session.effective, 0n, null, '');
    if (!started) return;
    const endsAt = new Date(started.getTime() + Number(session.effective) * 60_000);
    if (endsAt <= at) {
      await sessions.revokeAllForMember(m.memberId, 'session_limit');
      throw limitRefusal('session', session.effective, 0n, null, '');
    }
  };

  /** Keeps `guarded` true while the member has any limit or restriction: their game calls then go the careful way. */
  const markGuarded = (tx: Db, memberId: number) => data.updateMember(tx, memberId, { guarded: true });

  const statusOf = async (m: Member, sessionId: number | null): Promise<ProtectionStatus> => {
    const at = now();
    const [brand, limits, rows, state, settings] = await Promise.all([
      merchants.brand(m.merchantId),
      limitsOf(m.merchantId, m.memberId),
      data.restrictions(db, m.memberId),
      data.findMember(db, m.memberId),
      brandSettings(m.merchantId),
    ]);
    const tz = brand.merchant.timezone;
    const views: LimitView[] = [];
    for (const l of limits) {
      const pending = l.row?.pendingFrom
        ? {
            amount: l.row.pendingRemove ? null : str(l.row.pendingAmount),
            from: l.row.pendingFrom.toISOString(),
            confirmable: l.row.pendingFrom <= at,
          }
        : null;
      let used: bigint | null = null;
      let resetsAt: Date | null = null;
      if (l.effective !== null && l.limit !== 'session') {
        const u = await usageOf(m, l.limit, tz, db, at);
        used = u.used;
        resetsAt = u.resetsAt;
      }
      views.push({
        limit: l.limit,
        own: str(l.own),
        operator: str(l.operator),
        brandDefault: str(l.brandDefault),
        brandMax: str(l.brandMax),
        effective: str(l.effective),
        pending,
        used: str(used),
        remaining:
          l.effective !== null && used !== null ? str(l.effective - used < 0n ? 0n : l.effective - used) : null,
        resetsAt: resetsAt?.toISOString() ?? null,
      });
    }
    const started = (sessionId ? await sessions.startedAt(sessionId) : null) ?? at;
    const sessionLimit = limits.find((l) => l.limit === 'session')?.effective ?? null;
    const logins = (await accounts.logins(m.memberId, 5)).filter((x) => x.success);
    const previous = logins[1] ?? null;
    const r = restrictionNow(rows, at);
    return {
      timeZone: tz,
      currency: brand.merchant.currency,
      limits: views,
      restriction: r ? restrictionView(r) : null,
      realityCheck: {
        minutes: state?.realityCheckMinutes ?? settings.realityCheckMinutes,
        brandDefault: settings.realityCheckMinutes,
        own: state?.realityCheckMinutes ?? null,
      },
      session: {
        startedAt: started.toISOString(),
        limitMinutes: sessionLimit === null ? null : Number(sessionLimit),
        endsAt:
          sessionLimit === null ? null : new Date(started.getTime() + Number(sessionLimit) * 60_000).toISOString(),
      },
      previousLogin: previous ? { at: previous.at, ip: previous.ip } : null,
    };
  };

  const checkAmountBounds = (limit: ProtectionLimit, amount: bigint, brandMax: bigint | null) => {
    if (limit === 'session' && (amount < SESSION_LIMIT_MINUTES.min || amount > SESSION_LIMIT_MINUTES.max))
      throw new AppError('VALIDATION_FAILED', 'A session limit is 15 to 1440 minutes', 400, null, {
        amount: 'A session limit is 15 to 1440 minutes',
      });
    if (brandMax !== null && amount > brandMax)
      throw new AppError('LIMIT_ABOVE_MAXIMUM', `The highest limit this site allows is ${brandMax}`, 400, null, {
        amount: `At most ${brandMax}`,
      });
  };

  /** Starts a time-out or self-exclusion now: every session ends, the member's details are kept for matching. */
  const restrict = async (m: Member, period: string, by: { operatorId: number; reason: string; ip: string } | null) => {
    const kind = ['24h', '7d', '30d', '6w'].includes(period) ? ('time_out' as const) : ('exclusion' as const);
    const member = await accounts.findById(m.merchantId, m.memberId);
    if (!member) throw notFound('No such member');
    const at = now();
    const row = await db.transaction(async (tx) => {
      await data.lockMember(tx, m.merchantId, m.memberId);
      const current = restrictionNow(await data.restrictions(tx, m.memberId), at);
      const endsAt = restrictionEnd(period, at);
      // A new restriction never shortens one in force.
      if (current && (current.endsAt === null || (endsAt !== null && current.endsAt >= endsAt)))
        throw new AppError('ALREADY_RESTRICTED', 'A longer time-out or exclusion is already in force', 409);
      const profile = (member.profile ?? {}) as Record<string, unknown>;
      const r = await data.insertRestriction(tx, {
        ...m,
        kind,
        period,
        startsAt: at,
        endsAt,
        setBy: by ? 'operator' : 'player',
        operatorId: by?.operatorId ?? null,
        reason: by?.reason ?? null,
        email: norm(member.email),
        mobile: member.mobile ? `${member.countryDialingCode ?? ''}${member.mobile}` : null,
        idNumber: norm(typeof profile.idNumber === 'string' ? profile.idNumber : null),
        birthday: member.birthday ?? null,
        name: norm(member.payeeName),
      });
      await markGuarded(tx, m.memberId);
      await data.insertEvent(tx, {
        ...m,
        action: kind,
        detail: period,
        by: by ? 'operator' : 'player',
        operatorId: by?.operatorId ?? null,
      });
      await sessions.revokeAllForMember(m.memberId, kind, undefined, tx);
      if (by)
        await audit(
          { merchantId: m.merchantId, operatorId: by.operatorId },
          'protection.restrict',
          `member:${m.memberId}`,
          { period, reason: by.reason },
          by.ip,
          tx,
        );
      return r;
    });
    return restrictionView(row);
  };

  return {
    /** The deposit feature tells how much a member has deposited since a moment (pending and credited). */
    registerDeposits(usage: DepositUsage) {
      depositUsage = usage;
    },

    /**
     * Before a deposit is created: refuses a restricted member, or an amount that would pass a
     * deposit limit. Call it inside the transaction that records the deposit: it takes the
     * member's lock, so two deposits against one limit are judged one after the other.
     */
    async assertMayDeposit(input: Member & { amount: bigint; db: Db }) {
      const at = now();
      await data.lockMember(input.db, input.merchantId, input.memberId);
      await checkRestrictions(input, input.db, at);
      await checkMoney(input, ['deposit'], input.amount, input.db, at);
    },

    /**
     * Before play: a bet of `amount` (0 for a game launch or a transfer into a game). Refuses a
     * restricted member, a session past its time limit, and a stake that would pass a wager or
     * loss limit (a stake counts as lost until it is won back).
     */
    async assertMayPlay(input: Member & { amount: bigint; sessionId?: number | null; db?: Db }) {
      const tx = input.db ?? db;
      const at = now();
      await checkRestrictions(input, tx, at);
      await checkSession(input, input.sessionId ?? null, tx, at);
      await checkMoney(input, ['wager', 'loss'], input.amount, tx, at);
    },

    /**
     * Before a session is created. An ended self-exclusion: the login is the request to re-open (24 hours).
     * A self-excluded player who asks for it (`withdrawOnly`) gets a session that can only see the
     * wallet and withdraw the balance: the answer is then the session step to record.
     */
    async assertMayLogin(m: Member, opts: { withdrawOnly?: boolean } = {}): Promise<typeof WITHDRAW_ONLY_STEP | null> {
      const at = now();
      await db.transaction(async (tx) => {
        const rows = await data.restrictions(tx, m.memberId);
        const r = restrictionNow(rows, at);
        if (r && r.kind === 'exclusion' && r.endsAt && r.endsAt <= at && !r.reopenRequestedAt) {
          await data.updateRestriction(tx, r.id, { reopenRequestedAt: at });
          await data.insertEvent(tx, { ...m, action: 'reopen_requested', by: 'player' });
        }
      });
      try {
        await checkRestrictions(m, db, at);
        return null;
      } catch (e) {
        if (opts.withdrawOnly && e instanceof AppError && e.code === PROTECTION_CODES.excluded)
          return WITHDRAW_ONLY_STEP;
        throw e;
      }
    },

    /** A new account whose details match a self-excluded player's is refused. */
    async assertMayRegister(
      merchantId: number,
      d: {
        email?: string | null;
        mobile?: string | null;
        countryDialingCode?: string | null;
        idNumber?: string | null;
        birthday?: string | null;
        name?: string | null;
      },
    ) {
      const found = await data.matchingExclusions(db, merchantId, {
        email: norm(d.email),
        mobile: d.mobile ? `${d.countryDialingCode ?? ''}${d.mobile}` : null,
        idNumber: norm(d.idNumber),
        birthday: d.birthday || null,
        name: norm(d.name),
      });
      if (found.length)
        throw refuse(
          PROTECTION_CODES.registration,
          'These details belong to a self-excluded player; a new account cannot be opened',
          { limit: null, restriction: 'exclusion', remaining: null, resetsAt: null },
        );
    },

    /**
     * The deposit limits offered at sign-up (issue 24): checked against the brand's maxima before
     * the account exists (a refusal names the form's field), then saved inside the transaction
     * that creates it, as the player's own limits in force at once.
     */
    async checkSignUpLimits(
      merchantId: number,
      limits: Partial<Record<ProtectionLimit, bigint>>,
      fieldOf: (l: ProtectionLimit) => string,
    ) {
      const brand = await brandSettings(merchantId);
      for (const [limit, amount] of Object.entries(limits) as [ProtectionLimit, bigint][]) {
        const max = big(brand.maxima[limit]);
        if (max !== null && amount > max)
          throw new AppError('LIMIT_ABOVE_MAXIMUM', `The highest limit this site allows is ${max}`, 400, null, {
            [fieldOf(limit)]: `At most ${max}`,
          });
      }
    },

    async saveSignUpLimits(m: Member, limits: Partial<Record<ProtectionLimit, bigint>>, tx: Db) {
      const entries = Object.entries(limits) as [ProtectionLimit, bigint][];
      if (!entries.length) return;
      await data.lockMember(tx, m.merchantId, m.memberId);
      for (const [limit, amount] of entries) {
        await data.saveLimit(tx, { ...m, limit, own: amount });
        await data.insertEvent(tx, { ...m, action: 'limit_set', limit, amount, detail: 'sign-up', by: 'player' });
      }
      await markGuarded(tx, m.memberId);
    },

    /** Whether marketing (promotions, offers, promotional messages) may reach the member now. */
    async mayMarket(m: Member, at: Db = db) {
      return !restrictionNow(await data.restrictions(at, m.memberId), now());
    },

    status: (m: Member, sessionId: number | null) => statusOf(m, sessionId),

    async setLimit(m: Member & { sessionId: number | null }, limit: ProtectionLimit, amountText: string | null) {
      const amount = big(amountText);
      const at = now();
      await db.transaction(async (tx) => {
        await data.lockMember(tx, m.merchantId, m.memberId);
        const l = (await limitsOf(m.merchantId, m.memberId, tx)).find((x) => x.limit === limit)!;
        if (amount !== null) checkAmountBounds(limit, amount, l.brandMax);
        const current = l.own ?? l.brandDefault;
        const base = {
          merchantId: m.merchantId,
          memberId: m.memberId,
          limit,
          operatorAmount: l.operator,
        };
        if (amount !== null && (current === null || amount <= current)) {
          // Stricter (or the first limit): at once; a pending increase is dropped.
          await data.saveLimit(tx, { ...base, own: amount });
          await data.insertEvent(tx, { ...m, action: 'limit_set', limit, amount, by: 'player' });
        } else {
          // Looser or removed: waits 24 hours, then the player confirms it.
          const from = new Date(at.getTime() + LIMIT_COOLING_HOURS * HOUR);
          if (amount === null && l.own === null)
            throw new AppError('NO_LIMIT', 'There is no limit of your own to remove', 409);
          await data.saveLimit(tx, {
            ...base,
            own: l.own,
            pendingAmount: amount,
            pendingRemove: amount === null,
            pendingFrom: from,
          });
          await data.insertEvent(tx, {
            ...m,
            action: amount === null ? 'removal_requested' : 'increase_requested',
            limit,
            amount,
            detail: from.toISOString(),
            by: 'player',
          });
        }
        await markGuarded(tx, m.memberId);
      });
      return statusOf(m, m.sessionId);
    },

    async confirmLimit(m: Member & { sessionId: number | null }, limit: ProtectionLimit) {
      const at = now();
      await db.transaction(async (tx) => {
        await data.lockMember(tx, m.merchantId, m.memberId);
        const l = (await limitsOf(m.merchantId, m.memberId, tx)).find((x) => x.limit === limit)!;
        const r = l.row;
        if (!r?.pendingFrom)
          throw new AppError('NO_PENDING_CHANGE', 'There is no change of this limit to confirm', 409);
        if (r.pendingFrom > at)
          throw new AppError('COOLING_OFF', `The change can be confirmed from ${r.pendingFrom.toISOString()}`, 409, {
            from: r.pendingFrom.toISOString(),
          });
        const own = r.pendingRemove ? null : r.pendingAmount;
        if (own !== null) checkAmountBounds(limit, own, l.brandMax);
        await data.saveLimit(tx, {
          merchantId: m.merchantId,
          memberId: m.memberId,
          limit,
          own,
          operatorAmount: l.operator,
        });
        await data.insertEvent(tx, {
          ...m,
          action: own === null ? 'limit_removed' : 'limit_raised',
          limit,
          amount: own,
          by: 'player',
        });
      });
      return statusOf(m, m.sessionId);
    },

    timeOut: (m: Member, period: string) => restrict(m, period, null),
    exclude: (m: Member, period: string) => restrict(m, period, null),

    async setRealityCheck(m: Member & { sessionId: number | null }, minutes: number | null) {
      await db.transaction(async (tx) => {
        await data.lockMember(tx, m.merchantId, m.memberId);
        await data.updateMember(tx, m.memberId, { realityCheckMinutes: minutes });
        await data.insertEvent(tx, {
          ...m,
          action: 'reality_check',
          amount: minutes === null ? null : BigInt(minutes),
          by: 'player',
        });
      });
      return statusOf(m, m.sessionId);
    },

    /** This session's time and result for the reality check (UKGC RTS 13, 2E). */
    async sessionFigures(m: Member, sessionId: number) {
      const at = now();
      const started = (await sessions.startedAt(sessionId)) ?? at;
      const [play, state, settings] = await Promise.all([
        wallet.playSince(m.merchantId, m.memberId, started),
        data.findMember(db, m.memberId),
        brandSettings(m.merchantId),
      ]);
      const wagered = play.staked - play.refunded;
      return {
        startedAt: started.toISOString(),
        minutes: Math.max(0, Math.floor((at.getTime() - started.getTime()) / 60_000)),
        wagered: String(wagered),
        returned: String(play.won),
        net: String(play.won - wagered),
        currency: play.currency,
        realityCheckMinutes: state?.realityCheckMinutes ?? settings.realityCheckMinutes,
      };
    },

    /** Demo mode only (the route exists only then): time passes for this member's protection. */
    async demoElapse(m: Member & { sessionId: number | null }, hours: number) {
      await db.transaction(async (tx) => {
        await data.lockMember(tx, m.merchantId, m.memberId);
        await data.elapse(tx, m.memberId, hours);
      });
      return statusOf(m, m.sessionId);
    },

    // ---- operators ---------------------------------------------------------------------------

    async settings(merchantId: number): Promise<ProtectionSettings> {
      return brandSettings(merchantId);
    },

    async saveSettings(op: Operator, body: ProtectionSettings, ip: string) {
      const clean = (t: ProtectionSettings['defaults']) =>
        Object.fromEntries(
          Object.entries(t).filter(([, v]) => v !== null && v !== undefined),
        ) as ProtectionSettings['defaults'];
      const defaults = clean(body.defaults);
      const maxima = clean(body.maxima);
      const fields: Record<string, string> = {};
      for (const l of PROTECTION_LIMITS) {
        const d = big(defaults[l]);
        const x = big(maxima[l]);
        if (l === 'session') {
          for (const [k, v] of [
            ['defaults', d],
            ['maxima', x],
          ] as const)
            if (v !== null && (v < SESSION_LIMIT_MINUTES.min || v > SESSION_LIMIT_MINUTES.max))
              fields[`${k}.${l}`] = 'A session limit is 15 to 1440 minutes';
        }
        if (d !== null && x !== null && d > x) fields[`defaults.${l}`] = 'The default cannot be above the maximum';
      }
      if (Object.keys(fields).length)
        throw new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, 400, null, fields);
      await db.transaction(async (tx) => {
        await data.saveBrand(tx, {
          merchantId: op.merchantId,
          defaults,
          maxima,
          realityCheckMinutes: body.realityCheckMinutes,
          guarded: PROTECTION_LIMITS.some((l) => !l.startsWith('deposit') && (defaults[l] || maxima[l])),
        });
        await audit(
          op,
          'protection.settings',
          `merchant:${op.merchantId}`,
          { defaults, maxima, realityCheckMinutes: body.realityCheckMinutes },
          ip,
          tx,
        );
      });
      return brandSettings(op.merchantId);
    },

    async members(op: Operator, q: { account?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await data.protectedMembers(db, op.merchantId, {
        account: q.account,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const at = now();
      const list = [];
      for (const r of rows) {
        const limits = await limitsOf(op.merchantId, r.memberId);
        const current = restrictionNow(await data.restrictions(db, r.memberId), at);
        list.push({
          memberId: r.memberId,
          account: r.account,
          limits: limits
            .filter((l) => l.effective !== null)
            .map((l) => ({ limit: l.limit, effective: String(l.effective) })),
          restriction: current ? restrictionView(current) : null,
          updatedAt: r.updatedAt.toISOString(),
        });
      }
      return { list, pageNum: q.page, pageSize: q.pageSize, total, totalPages: Math.ceil(total / q.pageSize) };
    },

    async member(op: Operator, memberId: number) {
      const member = await accounts.findById(op.merchantId, memberId);
      if (!member) throw notFound('No such member');
      const status = await statusOf({ merchantId: op.merchantId, memberId }, null);
      const [rows, history] = await Promise.all([data.restrictions(db, memberId), data.events(db, memberId, 200)]);
      return {
        memberId,
        account: member.username,
        currency: status.currency,
        limits: status.limits,
        restrictions: rows.map(restrictionView),
        history: history.map((e) => ({
          id: e.id,
          action: e.action,
          limit: e.limit,
          amount: str(e.amount),
          detail: e.detail,
          by: e.by,
          at: e.at.toISOString(),
        })),
      };
    },

    /** An operator makes a limit stricter (never looser than the limit in force), with a reason. */
    async tighten(
      op: Operator,
      body: { memberId: number; limit: ProtectionLimit; amount: string; reason: string },
      ip: string,
    ) {
      const member = await accounts.findById(op.merchantId, body.memberId);
      if (!member) throw notFound('No such member');
      const amount = BigInt(body.amount);
      const m = { merchantId: op.merchantId, memberId: body.memberId };
      await db.transaction(async (tx) => {
        await data.lockMember(tx, m.merchantId, m.memberId);
        const l: Limit = (await limitsOf(m.merchantId, m.memberId, tx)).find((x) => x.limit === body.limit)!;
        checkAmountBounds(body.limit, amount, null);
        if (l.effective !== null && amount >= l.effective)
          throw new AppError(
            'NOT_STRICTER',
            `The limit in force is ${l.effective}; an operator may only lower it`,
            409,
          );
        await data.saveLimit(tx, {
          ...m,
          limit: body.limit,
          own: l.own,
          pendingAmount: l.row?.pendingAmount ?? null,
          pendingRemove: l.row?.pendingRemove ?? false,
          pendingFrom: l.row?.pendingFrom ?? null,
          operatorAmount: amount,
        });
        await markGuarded(tx, m.memberId);
        await data.insertEvent(tx, {
          ...m,
          action: 'operator_limit',
          limit: body.limit,
          amount,
          detail: body.reason,
          by: 'operator',
          operatorId: op.operatorId,
        });
        await audit(
          op,
          'protection.limit',
          `member:${m.memberId}`,
          { limit: body.limit, amount: body.amount, reason: body.reason },
          ip,
          tx,
        );
      });
      return { ok: true as const };
    },

    async operatorRestrict(op: Operator, body: { memberId: number; period: string; reason: string }, ip: string) {
      return restrict({ merchantId: op.merchantId, memberId: body.memberId }, body.period, {
        operatorId: op.operatorId,
        reason: body.reason,
        ip,
      });
    },
  };
};

export type ProtectionService = ReturnType<typeof createProtectionService>;
