import {
  ACCOUNT_MESSAGES,
  FIELD_MESSAGES_EN,
  LIMITS,
  ageOn,
  checkFieldRule,
  ruleMessageEn,
  ruleOf,
} from '@app/contract';
import type { MemberActor } from '../../../http/auth.ts';
import { AppError } from '../../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../../lib/password.ts';
import type { EphemeralStore, RateLimiter } from '../../../lib/rate-limit.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import { newTotpSecret, otpauthUrl, spendTotp } from '../../../lib/totp.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { AccountService } from '../members/service.ts';
import { phoneTarget } from '../verification/policy.ts';
import type { VerificationService } from '../verification/service.ts';

export interface SecurityDeps {
  accounts: AccountService;
  verification: Pick<VerificationService, 'sendSmsCode' | 'sendEmailCode' | 'checkCode' | 'consume'>;
  merchants: Pick<MerchantService, 'brand'>;
  limiter: RateLimiter;
  /** Keeps re-authentication tickets and spent authenticator codes. */
  ephemeral: EphemeralStore;
  /** Seals the authenticator secrets kept in members.totp_secret (decision 044). */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
}

const REAUTH_TTL_MS = 10 * 60_000;
const fieldError = (fields: Record<string, string>, code = 'VALIDATION_FAILED', status = 400) =>
  new AppError(code, Object.values(fields)[0] ?? 'Invalid request', status, null, fields);

/**
 * The security centre (spec §2 securityCenter): profile, payment password, binding a mobile or
 * an e-mail with a fresh code, and an authenticator app. Sensitive changes need a re-entered
 * password first: it yields a ticket bound to this session for ten minutes.
 */
export const createSecurityCentre = ({
  accounts,
  verification,
  merchants,
  limiter,
  ephemeral,
  secrets,
}: SecurityDeps) => {
  const requireReauth = async (actor: MemberActor, token: string) => {
    const sessionId = await ephemeral.get(`reauth:${hashToken(token)}`);
    if (sessionId !== String(actor.sessionId)) {
      throw new AppError('REAUTH_REQUIRED', ACCOUNT_MESSAGES.REAUTH_REQUIRED, 403);
    }
  };

  const mobileFree = async (actor: MemberActor, countryDialingCode: string, mobile: string) => {
    const owner = await accounts.findByMobile(actor.merchantId, countryDialingCode, mobile);
    if (owner && owner.id !== actor.memberId)
      throw fieldError({ mobileNum: ACCOUNT_MESSAGES.MOBILE_TAKEN }, 'MOBILE_TAKEN', 409);
  };

  return {
    async reauth(actor: MemberActor, password: string) {
      const key = String(actor.memberId);
      const rule = { limit: 5, windowMs: 15 * 60_000 };
      if (!(await limiter.check('reauth', key, rule)).allowed) {
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      }
      const member = await accounts.requireMember(actor.merchantId, actor.memberId);
      if (!(await verifyPassword(member.passwordHash, password))) {
        await limiter.hit('reauth', key, rule);
        throw fieldError({ password: ACCOUNT_MESSAGES.PASSWORD_INCORRECT }, 'PASSWORD_INCORRECT');
      }
      const token = newToken();
      await ephemeral.set(`reauth:${hashToken(token)}`, String(actor.sessionId), REAUTH_TTL_MS);
      return { reauthToken: token, expiresInSeconds: REAUTH_TTL_MS / 1000 };
    },

    async updateProfile(
      actor: MemberActor,
      body: { nickname?: string | undefined; payeeName?: string | undefined; birthday?: string | undefined },
    ) {
      const member = await accounts.requireMember(actor.merchantId, actor.memberId);
      const setting = (await merchants.brand(actor.merchantId)).merchant.registerSetting;
      const changes: Parameters<AccountService['update']>[1] = {};
      const fields: Record<string, string> = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname;
      if (body.payeeName !== undefined && body.payeeName !== (member.payeeName ?? '')) {
        if (member.payeeName) fields.payeeName = 'The real name can only be changed by customer service';
        else {
          const rule = setting.fields.find((f) => f.field === 'payeeName')?.rule ?? ruleOf('ANY', 2, 100);
          const v = checkFieldRule(rule, body.payeeName);
          if (v) fields.payeeName = ruleMessageEn(v);
          else changes.payeeName = body.payeeName;
        }
      }
      if (body.birthday !== undefined && body.birthday !== (member.birthday ?? '')) {
        const age = ageOn(body.birthday, new Date());
        if (member.birthday) fields.birthday = 'The birthday can only be changed by customer service';
        else if (age === null) fields.birthday = ruleMessageEn({ key: 'pattern_DATE', min: 10, max: 10 });
        else if (age < LIMITS.minimumAge) fields.birthday = FIELD_MESSAGES_EN.underage;
        else changes.birthday = body.birthday;
      }
      if (Object.keys(fields).length) throw fieldError(fields);
      if (Object.keys(changes).length) await accounts.update(member.id, changes);
      return accounts.security(actor.merchantId, actor.memberId);
    },

    async setPaymentPassword(
      actor: MemberActor,
      body: { reauthToken: string; paymentPassword: string; confirmPaymentPassword: string },
    ) {
      await requireReauth(actor, body.reauthToken);
      const setting = (await merchants.brand(actor.merchantId)).merchant.registerSetting;
      const rule = setting.fields.find((f) => f.field === 'paymentPassword')?.rule ?? ruleOf('DIGITS', 6, 6);
      const v = checkFieldRule(rule, body.paymentPassword);
      if (v) throw fieldError({ paymentPassword: ruleMessageEn(v) });
      if (body.confirmPaymentPassword !== body.paymentPassword) {
        throw fieldError({ confirmPaymentPassword: FIELD_MESSAGES_EN.confirm_password_mismatch });
      }
      await accounts.update(actor.memberId, { paymentPasswordHash: await hashPassword(body.paymentPassword) });
      return accounts.security(actor.merchantId, actor.memberId);
    },

    async sendMobileCode(
      actor: MemberActor,
      body: { reauthToken: string; countryDialingCode: string; mobileNum: string },
      ip: string,
    ) {
      await requireReauth(actor, body.reauthToken);
      await mobileFree(actor, body.countryDialingCode, body.mobileNum);
      return verification.sendSmsCode({
        merchantId: actor.merchantId,
        purpose: 'bind_mobile',
        countryDialingCode: body.countryDialingCode,
        mobile: body.mobileNum,
        ip,
        memberId: actor.memberId,
      });
    },

    async bindMobile(
      actor: MemberActor,
      body: { reauthToken: string; countryDialingCode: string; mobileNum: string; verificationCode: string },
    ) {
      await requireReauth(actor, body.reauthToken);
      await mobileFree(actor, body.countryDialingCode, body.mobileNum);
      const code = await verification.checkCode({
        merchantId: actor.merchantId,
        purpose: 'bind_mobile',
        target: phoneTarget(body.countryDialingCode, body.mobileNum),
        code: body.verificationCode,
      });
      if (code.memberId !== actor.memberId) throw new AppError('CODE_INVALID', ACCOUNT_MESSAGES.CODE_INVALID, 400);
      await verification.consume(code.id);
      await accounts.update(actor.memberId, { countryDialingCode: body.countryDialingCode, mobile: body.mobileNum });
      return accounts.security(actor.merchantId, actor.memberId);
    },

    async sendEmailCode(actor: MemberActor, body: { reauthToken: string; email: string }, ip: string) {
      await requireReauth(actor, body.reauthToken);
      return verification.sendEmailCode({
        merchantId: actor.merchantId,
        purpose: 'bind_email',
        email: body.email,
        ip,
        memberId: actor.memberId,
      });
    },

    async bindEmail(actor: MemberActor, body: { reauthToken: string; email: string; verificationCode: string }) {
      await requireReauth(actor, body.reauthToken);
      const email = body.email.trim().toLowerCase();
      const code = await verification.checkCode({
        merchantId: actor.merchantId,
        purpose: 'bind_email',
        target: email,
        code: body.verificationCode,
      });
      if (code.memberId !== actor.memberId) throw new AppError('CODE_INVALID', ACCOUNT_MESSAGES.CODE_INVALID, 400);
      await verification.consume(code.id);
      await accounts.update(actor.memberId, { email });
      return accounts.security(actor.merchantId, actor.memberId);
    },

    async totpSetup(actor: MemberActor, reauthToken: string) {
      await requireReauth(actor, reauthToken);
      const member = await accounts.requireMember(actor.merchantId, actor.memberId);
      if (member.totpEnabled) throw new AppError('CONFLICT', 'The authenticator is already on; turn it off first', 409);
      const secret = newTotpSecret();
      // Kept sealed: the secret is shown once, here, and read back only to check codes.
      await accounts.update(member.id, { totpSecret: secrets.seal(secret) });
      const site = (await merchants.brand(actor.merchantId)).merchant.siteName;
      return { secret, otpauthUrl: otpauthUrl(site, member.username, secret) };
    },

    async totpEnable(actor: MemberActor, code: string) {
      const member = await accounts.requireMember(actor.merchantId, actor.memberId);
      if (member.totpEnabled) throw new AppError('CONFLICT', 'The authenticator is already on', 409);
      if (!member.totpSecret) throw new AppError('CONFLICT', 'Start the authenticator setup first', 409);
      if (!(await spendTotp(ephemeral, member.id, secrets.open(member.totpSecret), code))) {
        throw fieldError({ code: ACCOUNT_MESSAGES.CODE_INVALID }, 'CODE_INVALID');
      }
      await accounts.update(member.id, { totpEnabled: true });
      return accounts.security(actor.merchantId, actor.memberId);
    },

    async totpDisable(actor: MemberActor, body: { reauthToken: string; code: string }) {
      await requireReauth(actor, body.reauthToken);
      const member = await accounts.requireMember(actor.merchantId, actor.memberId);
      if (!member.totpEnabled || !member.totpSecret) throw new AppError('CONFLICT', 'The authenticator is not on', 409);
      if (!(await spendTotp(ephemeral, member.id, secrets.open(member.totpSecret), body.code))) {
        throw fieldError({ code: ACCOUNT_MESSAGES.CODE_INVALID }, 'CODE_INVALID');
      }
      await accounts.update(member.id, { totpEnabled: false, totpSecret: null });
      return accounts.security(actor.merchantId, actor.memberId);
    },
  };
};

export type SecurityCentre = ReturnType<typeof createSecurityCentre>;
