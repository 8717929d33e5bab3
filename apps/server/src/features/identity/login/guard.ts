import { ACCOUNT_MESSAGES } from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';

/** The login limits of decision 005 (LOGIN_* settings). */
export interface LoginLimits {
  windowMinutes: number;
  maxAttemptsPerIp: number;
  maxFailuresPerAccount: number;
  captchaAfterFailures: number;
  captchaAfterIpFailures: number;
}

/** The limiter counters one kind of login keeps (members and operators count apart). */
export interface GuardCounters {
  /** Every attempt from an address. */
  ip: string;
  /** Failed attempts from an address. */
  failIp: string;
  /** Failed attempts on an account; a success or an unlock clears it. */
  failAccount: string;
}

export interface LoginGuardDeps {
  limiter: RateLimiter;
  limits: LoginLimits;
  counters: GuardCounters;
  /** Spends the captcha this browser was shown; true when the answer matches. */
  checkCaptcha: (clientId: string | null, answer: string | undefined) => Promise<boolean>;
}

/** The browser asking: its brand, address and captcha id (cookie). */
export interface GuardClient {
  merchantId: number;
  ip: string;
  captchaClientId: string | null;
}

/**
 * The protections every password login shares (decision 005; operators too, decision 054), all
 * checked before a password hash is computed: attempts per address, a temporary lock of an account
 * after too many failures, and a captcha once an account or an address has failed a few times.
 */
export const createLoginGuard = ({ limiter, limits, counters, checkCaptcha }: LoginGuardDeps) => {
  const windowMs = limits.windowMinutes * 60_000;
  const ipKey = (c: GuardClient) => `${c.merchantId}:${c.ip}`;

  const lockState = async (accountKey: string) => {
    const account = await limiter.check(counters.failAccount, accountKey, {
      limit: limits.captchaAfterFailures,
      windowMs,
    });
    return { failures: account.count, locked: account.count >= limits.maxFailuresPerAccount };
  };

  return {
    /**
     * Before the password is looked at: refuses (429) an address over its attempts or a locked
     * account, and demands a valid captcha when failures call for one. Throws `locked` as a 429
     * whose value carries `locked: true` so callers can tell it apart.
     */
    async before(c: GuardClient, accountKey: string | null, captcha: string | undefined) {
      const hit = await limiter.hit(counters.ip, ipKey(c), { limit: limits.maxAttemptsPerIp, windowMs });
      if (!hit.allowed) {
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429, {
          captcha: true,
          retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000),
        });
      }
      const ip = await limiter.check(counters.failIp, ipKey(c), { limit: limits.captchaAfterIpFailures, windowMs });
      const account = accountKey
        ? await limiter.check(counters.failAccount, accountKey, { limit: limits.captchaAfterFailures, windowMs })
        : null;
      if (accountKey && (account?.count ?? 0) >= limits.maxFailuresPerAccount) {
        const left = await limiter.check(counters.failAccount, accountKey, { limit: 1, windowMs });
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429, {
          captcha: true,
          locked: true,
          retryAfterSeconds: Math.ceil(left.retryAfterMs / 1000),
        });
      }
      if (!ip.allowed || (account ? !account.allowed : false)) {
        if (!captcha) {
          throw new AppError('CAPTCHA_REQUIRED', ACCOUNT_MESSAGES.CAPTCHA_REQUIRED, 400, { captcha: true });
        }
        if (!(await checkCaptcha(c.captchaClientId, captcha))) {
          throw new AppError('CAPTCHA_INVALID', ACCOUNT_MESSAGES.CAPTCHA_INVALID, 400, { captcha: true });
        }
      }
    },

    /** Counts a failure and answers whether the next attempt needs a captcha. */
    async fail(c: GuardClient, accountKey: string | null) {
      const ip = await limiter.hit(counters.failIp, ipKey(c), { limit: 1e9, windowMs });
      const account = accountKey ? await limiter.hit(counters.failAccount, accountKey, { limit: 1e9, windowMs }) : null;
      return ip.count >= limits.captchaAfterIpFailures || (account?.count ?? 0) >= limits.captchaAfterFailures;
    },

    /** A success (or an administrator's unlock) clears the account's failures. */
    clear(accountKey: string) {
      return limiter.reset(counters.failAccount, accountKey);
    },

    /** Whether the account is locked now, and how many failures it has in the window. */
    lockState,
  };
};

export type LoginGuard = ReturnType<typeof createLoginGuard>;
