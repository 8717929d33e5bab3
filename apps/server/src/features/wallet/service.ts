/**
 * The wallet: the only code that writes ledger postings (docs/decisions/ "the wallet service API").
 * Every other feature moves money by calling it on `app.ctx.wallet` with an idempotency key.
 *
 *   const r = await ctx.wallet.bet({ merchantId, memberId, amount: 500n, key: 'vendorX:tx-123',
 *                                    roundRef: 'vendorX:round-9', gameRef: 'slot-1', gameType: 'RNG' });
 *   await ctx.wallet.win({ merchantId, memberId, amount: 1200n, key: 'vendorX:tx-124', roundRef: 'vendorX:round-9' });
 *   await ctx.wallet.rollback({ merchantId, key: 'vendorX:tx-125', debitKey: 'vendorX:tx-123' });
 *   await ctx.wallet.transfer({ merchantId, from: { system: 'commission' }, to: { member: agentId },
 *                               amount: 9900n, key: 'salary:daily:2026-11-20:contract-7', kind: 'salary' });
 *   await ctx.wallet.post({ merchantId, key, kind: 'deposit', memberId,
 *                           legs: [{ account: { system: 'clearing', sub: 'PIX' }, amount: -1000n },
 *                                  { account: { member: memberId }, amount: 1000n }] });
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
 * - Member wallets are opened on first use; trial accounts hold play money ('PLAY'), so a movement
 *   between a trial and real money is refused.
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import * as data from './data.ts';
import { MAX_AMOUNT, checkAmount, checkKey, fingerprintOf, run } from './guards.ts';
import type {
  AccountRef,
  Common,
  GameMove,
  GameWalletSource,
  LaneMove,
  PostInput,
  PostResult,
  PreparedMove,
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

export interface WalletOptions {
  houseShards: number;
  currencyOf: (merchantId: number, db: Db) => Promise<string>;
}

export class WalletService {
  private gameWalletSources: GameWalletSource[] = [];
  private wallets = new Map<string, WalletAccount>();
  private systems = new Map<string, number>();
  constructor(
    private readonly db: Db,
    private readonly opts: WalletOptions,
  ) {}

  /** The member's wallet account, opened on first use. */
  async walletOf(merchantId: number, memberId: number, db: Db = this.db): Promise<WalletAccount> {
    const cacheKey = `${merchantId}:${memberId}`;
    const hit = this.wallets.get(cacheKey);
    if (hit) return hit;
    let row = await data.findWalletAccount(db, merchantId, memberId);
    if (!row) {
      await data.openWalletAccount(db, merchantId, memberId);
      row = await data.findWalletAccount(db, merchantId, memberId);
    }
    if (!row) throw new AppError('NOT_FOUND', 'No such member', 404);
    const account: WalletAccount = {
      accountId: row.id,
      currency: row.currency,
      kind: row.kind === 'agent' ? 'agent' : 'member',
      memberId,
    };
    // Only what is committed may be cached: an account opened inside a caller's transaction
    // disappears if that transaction rolls back.
    if (db === this.db) {
      if (this.wallets.size > 200_000) this.wallets.clear();
      this.wallets.set(cacheKey, account);
    }
    return account;
  }

  async balance(
    merchantId: number,
    memberId: number,
    db: Db = this.db,
  ): Promise<{ balance: bigint; currency: string }> {
    const w = await this.walletOf(merchantId, memberId, db);
    return { balance: await data.accountBalance(db, w.accountId), currency: w.currency };
  }

  /** One of the house's accounts in a currency, opened on first use. */
  async systemAccount(merchantId: number, currency: string, kind: SystemAccountKind, sub = '', db: Db = this.db) {
    const cacheKey = `${merchantId}:${currency}:${kind}:${sub}`;
    const hit = this.systems.get(cacheKey);
    if (hit) return hit;
    let id = await data.findSystemAccount(db, merchantId, currency, kind, sub);
    if (!id) {
      await data.openSystemAccount(db, merchantId, currency, kind, sub);
      id = await data.findSystemAccount(db, merchantId, currency, kind, sub);
    }
    if (db === this.db) this.systems.set(cacheKey, id!);
    return id!;
  }

  /** The house sub-account a key lands on: stable per key, spread evenly over the shards. */
  houseShard(key: string): string {
    // FNV-1a: cheap and even enough to spread keys over a handful of rows.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    return String((h >>> 0) % this.opts.houseShards);
  }

  /** A prepared move on a batch lane (decision 043): batches running at once never share a house sub-account. */
  async placeOnLane(move: PreparedMove, lane: number): Promise<LaneMove> {
    const house = await this.systemAccount(
      move.merchant_id,
      move.currency,
      'house',
      String(lane % this.opts.houseShards),
    );
    return { ...move, house_account: house };
  }

  async bet(input: GameMove): Promise<PostResult> {
    return this.gameMove('bet', input, -1n);
  }

  async win(input: GameMove): Promise<PostResult> {
    return this.gameMove('win', input, 1n);
  }

  private async gameMove(kind: 'bet' | 'win', input: GameMove, sign: bigint) {
    checkAmount(input.amount);
    const house: AccountRef = { system: 'house', sub: this.houseShard(input.key) };
    const member: AccountRef = { member: input.memberId };
    return this.post({
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
  }

  /**
   * A bet or a win made ready for a batch (ledger_post_moves, decision 043): the member's account
   * resolved and the fingerprint taken exactly as `bet`/`win` take it (the house shard is not part of
   * it), so a later call with the same key is recognised as the same request (or refused as a
   * different one) whichever way it came. The batch places it on its lane (`placeOnLane`).
   */
  async gameMoveFor(kind: 'bet' | 'win', input: GameMove): Promise<PreparedMove> {
    checkKey(input.key);
    checkAmount(input.amount);
    const wallet = await this.walletOf(input.merchantId, input.memberId);
    const memberSide = kind === 'bet' ? -input.amount : input.amount;
    const fingerprint = movementFingerprint({
      kind,
      legs: [
        { account: { member: input.memberId }, amount: memberSide },
        { account: { system: 'house' }, amount: -memberSide },
      ],
      reference: input.roundRef,
      gameRef: input.gameRef ?? null,
      gameType: input.gameType ?? null,
    });
    return {
      merchant_id: input.merchantId,
      key: input.key,
      kind,
      fingerprint,
      reference: input.roundRef,
      member_id: input.memberId,
      member_account: wallet.accountId,
      amount: String(memberSide),
      game_type: input.gameType ?? null,
      game_ref: input.gameRef ?? null,
      meta: input.meta ?? {},
      currency: wallet.currency,
    };
  }

  async rollback(input: Common & { debitKey: string }): Promise<RollbackResult> {
    checkKey(input.key);
    checkKey(input.debitKey);
    const db = input.db ?? this.db;
    const row = await run(!input.db, () =>
      data.rollback(db, {
        merchantId: input.merchantId,
        key: input.key,
        targetKey: input.debitKey,
        fingerprint: fingerprintOf(['rollback', input.debitKey]),
        kinds: ROLLBACKABLE_KINDS,
        meta: input.meta ?? {},
      }),
    );
    const currency = row.memberId ? (await this.walletOf(input.merchantId, row.memberId, db)).currency : '';
    return {
      transactionId: row.transactionId,
      replay: row.replay,
      outcome: row.outcome,
      memberId: row.memberId,
      balance: row.balanceAfter,
      currency,
      createdAt: row.createdAt,
    };
  }

  async transfer(input: TransferInput): Promise<PostResult> {
    checkAmount(input.amount);
    return this.post({
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
  }

  /** The general movement: all legs or none. */
  async post(input: PostInput): Promise<PostResult> {
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

    const db = input.db ?? this.db;
    const firstMember = input.legs.find((l) => 'member' in l.account)?.account as { member: number } | undefined;
    const anchor = firstMember ? await this.walletOf(input.merchantId, firstMember.member, db) : null;
    const currency = anchor?.currency ?? (await this.opts.currencyOf(input.merchantId, db));

    // Legs on the same account are netted, so each account gets one posting.
    const byAccount = new Map<number, bigint>();
    for (const leg of input.legs) {
      const id = await this.resolve(input.merchantId, currency, leg.account, db);
      byAccount.set(id, (byAccount.get(id) ?? 0n) + leg.amount);
    }
    const accounts = [...byAccount.entries()].filter(([, a]) => a !== 0n);
    if (accounts.length < 2) throw new AppError('LEDGER_INVALID', 'A movement needs two different accounts', 400);
    const primaryRef = input.primary ?? firstMember;
    const primaryAccountId = primaryRef ? await this.resolve(input.merchantId, currency, primaryRef, db) : null;
    const memberId = input.memberId !== undefined ? input.memberId : (firstMember?.member ?? null);
    const row = await run(!input.db, () =>
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
      transactionId: row.transactionId,
      replay: row.replay,
      balance: row.balanceAfter,
      currency,
      createdAt: row.createdAt,
      ...(input.alongside ? { recorded: row.recorded } : {}),
    };
  }

  registerGameWallets(source: GameWalletSource): void {
    this.gameWalletSources.push(source);
  }

  /** The member's balances held by transfer-model vendors; a vendor that fails is 'unavailable'. */
  async gameWallets(merchantId: number, memberId: number) {
    const all = await Promise.all(
      this.gameWalletSources.map((s) =>
        s.balances(merchantId, memberId).catch(() => [] as { vassalage: string; balance: bigint | null }[]),
      ),
    );
    return all.flat().map((g) => ({
      vassalage: g.vassalage,
      balance: g.balance ?? 0n,
      status: g.balance === null ? ('unavailable' as const) : ('ok' as const),
    }));
  }

  /** Did an operation with this key happen? (For callers reconciling after a timeout.) */
  findByKey(merchantId: number, key: string, db: Db = this.db) {
    return data.findTransactionByKey(db, merchantId, key);
  }

  private async resolve(merchantId: number, currency: string, ref: AccountRef, db: Db): Promise<number> {
    if ('member' in ref) {
      const w = await this.walletOf(merchantId, ref.member, db);
      if (w.currency !== currency) {
        throw new AppError('CURRENCY_MISMATCH', 'Play money and real money never mix', 400);
      }
      return w.accountId;
    }
    return this.systemAccount(merchantId, currency, ref.system, ref.sub ?? '', db);
  }
}

/** What makes two movements "the same request" (compared when a key comes again). */
const movementFingerprint = (m: Pick<PostInput, 'kind' | 'legs' | 'reference' | 'gameRef' | 'gameType'>) =>
  fingerprintOf([
    m.kind,
    m.legs.map((l) => [refName(l.account), String(l.amount)]).sort(),
    m.reference ?? null,
    m.gameRef ?? null,
    m.gameType ?? null,
  ]);

/** House sub-accounts are interchangeable, so the shard is not part of what makes a request "the same". */
const refName = (ref: AccountRef) =>
  'member' in ref ? `member:${ref.member}` : ref.system === 'house' ? 'house' : `${ref.system}:${ref.sub ?? ''}`;

/** The process's wallet, as `app.ctx.wallet`. A merchant's currency is read once and kept. */
export const createWalletService = (db: Db, opts: { houseShards: number }): WalletService => {
  const currencies = new Map<number, string>();
  return new WalletService(db, {
    houseShards: opts.houseShards,
    currencyOf: async (merchantId, using) => {
      const known = currencies.get(merchantId);
      if (known) return known;
      const currency = await data.merchantCurrency(using, merchantId);
      if (!currency) throw new AppError('NOT_FOUND', 'Unknown merchant', 404);
      currencies.set(merchantId, currency);
      return currency;
    },
  });
};
