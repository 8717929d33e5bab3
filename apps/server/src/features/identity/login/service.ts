import { randomBytes, randomInt } from 'node:crypto';
import type { MemberActor } from '../../../http/auth.ts';
import { ACCOUNT_MESSAGES, MemberType, isAgentType, isTrialType, type LoginValue } from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import { verifyPassword } from '../../../lib/password.ts';
import type { EphemeralStore, RateLimiter } from '../../../lib/rate-limit.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { AccountService, MemberRow } from '../members/service.ts';
import type { SessionService } from '../sessions/service.ts';
import { phoneTarget } from '../verification/policy.ts';
import type { VerificationService } from '../verification/service.ts';
import { createLoginGuard, type LoginLimits } from './guard.ts';
import {
  ACCOUNT_FAILURES,
  accountKeyOf,
  availableMethods,
  loginRefusal,
  mustChangePassword,
  oneTimePasswordExpired,
  oneTimePasswordExpiredError,
  refusalError,
} from './policy.ts';

export type { LoginLimits } from './guard.ts';

export type FirstLoginHandler = (member: MemberRow) => Promise<void>;

export interface LoginDeps {
  accounts: AccountService;
  sessions: Pick<SessionService, 'create'>;
  verification: Pick<VerificationService, 'checkCaptcha' | 'checkCode' | 'consume'>;
  limiter: RateLimiter;
  merchants: Pick<MerchantService, 'brand'>;
  limits: LoginLimits;
  /** Keeps the sign-in codes of URL links (single use, 60 seconds). */
  ephemeral: Pick<EphemeralStore, 'set' | 'take'>;
  /**
   * Checks a member must pass before any session is made for them (player protection's time-outs
   * and self-exclusions); each throws its refusal, or answers a session step to record (a
   * self-excluded player's withdraw-only session, when the login asked for one).
   */
  gates?: readonly ((member: MemberRow, opts: { withdrawOnly?: boolean }) => Promise<string | null | void>)[];
  /** What features do on a member's first login (welcome message, newbie offers); run in order. */
  onFirstLogin?: readonly FirstLoginHandler[];
}

/** Who is logging in: the brand, and the browser with its captcha id (cookie). */
export interface ClientInfo {
  merchantId: number;
  ip: string;
  userAgent: string;
  captchaClientId: string | null;
}

export type LoginMethod = 'username' | 'sms' | 'google' | 'facebook' | 'freeplay' | 'register' | 'link';

/** How long a sign-in code of a URL link can be exchanged (decision 055). */
export const SIGN_IN_CODE_SECONDS = 60;
const signInKey = (code: string) => `signin:${hashToken(code)}`;
const signInCodeInvalid = () =>
  new AppError('SIGN_IN_CODE_INVALID', 'This sign-in link has expired or was already used; sign in again', 400);

/**
 * Logging in (spec §4, §6; design.md §5; decisions 005 and 008). Limits per IP and per account are
 * checked before any password hash is computed; an unknown user and a wrong password get the same
 * answer after the same work; a captcha is demanded once an account or an IP has failed a few times.
 */
export const createLoginService = (d: LoginDeps) => {
  const { accounts } = d;
  const onFirstLogin = d.onFirstLogin ?? [];
  const gates = d.gates ?? [];
  const guard = createLoginGuard({
    limiter: d.limiter,
    limits: d.limits,
    counters: { ip: 'login.ip', failIp: 'login.fail.ip', failAccount: ACCOUNT_FAILURES },
    checkCaptcha: (clientId, answer) => d.verification.checkCaptcha(clientId, answer),
  });

  const record = (c: ClientInfo, member: MemberRow, method: string, area: string, success: boolean, reason?: string) =>
    accounts.recordLogin({
      merchantId: c.merchantId,
      memberId: member.id,
      ip: c.ip,
      userAgent: c.userAgent,
      method,
      area,
      success,
      ...(reason ? { reason } : {}),
    });

  /**
   * Everything after the credentials checked out: the forced password change, extra verification
   * for a new IP, a new session, the login record and the first-login actions.
   */
  const completeLogin = async (
    c: ClientInfo,
    member: MemberRow,
    how: { method: LoginMethod; area: 'member' | 'agent'; typedPassword: string | null; withdrawOnly?: boolean },
  ): Promise<LoginValue> => {
    const restricted: string[] = [];
    for (const gate of gates) {
      const step = await gate(member, { withdrawOnly: how.withdrawOnly === true && how.area === 'member' });
      if (step) restricted.push(step);
    }
    const settings = await accounts.settings(c.merchantId);
    const { forced, expired } = mustChangePassword(member, settings, how.typedPassword);
    const methods =
      settings.extraVerification.enabled && !isTrialType(member.type) && !(await accounts.isKnownIp(member.id, c.ip))
        ? availableMethods(member, settings.extraVerification.methods)
        : [];
    const pending = [methods.length ? 'login_ip' : null, forced ? 'password_change' : null, ...restricted]
      .filter(Boolean)
      .join(',');
    const session = await d.sessions.create({
      merchantId: c.merchantId,
      actor: { kind: 'member', memberId: member.id },
      ip: c.ip,
      userAgent: c.userAgent,
      pendingVerification: pending || null,
    });
    await record(c, member, how.method, how.area, true);
    if (!methods.length) await accounts.rememberIp(member.id, c.ip);
    const firstTimeLogin = !member.firstLoginDone;
    // A withdraw-only session is no first login: no welcome offers reach a self-excluded player.
    if (firstTimeLogin && !restricted.length) {
      await accounts.update(member.id, { firstLoginDone: true });
      for (const handler of onFirstLogin) await handler(member);
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
      ...(restricted.length ? { withdrawOnly: true } : {}),
    };
  };

  return {
    completeLogin,

    /** An account's failed logins and whether they lock it now (the members desk, decision 069). */
    lockState(merchantId: number, username: string) {
      return guard.lockState(accountKeyOf(merchantId, username));
    },

    /** Clears an account's failed logins: an operator's "clear login locks". */
    clearLock(merchantId: number, username: string) {
      return guard.clear(accountKeyOf(merchantId, username));
    },

    async loginWithPassword(
      c: ClientInfo,
      body: {
        username: string;
        password: string;
        captcha?: string | undefined;
        area?: 'member' | 'agent' | undefined;
        withdrawOnly?: boolean | undefined;
      },
    ): Promise<LoginValue> {
      const area = body.area ?? 'member';
      const accountKey = accountKeyOf(c.merchantId, body.username);
      await guard.before(c, accountKey, body.captcha);

      const member = await accounts.findByUsername(c.merchantId, body.username);
      const ok = await verifyPassword(member?.passwordHash, body.password);
      if (!member || !ok) {
        const captcha = await guard.fail(c, accountKey);
        if (member) await record(c, member, 'username', area, false, 'wrong_password');
        throw new AppError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.INVALID_CREDENTIALS, 401, { captcha });
      }
      const refusal = loginRefusal(member, area);
      if (refusal) {
        await record(c, member, 'username', area, false, refusal.toLowerCase());
        throw refusalError(refusal);
      }
      if (oneTimePasswordExpired(member)) {
        await record(c, member, 'username', area, false, 'one_time_password_expired');
        throw oneTimePasswordExpiredError();
      }
      await guard.clear(accountKey);
      return completeLogin(c, member, {
        method: 'username',
        area,
        typedPassword: body.password,
        withdrawOnly: body.withdrawOnly === true,
      });
    },

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
      const brand = await d.merchants.brand(c.merchantId);
      if (!brand.merchant.features.smsLogin) {
        throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403, { captcha: false });
      }
      await guard.before(c, null, body.captcha);
      const target = phoneTarget(body.countryDialingCode, body.mobileNum);
      let codeRow: { id: number };
      try {
        codeRow = await d.verification.checkCode({
          merchantId: c.merchantId,
          purpose: 'noLogin',
          target,
          code: body.verificationCode,
        });
      } catch (err) {
        if (err instanceof AppError) {
          const captcha = await guard.fail(c, null);
          throw new AppError(err.code, err.message, err.status, { captcha });
        }
        throw err;
      }
      const member = await accounts.findByMobile(c.merchantId, body.countryDialingCode, body.mobileNum);
      if (!member) throw new AppError('CODE_INVALID', ACCOUNT_MESSAGES.CODE_INVALID, 400, { captcha: false });
      await d.verification.consume(codeRow.id);
      const refusal = loginRefusal(member, area);
      if (refusal) {
        await record(c, member, 'sms', area, false, refusal.toLowerCase());
        throw refusalError(refusal);
      }
      return completeLogin(c, member, { method: 'sms', area, typedPassword: null });
    },

    /**
     * A sign-in code for a URL link (decision 055): 256 random bits kept (as a hash) for 60 seconds
     * in the ephemeral store, bound to this member and brand; the link never carries a session.
     */
    async createSignInCode(actor: MemberActor) {
      const code = newToken();
      const value = JSON.stringify({ merchantId: actor.merchantId, memberId: actor.memberId });
      await d.ephemeral.set(signInKey(code), value, SIGN_IN_CODE_SECONDS * 1000);
      return { code, expiresInSeconds: SIGN_IN_CODE_SECONDS };
    },

    /**
     * Swaps a sign-in code for a new session of its member: the code is taken (read and deleted in
     * one step), so it works once; an expired, used or unknown code, a code of another brand or of
     * an account frozen meanwhile get one answer.
     */
    async exchangeSignInCode(c: ClientInfo, code: string) {
      const hit = await d.limiter.hit('signin.exchange.ip', `${c.merchantId}:${c.ip}`, { limit: 30, windowMs: 60_000 });
      if (!hit.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      const stored = await d.ephemeral.take(signInKey(code));
      if (!stored) throw signInCodeInvalid();
      const { merchantId, memberId } = JSON.parse(stored) as { merchantId: number; memberId: number };
      if (merchantId !== c.merchantId) throw signInCodeInvalid();
      const member = await accounts.findById(c.merchantId, memberId);
      if (!member || member.status !== 'active') throw signInCodeInvalid();
      for (const gate of gates) await gate(member, {});
      const session = await d.sessions.create({
        merchantId: c.merchantId,
        actor: { kind: 'member', memberId: member.id },
        ip: c.ip,
        userAgent: c.userAgent,
      });
      await record(c, member, 'link', isAgentType(member.type) ? 'agent' : 'member', true);
      return {
        token: session.token,
        account: member.username,
        isAgent: isAgentType(member.type),
        isTrial: isTrialType(member.type),
      };
    },

    /** Free play (spec §7): a new trial account with play money, logged in at once. */
    async freePlay(c: ClientInfo, os: string | undefined) {
      const brand = await d.merchants.brand(c.merchantId);
      if (!brand.merchant.features.freePlay) {
        throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
      }
      const hit = await d.limiter.hit('freeplay.ip', `${c.merchantId}:${c.ip}`, { limit: 10, windowMs: 3_600_000 });
      if (!hit.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      const settings = await accounts.settings(c.merchantId);
      const member = await accounts.createMember({
        merchantId: c.merchantId,
        username: `trial${randomInt(10_000_000, 100_000_000)}${randomInt(10, 100)}`,
        password: randomBytes(24).toString('base64url'),
        passwordSetBy: 'system',
        type: MemberType.TRIAL,
        playBalance: BigInt(settings.trialPlayMoney),
        profile: os ? { os: os.slice(0, 40) } : {},
      });
      const login = await completeLogin(c, member, { method: 'freeplay', area: 'member', typedPassword: null });
      return { ...login, account: member.username, playBalance: member.playBalance.toString() };
    },
  };
};

export type LoginService = ReturnType<typeof createLoginService>;
