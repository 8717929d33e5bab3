import { randomInt } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  FIELD_MESSAGES_EN,
  checkFieldRule,
  isTrialType,
  SIGN_UP_LIMITS,
  validateRegistration,
  type ProtectionLimit,
  type RegisterBody,
  type RegisterMode,
} from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { ProtectionService } from '../../protection/service.ts';
import type { AccountService } from '../members/service.ts';
import { phoneTarget } from '../verification/policy.ts';
import type { VerificationService } from '../verification/service.ts';

export interface RegistrationDeps {
  /** The new account and the spending of its SMS code commit together. */
  db: Db;
  accounts: AccountService;
  verification: Pick<VerificationService, 'checkCaptcha' | 'checkCode' | 'consume'>;
  merchants: Pick<MerchantService, 'brand'>;
  limiter: RateLimiter;
  /** Refuses the details of a self-excluded player (issue 24). */
  protection: Pick<ProtectionService, 'assertMayRegister' | 'checkSignUpLimits' | 'saveSignUpLimits'>;
  /** REGISTER_MAX_PER_IP_PER_HOUR. */
  maxPerIpPerHour: number;
  /**
   * Member referral (decision 071), late-bound: a code that is no agent's may be an ordinary
   * member's own code; the invitee is recorded (and the registration reward paid) in the
   * transaction that opens the account.
   */
  referrals?: {
    findReferrer: (merchantId: number, code: string) => Promise<{ id: number; username: string; code: string } | null>;
    onRegistered: (
      tx: Db,
      q: { merchantId: number; inviteeId: number; referrerId: number; code: string; ip: string; userAgent: string },
    ) => Promise<void>;
  };
}

export interface RegisterInput {
  merchantId: number;
  mode: RegisterMode;
  body: RegisterBody;
  ip: string;
  userAgent: string;
  /** The browser's captcha id (cookie), when it has one. */
  captchaClientId: string | null;
}

const fieldError = (fields: Record<string, string>, code = 'VALIDATION_FAILED', status = 400) =>
  new AppError(code, Object.values(fields)[0] ?? 'Invalid request', status, null, fields);

const PROFILE_FIELDS = [
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'registerUrl',
  'domain',
  'firebaseChannel',
] as const;

/**
 * Registration by username or by mobile (spec §3, §5). Every rule the form applies is applied
 * again here from the same code; then the facts only the server knows: the captcha, the invitation
 * code, a taken username or number, and the SMS code, which is spent in the same transaction that
 * creates the account (a refused registration never burns a good code, decision 007).
 */
export const createRegistrationService = ({
  db,
  accounts,
  verification,
  merchants,
  limiter,
  protection,
  maxPerIpPerHour,
  referrals,
}: RegistrationDeps) => ({
  /** Whose invitation code this is: an agent's (a downline) or an ordinary member's (an invitee). */
  async inviter(merchantId: number, code: string) {
    const agent = await accounts.findAgentByAffiliateCode(merchantId, code);
    if (agent?.affiliateCode) return { code: agent.affiliateCode, username: agent.username, kind: 'agent' as const };
    const member = referrals ? await referrals.findReferrer(merchantId, code) : null;
    return member ? { code: member.code, username: member.username, kind: 'member' as const } : null;
  },

  async register(input: RegisterInput) {
    const { merchantId, mode, body } = input;
    const brand = await merchants.brand(merchantId);
    const setting = brand.merchant.registerSetting;
    if ((mode === 'mobile' && !setting.mobileRegistration) || (mode === 'username' && !setting.usernameRegistration)) {
      throw new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
    }
    const perIp = await limiter.hit('register.ip', `${merchantId}:${input.ip}`, {
      limit: maxPerIpPerHour,
      windowMs: 3_600_000,
    });
    if (!perIp.allowed) throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429);

    const issues = validateRegistration(setting, body, mode);
    if (Object.keys(issues).length) {
      throw fieldError(Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, v.message])));
    }

    const captchaField = setting.fields.find((f) => f.field === 'captcha');
    if (setting.captcha || (captchaField?.enabled && body.captcha)) {
      if (!(await verification.checkCaptcha(input.captchaClientId, body.captcha))) {
        throw new AppError(
          'CAPTCHA_INVALID',
          ACCOUNT_MESSAGES.CAPTCHA_INVALID,
          400,
          { captcha: true },
          {
            captcha: ACCOUNT_MESSAGES.CAPTCHA_INVALID,
          },
        );
      }
    }

    const inviteCode = body.affiliateCode || body.referralCode;
    const agent = inviteCode ? await accounts.findAgentByAffiliateCode(merchantId, inviteCode) : null;
    const referrer = inviteCode && !agent && referrals ? await referrals.findReferrer(merchantId, inviteCode) : null;
    if (inviteCode && !agent && !referrer) {
      throw fieldError({ affiliateCode: ACCOUNT_MESSAGES.INVALID_INVITATION_CODE }, 'INVALID_INVITATION_CODE');
    }

    const profile: Record<string, string> = {};
    for (const k of PROFILE_FIELDS) if (body[k]) profile[k] = body[k]!;
    if (body.recommenderId) {
      const recommender = await accounts.findByUsername(merchantId, body.recommenderId);
      if (!recommender || isTrialType(recommender.type)) {
        throw fieldError({ recommenderId: 'The recommender does not exist' });
      }
      profile.recommenderId = String(recommender.id);
    }

    const username =
      body.username ||
      (await generatedUsername(accounts, merchantId, setting.fields.find((f) => f.field === 'username')?.rule));
    if (await accounts.findByUsername(merchantId, username)) {
      throw fieldError({ username: ACCOUNT_MESSAGES.USERNAME_TAKEN }, 'USERNAME_TAKEN', 409);
    }
    const mobile = body.mobileNum || null;
    const dialing = mobile ? body.countryDialingCode!.replace(/^\+/, '') : null;
    if (mobile && (await accounts.findByMobile(merchantId, dialing!, mobile))) {
      throw fieldError({ mobileNum: ACCOUNT_MESSAGES.MOBILE_TAKEN }, 'MOBILE_TAKEN', 409);
    }
    await protection.assertMayRegister(merchantId, {
      email: body.email || null,
      mobile,
      countryDialingCode: dialing,
      idNumber: body.idNumber || null,
      birthday: body.birthday || null,
      name: body.payeeName || null,
    });
    const limits: Partial<Record<ProtectionLimit, bigint>> = {};
    for (const [field, limit] of Object.entries(SIGN_UP_LIMITS))
      if (body[field as keyof typeof SIGN_UP_LIMITS])
        limits[limit] = BigInt(body[field as keyof typeof SIGN_UP_LIMITS]!);
    await protection.checkSignUpLimits(
      merchantId,
      limits,
      (l) => Object.entries(SIGN_UP_LIMITS).find(([, v]) => v === l)![0],
    );
    const code =
      mobile && setting.smsVerification
        ? await verification.checkCode({
            merchantId,
            purpose: 'register',
            target: phoneTarget(dialing!, mobile),
            code: body.verificationCode!,
          })
        : null;

    const member = await db.transaction(async (tx) => {
      if (code) await verification.consume(code.id, tx);
      const created = await accounts.createMember(
        {
          merchantId,
          username,
          password: body.password,
          uplineId: agent?.id ?? null,
          payeeName: body.payeeName || null,
          email: body.email || null,
          countryDialingCode: dialing,
          mobile,
          birthday: body.birthday || null,
          paymentPassword: body.paymentPassword || null,
          profile,
        },
        tx,
      );
      if (referrer)
        await referrals!.onRegistered(tx, {
          merchantId,
          inviteeId: created.id,
          referrerId: referrer.id,
          code: referrer.code,
          // Where the invitee registered from: self-referral and farm guards (decision 089).
          ip: input.ip,
          userAgent: input.userAgent,
        });
      await protection.saveSignUpLimits({ merchantId, memberId: created.id }, limits, tx);
      return created;
    });
    // The IP an account was opened from counts as known: its first login needs no extra step.
    await accounts.rememberIp(member.id, input.ip);
    return member;
  },
});

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** Mobile registration may leave the username out; one is made that passes the brand's rule. */
const generatedUsername = async (
  accounts: Pick<AccountService, 'findByUsername'>,
  merchantId: number,
  rule: Parameters<typeof checkFieldRule>[0] | undefined,
): Promise<string> => {
  for (let i = 0; i < 8; i++) {
    const digits = String(randomInt(10_000_000, 100_000_000));
    const candidate = [`m${digits}`, `M${digits}`, `Mb${digits}`].find((c) => !rule || !checkFieldRule(rule, c));
    if (!candidate) break;
    if (!(await accounts.findByUsername(merchantId, candidate))) return candidate;
  }
  throw fieldError({ username: FIELD_MESSAGES_EN.field_required });
};
