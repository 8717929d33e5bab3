import { createHash, randomInt } from 'node:crypto';
import type { ReferralOverview, ReferralSettings, ReferralStage } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { maskAccount } from '../lobby/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { AuditLog } from '../operator/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type Member = { merchantId: number; memberId: number };
type Operator = { merchantId: number; operatorId: number };

export interface ReferralDeps {
  db: Db;
  wallet: WalletService;
  merchants: Pick<MerchantService, 'brand'>;
  audit: AuditLog;
  /** Player protection: a referrer under a time-out or exclusion is paid nothing while it lasts (the job pays later). */
  mayMarket: (m: Member, at: Db) => Promise<boolean>;
}

/** Codes: 8 characters without look-alikes (as the agents' codes). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A device, as the promotions' limits see one (decision 080): a hash of the user agent. */
const deviceOf = (userAgent: string) => createHash('sha256').update(userAgent).digest('hex').slice(0, 32);
const payeeKey = (name: string | null) => name?.trim().toLowerCase().replace(/\s+/g, ' ') || null;

/** Why an invitee earns nothing (decision 089), or null. */
export type HeldReason =
  'same_address' | 'same_device' | 'same_payee' | 'shared_address' | 'shared_device' | 'shared_payee';

const statusOf = (i: { deposited: boolean; turnover: bigint }, s: data.SettingsRow): ReferralStage =>
  s.turnoverTarget > 0n && i.turnover >= s.turnoverTarget ? 'turnover' : i.deposited ? 'first_deposit' : 'register';

const settingsView = (enabled: boolean, s: data.SettingsRow): ReferralSettings => ({
  enabled,
  registerReward: String(s.registerReward),
  firstDepositReward: String(s.firstDepositReward),
  firstDepositMin: String(s.firstDepositMin),
  turnoverTarget: String(s.turnoverTarget),
  turnoverReward: String(s.turnoverReward),
});

/**
 * Member referral (issue 19, decision 071): a member's own code beside the agents' codes, the
 * invitees, and the referrer's rewards per (invitee, stage), each paid once through the wallet
 * (kind `referral`, key `referral:<invitee>:<stage>`) by whichever comes first: the registration,
 * the crediting of the first deposit, or the `referral.settle` job.
 */
export const createReferralService = (deps: ReferralDeps) => {
  const { db, wallet, merchants, audit, mayMarket } = deps;
  const enabledFor = async (merchantId: number, at: Db = db) =>
    (await merchants.brand(merchantId, at)).merchant.features.referral;

  /**
   * Pays what the invitee's referrer is owed and not paid yet, inside `tx`. The referral row is
   * locked, and each reward row is unique per (invitee, stage): concurrent calls pay each once.
   */
  /**
   * Self-referral and farms (decision 089): the invitee shares an address, a device or a payee name
   * with the referrer, or its registration address, device or payee name is another invitee's of
   * the same referrer (the unique guard keys).
   */
  const abuseOf = async (tx: Db, ref: NonNullable<Awaited<ReturnType<typeof data.referralForUpdate>>>) => {
    const referrer = await data.originsOf(tx, ref.referrerId);
    const invitee = await data.originsOf(tx, ref.inviteeId);
    if (ref.inviteeIp) invitee.ips.add(ref.inviteeIp);
    const theirDevices = new Set([...referrer.agents].map(deviceOf));
    const devices = new Set([...invitee.agents].map(deviceOf));
    if (ref.inviteeDevice) devices.add(ref.inviteeDevice);
    if ([...invitee.ips].some((ip) => referrer.ips.has(ip))) return 'same_address' satisfies HeldReason;
    if ([...devices].some((d) => theirDevices.has(d))) return 'same_device' satisfies HeldReason;
    const payee = payeeKey(await data.payeeOf(tx, ref.inviteeId));
    if (payee && payee === payeeKey(await data.payeeOf(tx, ref.referrerId))) return 'same_payee' satisfies HeldReason;
    const keys: ['address' | 'device' | 'payee', string | null][] = [
      ['address', ref.inviteeIp],
      ['device', ref.inviteeDevice],
      ['payee', payee],
    ];
    for (const [kind, value] of keys) {
      if (!value) continue;
      const mine = await data.takeGuardKey(tx, { referrerId: ref.referrerId, inviteeId: ref.inviteeId, kind, value });
      if (!mine) return `shared_${kind}` satisfies HeldReason;
    }
    return null;
  };

  const settle = async (tx: Db, inviteeId: number): Promise<number> => {
    const ref = await data.referralForUpdate(tx, inviteeId);
    if (!ref || ref.heldReason || !(await enabledFor(ref.merchantId, tx))) return 0;
    const held = await abuseOf(tx, ref);
    if (held) {
      await data.hold(tx, inviteeId, held);
      return 0;
    }
    if (!(await mayMarket({ merchantId: ref.merchantId, memberId: ref.referrerId }, tx))) return 0;
    const s = await data.settings(tx, ref.merchantId);
    const paid = new Set(await data.paidStages(tx, inviteeId));
    const due: [ReferralStage, bigint][] = [];
    if (s.registerReward > 0n && !paid.has('register')) due.push(['register', s.registerReward]);
    if (s.firstDepositReward > 0n && !paid.has('first_deposit')) {
      const first = await data.firstDeposit(tx, inviteeId);
      if (first !== null && first >= s.firstDepositMin) due.push(['first_deposit', s.firstDepositReward]);
    }
    if (s.turnoverReward > 0n && s.turnoverTarget > 0n && !paid.has('turnover')) {
      if ((await data.turnover(tx, inviteeId)) >= s.turnoverTarget) due.push(['turnover', s.turnoverReward]);
    }
    let n = 0;
    for (const [stage, amount] of due) {
      const reward = await data.insertReward(tx, { ...ref, stage, amount });
      if (!reward) continue;
      await wallet.transfer({
        merchantId: ref.merchantId,
        key: `referral:${inviteeId}:${stage}`,
        kind: 'referral',
        from: { system: 'bonus', sub: 'referral' },
        to: { member: ref.referrerId },
        amount,
        reference: `referral_reward:${reward.id}`,
        db: tx,
      });
      n++;
    }
    return n;
  };

  /** The member's code, made on first need (the agents' codes share the column: one code, one account). */
  const ensureCode = async (memberId: number): Promise<string> => {
    const existing = await data.codeOf(db, memberId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newCode();
      try {
        if (await data.setCode(db, memberId, code)) return (await data.codeOf(db, memberId))!;
      } catch {
        // Taken between the check and the write (the unique index): try another.
      }
    }
    throw new AppError('INTERNAL', 'Could not create a referral code', 500);
  };

  return {
    /** Registration: the active ordinary member whose own code this is, while the programme is on. */
    async findReferrer(merchantId: number, code: string) {
      if (!(await enabledFor(merchantId))) return null;
      return data.memberByCode(db, merchantId, code);
    },

    /** Registration, inside its transaction: records the invitee and pays the registration reward. */
    async onRegistered(
      tx: Db,
      q: { merchantId: number; inviteeId: number; referrerId: number; code: string; ip?: string; userAgent?: string },
    ) {
      const { ip, userAgent, ...rest } = q;
      await data.insertReferral(tx, {
        ...rest,
        inviteeIp: ip || null,
        inviteeDevice: userAgent ? deviceOf(userAgent) : null,
      });
      await settle(tx, q.inviteeId);
    },

    /** The deposit service, inside the crediting transaction: the first-deposit reward. */
    async onDeposit(tx: Db, d: { memberId: number; first: boolean }) {
      if (d.first) await settle(tx, d.memberId);
    },

    settle,

    /** The job: every invitee with a configured reward not paid yet (turnover, or one held back). */
    async settlePending(tx: Db) {
      let n = 0;
      for (const p of await data.pending(tx)) n += await settle(tx, p.inviteeId);
      return n;
    },

    /** The referral page: code, rules, invitees with their status, rewards earned (none for agents). */
    async overview(m: Member & { isAgent?: boolean }): Promise<ReferralOverview> {
      // Agents invite from the agent centre: their code makes downlines, not invitees.
      const enabled = (await enabledFor(m.merchantId)) && !m.isAgent;
      const s = await data.settings(db, m.merchantId);
      const invitees = await data.invitees(db, m.memberId);
      const rewards = await data.rewards(db, m.memberId);
      return {
        enabled,
        code: enabled ? await ensureCode(m.memberId) : '',
        rules: settingsView(enabled, s),
        invitees: invitees.map((i) => ({
          account: maskAccount(i.username),
          registeredAt: i.createdAt.toISOString(),
          status: statusOf(i, s),
          deposited: i.deposited,
          turnover: String(i.turnover),
          earned: String(i.earned),
        })),
        rewards: rewards.map((r) => ({
          id: r.id,
          account: maskAccount(r.username),
          stage: r.stage as ReferralStage,
          amount: String(r.amount),
          createdAt: r.createdAt.toISOString(),
        })),
        earned: String(rewards.reduce((t, r) => t + r.amount, 0n)),
      };
    },

    /* ------------------------------------------------------------- the console */

    async settings(op: Operator) {
      const s = await data.settings(db, op.merchantId);
      const r = await data.report(db, op.merchantId);
      return {
        ...settingsView(await enabledFor(op.merchantId), s),
        report: {
          referrers: r.referrers,
          invitees: r.invitees,
          stages: r.stages.map((x) => ({ stage: x.stage as ReferralStage, count: x.count, amount: String(x.amount) })),
        },
      };
    },

    async save(
      op: Operator,
      body: Record<
        'registerReward' | 'firstDepositReward' | 'firstDepositMin' | 'turnoverTarget' | 'turnoverReward',
        string
      >,
      ip: string,
    ) {
      const s: data.SettingsRow = {
        registerReward: BigInt(body.registerReward),
        firstDepositReward: BigInt(body.firstDepositReward),
        firstDepositMin: BigInt(body.firstDepositMin),
        turnoverTarget: BigInt(body.turnoverTarget),
        turnoverReward: BigInt(body.turnoverReward),
      };
      await data.saveSettings(db, op.merchantId, s);
      await audit(op, 'referral.save', `merchant:${op.merchantId}`, { ...body }, ip);
      return settingsView(await enabledFor(op.merchantId), s);
    },
  };
};

export type ReferralService = ReturnType<typeof createReferralService>;
