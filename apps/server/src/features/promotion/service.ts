import { createHash, randomInt } from 'node:crypto';
import type {
  DeskApplication,
  Language,
  MemberPromotionStatus,
  OperatorPromotion,
  PromotionCreateBody,
  PromotionApplication,
  PromotionEntry,
  PromotionReport,
  PublicPromotion,
  RaffleDraw,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { NotificationService } from '../notification/service.ts';
import type { AuditLog } from '../operator/service.ts';
import type { UploadService } from '../upload/service.ts';
import { startOfDay } from '../provider/history/service.ts';
import { localDay } from '../wallet/history/service.ts';
import type { Turnover, WalletRules } from '../wallet/rules/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };
/** Who changed a status: the member, an operator or the system (a deposit, the wagering). */
type Actor = { kind: 'member' | 'operator' | 'system'; id: number | null };
/** Where a member's request came from (the device and address limits). */
export type Origin = { ip: string; userAgent: string };

/** A credited deposit, as the deposit service reports it inside its own transaction. */
export interface CreditedDeposit {
  merchantId: number;
  memberId: number;
  depositId: number;
  amount: bigint;
  /** No credited deposit of this member came before it. */
  first: boolean;
}

export interface PromotionDeps {
  db: Db;
  wallet: WalletService;
  walletRules: WalletRules;
  merchants: MerchantService;
  accounts: AccountService;
  notifications: NotificationService;
  audit: AuditLog;
  /** Activity applications' images (decision 086): the member's own uploads, purpose 'promotion_application'. */
  uploads: Pick<UploadService, 'requireOwned' | 'read'>;
  /** Whether the member has had a deposit credited (for the first-deposit status shown). */
  hasDeposited: (memberId: number) => Promise<boolean>;
  /**
   * Player protection (decision 061): a member under a time-out or self-exclusion gets no marketing,
   * so no promotion: not listed as open to them, not joinable, and deposits trigger nothing.
   */
  excludedFromMarketing?: (merchantId: number, memberId: number, at: Db) => Promise<boolean>;
  /** The member's VIP level (the `vip` audience); 0 when the VIP feature is not wired. */
  levelOf?: (m: Member, at: Db) => Promise<number>;
  now?: () => Date;
}

const STORED_DONE = new Set(['claimed', 'issued', 'close']);
/** Thrown inside a savepoint when a limit key is taken (caught by the deposit trigger). */
const LIMIT_TAKEN = new Error('promotion limit taken');
/** Triggers a member starts with Join. */
const JOINABLE = new Set(['manual', 'turnover', 'loss', 'app_download', 'drop']);

export const stateOf = (p: data.PromotionRow, now: Date): 'scheduled' | 'live' | 'ended' =>
  p.endedAt || (p.endsAt && p.endsAt <= now) ? 'ended' : p.startsAt > now ? 'scheduled' : 'live';

const DAY_MS = 86_400_000;

/**
 * The reward a promotion pays on a basis (the deposit, the turnover or the loss; 0 for none):
 * fixed, a share capped, the highest tier reached, or a CSPRNG draw in [randomMin, randomMax].
 */
export const rewardOf = (
  p: Pick<data.PromotionRow, 'formula' | 'amount' | 'percentBp' | 'cap' | 'tiers' | 'randomMin' | 'randomMax'>,
  basis = 0n,
  draw: (min: number, maxExclusive: number) => number = randomInt,
): bigint => {
  switch (p.formula) {
    case 'fixed':
      return p.amount;
    case 'percent':
    case 'percent_loss': {
      const share = ((basis > 0n ? basis : 0n) * BigInt(p.percentBp)) / 10_000n;
      return share > p.cap ? p.cap : share;
    }
    case 'tiers': {
      let pays = 0n;
      for (const t of p.tiers) if (basis >= BigInt(t.from)) pays = BigInt(t.amount);
      return pays;
    }
    case 'random':
      return BigInt(draw(Number(p.randomMin), Number(p.randomMax) + 1));
  }
};

const hashed = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 32);

/**
 * Promotions that pay (issue 19, decision 065): operator-configured promotions, the members' entries
 * with spec §4's statuses, bonus money through the wallet (keys `promo:<entry>`), and bonus wagering
 * as a requirement source of the wallet rules, so a bonus in wagering locks withdrawals.
 */
export const createPromotionService = (deps: PromotionDeps) => {
  const { db, wallet, walletRules, merchants, accounts, notifications, audit, uploads } = deps;
  const now = deps.now ?? (() => new Date());
  const excluded = deps.excludedFromMarketing ?? (async () => false);
  const levelOf = deps.levelOf ?? (async () => 0);

  const textsOf = (p: data.PromotionRow, language: Language) =>
    p.texts[language] ?? p.texts.PT ?? Object.values(p.texts)[0] ?? { title: '', description: '', terms: '' };

  /** Pass `tx` inside a transaction (the embedded database has one connection). */
  const periodOf = async (p: data.PromotionRow, merchantId: number, at: Date, tx: Db = db) =>
    p.limit === 'daily' ? localDay((await merchants.brand(merchantId, tx)).merchant.timezone, at) : 'once';

  const event = (
    tx: Db,
    e: data.EntryRow,
    from: string | null,
    to: string,
    actor: Actor,
    reason: string,
  ): Promise<void> =>
    data.insertEvent(tx, {
      merchantId: e.merchantId,
      promotionId: e.promotionId,
      entryId: e.id,
      memberId: e.memberId,
      fromStatus: from,
      toStatus: to,
      actorKind: actor.kind,
      actorId: actor.id,
      reason,
    });

  /** May this member take part? (audience, protection) Pass `at` inside a transaction. */
  const eligible = async (p: data.PromotionRow, m: Member, at: Db = db): Promise<boolean> => {
    if (await excluded(m.merchantId, m.memberId, at)) return false;
    switch (p.audience) {
      case 'all':
        return true;
      case 'list':
        return p.audienceIds.includes(m.memberId);
      case 'vip':
        return p.audienceIds.includes(await levelOf(m, at));
      case 'new_members':
      case 'team': {
        const member = await accounts.findById(m.merchantId, m.memberId, at);
        if (!member) return false;
        if (p.audience === 'new_members') return member.createdAt >= p.startsAt;
        // The downline of a listed agent: the agent's id is on the member's path (not the agent).
        return p.audienceIds.some((id) => id !== m.memberId && member.treePath.includes(`/${id}/`));
      }
    }
  };

  /**
   * The limit keys a new entry takes (decision 080): the device (a hash of the user agent), the
   * address and the payee name, as the promotion asks. Null when a payee limit meets a member with
   * no payee name (they cannot be told apart: no reward).
   */
  const limitKeys = async (
    p: data.PromotionRow,
    e: data.EntryRow,
    origin: Origin | null,
    at: Db,
  ): Promise<data.LimitKey[] | null> => {
    if (p.guards.length === 0) return [];
    const from = origin ?? (await data.lastLogin(at, e.memberId));
    const keys: data.LimitKey[] = [];
    for (const kind of p.guards) {
      let value: string | null = null;
      if (kind === 'device' && from) value = hashed(from.userAgent);
      if (kind === 'address' && from) value = from.ip;
      if (kind === 'payee') {
        const name = (await accounts.findById(e.merchantId, e.memberId, at))?.payeeName?.trim().toLowerCase();
        if (!name) return null;
        value = name.replace(/\s+/g, ' ');
      }
      if (value !== null) keys.push({ promotionId: p.id, period: e.period, kind, value, entryId: e.id });
    }
    return keys;
  };

  /** The window a turnover or loss trigger measures: today / yesterday (daily), or since the start. */
  const windowOf = async (p: data.PromotionRow, merchantId: number, at: Date) => {
    if (p.limit !== 'daily') return { from: p.startsAt, to: at };
    const tz = (await merchants.brand(merchantId)).merchant.timezone;
    const today = startOfDay(localDay(tz, at), tz);
    if (p.trigger === 'turnover') return { from: today, to: at };
    const yesterday = startOfDay(localDay(tz, new Date(today.getTime() - DAY_MS / 2)), tz);
    return { from: yesterday, to: today };
  };

  /**
   * Pays an entry in `claim` status: the bonus account to the member under the key `promo:<id>`,
   * then `process` when it carries wagering, otherwise its final status (claimed or issued).
   */
  const pay = async (tx: Db, e: data.EntryRow, p: data.PromotionRow, doneAs: 'claimed' | 'issued', actor: Actor) => {
    await wallet.transfer({
      merchantId: e.merchantId,
      key: `promo:${e.id}`,
      kind: 'promotion',
      from: { system: 'bonus' },
      to: { member: e.memberId },
      amount: e.amount,
      reference: `promotion:${p.id}`,
      db: tx,
    });
    const wagering = e.amount * BigInt(p.wageringMultiple);
    const status = wagering > 0n ? 'process' : doneAs;
    const moved = await data.moveEntry(tx, e.id, 'claim', {
      status,
      doneAs,
      paidAt: now(),
      wageringRequired: wagering,
      sincePostingId: await walletRules.mark(tx, e.merchantId, e.memberId),
    });
    if (!moved) throw conflict('ALREADY_CLAIMED', 'This reward was already claimed');
    await event(
      tx,
      moved,
      'claim',
      status,
      actor,
      doneAs === 'claimed' ? 'claimed by the member' : 'paid automatically',
    );
    if (status === 'process')
      await event(tx, moved, status, status, { kind: 'system', id: null }, `wagering ${wagering}`);
    return moved;
  };

  /** Wagering progress of a paid entry (bets since it was paid, in its game types). */
  const progressOf = async (e: data.EntryRow, at: Db = db) => {
    if (e.wageringRequired === 0n || e.sincePostingId === null)
      return { required: e.wageringRequired, achieved: 0n, remaining: 0n, met: true };
    if (e.status !== 'process') {
      const met = e.wageringMetAt !== null;
      return { required: e.wageringRequired, achieved: met ? e.wageringRequired : 0n, remaining: 0n, met: true };
    }
    const bets = await walletRules.betsSince(at, e.merchantId, e.memberId, e.sincePostingId, e.gameTypes);
    const achieved = bets > e.wageringRequired ? e.wageringRequired : bets;
    return {
      required: e.wageringRequired,
      achieved,
      remaining: e.wageringRequired - achieved,
      met: achieved >= e.wageringRequired,
    };
  };

  /** An entry whose wagering is met moves to its final status (once: from `process` only). */
  const settle = async (e: data.EntryRow, at: Db = db) => {
    const moved = await data.moveEntry(at, e.id, 'process', { status: e.doneAs ?? 'issued', wageringMetAt: now() });
    if (moved) await event(at, moved, 'process', moved.status, { kind: 'system', id: null }, 'wagering met');
    return moved ?? e;
  };

  const entryView = async (e: data.EntryRow, p: data.PromotionRow, language: Language): Promise<PromotionEntry> => {
    let entry = e;
    let w = await progressOf(e);
    if (e.status === 'process' && w.met) {
      entry = await settle(e);
      w = await progressOf(entry);
    }
    if (e.status === 'claim') {
      // Not paid yet: the wagering it will carry once claimed.
      const required = e.amount * BigInt(p.wageringMultiple);
      w = { required, achieved: 0n, remaining: required, met: required === 0n };
    }
    return {
      id: entry.id,
      promotionId: p.id,
      title: textsOf(p, language).title,
      type: p.type,
      status: entry.status as MemberPromotionStatus,
      amount: String(entry.amount),
      createdAt: entry.createdAt.toISOString(),
      paidAt: entry.paidAt?.toISOString() ?? null,
      wagering: {
        required: String(w.required),
        achieved: String(w.achieved),
        remaining: String(w.remaining),
        met: w.met,
        gameTypes: entry.gameTypes,
      },
    };
  };

  const publicView = (
    p: data.PromotionRow,
    language: Language,
    at: Date,
    my: {
      status: MemberPromotionStatus | null;
      entryId: number | null;
      application?: data.ApplicationRow | null;
    },
  ): PublicPromotion => {
    const t = textsOf(p, language);
    return {
      id: p.id,
      type: p.type,
      title: t.title,
      description: t.description,
      terms: t.terms,
      artwork: p.artwork,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt?.toISOString() ?? null,
      state: stateOf(p, at),
      trigger: p.trigger,
      formula: p.formula,
      amount: String(p.amount),
      percentBp: p.percentBp,
      cap: String(p.cap),
      minDeposit: String(p.minDeposit),
      threshold: String(p.threshold),
      tiers: p.tiers,
      randomMin: String(p.randomMin),
      randomMax: String(p.randomMax),
      wageringMultiple: p.wageringMultiple,
      gameTypes: p.gameTypes,
      claimMode: p.claimMode,
      limit: p.limit,
      guards: p.guards,
      audience: p.audience,
      myStatus: my.status,
      entryId: my.entryId,
      application: my.application ? applicationView(my.application) : null,
    };
  };

  const applicationView = (a: data.ApplicationRow): PromotionApplication => ({
    id: a.id,
    promotionId: a.promotionId,
    status: a.status,
    comment: a.comment,
    images: a.imageIds,
    reason: a.reason,
    entryId: a.entryId,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  });

  const deskApplicationView = (
    r: { a: data.ApplicationRow; account: string },
    p: data.PromotionRow | undefined,
  ): DeskApplication => ({
    ...applicationView(r.a),
    memberId: r.a.memberId,
    account: r.account,
    // As the promotions desk titles them: Portuguese first, else the first language given.
    promotionTitle: p ? textsOf(p, 'PT').title : '',
    promotionType: p?.type ?? 'SPECIAL_OFFER',
    amount: String(p ? (p.formula === 'random' ? p.randomMin : p.amount) : 0n),
    randomMax: p?.formula === 'random' ? String(p.randomMax) : null,
    decidedBy: r.a.decidedBy,
  });

  /** An application's status change: who, when (the row's time), why (decision 086). */
  const applicationEvent = (
    tx: Db,
    a: data.ApplicationRow,
    from: string | null,
    to: string,
    actor: Actor,
    reason: string,
    entryId: number | null = null,
  ) =>
    data.insertEvent(tx, {
      merchantId: a.merchantId,
      promotionId: a.promotionId,
      applicationId: a.id,
      entryId,
      memberId: a.memberId,
      fromStatus: from,
      toStatus: to,
      actorKind: actor.kind,
      actorId: actor.id,
      reason,
    });

  const operatorView = (p: data.PromotionRow): OperatorPromotion => ({
    id: p.id,
    type: p.type,
    texts: Object.fromEntries(
      Object.entries(p.texts).map(([k, v]) => [k, { title: v!.title, description: v!.description, terms: v!.terms }]),
    ),
    artwork: p.artwork,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    endedAt: p.endedAt?.toISOString() ?? null,
    state: stateOf(p, now()),
    audience: p.audience,
    audienceIds: p.audienceIds,
    trigger: p.trigger,
    minDeposit: String(p.minDeposit),
    threshold: String(p.threshold),
    formula: p.formula,
    amount: String(p.amount),
    percentBp: p.percentBp,
    cap: String(p.cap),
    tiers: p.tiers,
    randomMin: String(p.randomMin),
    randomMax: String(p.randomMax),
    wageringMultiple: p.wageringMultiple,
    gameTypes: p.gameTypes,
    claimMode: p.claimMode,
    limit: p.limit,
    guards: p.guards,
    sort: p.sort,
    updatedAt: p.updatedAt.toISOString(),
  });

  const fieldsOf = (b: PromotionCreateBody) => ({
    type: b.type,
    texts: b.texts,
    artwork: b.artwork,
    startsAt: new Date(b.startsAt),
    endsAt: b.endsAt ? new Date(b.endsAt) : null,
    audience: b.audience,
    audienceIds: b.audience === 'all' || b.audience === 'new_members' ? [] : [...new Set(b.audienceIds)],
    trigger: b.trigger,
    minDeposit: BigInt(b.minDeposit),
    threshold: BigInt(b.threshold),
    formula: b.formula,
    amount: BigInt(b.amount),
    percentBp: b.percentBp,
    cap: BigInt(b.cap),
    tiers: b.tiers.map((t) => ({ from: String(BigInt(t.from)), amount: String(BigInt(t.amount)) })),
    randomMin: BigInt(b.randomMin),
    randomMax: BigInt(b.randomMax),
    wageringMultiple: b.wageringMultiple,
    gameTypes: b.gameTypes,
    claimMode: b.claimMode,
    limit: b.limit,
    guards: b.guards,
    sort: b.sort,
  });

  const promotionOf = async (merchantId: number, id: number, at: Db = db) => {
    const p = await data.findPromotion(at, merchantId, id);
    if (!p) throw notFound('No such promotion');
    return p;
  };

  const requirements = async (at: Db, merchantId: number, memberId: number): Promise<Turnover[]> => {
    const open = await data.wageringEntries(at, memberId);
    const out: Turnover[] = [];
    for (const e of open) {
      if (e.merchantId !== merchantId) continue;
      const w = await progressOf(e, at);
      if (w.met) await settle(e, at);
      else out.push(w);
    }
    return out;
  };

  const first = {
    /** The wallet rules' requirement source: bonuses still in wagering lock withdrawals. */
    requirements,

    /** Called by the deposit service inside the crediting transaction (first deposit, deposit over). */
    async onDeposit(tx: Db, d: CreditedDeposit): Promise<void> {
      const at = now();
      const live = await data.liveDepositPromotions(tx, d.merchantId, at);
      let firstToday: boolean | null = null;
      for (const p of live) {
        if (p.trigger === 'first_deposit' && !d.first) continue;
        if (d.amount < p.minDeposit) continue;
        if (p.trigger === 'daily_first_deposit') {
          if (firstToday === null) {
            const tz = (await merchants.brand(d.merchantId, tx)).merchant.timezone;
            const since = startOfDay(localDay(tz, at), tz);
            firstToday = (await data.creditedSince(tx, d.memberId, d.depositId, since)) === 0;
          }
          if (!firstToday) continue;
        }
        const m = { merchantId: d.merchantId, memberId: d.memberId };
        if (!(await eligible(p, m, tx))) continue;
        const amount = rewardOf(p, d.amount);
        if (amount <= 0n) continue;
        const make = async (sp: Db) => {
          const entry = await data.insertEntry(sp, {
            merchantId: d.merchantId,
            promotionId: p.id,
            memberId: d.memberId,
            period: await periodOf(p, d.merchantId, at, sp),
            status: 'claim',
            amount,
            depositId: d.depositId,
            gameTypes: p.gameTypes,
          });
          if (!entry) return;
          const keys = await limitKeys(p, entry, null, sp);
          // Another account took it on this device, address or payee name: undo this entry only.
          if (!keys || !(await data.takeLimitKeys(sp, keys))) throw LIMIT_TAKEN;
          const system = { kind: 'system', id: null } as const;
          await event(sp, entry, null, 'claim', system, `deposit ${d.depositId} of ${d.amount}`);
          if (p.claimMode === 'auto') await pay(sp, entry, p, 'issued', system);
        };
        if (p.guards.length === 0) await make(tx);
        else
          // A savepoint: a refused limit rolls back this promotion's entry, never the deposit.
          await tx.transaction(make).catch((e: unknown) => {
            if (e !== LIMIT_TAKEN) throw e;
          });
      }
    },

    /** The brand's promotions that are live or scheduled, with the member's own status. */
    async list(merchantId: number, memberId: number | null, language: Language): Promise<PublicPromotion[]> {
      const at = now();
      const all = (await data.listPromotions(db, merchantId)).filter((p) => stateOf(p, at) !== 'ended');
      if (memberId === null) return all.map((p) => publicView(p, language, at, { status: null, entryId: null }));
      const m = { merchantId, memberId };
      const entries = await data.memberEntries(db, memberId);
      const applications = all.some((p) => p.claimMode === 'application')
        ? await data.memberApplications(db, memberId)
        : [];
      const deposited = all.some((p) => p.trigger === 'first_deposit') ? await deps.hasDeposited(memberId) : false;
      const out: PublicPromotion[] = [];
      for (const p of all) {
        const state = stateOf(p, at);
        const period = await periodOf(p, merchantId, at);
        const entry = entries.find((e) => e.promotionId === p.id && e.period === period) ?? null;
        // The latest application this period (newest first): waiting, rejected, or approved.
        const application =
          applications.find((a) => a.promotionId === p.id && (a.period === period || a.status === 'applying')) ?? null;
        let status: MemberPromotionStatus | null;
        if (state === 'scheduled') status = 'coming_soon';
        else if (entry) status = entry.status as MemberPromotionStatus;
        else if (application?.status === 'applying') status = 'applying';
        else if (application?.status === 'rejected' && (await eligible(p, m))) status = 'rejected';
        else if (p.trigger === 'info') status = null;
        else if (!(await eligible(p, m))) status = 'close';
        else if (JOINABLE.has(p.trigger)) status = 'join';
        else if (p.trigger === 'first_deposit' && deposited) status = 'close';
        else status = 'signed';
        out.push(publicView(p, language, at, { status, entryId: entry?.id ?? null, application }));
      }
      return out;
    },

    /** Takes part in a live manual-apply promotion: the reward is paid (auto) or waits for a claim. */
    async join(
      m: Member,
      promotionId: number,
      language: Language,
      opts: { origin?: Origin | null; fromApp?: boolean; payNow?: boolean } = {},
    ): Promise<PromotionEntry> {
      return entryView(...(await joinEntry(m, promotionId, opts)), language);
    },

    /**
     * Spec §7's raffle promotion claim (decision 089): draws a live drop for the member and pays the
     * drawn amount at once. A drop joined earlier by claim mode (its amount drawn then) is paid as
     * drawn, never drawn again; a drop already paid this period is refused (409 ALREADY_DRAWN).
     */
    async raffleClaim(m: Member, promotionId: number, language: Language, origin: Origin | null = null) {
      const p = await promotionOf(m.merchantId, promotionId);
      if (p.trigger !== 'drop') throw conflict('NOT_A_DRAW', 'This promotion is not a red envelope or raffle');
      const period = await periodOf(p, m.merchantId, now());
      const waiting = (await data.memberEntries(db, m.memberId)).find(
        (e) => e.promotionId === p.id && e.period === period,
      );
      let entry: data.EntryRow;
      if (waiting && waiting.status === 'claim') {
        entry = await db.transaction(async (tx) => {
          const e = await data.findEntry(tx, m.memberId, waiting.id, { forUpdate: true });
          if (!e || e.status !== 'claim') throw alreadyDrawn(p);
          return pay(tx, e, p, 'claimed', { kind: 'member', id: m.memberId });
        });
        await notifications.balanceChanged(m.memberId, 'promotion');
      } else {
        if (waiting) throw alreadyDrawn(p);
        try {
          [entry] = await joinEntry(m, promotionId, { origin, payNow: true });
        } catch (e) {
          throw e instanceof AppError && e.code === 'ALREADY_JOINED' ? alreadyDrawn(p) : e;
        }
      }
      const { balance } = await wallet.balance(m.merchantId, m.memberId);
      return { draw: drawView(entry, p, language), balance: String(balance) };
    },

    /** The member's draws of red envelopes and raffles, newest first. */
    async raffleDraws(m: Member, language: Language, promotionId?: number) {
      const promos = new Map(
        (await data.listPromotions(db, m.merchantId)).filter((p) => p.trigger === 'drop').map((p) => [p.id, p]),
      );
      const list = (await data.memberEntries(db, m.memberId))
        .filter((e) => e.merchantId === m.merchantId && promos.has(e.promotionId))
        .filter((e) => promotionId === undefined || e.promotionId === promotionId)
        .map((e) => drawView(e, promos.get(e.promotionId)!, language));
      return { list };
    },
  };

  function alreadyDrawn(p: data.PromotionRow) {
    return conflict(
      'ALREADY_DRAWN',
      p.limit === 'daily' ? 'You drew this one today already' : 'You drew this one already',
    );
  }

  function drawView(e: data.EntryRow, p: data.PromotionRow, language: Language): RaffleDraw {
    const fixed = p.formula !== 'random';
    return {
      entryId: e.id,
      promotionId: p.id,
      title: textsOf(p, language).title,
      amount: String(e.amount),
      randomMin: String(fixed ? p.amount : p.randomMin),
      randomMax: String(fixed ? p.amount : p.randomMax),
      period: e.period,
      status: e.status as MemberPromotionStatus,
      drawnAt: e.createdAt.toISOString(),
      paidAt: e.paidAt?.toISOString() ?? null,
      wageringRequired: String(e.wageringRequired),
    };
  }

  /** Makes a member's entry in a joinable promotion (the join and the raffle claim). */
  async function joinEntry(
    m: Member,
    promotionId: number,
    opts: { origin?: Origin | null; fromApp?: boolean; payNow?: boolean } = {},
  ): Promise<[data.EntryRow, data.PromotionRow]> {
    {
      const p = await promotionOf(m.merchantId, promotionId);
      const at = now();
      const state = stateOf(p, at);
      if (state !== 'live')
        throw conflict(
          'PROMOTION_NOT_LIVE',
          state === 'scheduled' ? 'This promotion has not started' : 'This promotion has ended',
        );
      if (!JOINABLE.has(p.trigger))
        throw conflict(
          'PROMOTION_NOT_JOINABLE',
          p.trigger === 'info' ? 'This promotion is information only' : 'This promotion starts with a deposit',
        );
      if (p.claimMode === 'application')
        throw conflict('APPLICATION_REQUIRED', 'This promotion takes an application: apply with a comment');
      if (!(await eligible(p, m)))
        throw new AppError('PROMOTION_NOT_ELIGIBLE', 'This promotion is not open to your account', 403);
      if (p.trigger === 'app_download' && !opts.fromApp)
        throw conflict('APP_REQUIRED', 'Open the installed app to take part in this promotion');
      // The basis of a turnover or loss trigger, measured now over the promotion's window.
      let basis = 0n;
      let why = 'joined';
      if (p.trigger === 'turnover' || p.trigger === 'loss') {
        const w = await windowOf(p, m.merchantId, at);
        const play = await data.playIn(db, m.memberId, p.gameTypes, w.from, w.to);
        basis = p.trigger === 'turnover' ? play.turnover : play.loss;
        why = `${p.trigger} ${basis} from ${w.from.toISOString()} to ${w.to.toISOString()}`;
        if (p.trigger === 'turnover' && basis < p.threshold)
          throw new AppError('TARGET_NOT_REACHED', 'Your turnover has not reached the target yet', 409, {
            turnover: String(basis),
            threshold: String(p.threshold),
          });
        if (p.trigger === 'loss' && (basis <= 0n || basis < p.threshold))
          throw new AppError('NO_QUALIFYING_LOSS', 'You have no qualifying loss for this promotion', 409, {
            loss: String(basis > 0n ? basis : 0n),
            threshold: String(p.threshold),
          });
      }
      const period = await periodOf(p, m.merchantId, at);
      const amount = rewardOf(p, basis);
      if (amount <= 0n) throw conflict('NOTHING_TO_PAY', 'Nothing is due to you from this promotion yet');
      const entry = await db.transaction(async (tx) => {
        const e = await data.insertEntry(tx, {
          merchantId: m.merchantId,
          promotionId: p.id,
          memberId: m.memberId,
          period,
          status: 'claim',
          amount,
          gameTypes: p.gameTypes,
        });
        if (!e) return null;
        const keys = await limitKeys(p, e, opts.origin ?? null, tx);
        if (!keys)
          throw new AppError('PAYEE_NAME_REQUIRED', 'Set your payee name before taking part in this promotion', 409);
        if (!(await data.takeLimitKeys(tx, keys)))
          throw conflict('LIMIT_REACHED', 'This promotion was already taken from this device, address or payee name');
        const actor = { kind: 'member', id: m.memberId } as const;
        await event(tx, e, null, 'claim', actor, p.formula === 'random' ? `drew ${amount}` : why);
        // The raffle claim draws and pays in one call: the member pressed to claim it.
        if (opts.payNow) return pay(tx, e, p, 'claimed', actor);
        return p.claimMode === 'auto' ? pay(tx, e, p, 'issued', actor) : e;
      });
      if (!entry)
        throw conflict('ALREADY_JOINED', p.limit === 'daily' ? 'You took part today already' : 'You took part already');
      if (entry.paidAt) await notifications.balanceChanged(m.memberId, 'promotion');
      return [entry, p];
    }
  }

  const service = {
    /** Claims a waiting reward. Concurrent claims: one pays, the others are refused (409). */
    async claim(m: Member, entryId: number, language: Language): Promise<PromotionEntry> {
      const { entry, p } = await db.transaction(async (tx) => {
        const e = await data.findEntry(tx, m.memberId, entryId, { forUpdate: true });
        if (!e || e.merchantId !== m.merchantId) throw notFound('No such reward');
        if (e.status !== 'claim') throw conflict('ALREADY_CLAIMED', 'This reward was already claimed');
        const promo = await promotionOf(m.merchantId, e.promotionId, tx);
        return { entry: await pay(tx, e, promo, 'claimed', { kind: 'member', id: m.memberId }), p: promo };
      });
      await notifications.balanceChanged(m.memberId, 'promotion');
      return entryView(entry, p, language);
    },

    /**
     * Gives up a bonus in wagering (decision 065): what is left of it (the bonus, or the balance if
     * less) goes back to the bonus account, and its lock on withdrawals ends.
     */
    async forfeit(m: Member, entryId: number, language: Language): Promise<PromotionEntry> {
      const { entry, p } = await db.transaction(async (tx) => {
        const e = await data.findEntry(tx, m.memberId, entryId, { forUpdate: true });
        if (!e || e.merchantId !== m.merchantId) throw notFound('No such bonus');
        if (e.status !== 'process') throw conflict('NOT_IN_WAGERING', 'Only a bonus in wagering can be given up');
        const { balance } = await wallet.balance(m.merchantId, m.memberId, tx);
        const back = balance < e.amount ? balance : e.amount;
        if (back > 0n) {
          await wallet.transfer({
            merchantId: m.merchantId,
            key: `promo:${e.id}:forfeit`,
            kind: 'promotion_forfeit',
            from: { member: m.memberId },
            to: { system: 'bonus' },
            amount: back,
            reference: `promotion:${e.promotionId}`,
            db: tx,
          });
        }
        const moved = await data.moveEntry(tx, e.id, 'process', { status: 'close', returned: back });
        if (!moved) throw conflict('NOT_IN_WAGERING', 'Only a bonus in wagering can be given up');
        await event(tx, moved, 'process', 'close', { kind: 'member', id: m.memberId }, `forfeited; ${back} returned`);
        return { entry: moved, p: await promotionOf(m.merchantId, e.promotionId, tx) };
      });
      await notifications.balanceChanged(m.memberId, 'promotion');
      return entryView(entry, p, language);
    },

    /** The rewards centre: rewards waiting for a claim, and the rest as history. */
    async rewards(m: Member, language: Language) {
      const entries = (await data.memberEntries(db, m.memberId)).filter((e) => e.merchantId === m.merchantId);
      const promos = new Map((await data.listPromotions(db, m.merchantId)).map((p) => [p.id, p]));
      const claimable: PromotionEntry[] = [];
      const history: PromotionEntry[] = [];
      for (const e of entries) {
        const p = promos.get(e.promotionId);
        if (!p) continue;
        (e.status === 'claim' ? claimable : history).push(await entryView(e, p, language));
      }
      return { claimable, history, count: claimable.length };
    },

    /** Every bonus paid to the member, with its wagering. */
    async bonuses(m: Member, language: Language) {
      const entries = (await data.memberEntries(db, m.memberId)).filter(
        (e) => e.merchantId === m.merchantId && e.paidAt !== null,
      );
      const promos = new Map((await data.listPromotions(db, m.merchantId)).map((p) => [p.id, p]));
      const list: PromotionEntry[] = [];
      for (const e of entries) {
        const p = promos.get(e.promotionId);
        if (p) list.push(await entryView(e, p, language));
      }
      return { list };
    },

    /** Status changes of one entry, oldest first (tests and support). */
    events: (entryId: number) => data.entryEvents(db, entryId),

    /* ------------------------------------------------------------- activity applications */

    /**
     * Applies to a live application-reviewed promotion with a comment and up to 3 of the member's
     * own images (decision 086). One waits at a time (the partial unique key: 409
     * APPLICATION_PENDING); none once the member has this period's reward (409 ALREADY_JOINED).
     */
    async apply(
      m: Member,
      body: { promotionId: number; comment: string; imageIds: string[] },
      origin: Origin,
    ): Promise<PromotionApplication> {
      const p = await promotionOf(m.merchantId, body.promotionId);
      const at = now();
      const state = stateOf(p, at);
      if (state !== 'live')
        throw conflict(
          'PROMOTION_NOT_LIVE',
          state === 'scheduled' ? 'This promotion has not started' : 'This promotion has ended',
        );
      if (p.claimMode !== 'application')
        throw conflict('PROMOTION_NOT_APPLICATION', 'This promotion takes no application');
      if (!(await eligible(p, m)))
        throw new AppError('PROMOTION_NOT_ELIGIBLE', 'This promotion is not open to your account', 403);
      for (const id of body.imageIds)
        await uploads.requireOwned(m.merchantId, m.memberId, id, 'promotion_application', 'imageIds');
      const period = await periodOf(p, m.merchantId, at);
      const taken = () =>
        conflict('ALREADY_JOINED', p.limit === 'daily' ? 'You took part today already' : 'You took part already');
      if (await data.entryFor(db, p.id, m.memberId, period)) throw taken();
      const row = await db.transaction(async (tx) => {
        const a = await data.insertApplication(tx, {
          merchantId: m.merchantId,
          promotionId: p.id,
          memberId: m.memberId,
          period,
          comment: body.comment,
          imageIds: body.imageIds,
          ip: origin.ip,
          userAgent: origin.userAgent.slice(0, 500),
        });
        if (a)
          await applicationEvent(
            tx,
            a,
            null,
            'applying',
            { kind: 'member', id: m.memberId },
            `applied with ${a.imageIds.length} image(s)`,
          );
        return a;
      });
      if (!row) throw conflict('APPLICATION_PENDING', 'Your application is waiting for review');
      return applicationView(row);
    },

    /** The console's review queue: applications in one status, with the member and the promotion. */
    async applications(
      op: Operator,
      q: { status: 'applying' | 'approved' | 'rejected'; page: number; pageSize: number },
    ) {
      const { rows, total } = await data.listApplications(
        db,
        op.merchantId,
        q.status,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      const promos = new Map((await data.listPromotions(db, op.merchantId)).map((p) => [p.id, p]));
      return {
        list: rows.map((r) => deskApplicationView(r, promos.get(r.a.promotionId))),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /**
     * Approves or rejects a waiting application (decision 086). Approval makes the member's entry
     * for the application's period (the engine's unique key and limit keys apply) and pays it
     * through the wallet under `promo:<entry>` in the same transaction; the application row is
     * locked and moves only from `applying`, so concurrent approvals pay once (409
     * APPLICATION_DECIDED for the others). A rejection keeps the reason for the member.
     */
    async decide(op: Operator, body: { id: number; outcome: 'approve' | 'reject'; reason: string }, ip: string) {
      const actor = { kind: 'operator', id: op.operatorId } as const;
      const { row, p, paid, message } = await db.transaction(async (tx) => {
        const locked = await data.lockApplication(tx, op.merchantId, body.id);
        if (!locked) throw notFound('No such application');
        if (locked.a.status !== 'applying')
          throw conflict('APPLICATION_DECIDED', 'This application was already decided');
        const a = locked.a;
        const promo = await promotionOf(op.merchantId, a.promotionId, tx);
        if (body.outcome === 'reject') {
          const moved = await data.decideApplication(tx, a.id, {
            status: 'rejected',
            reason: body.reason,
            decidedBy: op.operatorId,
          });
          if (!moved) throw conflict('APPLICATION_DECIDED', 'This application was already decided');
          await applicationEvent(tx, moved, 'applying', 'rejected', actor, body.reason);
          const message = await notifications.notify(
            {
              merchantId: moved.merchantId,
              memberId: moved.memberId,
              kind: 'promotion_application_rejected',
              params: { promotionId: String(promo.id), applicationId: String(moved.id), reason: body.reason },
            },
            tx,
          );
          return { row: { a: moved, account: locked.account }, p: promo, paid: false, message };
        }
        const amount = rewardOf(promo);
        if (amount <= 0n) throw conflict('NOTHING_TO_PAY', 'This promotion pays nothing');
        const e = await data.insertEntry(tx, {
          merchantId: a.merchantId,
          promotionId: promo.id,
          memberId: a.memberId,
          period: a.period,
          status: 'claim',
          amount,
          gameTypes: promo.gameTypes,
        });
        if (!e) throw conflict('ALREADY_JOINED', 'The member already has this promotion’s reward for the period');
        const keys = await limitKeys(promo, e, { ip: a.ip, userAgent: a.userAgent }, tx);
        if (!keys) throw new AppError('PAYEE_NAME_REQUIRED', 'The member has no payee name', 409);
        if (!(await data.takeLimitKeys(tx, keys)))
          throw conflict('LIMIT_REACHED', 'This promotion was already taken from this device, address or payee name');
        const why = `application ${a.id} approved${promo.formula === 'random' ? `; drew ${amount}` : ''}`;
        await event(tx, e, null, 'claim', actor, why);
        const entry = await pay(tx, e, promo, 'issued', actor);
        const moved = await data.decideApplication(tx, a.id, {
          status: 'approved',
          reason: body.reason || null,
          decidedBy: op.operatorId,
          entryId: entry.id,
        });
        if (!moved) throw conflict('APPLICATION_DECIDED', 'This application was already decided');
        await applicationEvent(tx, moved, 'applying', entry.status, actor, body.reason || 'approved', entry.id);
        const message = await notifications.notify(
          {
            merchantId: moved.merchantId,
            memberId: moved.memberId,
            kind: 'promotion_application_approved',
            params: { promotionId: String(promo.id), applicationId: String(moved.id), amount: String(entry.amount) },
          },
          tx,
        );
        return { row: { a: moved, account: locked.account }, p: promo, paid: true, message };
      });
      // The member hears of the decision (stored in the transaction above, pushed now).
      await notifications.announce(row.a.memberId, message);
      if (paid) await notifications.balanceChanged(row.a.memberId, 'promotion');
      await audit(
        op,
        body.outcome === 'approve' ? 'promotion.application.approve' : 'promotion.application.reject',
        `promotion_application:${row.a.id}`,
        { promotionId: p.id, memberId: row.a.memberId, reason: body.reason, entryId: row.a.entryId },
        ip,
      );
      return deskApplicationView(row, p);
    },

    /** An application's image for the review desk; other uploads (payment proofs) are not served here. */
    async applicationImage(op: Operator, id: string) {
      const row = await uploads.read(op.merchantId, id, { operator: true });
      if (row.purpose !== 'promotion_application') throw notFound('No such image');
      return row;
    },

    /** Status changes of one application, oldest first (tests and support). */
    applicationEvents: (applicationId: number) => data.applicationEvents(db, applicationId),

    /* ------------------------------------------------------------- the console's desk */

    async desk(op: Operator, state?: 'scheduled' | 'live' | 'ended') {
      const at = now();
      const rows = await data.listPromotions(db, op.merchantId);
      return { list: rows.filter((p) => !state || stateOf(p, at) === state).map(operatorView) };
    },

    async create(op: Operator, body: PromotionCreateBody, ip: string, createdBy: number | null = op.operatorId) {
      const row = await db.transaction(async (tx) => {
        const p = await data.insertPromotion(tx, { merchantId: op.merchantId, createdBy, ...fieldsOf(body) });
        await data.insertEvent(tx, {
          merchantId: op.merchantId,
          promotionId: p.id,
          toStatus: stateOf(p, now()),
          actorKind: createdBy ? 'operator' : 'system',
          actorId: createdBy,
          reason: 'created',
        });
        return p;
      });
      if (createdBy)
        await audit(op, 'promotion.create', `promotion:${row.id}`, { type: row.type, trigger: row.trigger }, ip);
      return operatorView(row);
    },

    async update(op: Operator, body: PromotionCreateBody & { id: number }, ip: string) {
      const before = await promotionOf(op.merchantId, body.id);
      if (before.endedAt) throw conflict('PROMOTION_ENDED', 'An ended promotion cannot be changed');
      const row = await db.transaction(async (tx) => {
        const p = (await data.updatePromotion(tx, op.merchantId, body.id, fieldsOf(body)))!;
        await data.insertEvent(tx, {
          merchantId: op.merchantId,
          promotionId: p.id,
          fromStatus: stateOf(before, now()),
          toStatus: stateOf(p, now()),
          actorKind: 'operator',
          actorId: op.operatorId,
          reason: 'edited',
        });
        return p;
      });
      await audit(op, 'promotion.update', `promotion:${row.id}`, { type: row.type }, ip);
      return operatorView(row);
    },

    async end(op: Operator, id: number, reason: string, ip: string) {
      const before = await promotionOf(op.merchantId, id);
      if (before.endedAt) return operatorView(before);
      const row = await db.transaction(async (tx) => {
        const p = (await data.updatePromotion(tx, op.merchantId, id, { endedAt: now() }))!;
        await data.insertEvent(tx, {
          merchantId: op.merchantId,
          promotionId: p.id,
          fromStatus: stateOf(before, now()),
          toStatus: 'ended',
          actorKind: 'operator',
          actorId: op.operatorId,
          reason,
        });
        return p;
      });
      await audit(op, 'promotion.end', `promotion:${id}`, { reason }, ip);
      return operatorView(row);
    },

    /**
     * Members, cost, what came back, the betting the paid bonuses' holders did since, and (decision
     * 089) what those members played since their first payment: turnover, the house's GGR and the
     * net of bonus (GGR less the bonuses' cost net of forfeits).
     */
    async report(op: Operator, id: number): Promise<PromotionReport> {
      await promotionOf(op.merchantId, id);
      const all = await data.promotionEntriesOf(db, id);
      // Test accounts stay out of every figure (decision 084).
      const tests = await data.testAccounts(db, [...new Set(all.map((e) => e.memberId))]);
      const entries = all.filter((e) => !tests.has(e.memberId));
      const byStatus: Partial<Record<MemberPromotionStatus, number>> = {};
      let cost = 0n;
      let waitingAmount = 0n;
      let returned = 0n;
      let turnover = 0n;
      let paid = 0;
      let waiting = 0;
      let forfeited = 0;
      const applied = await data.applicationCounts(db, id);
      if (applied.applying) byStatus.applying = applied.applying;
      if (applied.rejected) byStatus.rejected = applied.rejected;
      for (const e of entries) {
        const s = e.status as MemberPromotionStatus;
        byStatus[s] = (byStatus[s] ?? 0) + 1;
        if (e.status === 'claim') {
          waiting++;
          waitingAmount += e.amount;
        }
        if (!e.paidAt) continue;
        paid++;
        cost += e.amount;
        if (e.returned !== null) {
          forfeited++;
          returned += e.returned;
        }
        if (e.sincePostingId !== null)
          turnover += await walletRules.betsSince(db, e.merchantId, e.memberId, e.sincePostingId, e.gameTypes);
      }
      const play = await data.playSincePaid(db, id);
      return {
        id,
        members: new Set(entries.map((e) => e.memberId)).size,
        takers: play.takers,
        playTurnover: String(play.turnover),
        ggr: String(play.ggr),
        // The house's GGR from those members less what the bonuses cost (paid less what came back).
        netOfBonus: String(play.ggr - (cost - returned)),
        paid,
        cost: String(cost),
        waiting,
        waitingAmount: String(waitingAmount),
        forfeited,
        returned: String(returned),
        turnover: String(turnover),
        byStatus,
      };
    },

    /** Whether a stored status is final (no action left for the member). */
    isDone: (status: string) => STORED_DONE.has(status),
  };
  return { ...first, ...service };
};

export type PromotionService = ReturnType<typeof createPromotionService>;
