import { hash, verify } from '@node-rs/argon2';

/** argon2id with the parameters of design.md §5 (m = 19456 KiB, t = 2, p = 1). */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export const hashPassword = (plain: string): Promise<string> => hash(plain, OPTIONS);

let dummy: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown user) it still spends the same work on a
 * dummy hash, so the answer's timing does not tell whether the account exists.
 */
export const verifyPassword = async (stored: string | null | undefined, plain: string): Promise<boolean> => {
  if (!stored) {
    dummy ??= hashPassword('dummy-password-for-timing');
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
};
