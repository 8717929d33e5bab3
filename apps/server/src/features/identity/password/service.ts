import { ACCOUNT_MESSAGES, FIELD_MESSAGES_EN, validateNewPassword } from '@app/contract';
import type { MemberActor } from '../../../http/auth.ts';
import { AppError } from '../../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../../lib/password.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';
import type { MerchantService } from '../../merchant/service.ts';
import { ACCOUNT_FAILURES, accountKeyOf } from '../login/policy.ts';
import type { AccountService, MemberRow } from '../members/service.ts';
import type { SessionService } from '../sessions/service.ts';
import { phoneTarget } from '../verification/policy.ts';
import type { VerificationService } from '../verification/service.ts';

const RESET_LINK_MINUTES = 30;
const FIFTEEN_MINUTES = 15 * 60_000;
/** Tries of the SMS reset from one address per quarter of an hour, whatever the numbers. */
export const SMS_RESETS_PER_IP = 10;

export interface PasswordDeps {
  accounts: AccountService;
  sessions: Pick<SessionService, 'revokeAllForMember' | 'setPending'>;
  verification: Pick<VerificationService, 'createLinkToken' | 'checkLinkToken' | 'checkCode' | 'consume' | 'sendMail'>;
  merchants: Pick<MerchantService, 'brand'>;
  limiter: RateLimiter;
  /** The scheme of the reset link (PUBLIC_BASE_URL); the host is the brand's main domain. */
  publicBaseUrl: string;
}

const fieldError = (fields: Record<string, string>, code = 'VALIDATION_FAILED') =>
  new AppError(code, Object.values(fields)[0] ?? 'Invalid request', 400, null, fields);

/**
 * Changing and resetting the member's password (spec §5; decisions 004 and 008): the change with
 * the old password or in the forced flow after login, the reset by e-mailed link and by SMS code.
 * A new password ends the member's other sessions and clears the login lock.
 */
export const createPasswordService = ({
  accounts,
  sessions,
  verification,
  merchants,
  limiter,
  publicBaseUrl,
}: PasswordDeps) => {
  const checkNewPassword = async (
    merchantId: number,
    input: { newPassword: string; confirmNewPassword?: string | undefined },
    confirmRequired = true,
  ) => {
    const setting = (await merchants.brand(merchantId)).merchant.registerSetting;
    const issues = validateNewPassword(setting, input, { confirmRequired });
    if (Object.keys(issues).length)
      throw fieldError(Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, v.message])));
  };

  /** Sets a password the member chose; every session is ended except `keepSessionId`. */
  const setOwnPassword = async (member: MemberRow, password: string, keepSessionId?: number) => {
    await accounts.update(member.id, {
      passwordHash: await hashPassword(password),
      passwordSetBy: 'self',
      passwordChangedAt: new Date(),
      oneTimePasswordExpiresAt: null,
    });
    await sessions.revokeAllForMember(member.id, 'password_changed', keepSessionId);
    // A new password clears the login lock: the owner has proven who they are.
    await limiter.reset(ACCOUNT_FAILURES, accountKeyOf(member.merchantId, member.username));
  };

  return {
    /**
     * Changing the password (spec §5): the current password, also in the forced flow right after
     * login (there it is the one-time password the creator handed out, decision 055, so a session
     * alone cannot take the account over), the new one by the brand's rule and confirmed. Other
     * sessions end; this one stays and leaves the forced state.
     */
    async change(
      actor: MemberActor,
      body: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
    ) {
      const pending = new Set((actor.pendingVerification ?? '').split(',').filter(Boolean));
      if (pending.has('login_ip'))
        throw new AppError('VERIFICATION_REQUIRED', ACCOUNT_MESSAGES.VERIFICATION_REQUIRED, 403);
      await checkNewPassword(actor.merchantId, body);
      if (!body.oldPassword) throw fieldError({ oldPassword: FIELD_MESSAGES_EN.field_required });
      const member = await accounts.requireMember(actor.merchantId, actor.memberId);
      // The try is counted before the check (decision 055): parallel guesses cannot exceed the limit.
      const attempt = await limiter.hit('password.old', String(member.id), { limit: 5, windowMs: FIFTEEN_MINUTES });
      if (!attempt.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      if (!(await verifyPassword(member.passwordHash, body.oldPassword))) {
        throw fieldError({ oldPassword: ACCOUNT_MESSAGES.PASSWORD_INCORRECT }, 'PASSWORD_INCORRECT');
      }
      await limiter.reset('password.old', String(member.id));
      if (await verifyPassword(member.passwordHash, body.newPassword)) {
        throw fieldError({ newPassword: ACCOUNT_MESSAGES.PASSWORD_REUSED }, 'PASSWORD_REUSED');
      }
      await setOwnPassword(member, body.newPassword, actor.sessionId);
      pending.delete('password_change');
      await sessions.setPending(actor.sessionId, [...pending].join(',') || null);
    },

    /**
     * Forgotten password by e-mail: a single-use link valid for 30 minutes goes to the registered
     * address. The answer is the same (status and body) whether or not the username and e-mail
     * match an active account (decision 055), and the call is rate-limited per IP and per username,
     * so it cannot be used to find accounts or addresses.
     */
    async requestEmailReset(input: { merchantId: number; username: string; email: string; ip: string }) {
      const byIp = await limiter.hit('reset.email.ip', `${input.merchantId}:${input.ip}`, {
        limit: 10,
        windowMs: FIFTEEN_MINUTES,
      });
      const byUser = await limiter.hit('reset.email.user', accountKeyOf(input.merchantId, input.username), {
        limit: 5,
        windowMs: FIFTEEN_MINUTES,
      });
      if (!byIp.allowed || !byUser.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      const member = await accounts.findByUsername(input.merchantId, input.username);
      if (!member || !member.email || member.email !== input.email.trim().toLowerCase() || member.status !== 'active') {
        return;
      }
      const token = await verification.createLinkToken({
        merchantId: input.merchantId,
        purpose: 'password_reset_link',
        memberId: member.id,
        ttlMinutes: RESET_LINK_MINUTES,
      });
      const brand = await merchants.brand(input.merchantId);
      const base = new URL(publicBaseUrl);
      const link = `${base.protocol}//${brand.merchant.mainDomain}/?resetToken=${encodeURIComponent(token)}`;
      const site = brand.merchant.siteName;
      await verification.sendMail({
        merchantId: input.merchantId,
        to: member.email,
        subject: `${site}: reset your password`,
        text:
          `Hello ${member.username},\n\nSomeone asked to reset the password of your ${site} account. ` +
          `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new one:\n\n${link}\n\n` +
          `If it was not you, ignore this e-mail; your password stays as it is.`,
      });
    },

    /** Sets a new password from an e-mailed link. */
    async resetWithLink(input: { merchantId: number; token: string; newPassword: string; confirmNewPassword: string }) {
      await checkNewPassword(input.merchantId, input);
      const link = await verification.checkLinkToken(input.merchantId, 'password_reset_link', input.token);
      const member = await accounts.requireMember(input.merchantId, link.memberId);
      await verification.consume(link.id);
      await setOwnPassword(member, input.newPassword);
    },

    /**
     * Sets a new password with a code sent to the registered mobile (spec §5: mobile, code, new
     * password). Limited per address as well as per number (the code's own tries), so one client
     * cannot work through many numbers' codes (decision 055).
     */
    async resetWithSms(input: {
      merchantId: number;
      ip: string;
      countryDialingCode: string;
      mobileNum: string;
      verificationCode: string;
      newPassword: string;
      confirmNewPassword?: string | undefined;
    }) {
      const brand = await merchants.brand(input.merchantId);
      if (!brand.merchant.features.phoneVerification) {
        throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
      }
      const byIp = await limiter.hit('reset.sms.ip', `${input.merchantId}:${input.ip}`, {
        limit: SMS_RESETS_PER_IP,
        windowMs: FIFTEEN_MINUTES,
      });
      if (!byIp.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      await checkNewPassword(input.merchantId, input, false);
      const code = await verification.checkCode({
        merchantId: input.merchantId,
        purpose: 'noLogin',
        target: phoneTarget(input.countryDialingCode, input.mobileNum),
        code: input.verificationCode,
      });
      const member = await accounts.findByMobile(input.merchantId, input.countryDialingCode, input.mobileNum);
      if (!member) throw new AppError('CODE_INVALID', ACCOUNT_MESSAGES.CODE_INVALID, 400);
      await verification.consume(code.id);
      await setOwnPassword(member, input.newPassword);
    },
  };
};

export type PasswordService = ReturnType<typeof createPasswordService>;
