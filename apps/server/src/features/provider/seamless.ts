import { createHash } from 'node:crypto';
import { isTrialType, type BodyOutput, type providerEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { WalletService } from '../wallet/service.ts';
import { batchKeys, betBatch, winBatch, type BatchAnswer, type BetItem, type WinItem } from './batches.ts';
import * as data from './data.ts';

type Bet = BodyOutput<typeof providerEndpoints.bet>;
type Win = BodyOutput<typeof providerEndpoints.win>;
type Rollback = BodyOutput<typeof providerEndpoints.rollback>;
type EndRound = BodyOutput<typeof providerEndpoints.endRound>;
export interface Answer {
  balance: string;
  currency: string;
}
/** A settled round with a win, for the winners board (recorded after the money has moved). */
export interface SettledWin {
  merchantId: number;
  memberId: number;
  gameId: number | null;
  roundRef: string;
  account: string;
  winAmount: bigint;
}

const retryable = (code: string, message: string, status = 404) =>
  new AppError(code, message, status, { retryable: true });
const conflict = () =>
  new AppError('TRANSACTION_CONFLICT', 'This transaction id was already used for a different request', 409);
export const walletKey = (provider: string, transactionId: string) => `pv:${provider}:${transactionId}`;
export const fingerprint = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
const playerIdOf = (memberId: number) => String(memberId);
const memberIdOf = (playerId: string): number => {
  if (!/^\d{1,10}$/.test(playerId)) throw new AppError('INVALID_PLAYER', 'Unknown player', 404);
  return Number(playerId);
};
/** A session's and a round's unchanging facts (see SeamlessWallet.sessionHints). */
interface SessionHint {
  merchantId: number;
  memberId: number;
  vassalage: string;
  gameType: string;
  gameId: number | null;
  launchGameCode: string;
  username: string;
}
interface RoundHint {
  merchantId: number;
  memberId: number;
  gameId: number | null;
  username: string;
}
const HINTS_KEPT = 100_000;
const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Answer;

/**
 * A transaction id seen before: the same request gets its stored answer; another request under
 * the same id is refused. An id claimed without an answer yet is a twin still in flight: it goes
 * on, and the ledger's key makes the money move once.
 */
const seen = (ctx: Record<string, unknown>, print: string): Answer | null => {
  if (ctx.tx_fingerprint === null || ctx.tx_fingerprint === undefined) return null;
  if (ctx.tx_fingerprint !== print) throw conflict();
  return ctx.tx_response ? parseJson(ctx.tx_response) : null;
};

/**
 * The seamless-wallet callbacks (design.md §4, decisions 033, 038 and 043). The money moves under the
 * idempotency key pv:<provider>:<transactionId>; the transaction id with its answer and the round are
 * recorded in the same statement and commit. The ledger applies a key once and answers a repeat with
 * the original result. A refusal writes nothing.
 * - A bet or win of a session or round this process has seen goes in a batch (batches.ts): one
 *   statement for many vendors' calls, each under the guard that re-checks what can change.
 * - Anything else, and whatever a batch did not take, goes the careful way: read the context, refuse
 *   with the exact reason or answer a replay, else move the money with the wallet's `alongside`.
 * A rollback still records after its money: a crash between the two is repaired by the vendor's
 * retry, which the ledger answers as a replay.
 */
export class SeamlessWallet {
  /** Quick bets and wins go in batches (decision 043); what a batch does not take goes the careful way. */
  readonly bets: Batcher<BetItem, BatchAnswer>;
  readonly wins: Batcher<WinItem, BatchAnswer>;
  /** Told when a whole batch fails (its calls then go the careful way); the routes log it. */
  onBatchFailure: (err: unknown, size: number) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    batching: { maxSize: number; inFlight: number } = { maxSize: 64, inFlight: 4 },
  ) {
    const onFailure = (err: unknown, size: number) => this.onBatchFailure(err, size);
    // Bets use lanes 0 … inFlight-1 and wins the next ones: each running batch has a house sub-account to itself.
    const betsOn = (items: BetItem[], lane: number) =>
      Promise.all(items.map(async (i) => ({ ...i, move: await wallet.placeOnLane(i.move, lane) })));
    const winsOn = (items: WinItem[], lane: number) =>
      Promise.all(
        items.map(async (i) => ({
          ...i,
          move: i.move && (await wallet.placeOnLane(i.move, batching.inFlight + lane)),
        })),
      );
    this.bets = new Batcher<BetItem, BatchAnswer>(async (items, lane) => betBatch(db, await betsOn(items, lane)), {
      ...batching,
      keysOf: batchKeys,
      onFailure,
    });
    this.wins = new Batcher<WinItem, BatchAnswer>(async (items, lane) => winBatch(db, await winsOn(items, lane)), {
      ...batching,
      keysOf: batchKeys,
      onFailure,
    });
  }

  /**
   * What a game session and a round were found to be (whose, which brand and game): facts that do
   * not change. With them a bet or a win skips the read before the money; the batch's guard checks
   * everything that can change (expiry, frozen, round state, a repeated id, the balance), and when it
   * does not hold the call takes the careful path that reads and names the reason (decisions 038, 043).
   */
  private readonly sessionHints = new Map<string, SessionHint>();
  private readonly roundHints = new Map<string, RoundHint>();

  private remember<T>(map: Map<string, T>, key: string, value: T) {
    map.delete(key);
    map.set(key, value);
    if (map.size > HINTS_KEPT) map.delete(map.keys().next().value!);
  }

  /** A bet on a session seen before: sent with others in one statement (batches.ts), or null to go the careful way. */
  private async quickBet(provider: string, b: Bet, tokenHash: string, print: string): Promise<Answer | null> {
    const hint = this.sessionHints.get(`${provider}:${tokenHash}`);
    if (!hint || playerIdOf(hint.memberId) !== b.playerId) return null;
    const { merchantId, memberId } = hint;
    const wallet = await this.wallet.walletOf(merchantId, memberId);
    if (wallet.currency !== b.currency) return null;
    const amount = BigInt(b.amount);
    const gameId = hint.launchGameCode === b.gameCode ? hint.gameId : null;
    const move = await this.wallet.gameMoveFor('bet', {
      merchantId,
      memberId,
      amount,
      key: walletKey(provider, b.transactionId),
      roundRef: `${provider}:${b.roundId}`,
      gameRef: b.gameCode,
      gameType: hint.gameType,
      meta: { provider, roundId: b.roundId },
    });
    const done = await this.bets.submit({
      provider,
      transactionId: b.transactionId,
      roundId: b.roundId,
      memberId,
      merchantId,
      amount: String(amount),
      currency: wallet.currency,
      fingerprint: print,
      vassalage: hint.vassalage,
      gameId,
      gameCode: b.gameCode,
      gameType: hint.gameType,
      detail: b.detail ?? null,
      sessionHash: tokenHash,
      move,
    });
    if (!done) return null;
    this.remember(this.roundHints, `${provider}:${b.roundId}`, {
      merchantId,
      memberId,
      gameId,
      username: hint.username,
    });
    return { balance: done.balance, currency: done.currency };
  }

  /** A win on a round this process saw bet: sent with others in one statement, or null to go the careful way. */
  private async quickWin(
    provider: string,
    w: Win,
    print: string,
  ): Promise<{ answer: Answer; settled: SettledWin | null } | null> {
    const roundKey = `${provider}:${w.roundId}`;
    const hint = this.roundHints.get(roundKey);
    if (!hint || playerIdOf(hint.memberId) !== w.playerId) return null;
    const { merchantId, memberId } = hint;
    const amount = BigInt(w.amount);
    const wallet = await this.wallet.walletOf(merchantId, memberId);
    const move =
      amount > 0n
        ? await this.wallet.gameMoveFor('win', {
            merchantId,
            memberId,
            amount,
            key: walletKey(provider, w.transactionId),
            roundRef: `${provider}:${w.roundId}`,
            gameRef: w.gameCode,
            meta: { provider, roundId: w.roundId },
          })
        : null;
    const done = await this.wins.submit({
      provider,
      transactionId: w.transactionId,
      roundId: w.roundId,
      memberId,
      merchantId,
      amount: String(amount),
      currency: w.currency,
      fingerprint: print,
      close: w.endRound,
      detail: w.detail ?? null,
      memberAccount: wallet.accountId,
      move,
    });
    if (!done) return null;
    if (w.endRound) this.roundHints.delete(roundKey);
    const after = { win_total: done.winTotal, status: done.status };
    return {
      answer: { balance: done.balance, currency: done.currency },
      settled: this.settledOf(w, after, hint, provider),
    };
  }

  /** A win's money with its record, in one statement. */
  private async winMoney(
    provider: string,
    w: Win,
    who: { merchantId: number; memberId: number },
    print: string,
    detail: string | null,
  ) {
    const { merchantId, memberId } = who;
    const amount = BigInt(w.amount);
    const res = await this.wallet
      .win({
        merchantId,
        memberId,
        amount,
        key: walletKey(provider, w.transactionId),
        roundRef: `${provider}:${w.roundId}`,
        gameRef: w.gameCode,
        meta: { provider, roundId: w.roundId },
        alongside: data.winRecord({
          merchantId,
          provider,
          transactionId: w.transactionId,
          memberId,
          amount,
          fingerprint: print,
          currency: w.currency,
          roundId: w.roundId,
          close: w.endRound,
          detail,
        }),
      })
      .catch((err) => this.refusal(err, merchantId, memberId, w.currency));
    return { answer: { balance: String(res.balance ?? 0n), currency: w.currency }, after: res.recorded ?? null };
  }

  private settledOf(w: Win, after: Record<string, unknown> | null, r: RoundHint, provider: string): SettledWin | null {
    const total = data.big(after?.win_total);
    return after && w.endRound && total > 0n
      ? {
          merchantId: r.merchantId,
          memberId: r.memberId,
          gameId: r.gameId,
          roundRef: `${provider}:${w.roundId}`,
          account: r.username,
          winAmount: total,
        }
      : null;
  }

  /** The wallet's refusals in the vendor's words; a bet beyond the balance answers the balance. */
  private async refusal(err: unknown, merchantId: number, memberId: number, currency: string): Promise<never> {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
      const { balance } = await this.wallet.balance(merchantId, memberId);
      throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance', 409, { balance: String(balance), currency });
    }
    if (err instanceof AppError && err.code === 'IDEMPOTENCY_CONFLICT') throw conflict();
    throw err;
  }

  async bet(provider: string, b: Bet): Promise<Answer> {
    const print = fingerprint(['bet', b.playerId, b.roundId, b.gameCode, b.amount, b.currency]);
    const tokenHash = hashToken(b.sessionToken);
    const quick = await this.quickBet(provider, b, tokenHash, print);
    if (quick) return quick;
    const c = await data.betContext(this.db, {
      provider,
      sessionTokenHash: tokenHash,
      roundId: b.roundId,
      transactionId: b.transactionId,
    });
    if (!c) throw new AppError('INVALID_TOKEN', 'The game session is unknown or has expired', 401);
    const replay = seen(c, print);
    if (replay) return replay;
    const memberId = data.num(c.member_id);
    const merchantId = data.num(c.merchant_id);
    if (playerIdOf(memberId) !== b.playerId)
      throw new AppError('INVALID_PLAYER', 'The player does not match the game session', 403);
    if (c.demo === true) throw new AppError('DEMO_SESSION', 'A free-trial session plays with play money only', 403);
    if (isTrialType(data.num(c.member_type))) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
    if (c.member_status !== 'active') throw new AppError('ACCOUNT_FROZEN', 'The account is frozen and cannot bet', 403);
    if (c.round_member_id !== null && c.round_member_id !== undefined) {
      if (data.num(c.round_member_id) !== memberId)
        throw new AppError('ROUND_CONFLICT', 'This round belongs to another player', 409);
      if (c.round_status !== 'open') throw new AppError('ROUND_CLOSED', 'This round has already ended', 409);
      if (c.round_currency !== b.currency)
        throw new AppError('CURRENCY_MISMATCH', `This round is played in ${c.round_currency as string}`, 400);
    }
    const wallet = await this.wallet.walletOf(merchantId, memberId);
    if (wallet.currency !== b.currency)
      throw new AppError('CURRENCY_MISMATCH', `The player's wallet is in ${wallet.currency}`, 400);
    const amount = BigInt(b.amount);
    const gameId = c.launch_game_code === b.gameCode && c.game_id !== null ? data.num(c.game_id) : null;
    const hint: SessionHint = {
      merchantId,
      memberId,
      vassalage: c.vassalage as string,
      gameType: c.game_type as string,
      gameId: c.game_id === null || c.game_id === undefined ? null : data.num(c.game_id),
      launchGameCode: c.launch_game_code as string,
      username: (c.username as string | null) ?? '',
    };
    const result = await this.wallet
      .bet({
        merchantId,
        memberId,
        amount,
        key: walletKey(provider, b.transactionId),
        roundRef: `${provider}:${b.roundId}`,
        gameRef: b.gameCode,
        gameType: c.game_type as string,
        meta: { provider, roundId: b.roundId },
        alongside: data.betRecord({
          merchantId,
          provider,
          transactionId: b.transactionId,
          memberId,
          amount,
          fingerprint: print,
          currency: wallet.currency,
          roundId: b.roundId,
          vassalage: c.vassalage as string,
          gameId,
          gameCode: b.gameCode,
          gameType: c.game_type as string,
          detail: b.detail ? JSON.stringify(b.detail) : null,
        }),
      })
      .catch((err) => this.refusal(err, merchantId, memberId, b.currency));
    this.remember(this.sessionHints, `${provider}:${tokenHash}`, hint);
    this.remember(this.roundHints, `${provider}:${b.roundId}`, {
      merchantId,
      memberId,
      gameId,
      username: hint.username,
    });
    return { balance: String(result.balance ?? 0n), currency: result.currency };
  }

  async win(provider: string, w: Win): Promise<{ answer: Answer; settled: SettledWin | null }> {
    const print = fingerprint([
      'win',
      w.playerId,
      w.roundId,
      w.gameCode,
      w.amount,
      w.currency,
      w.betTransactionId ?? null,
      w.endRound,
    ]);
    const quick = await this.quickWin(provider, w, print);
    if (quick) return quick;
    const r = await data.winContext(this.db, { provider, roundId: w.roundId, transactionId: w.transactionId });
    if (!r) throw retryable('ROUND_NOT_FOUND', 'No bet has arrived for this round yet; retry the win later');
    const replay = seen(r, print);
    if (replay) return { answer: replay, settled: null };
    const memberId = data.num(r.member_id);
    const merchantId = data.num(r.merchant_id);
    if (playerIdOf(memberId) !== w.playerId)
      throw new AppError('INVALID_PLAYER', 'The round belongs to another player', 403);
    if (r.status !== 'open') throw new AppError('ROUND_CLOSED', 'This round has already ended', 409);
    if (r.currency !== w.currency)
      throw new AppError('CURRENCY_MISMATCH', `This round is played in ${r.currency as string}`, 400);
    if (data.big(r.bet_total) === data.big(r.refund_total))
      throw new AppError('ROUND_CLOSED', 'Every bet of this round was rolled back', 409);
    const amount = BigInt(w.amount);
    const detail = w.detail ? JSON.stringify(w.detail) : null;
    let answer: Answer;
    let after: Record<string, unknown> | null;
    if (amount > 0n) {
      ({ answer, after } = await this.winMoney(provider, w, { merchantId, memberId }, print, detail));
    } else {
      const { balance } = await this.wallet.balance(merchantId, memberId);
      answer = { balance: String(balance), currency: w.currency };
      after = await data.recordWin(this.db, {
        merchantId,
        provider,
        transactionId: w.transactionId,
        memberId,
        amount,
        fingerprint: print,
        response: JSON.stringify(answer),
        roundId: w.roundId,
        balance,
        close: w.endRound,
        detail,
      });
    }
    if (w.endRound) this.roundHints.delete(`${provider}:${w.roundId}`);
    const total = data.big(after?.win_total);
    const settled =
      after && w.endRound && total > 0n
        ? {
            merchantId,
            memberId,
            gameId: r.game_id === null ? null : data.num(r.game_id),
            roundRef: `${provider}:${w.roundId}`,
            account: r.username as string,
            winAmount: total,
          }
        : null;
    return { answer, settled };
  }

  async rollback(provider: string, rb: Rollback): Promise<Answer> {
    const print = fingerprint(['rollback', rb.playerId, rb.roundId, rb.gameCode, rb.betTransactionId]);
    const memberId = memberIdOf(rb.playerId);
    const c = await data.rollbackContext(this.db, {
      provider,
      memberId,
      betTransactionId: rb.betTransactionId,
      transactionId: rb.transactionId,
    });
    if (!c) throw new AppError('INVALID_PLAYER', 'Unknown player', 404);
    const replay = seen(c, print);
    if (replay) return replay;
    if (c.bet_kind !== null && c.bet_kind !== undefined) {
      if (c.bet_kind !== 'bet') throw new AppError('NOT_ROLLBACKABLE', 'Only a bet can be rolled back', 409);
      if (data.num(c.bet_member_id) !== memberId)
        throw new AppError('INVALID_PLAYER', 'The bet belongs to another player', 403);
    }
    const merchantId = data.num(c.merchant_id);
    const res = await this.wallet
      .rollback({
        merchantId,
        key: walletKey(provider, rb.transactionId),
        debitKey: walletKey(provider, rb.betTransactionId),
        meta: { provider, roundId: rb.roundId },
      })
      .catch((err) => this.refusal(err, merchantId, memberId, ''));
    const reversed = res.outcome === 'reversed';
    const current = reversed && res.balance !== null ? null : await this.wallet.balance(merchantId, memberId);
    const balance = current ? current.balance : (res.balance as bigint);
    const answer = { balance: String(balance), currency: res.currency || current?.currency || '' };
    await data.recordRollback(this.db, {
      merchantId,
      provider,
      transactionId: rb.transactionId,
      memberId,
      amount: data.big(c.bet_amount),
      fingerprint: print,
      response: JSON.stringify(answer),
      roundId: (c.bet_round_id as string | null) ?? rb.roundId,
      balance,
      reversed,
    });
    return answer;
  }

  async endRound(provider: string, e: EndRound): Promise<{ answer: Answer; settled: SettledWin | null }> {
    const memberId = memberIdOf(e.playerId);
    const r = await data.endRound(this.db, {
      provider,
      roundId: e.roundId,
      memberId,
      detail: e.detail ? JSON.stringify(e.detail) : null,
    });
    if (!r) throw retryable('ROUND_NOT_FOUND', 'No bet has arrived for this round yet; retry later');
    const { balance, currency } = await this.wallet.balance(data.num(r.merchant_id), memberId);
    const settled =
      r.previous_status === 'open' && data.big(r.win_total) > 0n
        ? {
            merchantId: data.num(r.merchant_id),
            memberId,
            gameId: r.game_id === null ? null : data.num(r.game_id),
            roundRef: `${provider}:${e.roundId}`,
            account: (r.username as string) ?? '',
            winAmount: data.big(r.win_total),
          }
        : null;
    return { answer: { balance: String(balance), currency }, settled };
  }
}
