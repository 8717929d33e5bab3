import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** A 6-digit one-time code from the CSPRNG. */
export const newOneTimeCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
