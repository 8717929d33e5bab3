import {
  ACCOUNT_MESSAGES,
  accountSettings as accountSettingsSchema,
  isAgentType,
  isTrialType,
  type AccountSettings,
  type MemberInfoValue,
  type SecurityValue,
} from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { hashPassword } from '../../../lib/password.ts';
import type { PubSub } from '../../../lib/pubsub.ts';
import { countryOf } from '../../system/region.ts';
import type { SessionService } from '../sessions/service.ts';
import { maskEmail, maskPhone } from '../verification/policy.ts';
import * as data from './data.ts';
import { DEFAULT_ACCOUNT_SETTINGS, usernameKeyOf } from './policy.ts';

export type { MemberInsert, MemberRow } from './data.ts';

export interface AccountDeps {
  db: Db;
  /** Freezing an account ends its sessions. */
  sessions: Pick<SessionService, 'revokeAllForMember'>;
  /** The VIP label of member info (the VIP feature, decision 074; late-bound). */
  vipLabel?: (m: { merchantId: number; memberId: number }) => Promise<{ level: number; name: string | null }>;
  /** Settings changes are announced on it to every instance. */
  bus?: PubSub;
}

export interface NewMember {
  merchantId: number;
  username: string;
  password: string;
  type?: number;
  /** 'self' when the member chose it; 'operator' or 'agent' forces a change at first login. */
  passwordSetBy?: 'self' | 'operator' | 'agent' | 'system';
  /** With 'operator' or 'agent': when the one-time password stops working (decision 055). */
  oneTimePasswordExpiresAt?: Date | null;
  uplineId?: number | null;
  nickname?: string | null;
  affiliateCode?: string | null;
  payeeName?: string | null;
  email?: string | null;
  countryDialingCode?: string | null;
  mobile?: string | null;
  birthday?: string | null;
  paymentPassword?: string | null;
  profile?: Record<string, string>;
  playBalance?: bigint;
}

const uniqueViolation = (err: unknown): string | null => {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? e.message ?? 'unique';
  }
  return null;
};

const SETTINGS_CACHE_MS = 3000;
/** The bus channel on which a change of a brand's account settings is announced. */
export const ACCOUNT_SETTINGS_CHANGED = 'account-settings:changed';

/**
 * Member accounts: creation (registration, free play, staff and agents), lookups, member info and
 * the security profile, the login history and known IPs, freezing, and the brand's account
 * settings. The operations on an account (register, login, password, security centre) are the
 * other sub-folders of identity and call this service.
 */
export const createAccountService = ({ db, sessions, vipLabel, bus }: AccountDeps) => {
  const settingsCache = new Map<number, { at: number; value: AccountSettings }>();
  // A change on any instance drops every instance's copy (decision 082); the TTL is the backstop.
  bus?.subscribe(ACCOUNT_SETTINGS_CHANGED, (msg) => {
    const id = (msg as { merchantId?: unknown } | null)?.merchantId;
    if (typeof id === 'number') settingsCache.delete(id);
    else settingsCache.clear();
  });

  const settings = async (merchantId: number): Promise<AccountSettings> => {
    const hit = settingsCache.get(merchantId);
    if (hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.value;
    const stored = await data.readSettings(db, merchantId);
    const value = accountSettingsSchema.parse({ ...DEFAULT_ACCOUNT_SETTINGS, ...(stored ?? {}) });
    settingsCache.set(merchantId, { at: Date.now(), value });
    return value;
  };

  const requireMember = async (merchantId: number, id: number) => {
    const m = await data.findMemberById(db, merchantId, id);
    if (!m) throw notFound('Account not found');
    return m;
  };

  const memberInfo = async (merchantId: number, memberId: number): Promise<MemberInfoValue> => {
    const m = await requireMember(merchantId, memberId);
    // The login before this one: the newest successful login is the current session's.
    const [, previous] = await data.listLogins(db, memberId, 2, true);
    const vip = isTrialType(m.type) || !vipLabel ? { level: 0, name: null } : await vipLabel({ merchantId, memberId });
    return {
      id: String(m.id),
      account: m.username,
      nickname: m.nickname,
      type: m.type as MemberInfoValue['type'],
      avatar: m.avatar,
      isAgent: isAgentType(m.type),
      isTrial: isTrialType(m.type),
      vipLabelName: vip.name,
      vipLevel: vip.level,
      previousLogin: previous ? { at: previous.at.toISOString(), ip: previous.ip } : null,
      playBalance: isTrialType(m.type) ? m.playBalance.toString() : null,
    };
  };

  return {
    // ---- settings ----------------------------------------------------------------------------

    settings,

    async updateSettings(merchantId: number, value: AccountSettings) {
      await data.writeSettings(db, merchantId, value);
      settingsCache.delete(merchantId);
      bus?.publish(ACCOUNT_SETTINGS_CHANGED, { merchantId }).catch(() => {
        // Best effort: other instances see it within the cache's few seconds.
      });
      return settings(merchantId);
    },

    // ---- creating and finding members --------------------------------------------------------

    /** Creates an account; the upline (agent) gives it its place in the tree. */
    async createMember(input: NewMember, tx: Db = db) {
      const upline = input.uplineId ? await data.findMemberById(tx, input.merchantId, input.uplineId) : null;
      if (input.uplineId && !upline) throw notFound('Upline not found');
      const [passwordHash, paymentPasswordHash] = await Promise.all([
        hashPassword(input.password),
        input.paymentPassword ? hashPassword(input.paymentPassword) : Promise.resolve(null),
      ]);
      try {
        return await data.insertMember(
          tx,
          {
            merchantId: input.merchantId,
            username: input.username.trim(),
            usernameKey: usernameKeyOf(input.username),
            passwordHash,
            passwordSetBy: input.passwordSetBy ?? 'self',
            oneTimePasswordExpiresAt: input.oneTimePasswordExpiresAt ?? null,
            paymentPasswordHash,
            type: input.type ?? 0,
            nickname: input.nickname ?? null,
            uplineId: upline?.id ?? null,
            affiliateCode: input.affiliateCode ?? null,
            payeeName: input.payeeName ?? null,
            email: input.email?.toLowerCase() ?? null,
            countryDialingCode: input.countryDialingCode ?? null,
            mobile: input.mobile ?? null,
            birthday: input.birthday ?? null,
            profile: input.profile ?? {},
            playBalance: input.playBalance ?? 0n,
          },
          upline,
        );
      } catch (err) {
        const which = uniqueViolation(err);
        if (which?.includes('username')) {
          throw new AppError('USERNAME_TAKEN', ACCOUNT_MESSAGES.USERNAME_TAKEN, 409, null, {
            username: ACCOUNT_MESSAGES.USERNAME_TAKEN,
          });
        }
        if (which?.includes('mobile')) {
          throw new AppError('MOBILE_TAKEN', ACCOUNT_MESSAGES.MOBILE_TAKEN, 409, null, {
            mobileNum: ACCOUNT_MESSAGES.MOBILE_TAKEN,
          });
        }
        if (which?.includes('affiliate')) throw new AppError('CONFLICT', 'This affiliate code is already in use', 409);
        throw err;
      }
    },

    findByUsername(merchantId: number, username: string) {
      return data.findMemberByUsernameKey(db, merchantId, usernameKeyOf(username));
    },

    findByMobile(merchantId: number, countryDialingCode: string, mobile: string) {
      return data.findMemberByMobile(db, merchantId, countryDialingCode, mobile);
    },

    /** Pass `at` when calling inside a transaction (the embedded database has one connection). */
    findById(merchantId: number, id: number, at: Db = db) {
      return data.findMemberById(at, merchantId, id);
    },

    requireMember,

    findAgentByAffiliateCode(merchantId: number, code: string) {
      return data.findAgentByAffiliateCode(db, merchantId, code);
    },

    update(memberId: number, values: Partial<data.MemberInsert>, tx: Db = db) {
      return data.updateMember(tx, memberId, values);
    },

    /**
     * Gives an account a new one-time password set by its creator (decision 055): it must be changed
     * at the next login and stops working at `expiresAt`. The account's sessions end.
     */
    async setOneTimePassword(
      memberId: number,
      input: { password: string; setBy: 'agent' | 'operator'; expiresAt: Date },
    ) {
      await data.updateMember(db, memberId, {
        passwordHash: await hashPassword(input.password),
        passwordSetBy: input.setBy,
        passwordChangedAt: new Date(),
        oneTimePasswordExpiresAt: input.expiresAt,
      });
      await sessions.revokeAllForMember(memberId, 'password_changed');
    },

    // ---- login records and known IPs ---------------------------------------------------------

    async recordLogin(input: {
      merchantId: number;
      memberId: number;
      ip: string;
      userAgent: string;
      method: string;
      area: string;
      success: boolean;
      reason?: string;
    }) {
      await data.insertLogin(db, {
        ...input,
        userAgent: input.userAgent.slice(0, 300),
        country: countryOf(input.ip),
        reason: input.reason ?? null,
      });
      if (input.success)
        await data.updateMember(db, input.memberId, { lastLoginAt: new Date(), lastLoginIp: input.ip });
    },

    isKnownIp(memberId: number, ip: string) {
      return data.isKnownIp(db, memberId, ip);
    },

    rememberIp(memberId: number, ip: string) {
      return data.rememberIp(db, memberId, ip);
    },

    async logins(memberId: number, limit: number) {
      const rows = await data.listLogins(db, memberId, limit);
      return rows.map((r) => ({
        at: r.at.toISOString(),
        ip: r.ip,
        country: r.country,
        device: r.userAgent,
        method: r.method,
        success: r.success,
      }));
    },

    // ---- what the member sees ----------------------------------------------------------------

    memberInfo,

    async setAvatar(merchantId: number, memberId: number, avatar: string) {
      await data.updateMember(db, memberId, { avatar });
      return memberInfo(merchantId, memberId);
    },

    async security(merchantId: number, memberId: number): Promise<SecurityValue> {
      const m = await requireMember(merchantId, memberId);
      return {
        account: m.username,
        nickname: m.nickname,
        avatar: m.avatar,
        payeeName: m.payeeName,
        birthday: m.birthday,
        email: m.email ? maskEmail(m.email) : null,
        mobile: m.mobile && m.countryDialingCode ? maskPhone(m.countryDialingCode, m.mobile) : null,
        countryDialingCode: m.countryDialingCode,
        hasPaymentPassword: !!m.paymentPasswordHash,
        totpEnabled: m.totpEnabled,
        passwordChangedAt: m.passwordChangedAt.toISOString(),
        createdAt: m.createdAt.toISOString(),
      };
    },

    /** Freezing an account ends all its sessions at once. */
    async freeze(merchantId: number, memberId: number) {
      await requireMember(merchantId, memberId);
      await data.updateMember(db, memberId, { status: 'frozen', frozenAt: new Date() });
      await sessions.revokeAllForMember(memberId, 'frozen');
    },

    async unfreeze(merchantId: number, memberId: number) {
      await requireMember(merchantId, memberId);
      await data.updateMember(db, memberId, { status: 'active', frozenAt: null });
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
