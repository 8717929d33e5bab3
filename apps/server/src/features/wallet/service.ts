/**
 * The wallet: the only code that writes ledger postings or reads the ledger's tables (decisions 011
 * and 047). Every other feature moves money by calling it (`wallet`, built in src/context.ts) with an
 * idempotency key.
 *
 *   const r = await wallet.bet({ merchantId, memberId, amount: 500n, key: 'vendorX:tx-123',
 *                                roundRef: 'vendorX:round-9', gameRef: 'slot-1', gameType: 'RNG' });
 *   await wallet.win({ merchantId, memberId, amount: 1200n, key: 'vendorX:tx-124', roundRef: 'vendorX:round-9' });
 *   await wallet.rollback({ merchantId, key: 'vendorX:tx-125', debitKey: 'vendorX:tx-123' });
 *   await wallet.transfer({ merchantId, from: { system: 'commission' }, to: { member: agentId },
 *                           amount: 9900n, key: 'salary:daily:2026-11-20:contract-7', kind: 'salary' });
 *   await wallet.post({ merchantId, key, kind: 'deposit', memberId,
 *                       legs: [{ account: { system: 'clearing', sub: 'PIX' }, amount: -1000n },
 *                              { account: { member: memberId }, amount: 1000n }] });
 *
 * Rules every call follows:
 * - Amounts are bigint minor units, positive where the method takes an `amount`.
 * - `key` is unique per merchant. A replay (same key, same request) returns the stored original
 *   result with `replay: true` and changes nothing; the same key with a different request throws
 *   409 IDEMPOTENCY_CONFLICT. A refused call (insufficient funds, conflict, …) changes nothing.
 * - `bet` debits the member and credits one of the house's sub-accounts (chosen by the key's
 *   hash, so concurrent bets never queue on one row). `win` is the reverse. `rollback` reverses a
 *   bet by its key exactly once; a rollback that arrives first leaves a tombstone, and the late
 *   bet is then refused with 409 TRANSACTION_ROLLED_BACK.
 * - `post` is the general multi-leg movement: all legs or none; legs must sum to zero.
 * - Pass `db` (a transaction) to make the movement part of a larger unit of work: it commits or
 *   rolls back with it. Or pass `alongside`: the caller's own record of the movement, written by the
 *   same statement (one round trip, one commit; types.ts `Alongside`).
 * - Bets and wins of many callers can go together in one statement with the callers' records
 *   (`gameMoveFor`, `postBatch`; batches/service.ts, decision 047).
 * - Member wallets are opened on first use; trial accounts hold play money ('PLAY'), so a movement
 *   between a trial and real money is refused.
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { createMoveBatches } from './batches/service.ts';
import * as data from './data.ts';
import { MAX_AMOUNT, checkAmount, checkKey, fingerprintOf, movementFingerprint, run } from './guards.ts';
import type {
  AccountRef,
  Common,
  GameMove,
  GameWalletSource,
  PostInput,
  PostResult,
  RollbackResult,
  SystemAccountKind,
  TransferInput,
  WalletAccount,
} from './types.ts';

export type * from './types.ts';
export { MAX_AMOUNT, ledgerError } from './guards.ts';

/** Kinds a provider may roll back. */
export const ROLLBACKABLE_KINDS = ['bet'];
const RESERVED_KINDS = new Set(['rollback', 'tombstone']);

export interface WalletDeps {
  db: Db;
  /** House sub-accounts the bets and wins are spread over (WALLET_HOUSE_SHARDS). */
  houseShards: number;
}

/** The process's wallet. Accounts and a merchant's currency are read once and kept (only what is committed). */
export const createWalletService = ({ db: root, houseShards }: WalletDeps) => {
  const gameWalletSources: GameWalletSource[] = [];
  const wallets = new Map<string, WalletAccount>();
  const systems = new Map<string, number>();
  const currencies = new Map<number, string>();

  /** The member's wallet account, opened on first use. */
  const walletOf = async (merchantId: number, memberId: number, db: Db = root): Promise<WalletAccount> => {
    const cacheKey = `${merchantId}:${memberId}`;
    const hit = wallets.get(cacheKey);
    if (hit) return hit;
    let found = await data.findWalletAccount(db, merchantId, memberId);
    if (!found) {
      await data.openWalletAccount(db, merchantId, memberId);
      found = await data.findWalletAccount(db, merchantId, memberId);
    }
    if (!found) throw new AppError('NOT_FOUND', 'No such member', 404);
    const account: WalletAccount = {
      accountId: found.id,
      currency: found.currency,
      kind: found.kind === 'agent' ? 'agent' : 'member',
      memberId,
    };
    // Only what is committed may be cached: an account opened inside a caller's transaction
    // disappears if that transaction rolls back.
    if (db === root) {
      if (wallets.size > 200_000) wallets.clear();
      wallets.set(cacheKey, account);
    }
    return account;
  };

  /**
   * The wallets of many members in one query (a settlement's winners), each as `walletOf` answers
   * it; a member without an account yet gets one through `walletOf`.
   */
  const walletsOf = async (
    merchantId: number,
    memberIds: number[],
    db: Db = root,
  ): Promise<Map<number, WalletAccount>> => {
    const out = new Map<number, WalletAccount>();
    const missing: number[] = [];
    for (const id of new Set(memberIds)) {
      const hit = wallets.get(`${merchantId}:${id}`);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    for (const found of await data.findWalletAccounts(db, merchantId, missing)) {
      const account: WalletAccount = {
        accountId: found.id,
        currency: found.currency,
        kind: found.kind === 'agent' ? 'agent' : 'member',
        memberId: found.ownerId,
      };
      out.set(found.ownerId, account);
      if (db === root) wallets.set(`${merchantId}:${found.ownerId}`, account);
    }
    for (const id of missing) if (!out.has(id)) out.set(id, await walletOf(merchantId, id, db));
    return out;
  };

  /** One of the house's accounts in a currency, opened on first use. */
  const systemAccount = async (
    merchantId: number,
    currency: string,
    kind: SystemAccountKind,
    sub = '',
    db: Db = root,
  ): Promise<number> => {
    const cacheKey = `${merchantId}:${currency}:${kind}:${sub}`;
    const hit = systems.get(cacheKey);
    if (hit) return hit;
    let id = await data.findSystemAccount(db, merchantId, currency, kind, sub);
    if (!id) {
      await data.openSystemAccount(db, merchantId, currency, kind, sub);
      id = await data.findSystemAccount(db, merchantId, currency, kind, sub);
    }
    if (db === root) systems.set(cacheKey, id!);
    return id!;
  };

  const currencyOf = async (merchantId: number, db: Db): Promise<string> => {
    const known = currencies.get(merchantId);
    if (known) return known;
    const currency = await data.merchantCurrency(db, merchantId);
    if (!currency) throw new AppError('NOT_FOUND', 'Unknown merchant', 404);
    currencies.set(merchantId, currency);
    return currency;
  };

  /** The house sub-account a key lands on: stable per key, spread evenly over the shards. */
  const houseShard = (key: string): string => {
    // FNV-1a: cheap and even enough to spread keys over a handful of rows.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    return String((h >>> 0) % houseShards);
  };

  const resolve = async (merchantId: number, currency: string, ref: AccountRef, db: Db): Promise<number> => {
    if ('member' in ref) {
      const w = await walletOf(merchantId, ref.member, db);
      if (w.currency !== currency) {
        throw new AppError('CURRENCY_MISMATCH', 'Play money and real money never mix', 400);
      }
      return w.accountId;
    }
    return systemAccount(merchantId, currency, ref.system, ref.sub ?? '', db);
  };

  /** The general movement: all legs or none. */
  const post = async (input: PostInput): Promise<PostResult> => {
    checkKey(input.key);
    if (!input.kind || RESERVED_KINDS.has(input.kind) || input.kind.length > 40) {
      throw new AppError('LEDGER_INVALID', `Not a movement kind: ${input.kind}`, 400);
    }
    if (input.legs.length < 2) throw new AppError('LEDGER_INVALID', 'A movement needs at least two legs', 400);
    let sum = 0n;
    for (const leg of input.legs) {
      if (leg.amount === 0n || leg.amount > MAX_AMOUNT || leg.amount < -MAX_AMOUNT) {
        throw new AppError('LEDGER_INVALID', 'Each leg moves a non-zero amount within limits', 400);
      }
      sum += leg.amount;
    }
    if (sum !== 0n) throw new AppError('LEDGER_INVALID', 'Legs must sum to zero', 400);
    if (input.alongside && input.db)
      throw new AppError('LEDGER_INVALID', "A record alongside a movement cannot join a caller's transaction", 400);

    const db = input.db ?? root;
    const firstMember = input.legs.find((l) => 'member' in l.account)?.account as { member: number } | undefined;
    const anchor = firstMember ? await walletOf(input.merchantId, firstMember.member, db) : null;
    const currency = anchor?.currency ?? (await currencyOf(input.merchantId, db));

    // Legs on the same account are netted, so each account gets one posting.
    const byAccount = new Map<number, bigint>();
    for (const leg of input.legs) {
      const id = await resolve(input.merchantId, currency, leg.account, db);
      byAccount.set(id, (byAccount.get(id) ?? 0n) + leg.amount);
    }
    const accounts = [...byAccount.entries()].filter(([, a]) => a !== 0n);
    if (accounts.length < 2) throw new AppError('LEDGER_INVALID', 'A movement needs two different accounts', 400);
    const primaryRef = input.primary ?? firstMember;
    const primaryAccountId = primaryRef ? await resolve(input.merchantId, currency, primaryRef, db) : null;
    const memberId = input.memberId !== undefined ? input.memberId : (firstMember?.member ?? null);
    const posted = await run(!input.db, () =>
      data.post(
        db,
        {
          merchantId: input.merchantId,
          key: input.key,
          kind: input.kind,
          fingerprint: movementFingerprint(input),
          reference: input.reference ?? null,
          memberId,
          primaryAccountId,
          gameType: input.gameType ?? null,
          gameRef: input.gameRef ?? null,
          meta: input.meta ?? {},
          accounts: accounts.map(([id]) => id),
          amounts: accounts.map(([, a]) => a),
        },
        input.alongside,
      ),
    );
    return {
      transactionId: posted.transactionId,
      replay: posted.replay,
      balance: posted.balanceAfter,
      currency,
      createdAt: posted.createdAt,
      ...(input.alongside ? { recorded: posted.recorded } : {}),
    };
  };

  const gameMove = async (kind: 'bet' | 'win', input: GameMove, sign: bigint): Promise<PostResult> => {
    checkAmount(input.amount);
    const house: AccountRef = { system: 'house', sub: houseShard(input.key) };
    const member: AccountRef = { member: input.memberId };
    return post({
      merchantId: input.merchantId,
      key: input.key,
      kind,
      memberId: input.memberId,
      primary: member,
      reference: input.roundRef,
      gameRef: input.gameRef ?? null,
      gameType: input.gameType ?? null,
      meta: input.meta,
      db: input.db,
      ...(input.alongside ? { alongside: input.alongside } : {}),
      legs: [
        { account: member, amount: sign * input.amount },
        { account: house, amount: -sign * input.amount },
      ],
    });
  };

  return {
    walletOf,
    walletsOf,

    async balance(merchantId: number, memberId: number, db: Db = root): Promise<{ balance: bigint; currency: string }> {
      const w = await walletOf(merchantId, memberId, db);
      return { balance: await data.accountBalance(db, w.accountId), currency: w.currency };
    },

    systemAccount,
    houseShard,

    /** A member's stakes, wins and refunds since a moment (player protection's wager and loss limits). */
    async playSince(merchantId: number, memberId: number, since: Date, db: Db = root) {
      const w = await walletOf(merchantId, memberId, db);
      return { ...(await data.playSince(db, w.accountId, since)), currency: w.currency };
    },

    /** A member's credited deposits since a moment, from the ledger (the VIP levels, decision 074). */
    async depositsSince(merchantId: number, memberId: number, since: Date, db: Db = root): Promise<bigint> {
      const w = await walletOf(merchantId, memberId, db);
      return data.depositsSince(db, w.accountId, since);
    },

    bet: (input: GameMove): Promise<PostResult> => gameMove('bet', input, -1n),
    win: (input: GameMove): Promise<PostResult> => gameMove('win', input, 1n),

    /** gameMoveFor, placeOnLane and postBatch: many callers' bets and wins in one statement. */
    ...createMoveBatches({ db: root, houseShards, walletOf, systemAccount }),

    async rollback(input: Common & { debitKey: string }): Promise<RollbackResult> {
      checkKey(input.key);
      checkKey(input.debitKey);
      const db = input.db ?? root;
      const rolled = await run(!input.db, () =>
        data.rollback(db, {
          merchantId: input.merchantId,
          key: input.key,
          targetKey: input.debitKey,
          fingerprint: fingerprintOf(['rollback', input.debitKey]),
          kinds: ROLLBACKABLE_KINDS,
          meta: input.meta ?? {},
        }),
      );
      const currency = rolled.memberId ? (await walletOf(input.merchantId, rolled.memberId, db)).currency : '';
      return {
        transactionId: rolled.transactionId,
        replay: rolled.replay,
        outcome: rolled.outcome,
        memberId: rolled.memberId,
        balance: rolled.balanceAfter,
        currency,
        createdAt: rolled.createdAt,
      };
    },

    async transfer(input: TransferInput): Promise<PostResult> {
      checkAmount(input.amount);
      return post({
        merchantId: input.merchantId,
        key: input.key,
        kind: input.kind ?? 'transfer',
        reference: input.reference ?? null,
        meta: input.meta,
        db: input.db,
        legs: [
          { account: input.from, amount: -input.amount },
          { account: input.to, amount: input.amount },
        ],
      });
    },

    post,

    registerGameWallets(source: GameWalletSource): void {
      gameWalletSources.push(source);
    },

    /** The member's balances held by transfer-model vendors; a vendor that fails is 'unavailable'. */
    async gameWallets(merchantId: number, memberId: number) {
      const all = await Promise.all(
        gameWalletSources.map((s) =>
          s.balances(merchantId, memberId).catch(() => [] as { vassalage: string; balance: bigint | null }[]),
        ),
      );
      return all.flat().map((g) => ({
        vassalage: g.vassalage,
        balance: g.balance ?? 0n,
        status: g.balance === null ? ('unavailable' as const) : ('ok' as const),
      }));
    },

    /** Did an operation with this key happen? (For callers reconciling after a timeout.) */
    async findByKey(merchantId: number, key: string, db: Db = root) {
      return data.findTransactionByKey(db, merchantId, key);
    },
  };
};

export type WalletService = ReturnType<typeof createWalletService>;
