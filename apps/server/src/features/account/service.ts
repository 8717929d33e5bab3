import {
  ACCOUNT_MESSAGES,
  accountSettings as accountSettingsSchema,
  isAgentType,
  isTrialType,
  type AccountSettings,
  type MemberInfoValue,
  type SecurityValue,
} from '@app/contract';
import { ConfigError, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { NodeMailer } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/password.ts';
import { PayloadCrypto } from '../../lib/payload-crypto.ts';
import { RateLimiter, createEphemeralStore, type EphemeralStore } from '../../lib/rate-limit.ts';
import { DevSmsProvider, HttpSmsProvider, type OutboxWriter } from '../../lib/sms.ts';
import type { MerchantService } from '../merchant/service.ts';
import { LoginService } from '../session/login.ts';
import { OAuthService } from '../session/oauth.ts';
import type { SessionService } from '../session/service.ts';
import { LoginVerification } from '../session/verify.ts';
import { countryOf } from '../system/region.ts';
import { VerificationService } from '../verification/service.ts';
import { maskEmail, maskPhone } from '../verification/policy.ts';
import * as data from './data.ts';
import { DEFAULT_ACCOUNT_SETTINGS, usernameKeyOf } from './policy.ts';
import { SecretBox, secretsKeyOf } from '../../lib/secret-box.ts';
import { SecurityCentre } from './security.ts';

export type { MemberRow } from './data.ts';

export interface AccountDeps {
  db: Db;
  config: Config;
  merchants: MerchantService;
  sessions: SessionService;
  verification: VerificationService;
  limiter: RateLimiter;
  store: EphemeralStore;
  /** Seals the authenticator secrets kept in members.totp_secret. */
  secrets: SecretBox;
}

export interface NewMember {
  merchantId: number;
  username: string;
  password: string;
  type?: number;
  /** 'self' when the member chose it; 'operator' or 'agent' forces a change at first login. */
  passwordSetBy?: 'self' | 'operator' | 'agent' | 'system';
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

/**
 * Member accounts: creation (registration, free play, staff and agents later), member info and
 * the security profile, freezing, and the brand's account settings. Registration, passwords and
 * the security centre operations live beside it in register.ts, password.ts and security.ts.
 */
export class AccountService {
  private settingsCache = new Map<number, { at: number; value: AccountSettings }>();
  constructor(readonly d: AccountDeps) {}

  // ---- settings ------------------------------------------------------------------------------

  async settings(merchantId: number): Promise<AccountSettings> {
    const hit = this.settingsCache.get(merchantId);
    if (hit && Date.now() - hit.at < 3000) return hit.value;
    const stored = await data.readSettings(this.d.db, merchantId);
    const value = accountSettingsSchema.parse({ ...DEFAULT_ACCOUNT_SETTINGS, ...(stored ?? {}) });
    this.settingsCache.set(merchantId, { at: Date.now(), value });
    return value;
  }

  async updateSettings(merchantId: number, value: AccountSettings) {
    await data.writeSettings(this.d.db, merchantId, value);
    this.settingsCache.delete(merchantId);
    return this.settings(merchantId);
  }

  // ---- creating and finding members ----------------------------------------------------------

  /** Creates an account; the upline (agent) gives it its place in the tree. */
  async createMember(input: NewMember, db: Db = this.d.db) {
    const upline = input.uplineId ? await data.findMemberById(db, input.merchantId, input.uplineId) : null;
    if (input.uplineId && !upline) throw notFound('Upline not found');
    const [passwordHash, paymentPasswordHash] = await Promise.all([
      hashPassword(input.password),
      input.paymentPassword ? hashPassword(input.paymentPassword) : Promise.resolve(null),
    ]);
    try {
      return await data.insertMember(
        db,
        {
          merchantId: input.merchantId,
          username: input.username.trim(),
          usernameKey: usernameKeyOf(input.username),
          passwordHash,
          passwordSetBy: input.passwordSetBy ?? 'self',
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
  }

  findByUsername(merchantId: number, username: string) {
    return data.findMemberByUsernameKey(this.d.db, merchantId, usernameKeyOf(username));
  }

  findByMobile(merchantId: number, countryDialingCode: string, mobile: string) {
    return data.findMemberByMobile(this.d.db, merchantId, countryDialingCode, mobile);
  }

  findById(merchantId: number, id: number) {
    return data.findMemberById(this.d.db, merchantId, id);
  }

  async requireMember(merchantId: number, id: number) {
    const m = await data.findMemberById(this.d.db, merchantId, id);
    if (!m) throw notFound('Account not found');
    return m;
  }

  findAgentByAffiliateCode(merchantId: number, code: string) {
    return data.findAgentByAffiliateCode(this.d.db, merchantId, code);
  }

  findIdentity(merchantId: number, provider: string, subject: string) {
    return data.findIdentity(this.d.db, merchantId, provider, subject);
  }

  linkIdentity(values: {
    merchantId: number;
    memberId: number;
    provider: string;
    subject: string;
    email: string | null;
  }) {
    return data.insertIdentity(this.d.db, values);
  }

  update(memberId: number, values: Partial<data.MemberInsert>, db: Db = this.d.db) {
    return data.updateMember(db, memberId, values);
  }

  // ---- login records and known IPs -----------------------------------------------------------

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
    await data.insertLogin(this.d.db, {
      ...input,
      userAgent: input.userAgent.slice(0, 300),
      country: countryOf(input.ip),
      reason: input.reason ?? null,
    });
    if (input.success)
      await data.updateMember(this.d.db, input.memberId, { lastLoginAt: new Date(), lastLoginIp: input.ip });
  }

  isKnownIp(memberId: number, ip: string) {
    return data.isKnownIp(this.d.db, memberId, ip);
  }

  rememberIp(memberId: number, ip: string) {
    return data.rememberIp(this.d.db, memberId, ip);
  }

  async logins(memberId: number, limit: number) {
    const rows = await data.listLogins(this.d.db, memberId, limit);
    return rows.map((r) => ({
      at: r.at.toISOString(),
      ip: r.ip,
      country: r.country,
      device: r.userAgent,
      method: r.method,
      success: r.success,
    }));
  }

  // ---- what the member sees ------------------------------------------------------------------

  async memberInfo(merchantId: number, memberId: number): Promise<MemberInfoValue> {
    const m = await this.requireMember(merchantId, memberId);
    // The login before this one: the newest successful login is the current session's.
    const [, previous] = await data.listLogins(this.d.db, memberId, 2, true);
    return {
      id: String(m.id),
      account: m.username,
      nickname: m.nickname,
      type: m.type as MemberInfoValue['type'],
      avatar: m.avatar,
      isAgent: isAgentType(m.type),
      isTrial: isTrialType(m.type),
      vipLabelName: null,
      previousLogin: previous ? { at: previous.at.toISOString(), ip: previous.ip } : null,
      playBalance: isTrialType(m.type) ? m.playBalance.toString() : null,
    };
  }

  async setAvatar(merchantId: number, memberId: number, avatar: string) {
    await data.updateMember(this.d.db, memberId, { avatar });
    return this.memberInfo(merchantId, memberId);
  }

  async security(merchantId: number, memberId: number): Promise<SecurityValue> {
    const m = await this.requireMember(merchantId, memberId);
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
  }

  /** Freezing an account ends all its sessions at once. */
  async freeze(merchantId: number, memberId: number) {
    await this.requireMember(merchantId, memberId);
    await data.updateMember(this.d.db, memberId, { status: 'frozen', frozenAt: new Date() });
    await this.d.sessions.revokeAllForMember(memberId, 'frozen');
  }

  async unfreeze(merchantId: number, memberId: number) {
    await this.requireMember(merchantId, memberId);
    await data.updateMember(this.d.db, memberId, { status: 'active', frozenAt: null });
  }
}

/** The account and session services as one bundle on the app context (`ctx.accounts`). */
export interface AccountServices {
  /** Redis-backed when REDIS_URL is set: counters, captchas, tickets. */
  store: EphemeralStore;
  /** Reusable fixed-window limiter (src/lib/rate-limit.ts). */
  limiter: RateLimiter;
  payloadCrypto: PayloadCrypto;
  verification: VerificationService;
  members: AccountService;
  security: SecurityCentre;
  login: LoginService;
  loginVerification: LoginVerification;
  oauth: OAuthService;
  close(): Promise<void>;
}

export const createAccountServices = (
  config: Config,
  db: Db,
  merchants: MerchantService,
  sessions: SessionService,
): AccountServices => {
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http');
  }
  const store = createEphemeralStore(config.REDIS_URL);
  const limiter = new RateLimiter(store);
  const payloadCrypto = new PayloadCrypto(
    config.PAYLOAD_RSA_PRIVATE_KEY,
    config.PAYLOAD_PLAINTEXT_ALLOWED ?? config.DEMO_MODE,
  );
  const log = config.LOG_LEVEL === 'silent' ? () => {} : (msg: string) => console.log(msg);
  // The development providers write to the outbox, which the verification service owns.
  let outbox: OutboxWriter = async () => {};
  const writeOutbox: OutboxWriter = (entry) => outbox(entry);
  const sms =
    config.SMS_PROVIDER === 'http'
      ? new HttpSmsProvider({
          url: config.SMS_HTTP_URL!,
          token: config.SMS_HTTP_TOKEN,
          username: config.SMS_HTTP_USERNAME,
          password: config.SMS_HTTP_PASSWORD,
          templateId: config.SMS_HTTP_TEMPLATE_ID,
          sender: config.SMS_SENDER,
        })
      : new DevSmsProvider(writeOutbox, log);
  const mailer = new NodeMailer(config.MAIL_FROM, config.SMTP_URL, writeOutbox, log);
  const verification = new VerificationService({ db, config, limiter, store, merchants, sms, mailer });
  outbox = verification.writeOutbox;
  const secrets = new SecretBox(secretsKeyOf(config.SECRETS_KEY, config.DEMO_MODE || config.NODE_ENV === 'test'));
  const members = new AccountService({ db, config, merchants, sessions, verification, limiter, store, secrets });
  const loginDeps = { config, accounts: members, verification, limiter, sessions, merchants };
  const login = new LoginService(loginDeps);
  return {
    store,
    limiter,
    payloadCrypto,
    verification,
    members,
    security: new SecurityCentre(members),
    login,
    loginVerification: new LoginVerification({ ...loginDeps, store }, members),
    oauth: new OAuthService({ config, store, accounts: members, merchants, login }),
    close: async () => {
      mailer.close();
      await store.close();
    },
  };
};
