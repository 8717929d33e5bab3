import { ACCOUNT_MESSAGES, type VerificationMethod } from '@app/contract';
import type { MemberActor } from '../../../http/auth.ts';
import { AppError } from '../../../http/errors.ts';
import type { EphemeralStore, RateLimiter } from '../../../lib/rate-limit.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { spendTotp } from '../../../lib/totp.ts';
import { availableMethods } from '../login/policy.ts';
import type { AccountService } from '../members/service.ts';
import type { SessionService } from '../sessions/service.ts';
import { phoneTarget } from '../verification/policy.ts';
import { codeInvalid, type VerificationService } from '../verification/service.ts';

export interface ExtraVerificationDeps {
  accounts: AccountService;
  sessions: Pick<SessionService, 'revoke' | 'setPending'>;
  verification: Pick<VerificationService, 'sendSmsCode' | 'sendEmailCode' | 'checkAndConsume'>;
  limiter: RateLimiter;
  /** Remembers spent authenticator codes (one use each). */
  ephemeral: EphemeralStore;
  /** Opens the sealed authenticator secrets (decision 044). */
  secrets: Pick<SecretBox, 'open'>;
}

const steps = (pending: string | null) => new Set((pending ?? '').split(',').filter(Boolean));
const join = (s: Set<string>) => [...s].join(',') || null;
const normaliseName = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

const notPending = () => new AppError('CONFLICT', 'No verification is pending for this login', 409);
const FAILURES = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Extra verification of a login from an IP the member never used (spec §4, decision 008): a code
 * by SMS or e-mail, an authenticator code, or the bank account name. Until it passes, every call
 * except these answers 'Please complete verification first'. Five wrong answers end the login.
 */
export const createExtraVerificationService = ({
  accounts,
  sessions,
  verification,
  limiter,
  ephemeral,
  secrets,
}: ExtraVerificationDeps) => {
  const pendingMember = async (actor: MemberActor, method: VerificationMethod) => {
    if (!steps(actor.pendingVerification).has('login_ip')) throw notPending();
    const member = await accounts.requireMember(actor.merchantId, actor.memberId);
    const settings = await accounts.settings(actor.merchantId);
    if (!availableMethods(member, settings.extraVerification.methods).some((m) => m.method === method)) {
      throw new AppError('VALIDATION_FAILED', 'This verification method is not available', 400, null, {
        method: 'This verification method is not available',
      });
    }
    return member;
  };

  return {
    async sendCode(actor: MemberActor, method: 'sms' | 'email', ip: string) {
      const member = await pendingMember(actor, method);
      if (method === 'sms') {
        return verification.sendSmsCode({
          merchantId: actor.merchantId,
          purpose: 'login_verify_sms',
          countryDialingCode: member.countryDialingCode!,
          mobile: member.mobile!,
          ip,
          memberId: member.id,
        });
      }
      return verification.sendEmailCode({
        merchantId: actor.merchantId,
        purpose: 'login_verify_email',
        email: member.email!,
        ip,
        memberId: member.id,
      });
    },

    async complete(
      actor: MemberActor,
      body: { method: VerificationMethod; code?: string | undefined; payeeName?: string | undefined },
      ip: string,
    ) {
      const member = await pendingMember(actor, body.method);
      const failures = await limiter.check('verify.fail', String(actor.sessionId), FAILURES);
      if (!failures.allowed) {
        await sessions.revoke(actor.sessionId, 'verification_failed');
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);
      }
      const fail = async (err: AppError) => {
        await limiter.hit('verify.fail', String(actor.sessionId), FAILURES);
        return err;
      };
      const code = body.code ?? '';
      if (body.method === 'payeeName') {
        if (!body.payeeName || normaliseName(body.payeeName) !== normaliseName(member.payeeName ?? '')) {
          throw await fail(
            new AppError('VALIDATION_FAILED', 'The bank account name does not match', 400, null, {
              payeeName: 'The bank account name does not match',
            }),
          );
        }
      } else if (!/^\d{6}$/.test(code)) {
        throw new AppError('VALIDATION_FAILED', 'Please enter a valid verification code', 400, null, {
          code: 'Please enter a valid verification code',
        });
      } else if (body.method === 'totp') {
        if (!member.totpSecret || !(await spendTotp(ephemeral, member.id, secrets.open(member.totpSecret), code))) {
          throw await fail(codeInvalid());
        }
      } else {
        const target = body.method === 'sms' ? phoneTarget(member.countryDialingCode!, member.mobile!) : member.email!;
        try {
          await verification.checkAndConsume({
            merchantId: actor.merchantId,
            purpose: body.method === 'sms' ? 'login_verify_sms' : 'login_verify_email',
            target,
            code,
          });
        } catch (err) {
          throw err instanceof AppError ? await fail(err) : err;
        }
      }
      const left = steps(actor.pendingVerification);
      left.delete('login_ip');
      await sessions.setPending(actor.sessionId, join(left));
      await accounts.rememberIp(member.id, ip);
      return { mustChangePassword: left.has('password_change') };
    },
  };
};

export type ExtraVerificationService = ReturnType<typeof createExtraVerificationService>;
