import { randomBytes, randomInt } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MemberType,
  isAgentType,
  isTrialType,
  type LoginValue,
  type VerificationMethod,
} from '@app/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { loginRefusal, mustChangePassword, usernameKeyOf } from '../account/policy.ts';
import type { AccountService, MemberRow } from '../account/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { VerificationService } from '../verification/service.ts';
import { maskEmail, maskPhone, phoneTarget } from '../verification/policy.ts';
import type { SessionService } from './service.ts';

export interface LoginDeps {
  config: Config;
  accounts: AccountService;
  verification: VerificationService;
  limiter: RateLimiter;
  sessions: SessionService;
  merchants: MerchantService;
}

export interface ClientInfo {
  merchantId: number;
  ip: string;
  userAgent: string;
  /** The browser's captcha id (cookie). */
  captchaClientId: string | null;
}

export type LoginMethod = 'username' | 'sms' | 'google' | 'facebook' | 'freeplay' | 'register';
export type FirstLoginHandler = (member: MemberRow) => Promise<void>;

const refusalError = (refusal: 'NON_MEMBER' | 'NOT_AGENT' | 'ACCOUNT_FROZEN') =>
  new AppError(refusal, ACCOUNT_MESSAGES[refusal], 403, { captcha: false });

/**
 * Logging in (spec §4, §6; design.md §5). Limits per IP and per account are checked before any
 * password hash is computed; an unknown user and a wrong password get the same answer after the
 * same work; a captcha is demanded once an account or an IP has failed a few times.
 */
export class LoginService {
  private readonly firstLoginHandlers: FirstLoginHandler[] = [];
  constructor(private readonly d: LoginDeps) {}

  /** Features that act on a member's first login (welcome message, newbie offers) register here. */
  onFirstLogin(handler: FirstLoginHandler) {
    this.firstLoginHandlers.push(handler);
  }

  private get windowMs() {
    return this.d.config.LOGIN_LIMIT_WINDOW_MINUTES * 60_000;
  }

  private async guardIp(c: ClientInfo) {
    const hit = await this.d.limiter.hit('login.ip', `${c.merchantId}:${c.ip}`, {
      limit: this.d.config.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowMs: this.windowMs,
    });
    if (!hit.allowed) {
      throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429, {
        captcha: true,
        retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000),
      });
    }
  }

  /** Whether the next attempt for this account or from this IP needs a captcha. */
  private async captchaNeeded(c: ClientInfo, accountKey: string | null) {
    const cfg = this.d.config;
    const ip = await this.d.limiter.check('login.fail.ip', `${c.merchantId}:${c.ip}`, {
      limit: cfg.LOGIN_CAPTCHA_AFTER_IP_FAILURES,
      windowMs: this.windowMs,
    });
    const account = accountKey
      ? await this.d.limiter.check('login.fail.account', accountKey, {
          limit: cfg.LOGIN_CAPTCHA_AFTER_FAILURES,
          windowMs: this.windowMs,
        })
      : null;
    return { needed: !ip.allowed || (account ? !account.allowed : false), accountFailures: account?.count ?? 0 };
  }

  private async demandCaptcha(c: ClientInfo, captcha: string | undefined) {
    if (!captcha) throw new AppError('CAPTCHA_REQUIRED', ACCOUNT_MESSAGES.CAPTCHA_REQUIRED, 400, { captcha: true });
    if (!(await this.d.verification.checkCaptcha(c.captchaClientId, captcha))) {
      throw new AppError('CAPTCHA_INVALID', ACCOUNT_MESSAGES.CAPTCHA_INVALID, 400, { captcha: true });
    }
  }

  /** Counts a failure and answers whether the next attempt needs a captcha. */
  private async countFailure(c: ClientInfo, accountKey: string | null) {
    const cfg = this.d.config;
    const ip = await this.d.limiter.hit('login.fail.ip', `${c.merchantId}:${c.ip}`, {
      limit: 1e9,
      windowMs: this.windowMs,
    });
    const account = accountKey
      ? await this.d.limiter.hit('login.fail.account', accountKey, { limit: 1e9, windowMs: this.windowMs })
      : null;
    return ip.count >= cfg.LOGIN_CAPTCHA_AFTER_IP_FAILURES || (account?.count ?? 0) >= cfg.LOGIN_CAPTCHA_AFTER_FAILURES;
  }

  async loginWithPassword(
    c: ClientInfo,
    body: { username: string; password: string; captcha?: string | undefined; area?: 'member' | 'agent' | undefined },
  ): Promise<LoginValue> {
    const area = body.area ?? 'member';
    const accountKey = `${c.merchantId}:${usernameKeyOf(body.username)}`;
    await this.guardIp(c);
    const { needed, accountFailures } = await this.captchaNeeded(c, accountKey);
    if (accountFailures >= this.d.config.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
      const left = await this.d.limiter.check('login.fail.account', accountKey, { limit: 1, windowMs: this.windowMs });
      throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429, {
        captcha: true,
        retryAfterSeconds: Math.ceil(left.retryAfterMs / 1000),
      });
    }
    if (needed) await this.demandCaptcha(c, body.captcha);

    const member = await this.d.accounts.findByUsername(c.merchantId, body.username);
    const ok = await verifyPassword(member?.passwordHash, body.password);
    if (!member || !ok) {
      const captcha = await this.countFailure(c, accountKey);
      if (member) await this.record(c, member, 'username', area, false, 'wrong_password');
      throw new AppError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.INVALID_CREDENTIALS, 401, { captcha });
    }
    const refusal = loginRefusal(member, area);
    if (refusal) {
      await this.record(c, member, 'username', area, false, refusal.toLowerCase());
      throw refusalError(refusal);
    }
    await this.d.limiter.reset('login.fail.account', accountKey);
    return this.completeLogin(c, member, { method: 'username', area, typedPassword: body.password });
  }

  async loginWithSms(
    c: ClientInfo,
    body: {
      countryDialingCode: string;
      mobileNum: string;
      verificationCode: string;
      captcha?: string | undefined;
      area?: 'member' | 'agent' | undefined;
    },
  ): Promise<LoginValue> {
    const area = body.area ?? 'member';
    const brand = await this.d.merchants.brand(c.merchantId);
    if (!brand.merchant.features.smsLogin) {
      throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403, { captcha: false });
    }
    await this.guardIp(c);
    if ((await this.captchaNeeded(c, null)).needed) await this.demandCaptcha(c, body.captcha);
    const target = phoneTarget(body.countryDialingCode, body.mobileNum);
    let codeRow: { id: number };
    try {
      codeRow = await this.d.verification.checkCode({
        merchantId: c.merchantId,
        purpose: 'noLogin',
        target,
        code: body.verificationCode,
      });
    } catch (err) {
      if (err instanceof AppError) {
        const captcha = await this.countFailure(c, null);
        throw new AppError(err.code, err.message, err.status, { captcha });
      }
      throw err;
    }
    const member = await this.d.accounts.findByMobile(c.merchantId, body.countryDialingCode, body.mobileNum);
    if (!member) throw new AppError('CODE_INVALID', ACCOUNT_MESSAGES.CODE_INVALID, 400, { captcha: false });
    await this.d.verification.consume(codeRow.id);
    const refusal = loginRefusal(member, area);
    if (refusal) {
      await this.record(c, member, 'sms', area, false, refusal.toLowerCase());
      throw refusalError(refusal);
    }
    return this.completeLogin(c, member, { method: 'sms', area, typedPassword: null });
  }

  /** Free play (spec §7): a new trial account with play money, logged in at once. */
  async freePlay(c: ClientInfo, os: string | undefined) {
    const brand = await this.d.merchants.brand(c.merchantId);
    if (!brand.merchant.features.freePlay) {
      throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
    }
    const hit = await this.d.limiter.hit('freeplay.ip', `${c.merchantId}:${c.ip}`, { limit: 10, windowMs: 3_600_000 });
    if (!hit.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
    const settings = await this.d.accounts.settings(c.merchantId);
    const member = await this.d.accounts.createMember({
      merchantId: c.merchantId,
      username: `trial${randomInt(10_000_000, 100_000_000)}${randomInt(10, 100)}`,
      password: randomBytes(24).toString('base64url'),
      passwordSetBy: 'system',
      type: MemberType.TRIAL,
      playBalance: BigInt(settings.trialPlayMoney),
      profile: os ? { os: os.slice(0, 40) } : {},
    });
    const login = await this.completeLogin(c, member, { method: 'freeplay', area: 'member', typedPassword: null });
    return { ...login, account: member.username, playBalance: member.playBalance.toString() };
  }

  /**
   * Everything after the credentials checked out: the forced password change, extra verification
   * for a new IP, a new session, the login record and the first-login actions.
   */
  async completeLogin(
    c: ClientInfo,
    member: MemberRow,
    how: { method: LoginMethod; area: 'member' | 'agent'; typedPassword: string | null },
  ): Promise<LoginValue> {
    const settings = await this.d.accounts.settings(c.merchantId);
    const { forced, expired } = mustChangePassword(member, settings, how.typedPassword);
    const methods =
      settings.extraVerification.enabled &&
      !isTrialType(member.type) &&
      !(await this.d.accounts.isKnownIp(member.id, c.ip))
        ? availableMethods(member, settings.extraVerification.methods)
        : [];
    const pending = [methods.length ? 'login_ip' : null, forced ? 'password_change' : null].filter(Boolean).join(',');
    const session = await this.d.sessions.create({
      merchantId: c.merchantId,
      actor: { kind: 'member', memberId: member.id },
      ip: c.ip,
      userAgent: c.userAgent,
      pendingVerification: pending || null,
    });
    await this.record(c, member, how.method, how.area, true);
    if (!methods.length) await this.d.accounts.rememberIp(member.id, c.ip);
    const firstTimeLogin = !member.firstLoginDone;
    if (firstTimeLogin) {
      await this.d.accounts.update(member.id, { firstLoginDone: true });
      for (const handler of this.firstLoginHandlers) await handler(member);
    }
    return {
      token: session.token,
      firstTimeLogin,
      passwordExpired: expired,
      captcha: false,
      mustChangePassword: forced,
      verification: methods.length ? { methods } : null,
      isAgent: isAgentType(member.type),
      isTrial: isTrialType(member.type),
    };
  }

  private record(c: ClientInfo, member: MemberRow, method: string, area: string, success: boolean, reason?: string) {
    return this.d.accounts.recordLogin({
      merchantId: c.merchantId,
      memberId: member.id,
      ip: c.ip,
      userAgent: c.userAgent,
      method,
      area,
      success,
      ...(reason ? { reason } : {}),
    });
  }
}

/** The second factors this member can actually use, among those the brand allows. */
export const availableMethods = (member: MemberRow, allowed: readonly VerificationMethod[]) => {
  const out: { method: VerificationMethod; destination: string | null }[] = [];
  for (const method of allowed) {
    if (method === 'sms' && member.mobile && member.countryDialingCode) {
      out.push({ method, destination: maskPhone(member.countryDialingCode, member.mobile) });
    } else if (method === 'email' && member.email) out.push({ method, destination: maskEmail(member.email) });
    else if (method === 'totp' && member.totpEnabled) out.push({ method, destination: null });
    else if (method === 'payeeName' && member.payeeName) out.push({ method, destination: null });
  }
  return out;
};
