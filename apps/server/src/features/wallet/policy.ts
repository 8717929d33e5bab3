import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { WalletRules } from './rules/service.ts';

const PAYMENT_PASSWORD_RULE = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Money leaves a wallet at the member's request only with the payment password (argon2id, set in
 * the security centre). Five tries per quarter of an hour: each try is counted atomically before
 * the hash is checked (decision 055), so parallel guesses get exactly five checks and the rest are
 * refused as locked; a right password clears the count.
 */
export const checkPaymentPassword = async (
  { limiter, accounts }: { limiter: RateLimiter; accounts: Pick<AccountService, 'findById'> },
  merchantId: number,
  memberId: number,
  plain: string,
) => {
  const row = await accounts.findById(merchantId, memberId);
  if (!row?.paymentPasswordHash) {
    throw new AppError('PAYMENT_PASSWORD_NOT_SET', 'Set a payment password in the security centre first', 409);
  }
  const attempt = await limiter.hit('payment-password', String(memberId), PAYMENT_PASSWORD_RULE);
  if (!attempt.allowed) throw paymentPasswordLocked(attempt.retryAfterMs);
  if (!(await verifyPassword(row.paymentPasswordHash, plain))) {
    throw new AppError('PAYMENT_PASSWORD_INCORRECT', 'The payment password is not correct', 400, null, {
      paymentPassword: 'The payment password is not correct',
    });
  }
  await limiter.reset('payment-password', String(memberId));
};

export const paymentPasswordLocked = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 'Too many wrong payment passwords; try again later', 429, { retryAfterMs });

/** Deposits, withdrawals and transfers exist only where the brand keeps the money in our wallet. */
export const requireMerchantWallet = async (
  { walletRules }: { walletRules: Pick<WalletRules, 'rules'> },
  merchantId: number,
) => {
  if (!(await walletRules.rules(merchantId)).merchantWallet) {
    throw new AppError('WALLET_DISABLED', 'Deposits and withdrawals are not offered here', 403);
  }
};

/** An amount within [min, max], as a field error on `field`. */
export const checkRange = (
  amount: bigint,
  min: bigint,
  max: bigint,
  field = 'amount',
  format = (v: bigint) => String(v),
) => {
  if (amount < min || amount > max) {
    const message = `The amount must be between ${format(min)} and ${format(max)}`;
    throw new AppError(
      'AMOUNT_OUT_OF_RANGE',
      message,
      400,
      { min: String(min), max: String(max) },
      { [field]: message },
    );
  }
};

/** Names match whatever the case and spacing: "Ana  maria" is "ANA MARIA". */
export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleUpperCase() === b.trim().replace(/\s+/g, ' ').toLocaleUpperCase();
