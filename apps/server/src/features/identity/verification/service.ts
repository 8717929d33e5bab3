import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { CAPTCHA_LENGTH, newCaptchaText, renderCaptcha } from '../../../lib/captcha-image.ts';
import type { Mailer, MailMessage } from '../../../lib/mail.ts';
import type { EphemeralStore, RateLimiter } from '../../../lib/rate-limit.ts';
import { SmsError, renderTemplate, type OutboxWriter, type SmsProvider } from '../../../lib/sms.ts';
import { newOneTimeCode, newToken } from '../../../lib/tokens.ts';
import type { MerchantService } from '../../merchant/service.ts';
import * as data from './data.ts';
import { maskEmail, maskPhone, phoneTarget } from './policy.ts';

/** What a code is for; a code only works for the purpose it was sent for. */
export type CodePurpose =
  | 'noLogin'
  | 'register'
  | 'bind_mobile'
  | 'bind_email'
  | 'login_verify_sms'
  | 'login_verify_email'
  | 'password_reset_link';

const MAX_CODE_ATTEMPTS = 5;
const EMAIL_CODE_MINUTES = 10;
const CAPTCHA_TTL_MS = 5 * 60_000;
const FIVE_MINUTES = 5 * 60_000;

export const tooManyRequests = (retryAfterMs = FIVE_MINUTES) =>
  new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429, {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
export const tooFast = () => new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_FAST, 429, { retryAfterSeconds: 1 });
export const codeInvalid = () => new AppError('CODE_INVALID', ACCOUNT_MESSAGES.CODE_INVALID, 400);

/** A random id for a browser's captcha cookie. */
export const newCaptchaClientId = () => randomBytes(18).toString('base64url');

export interface VerificationDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  limiter: RateLimiter;
  /** Keeps the captcha answers. */
  ephemeral: EphemeralStore;
  /** The dev outbox or an HTTP gateway, chosen by the composition root. */
  sms: SmsProvider;
  /** SMTP or the dev outbox, chosen by the composition root. */
  mailer: Mailer;
  /**
   * The server key codes and links are stored under (HMAC-SHA256): derived from SECRETS_KEY with
   * HKDF, so a copy of the database alone cannot test guesses of a 6-digit code (decision 055).
   */
  codeKey: Buffer;
  /** The SMS text with {{code}}, {{minutes}} and {{site}} (SMS_TEMPLATE). */
  smsTemplate: string;
  /** Codes per number (or address) per five minutes (SMS_MAX_PER_NUMBER). */
  maxPerNumber: number;
  /** Sends per IP per hour before a captcha is asked (SMS_CAPTCHA_AFTER_PER_IP). */
  captchaAfterPerIp: number;
}

/**
 * One-time codes by SMS and e-mail, password-reset links, and captchas (spec §4, §5, §8, §9;
 * decisions 007, 055). Codes are 6 digits from the CSPRNG, stored only as an HMAC under a server
 * key bound to purpose and target, single use, expire, and die after a few tries, each taken
 * before the code is compared; only the newest code for a target counts.
 */
export const createVerificationService = (d: VerificationDeps) => {
  const { db, limiter, ephemeral } = d;
  const mac = (text: string) => createHmac('sha256', d.codeKey).update(text).digest('hex');
  const codeHash = (purpose: string, target: string, code: string) => mac(`code|${purpose}|${target}|${code}`);
  const linkHash = (token: string) => mac(`link|${token}`);
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /**
   * Checks a code without spending it and returns the row to spend with `consume` once the rest of
   * the operation has passed, so a refused registration does not burn a good code.
   */
  const checkCode = async (input: { merchantId: number; purpose: CodePurpose; target: string; code: string }) => {
    const row = await data.latestCode(db, input.merchantId, input.purpose, input.target);
    if (!row || row.consumedAt || row.attempts >= MAX_CODE_ATTEMPTS) throw codeInvalid();
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CODE_EXPIRED', ACCOUNT_MESSAGES.CODE_EXPIRED, 400);
    // The try is taken first, in one statement: forty parallel guesses get exactly the allowed checks.
    if (!(await data.takeAttempt(db, row.id, MAX_CODE_ATTEMPTS))) throw codeInvalid();
    if (!sameHash(codeHash(input.purpose, input.target, input.code), row.codeHash)) throw codeInvalid();
    return { id: row.id, memberId: row.memberId };
  };

  /** Spends a checked code; fails when it was spent meanwhile (two requests racing). */
  const consume = async (id: number, tx: Db = db) => {
    if (!(await data.consumeCode(tx, id, new Date()))) throw codeInvalid();
  };

  return {
    // ---- captcha -----------------------------------------------------------------------------

    /** A new captcha for one browser (`clientId` from its cookie); refreshing is limited to once a second. */
    async issueCaptcha(clientId: string, ip: string): Promise<string> {
      if (!(await limiter.throttle('captcha.refresh', clientId, 1000)).allowed) throw tooFast();
      if (!(await limiter.hit('captcha.ip', ip, { limit: 120, windowMs: 60_000 })).allowed) throw tooManyRequests();
      const text = newCaptchaText();
      await ephemeral.set(`captcha:${clientId}`, text, CAPTCHA_TTL_MS);
      return renderCaptcha(text);
    },

    /** Checks and spends the browser's captcha: right or wrong, the same captcha never passes twice. */
    async checkCaptcha(clientId: string | null, answer: string | undefined): Promise<boolean> {
      if (!clientId || !answer || answer.length !== CAPTCHA_LENGTH) {
        if (clientId) await ephemeral.del(`captcha:${clientId}`);
        return false;
      }
      const expected = await ephemeral.take(`captcha:${clientId}`);
      return !!expected && expected.toUpperCase() === answer.trim().toUpperCase();
    },

    // ---- SMS codes ---------------------------------------------------------------------------

    /**
     * Sends a code by SMS. One request per second per client (spec §9), a few per number per five
     * minutes ('try again after 5 minutes'), and a captcha once one client asks for many.
     */
    async sendSmsCode(input: {
      merchantId: number;
      purpose: CodePurpose;
      countryDialingCode: string;
      mobile: string;
      ip: string;
      memberId?: number | null;
      /** Resolves whether the request carried a valid captcha (only asked when one is needed). */
      captcha?: () => Promise<boolean>;
      /** False when the code is not sent (e.g. an unknown number for a login code) but the answer must look the same. */
      deliver?: boolean;
    }) {
      const { merchantId, countryDialingCode, mobile } = input;
      if (!(await limiter.throttle('sms.client', input.ip, 1000)).allowed) throw tooFast();
      const target = phoneTarget(countryDialingCode, mobile);
      const ipCount = await limiter.hit('sms.ip', `${merchantId}:${input.ip}`, {
        limit: 1_000_000,
        windowMs: 3_600_000,
      });
      if (ipCount.count > d.captchaAfterPerIp) {
        const passed = input.captcha ? await input.captcha() : false;
        if (!passed) {
          throw new AppError('CAPTCHA_REQUIRED', ACCOUNT_MESSAGES.CAPTCHA_REQUIRED, 400, { captcha: true });
        }
      }
      const perNumber = await limiter.hit('sms.number', `${merchantId}:${target}`, {
        limit: d.maxPerNumber,
        windowMs: FIVE_MINUTES,
      });
      if (!perNumber.allowed) throw tooManyRequests(perNumber.retryAfterMs);

      const brand = await d.merchants.brand(merchantId);
      const minutes = brand.merchant.registerSetting.smsExpiredMinutes;
      const value = { expiredMinutes: minutes, destination: maskPhone(countryDialingCode, mobile) };
      if (input.deliver === false) return value;

      const code = newOneTimeCode();
      const id = await data.insertCode(db, {
        merchantId,
        purpose: input.purpose,
        channel: 'sms',
        target,
        memberId: input.memberId ?? null,
        codeHash: codeHash(input.purpose, target, code),
        expiresAt: new Date(Date.now() + minutes * 60_000),
      });
      const params = { code, minutes: String(minutes), site: brand.merchant.siteName };
      try {
        await d.sms.send({
          merchantId,
          countryDialingCode,
          mobile,
          text: renderTemplate(d.smsTemplate, params),
          params,
        });
      } catch (err) {
        // An undelivered code must not stay usable.
        await data.consumeCode(db, id, new Date());
        throw smsFailure(err);
      }
      return value;
    },

    // ---- e-mail codes and links --------------------------------------------------------------

    async sendEmailCode(input: {
      merchantId: number;
      purpose: CodePurpose;
      email: string;
      ip: string;
      memberId?: number | null;
    }) {
      const email = input.email.trim().toLowerCase();
      if (!(await limiter.throttle('email.client', input.ip, 1000)).allowed) throw tooFast();
      const perAddress = await limiter.hit('email.address', `${input.merchantId}:${email}`, {
        limit: d.maxPerNumber,
        windowMs: FIVE_MINUTES,
      });
      if (!perAddress.allowed) throw tooManyRequests(perAddress.retryAfterMs);
      const code = newOneTimeCode();
      await data.insertCode(db, {
        merchantId: input.merchantId,
        purpose: input.purpose,
        channel: 'email',
        target: email,
        memberId: input.memberId ?? null,
        codeHash: codeHash(input.purpose, email, code),
        expiresAt: new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000),
      });
      const site = (await d.merchants.brand(input.merchantId)).merchant.siteName;
      await d.mailer.send({
        merchantId: input.merchantId,
        to: email,
        subject: `${site}: your verification code`,
        text: `Your ${site} verification code is ${code}. It expires in ${EMAIL_CODE_MINUTES} minutes.\n\nIf you did not ask for it, you can ignore this e-mail.`,
      });
      return { expiredMinutes: EMAIL_CODE_MINUTES, destination: maskEmail(email) };
    },

    /** A single-use link token for a member (password reset by e-mail). */
    async createLinkToken(input: { merchantId: number; purpose: CodePurpose; memberId: number; ttlMinutes: number }) {
      const token = newToken();
      await data.insertCode(db, {
        merchantId: input.merchantId,
        purpose: input.purpose,
        channel: 'link',
        target: String(input.memberId),
        memberId: input.memberId,
        codeHash: linkHash(token),
        expiresAt: new Date(Date.now() + input.ttlMinutes * 60_000),
      });
      return token;
    },

    /** Finds a live link token; `consume` spends it (inside the caller's transaction). */
    async checkLinkToken(merchantId: number, purpose: CodePurpose, token: string) {
      const row = await data.findCodeByHash(db, purpose, linkHash(token));
      if (!row || row.merchantId !== merchantId || row.consumedAt || !row.memberId) throw codeInvalid();
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CODE_EXPIRED', ACCOUNT_MESSAGES.CODE_EXPIRED, 400);
      return { id: row.id, memberId: row.memberId };
    },

    sendMail(message: MailMessage) {
      return d.mailer.send(message);
    },

    // ---- checking codes ----------------------------------------------------------------------

    checkCode,
    consume,

    async checkAndConsume(input: { merchantId: number; purpose: CodePurpose; target: string; code: string }) {
      const row = await checkCode(input);
      await consume(row.id);
      return row;
    },
  };
};

export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * The developer outbox (decision 007): where the dev SMS provider and the mail transport without
 * SMTP put what they "send", and where demo-mode tests and the e2e suite read it back.
 */
export const createOutbox = ({ db }: { db: Db }) => {
  const write: OutboxWriter = (entry) =>
    data.insertOutbox(db, {
      merchantId: entry.merchantId,
      channel: entry.channel,
      recipient: entry.to,
      subject: entry.subject,
      body: entry.body,
    });
  return {
    write,

    async list(merchantId: number, to: string | undefined, limit: number) {
      const rows = await data.listOutbox(db, merchantId, to, limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel as 'sms' | 'email',
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
};

export type Outbox = ReturnType<typeof createOutbox>;

const smsFailure = (err: unknown): AppError => {
  if (err instanceof SmsError) {
    if (err.kind === 'quota') return new AppError('SMS_QUOTA', ACCOUNT_MESSAGES.SMS_QUOTA, 503);
    if (err.kind === 'invalid_number') return new AppError('PHONE_INVALID', ACCOUNT_MESSAGES.PHONE_INVALID, 400);
    if (err.kind === 'not_enabled')
      return new AppError('OPERATION_NOT_ENABLED', ACCOUNT_MESSAGES.OPERATION_NOT_ENABLED, 403);
  }
  return new AppError('SMS_FAILED', ACCOUNT_MESSAGES.SMS_FAILED, 502);
};
