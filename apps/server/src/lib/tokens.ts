import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** A 6-digit one-time code from the CSPRNG. */
export const newOneTimeCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const OTP_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const OTP_DIGITS = '23456789';
const OTP_ALPHABET = OTP_LETTERS + OTP_DIGITS;

/**
 * A one-time password for an account someone else created (decision 055): 12 characters from the
 * CSPRNG (about 68 bits), starting with a letter and holding at least one digit, so it passes the
 * usual "letters and digits" rules of a login form.
 */
export const newOneTimePassword = (): string => {
  for (;;) {
    const chars = [OTP_LETTERS[randomInt(OTP_LETTERS.length)]!];
    for (let i = 1; i < 12; i++) chars.push(OTP_ALPHABET[randomInt(OTP_ALPHABET.length)]!);
    if (chars.some((c) => OTP_DIGITS.includes(c))) return chars.join('');
  }
};
