import { createHash } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import type { AccountRef, PostInput } from './types.ts';

/**
 * The wallet service's guards and error mapping: request checks before the database, and the
 * ledger's SQLSTATEs (src/db/functions/ledger.sql) as the API errors callers see.
 */

/** Largest amount one call may move: far below bigint overflow, far above any real payment. */
export const MAX_AMOUNT = 10n ** 15n;

export const fingerprintOf = (parts: unknown): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** House sub-accounts are interchangeable, so the shard is not part of what makes a request "the same". */
const refName = (ref: AccountRef) =>
  'member' in ref ? `member:${ref.member}` : ref.system === 'house' ? 'house' : `${ref.system}:${ref.sub ?? ''}`;

/** What makes two movements "the same request" (compared when a key comes again). */
export const movementFingerprint = (m: Pick<PostInput, 'kind' | 'legs' | 'reference' | 'gameRef' | 'gameType'>) =>
  fingerprintOf([
    m.kind,
    m.legs.map((l) => [refName(l.account), String(l.amount)]).sort(),
    m.reference ?? null,
    m.gameRef ?? null,
    m.gameType ?? null,
  ]);

export const checkKey = (key: string) => {
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw new AppError('LEDGER_INVALID', 'An idempotency key is 1 to 200 characters', 400);
  }
};

export const checkAmount = (amount: bigint) => {
  if (typeof amount !== 'bigint' || amount <= 0n || amount > MAX_AMOUNT) {
    throw new AppError('LEDGER_INVALID', 'The amount must be a positive whole number of minor units', 400);
  }
};

/**
 * Runs one ledger call and maps its errors. On its own (not inside a caller's transaction) it
 * retries the rare deadlock or serialisation failure; inside one, the caller's transaction is
 * already aborted and the caller decides.
 */
export const run = async <T>(retry: boolean, fn: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = pgCode(err);
      if (retry && (code === '40P01' || code === '40001') && attempt < 3) continue;
      throw ledgerError(err);
    }
  }
};

const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Ledger SQLSTATEs (src/db/functions/ledger.sql) as the API errors callers see. */
export const ledgerError = (err: unknown): unknown => {
  if (err instanceof AppError) return err;
  const e = err as { cause?: { detail?: string }; detail?: string };
  switch (pgCode(err)) {
    case 'LG402':
    case '23514': {
      let balance: string | null = null;
      try {
        balance = (JSON.parse(e?.cause?.detail ?? e?.detail ?? '{}') as { balance?: string }).balance ?? null;
      } catch {
        balance = null;
      }
      return new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance', 409, balance === null ? null : { balance });
    }
    case 'LG409':
      return new AppError('IDEMPOTENCY_CONFLICT', 'This transaction id was already used for a different request', 409);
    case 'LG410':
      return new AppError('TRANSACTION_ROLLED_BACK', 'This transaction was already rolled back', 409);
    case 'LG422':
      return new AppError('NOT_ROLLBACKABLE', 'Only a bet can be rolled back', 409);
    case 'LG400':
      return new AppError('LEDGER_INVALID', 'The movement is not valid', 400);
    case 'LG404':
      return new AppError('NOT_FOUND', 'No such ledger account', 404);
    default:
      return err;
  }
};
