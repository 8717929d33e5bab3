import { hash, verify } from '@node-rs/argon2';

/** argon2id with the parameters of design.md §5 (m = 19456 KiB, t = 2, p = 1). */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

/** How many argon2 computations this process ran: tests prove limits refuse work before hashing. */
export const passwordWork = { hashes: 0, verifications: 0 };

export const hashPassword = (plain: string): Promise<string> => {
  passwordWork.hashes++;
  return hash(plain, OPTIONS);
};

let dummy: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown user) it still spends the same work on a
 * dummy hash, so the answer's timing does not tell whether the account exists.
 */
export const verifyPassword = async (stored: string | null | undefined, plain: string): Promise<boolean> => {
  passwordWork.verifications++;
  if (!stored) {
    dummy ??= hashPassword('dummy-password-for-timing');
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
};
