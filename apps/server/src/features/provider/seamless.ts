import { createHash } from 'node:crypto';
import { isTrialType, type BodyOutput, type providerEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type Bet = BodyOutput<typeof providerEndpoints.bet>;
type Win = BodyOutput<typeof providerEndpoints.win>;
type Rollback = BodyOutput<typeof providerEndpoints.rollback>;
type EndRound = BodyOutput<typeof providerEndpoints.endRound>;
export interface Answer {
  balance: string;
  currency: string;
}
/** A settled round with a win, for the winners board (recorded after the money commits). */
export interface SettledWin {
  merchantId: number;
  memberId: number;
  gameId: number | null;
  roundRef: string;
  account: string;
  winAmount: bigint;
}

/** Thrown inside a transaction to roll it back and answer with what was stored the first time. */
class Replay {
  constructor(readonly answer: Answer) {}
}
/** Thrown inside a transaction when the wallet refuses a debit for want of funds. */
class Insufficient {
  constructor(
    readonly merchantId: number,
    readonly memberId: number,
    readonly currency: string,
  ) {}
}

const retryable = (code: string, message: string, status = 404) => new AppError(code, message, status, { retryable: true });
export const walletKey = (provider: string, transactionId: string) => `pv:${provider}:${transactionId}`;
export const fingerprint = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
const playerIdOf = (memberId: number) => String(memberId);
const memberIdOf = (playerId: string): number => {
  if (!/^\d{1,10}$/.test(playerId)) throw new AppError('INVALID_PLAYER', 'Unknown player', 404);
  return Number(playerId);
};

/**
 * The seamless-wallet callbacks (design.md §4, docs/decisions: provider wallet API). Each money
 * call runs in one database transaction: claim the vendor's transaction id, move the money through
 * the wallet service (idempotency key pv:<provider>:<transactionId>), book it on the round, store
 * the answer. A refusal rolls the whole transaction back, so it changes nothing.
 */
export class SeamlessWallet {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
  ) {}

  /**
   * Runs a money call in one transaction. A replay of an applied transaction id answers what it
   * answered then; a bet beyond the balance answers with the balance read after the rollback.
   */
  private async once<T>(work: (tx: Db) => Promise<T>): Promise<T | Answer> {
    try {
      return await this.db.transaction(async (tx) => work(tx as unknown as Db));
    } catch (err) {
      if (err instanceof Replay) return err.answer;
      if (err instanceof Insufficient) {
        const { balance } = await this.wallet.balance(err.merchantId, err.memberId);
        throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance', 409, { balance: String(balance), currency: err.currency });
      }
      throw err;
    }
  }

  private async replayOrConflict(tx: Db, provider: string, transactionId: string, print: string): Promise<never> {
    const stored = await data.storedTransaction(tx, provider, transactionId);
    if (stored && stored.fingerprint === print && stored.response) throw new Replay(stored.response as unknown as Answer);
    throw new AppError('TRANSACTION_CONFLICT', 'This transaction id was already used for a different request', 409);
  }

  /** Maps the wallet's refusals to the vendor's codes (the transaction is rolled back by the throw). */
  private refusal(err: unknown, merchantId: number, memberId: number, currency: string): never {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') throw new Insufficient(merchantId, memberId, currency);
    if (err instanceof AppError && err.code === 'IDEMPOTENCY_CONFLICT') {
      throw new AppError('TRANSACTION_CONFLICT', 'This transaction id was already used for a different request', 409);
    }
    throw err;
  }

  async bet(provider: string, b: Bet): Promise<Answer> {
    const print = fingerprint(['bet', b.playerId, b.roundId, b.gameCode, b.amount, b.currency]);
    return this.once(async (tx) => {
      const amount = BigInt(b.amount);
      const c = await data.claimBet(tx, {
        provider, sessionTokenHash: hashToken(b.sessionToken), transactionId: b.transactionId, roundId: b.roundId,
        gameCode: b.gameCode, amount, fingerprint: print, currency: b.currency,
      });
      if (!c) throw new AppError('INVALID_TOKEN', 'The game session is unknown or has expired', 401);
      const memberId = data.num(c.member_id);
      const merchantId = data.num(c.merchant_id);
      if (c.claim_id === null) await this.replayOrConflict(tx, provider, b.transactionId, print);
      if (playerIdOf(memberId) !== b.playerId) throw new AppError('INVALID_PLAYER', 'The player does not match the game session', 403);
      if (c.demo === true) throw new AppError('DEMO_SESSION', 'A free-trial session plays with play money only', 403);
      if (isTrialType(data.num(c.member_type))) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
      if (c.member_status !== 'active') throw new AppError('ACCOUNT_FROZEN', 'The account is frozen and cannot bet', 403);
      if (data.num(c.round_member_id) !== memberId) throw new AppError('ROUND_CONFLICT', 'This round belongs to another player', 409);
      if (c.round_status !== 'open') throw new AppError('ROUND_CLOSED', 'This round has already ended', 409);
      if (c.round_currency !== b.currency) throw new AppError('CURRENCY_MISMATCH', `This round is played in ${c.round_currency as string}`, 400);
      const result = await this.wallet
        .bet({
          merchantId, memberId, amount, key: walletKey(provider, b.transactionId), roundRef: `${provider}:${b.roundId}`,
          gameRef: b.gameCode, gameType: c.game_type as string, meta: { provider, roundId: b.roundId }, db: tx,
        })
        .catch((err) => this.refusal(err, merchantId, memberId, b.currency));
      if (result.currency !== b.currency) throw new AppError('CURRENCY_MISMATCH', `The player's wallet is in ${result.currency}`, 400);
      const answer = { balance: String(result.balance ?? 0n), currency: result.currency };
      await data.finishBet(tx, {
        roundPk: data.num(c.round_pk), claimId: data.num(c.claim_id), amount, balance: result.balance ?? 0n,
        detail: b.detail ? JSON.stringify(b.detail) : null, response: JSON.stringify(answer),
      });
      return answer;
    });
  }

  async win(provider: string, w: Win): Promise<{ answer: Answer; settled: SettledWin | null }> {
    const print = fingerprint(['win', w.playerId, w.roundId, w.gameCode, w.amount, w.currency, w.betTransactionId ?? null, w.endRound]);
    let settled: SettledWin | null = null;
    const answer = await this.once(async (tx) => {
      const amount = BigInt(w.amount);
      const r = await data.claimOnRound(tx, { provider, roundId: w.roundId, transactionId: w.transactionId, kind: 'win', amount, fingerprint: print });
      if (!r) throw retryable('ROUND_NOT_FOUND', 'No bet has arrived for this round yet; retry the win later');
      if (r.claim_id === null) await this.replayOrConflict(tx, provider, w.transactionId, print);
      const memberId = data.num(r.member_id);
      const merchantId = data.num(r.merchant_id);
      if (playerIdOf(memberId) !== w.playerId) throw new AppError('INVALID_PLAYER', 'The round belongs to another player', 403);
      if (r.status !== 'open') throw new AppError('ROUND_CLOSED', 'This round has already ended', 409);
      if (r.currency !== w.currency) throw new AppError('CURRENCY_MISMATCH', `This round is played in ${r.currency as string}`, 400);
      if (data.big(r.bet_total) === data.big(r.refund_total)) {
        throw new AppError('ROUND_CLOSED', 'Every bet of this round was rolled back', 409);
      }
      let balance: bigint;
      if (amount > 0n) {
        const res = await this.wallet.win({
          merchantId, memberId, amount, key: walletKey(provider, w.transactionId), roundRef: `${provider}:${w.roundId}`,
          gameRef: w.gameCode, meta: { provider, roundId: w.roundId }, db: tx,
        }).catch((err) => this.refusal(err, merchantId, memberId, w.currency));
        balance = res.balance ?? 0n;
      } else {
        balance = (await this.wallet.balance(merchantId, memberId, tx)).balance;
      }
      const a = { balance: String(balance), currency: w.currency };
      const after = await data.finishWin(tx, {
        roundPk: data.num(r.id), claimId: data.num(r.claim_id), amount, balance, close: w.endRound,
        detail: w.detail ? JSON.stringify(w.detail) : null, response: JSON.stringify(a),
      });
      const total = data.big(after?.win_total);
      if (w.endRound && total > 0n) {
        settled = { merchantId, memberId, gameId: r.game_id === null ? null : data.num(r.game_id), roundRef: `${provider}:${w.roundId}`, account: r.username as string, winAmount: total };
      }
      return a;
    });
    return { answer, settled };
  }

  async rollback(provider: string, r: Rollback): Promise<Answer> {
    const print = fingerprint(['rollback', r.playerId, r.roundId, r.gameCode, r.betTransactionId]);
    const memberId = memberIdOf(r.playerId);
    return this.once(async (tx) => {
      const c = await data.claimRollback(tx, { provider, memberId, transactionId: r.transactionId, betTransactionId: r.betTransactionId, fingerprint: print });
      if (!c) throw new AppError('INVALID_PLAYER', 'Unknown player', 404);
      if (c.claim_id === null) await this.replayOrConflict(tx, provider, r.transactionId, print);
      if (c.bet_kind !== null && c.bet_kind !== undefined) {
        if (c.bet_kind !== 'bet') throw new AppError('NOT_ROLLBACKABLE', 'Only a bet can be rolled back', 409);
        if (data.num(c.bet_member_id) !== memberId) throw new AppError('INVALID_PLAYER', 'The bet belongs to another player', 403);
      }
      const merchantId = data.num(c.merchant_id);
      const res = await this.wallet.rollback({
        merchantId, key: walletKey(provider, r.transactionId), debitKey: walletKey(provider, r.betTransactionId),
        meta: { provider, roundId: r.roundId }, db: tx,
      });
      const balance = res.outcome === 'reversed' && res.balance !== null ? res.balance : (await this.wallet.balance(merchantId, memberId, tx)).balance;
      const currency = res.currency || (await this.wallet.balance(merchantId, memberId, tx)).currency;
      const a = { balance: String(balance), currency };
      await data.finishRollback(tx, {
        roundPk: c.round_pk === null || c.round_pk === undefined ? null : data.num(c.round_pk),
        claimId: data.num(c.claim_id), amount: data.big(c.bet_amount), balance, reversed: res.outcome === 'reversed', response: JSON.stringify(a),
      });
      return a;
    });
  }

  async endRound(provider: string, e: EndRound): Promise<{ answer: Answer; settled: SettledWin | null }> {
    const memberId = memberIdOf(e.playerId);
    const r = await data.endRound(this.db, { provider, roundId: e.roundId, memberId, detail: e.detail ? JSON.stringify(e.detail) : null });
    if (!r) throw retryable('ROUND_NOT_FOUND', 'No bet has arrived for this round yet; retry later');
    const { balance, currency } = await this.wallet.balance(data.num(r.merchant_id), memberId);
    let settled: SettledWin | null = null;
    if (r.previous_status === 'open' && data.big(r.win_total) > 0n) {
      const owner = await data.roundOwner(this.db, data.num(r.id));
      settled = {
        merchantId: data.num(r.merchant_id), memberId, gameId: r.game_id === null ? null : data.num(r.game_id),
        roundRef: `${provider}:${e.roundId}`, account: (owner?.username as string) ?? '', winAmount: data.big(r.win_total),
      };
    }
    return { answer: { balance: String(balance), currency }, settled };
  }
}
