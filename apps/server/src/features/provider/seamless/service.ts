import { createHash } from 'node:crypto';
import { PROTECTION_CODES, isTrialType, type BodyOutput, type providerEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { Batcher } from '../../../lib/batcher.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { ProtectionService } from '../../protection/service.ts';
import type { HoldReason, WinLimits } from '../limits/service.ts';
import {
  BETS,
  WINS,
  batchKeys,
  betEntry,
  winEntry,
  type BatchAnswer,
  type BetItem,
  type WinItem,
} from './batches/data.ts';
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
  // A member id is a positive int4: anything else names no player (and must not reach the database).
  if (!/^[1-9][0-9]{0,9}$/.test(playerId) || Number(playerId) > 2_147_483_647)
    throw new AppError('INVALID_PLAYER', 'Unknown player', 404);
  return Number(playerId);
};
/** A session's and a round's unchanging facts (see `sessionHints` below). */
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
  vassalage: string;
  gameType: string;
  /** The stakes this process saw go on the round: never more than its real stakes. */
  stake: bigint;
}
const HINTS_KEPT = 100_000;
const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Answer;
/** A round's win total after a win (the stored record of the careful path, or a batch's answer). */
const winTotalOf = (after: { winTotal: bigint | string | null } | null) =>
  after?.winTotal === null || after?.winTotal === undefined ? 0n : BigInt(after.winTotal);

/** The SQLSTATE of a database error, possibly wrapped by the driver's layer. */
const pgCodeOf = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
};
/** A record that had to go with the money could not be written (provider_refuse, PV409): the protocol code it names. */
const refusedAs = (err: unknown): 'ROUND_CONFLICT' | 'ROUND_CLOSED' | null => {
  if (pgCodeOf(err) !== 'PV409') return null;
  const e = err as { message?: string; cause?: { message?: string } };
  const message = e.cause?.message ?? e.message ?? '';
  return message.includes('ROUND_CONFLICT') ? 'ROUND_CONFLICT' : 'ROUND_CLOSED';
};
const ROUND_TAKEN = () => new AppError('ROUND_CONFLICT', 'This round belongs to another player', 409);
const ROUND_ENDED = () => new AppError('ROUND_CLOSED', 'This round has already ended', 409);
/** A serialisation failure or deadlock of a transaction of ours: safe to run again from the start. */
const retryableTx = (err: unknown) => pgCodeOf(err) === '40P01' || pgCodeOf(err) === '40001';

/**
 * A transaction id seen before: the same request gets its stored answer; another request under
 * the same id is refused. An id claimed without an answer yet is a twin still in flight: it goes
 * on, and the ledger's key makes the money move once.
 */
const seen = (c: { txFingerprint: string | null; txResponse: unknown }, print: string): Answer | null => {
  if (c.txFingerprint === null) return null;
  if (c.txFingerprint !== print) throw conflict();
  return c.txResponse ? parseJson(c.txResponse) : null;
};

export interface SeamlessDeps {
  db: Db;
  wallet: WalletService;
  /** The operators' win limits (decision 053): a win past them is held. */
  limits: Pick<WinLimits, 'forRound' | 'holdReason'>;
  /**
   * Player protection (issue 24): a bet of a guarded member (any limit or restriction; the batch
   * guard sends them the careful way) is asked about first.
   */
  protection: Pick<ProtectionService, 'assertMayPlay'>;
  /** PROVIDER_BATCH_SIZE and PROVIDER_BATCH_IN_FLIGHT (decision 043). */
  batching?: { maxSize: number; inFlight: number };
}

/** Player protection's refusals in the protocol's words: the player is restricted, or a limit is reached. */
const inVendorTerms = (err: unknown): never => {
  if (err instanceof AppError && err.code.startsWith('PROTECTION_')) {
    const code = err.code === PROTECTION_CODES.limit ? 'LIMIT_REACHED' : 'PLAYER_RESTRICTED';
    throw new AppError(code, err.message, 403, err.value);
  }
  throw err;
};

/**
 * The seamless-wallet callbacks (design.md §4, decisions 033, 038, 043 and 047). The money moves
 * under the idempotency key pv:<provider>:<transactionId>; the transaction id with its answer and the
 * round are recorded in the same statement and commit. The ledger applies a key once and answers a
 * repeat with the original result. A refusal writes nothing.
 * - A bet or win of a session or round this process has seen goes in a batch (batches.ts, through
 *   `wallet.postBatch`): one statement for many vendors' calls, each under the guard that re-checks
 *   what can change.
 * - Anything else, and whatever a batch did not take, goes the careful way: read the context, refuse
 *   with the exact reason or answer a replay, else move the money with the wallet's `alongside`.
 * A rollback still records after its money: a crash between the two is repaired by the vendor's
 * retry, which the ledger answers as a replay.
 */
export const createSeamlessWallet = ({
  db,
  wallet,
  limits,
  protection,
  batching = { maxSize: 256, inFlight: 4 },
}: SeamlessDeps) => {
  const onFailure = (err: unknown, size: number) => seamless.onBatchFailure(err, size);
  // Bets use lanes 0 … inFlight-1 and wins the next ones: each running batch has a house sub-account to itself.
  const bets = new Batcher<BetItem, BatchAnswer>((items, lane) => wallet.postBatch(BETS, items.map(betEntry), lane), {
    ...batching,
    keysOf: batchKeys,
    onFailure,
  });
  const wins = new Batcher<WinItem, BatchAnswer>(
    (items, lane) => wallet.postBatch(WINS, items.map(winEntry), batching.inFlight + lane),
    { ...batching, keysOf: batchKeys, onFailure },
  );

  /**
   * What a game session and a round were found to be (whose, which brand and game): facts that do
   * not change. With them a bet or a win skips the read before the money; the batch's guard checks
   * everything that can change (expiry, frozen, round state, a repeated id, the balance), and when it
   * does not hold the call takes the careful path that reads and names the reason (decisions 038, 043).
   */
  const sessionHints = new Map<string, SessionHint>();
  const roundHints = new Map<string, RoundHint>();

  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > HINTS_KEPT) map.delete(map.keys().next().value!);
  };

  /** A round's hint after a bet: its facts, with the bet added to the stakes seen. */
  const rememberRound = (
    provider: string,
    roundId: string,
    r: Omit<RoundHint, 'vassalage' | 'gameType' | 'stake'>,
    session: Pick<SessionHint, 'vassalage' | 'gameType'>,
    amount: bigint,
  ) => {
    const key = `${provider}:${roundId}`;
    const before = roundHints.get(key);
    const stake = (before && before.memberId === r.memberId ? before.stake : 0n) + amount;
    remember(roundHints, key, { ...r, vassalage: session.vassalage, gameType: session.gameType, stake });
  };

  /** A bet on a session seen before: sent with others in one statement (batches.ts), or null to go the careful way. */
  const quickBet = async (provider: string, b: Bet, tokenHash: string, print: string): Promise<Answer | null> => {
    const hint = sessionHints.get(`${provider}:${tokenHash}`);
    if (!hint || playerIdOf(hint.memberId) !== b.playerId) return null;
    const { merchantId, memberId } = hint;
    const account = await wallet.walletOf(merchantId, memberId);
    if (account.currency !== b.currency) return null;
    const amount = BigInt(b.amount);
    const gameId = hint.launchGameCode === b.gameCode ? hint.gameId : null;
    const move = await wallet.gameMoveFor('bet', {
      merchantId,
      memberId,
      amount,
      key: walletKey(provider, b.transactionId),
      roundRef: `${provider}:${b.roundId}`,
      gameRef: b.gameCode,
      gameType: hint.gameType,
      meta: { provider, roundId: b.roundId },
    });
    const done = await bets.submit({
      provider,
      transactionId: b.transactionId,
      roundId: b.roundId,
      memberId,
      merchantId,
      amount: String(amount),
      currency: account.currency,
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
    rememberRound(provider, b.roundId, { merchantId, memberId, gameId, username: hint.username }, hint, amount);
    return { balance: done.balance, currency: done.currency };
  };

  const settledOf = (
    w: Win,
    after: { winTotal: bigint | string | null } | null,
    r: Pick<RoundHint, 'merchantId' | 'memberId' | 'gameId' | 'username'>,
    provider: string,
  ): SettledWin | null => {
    const total = winTotalOf(after);
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
  };

  /** A win on a round this process saw bet: sent with others in one statement, or null to go the careful way. */
  const quickWin = async (
    provider: string,
    w: Win,
    print: string,
  ): Promise<{ answer: Answer; settled: SettledWin | null } | null> => {
    const roundKey = `${provider}:${w.roundId}`;
    const hint = roundHints.get(roundKey);
    if (!hint || playerIdOf(hint.memberId) !== w.playerId) return null;
    const { merchantId, memberId } = hint;
    const amount = BigInt(w.amount);
    // A win that may go past the limits goes the careful way, which reads the round's real stakes.
    if (
      amount > 0n &&
      limits.holdReason(await limits.forRound(merchantId, hint.vassalage, hint.gameType), amount, hint.stake)
    )
      return null;
    const move =
      amount > 0n
        ? await wallet.gameMoveFor('win', {
            merchantId,
            memberId,
            amount,
            key: walletKey(provider, w.transactionId),
            roundRef: `${provider}:${w.roundId}`,
            gameRef: w.gameCode,
            // The round's game type, as its bets carry it: profit by game type counts the win there.
            gameType: hint.gameType,
            meta: { provider, roundId: w.roundId },
          })
        : null;
    const done = await wins.submit({
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
      move,
    });
    if (!done) return null;
    if (w.endRound) roundHints.delete(roundKey);
    return {
      answer: { balance: done.balance, currency: done.currency },
      settled: settledOf(w, done, hint, provider),
    };
  };

  /** The wallet's refusals in the vendor's words; a bet beyond the balance answers the balance. */
  const refusal = async (err: unknown, merchantId: number, memberId: number, currency: string): Promise<never> => {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
      const { balance } = await wallet.balance(merchantId, memberId);
      throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance', 409, { balance: String(balance), currency });
    }
    if (err instanceof AppError && err.code === 'IDEMPOTENCY_CONFLICT') throw conflict();
    const refused = refusedAs(err);
    if (refused === 'ROUND_CONFLICT') throw ROUND_TAKEN();
    if (refused === 'ROUND_CLOSED') throw ROUND_ENDED();
    throw err;
  };

  /** A win's money with its record, in one statement. */
  const winMoney = async (
    provider: string,
    w: Win,
    who: { merchantId: number; memberId: number; gameType: string | null },
    print: string,
    detail: string | null,
    held: { vassalage: string; gameType: string; gameCode: string; stake: bigint; reason: HoldReason } | null,
  ) => {
    const { merchantId, memberId } = who;
    const amount = BigInt(w.amount);
    const key = walletKey(provider, w.transactionId);
    const record = data.winRecord({
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
      ...(held ? { held } : {}),
    });
    const res = await (
      held
        ? // Held: from the house to the pending-win account; the answer carries the player's balance as it stands.
          wallet.post({
            merchantId,
            key,
            kind: 'win_held',
            memberId,
            primary: { member: memberId },
            reference: `${provider}:${w.roundId}`,
            gameRef: w.gameCode,
            gameType: held.gameType,
            meta: { provider, roundId: w.roundId, reason: held.reason },
            legs: [
              { account: { system: 'house', sub: wallet.houseShard(key) }, amount: -amount },
              { account: { system: 'pending_win' }, amount },
            ],
            alongside: record,
          })
        : wallet.win({
            merchantId,
            memberId,
            amount,
            key,
            roundRef: `${provider}:${w.roundId}`,
            gameRef: w.gameCode,
            gameType: who.gameType,
            meta: { provider, roundId: w.roundId },
            alongside: record,
          })
    ).catch((err) => refusal(err, merchantId, memberId, w.currency));
    return {
      answer: { balance: String(res.balance ?? 0n), currency: w.currency },
      after: res.recorded ? data.WinRecorded.parse(res.recorded) : null,
    };
  };

  const seamless = {
    /** Quick bets and wins go in batches (decision 043); what a batch does not take goes the careful way. */
    bets,
    wins,
    /** Told when a whole batch fails (its calls then go the careful way); the routes log it. */
    onBatchFailure: (_err: unknown, _size: number): void => {},

    /**
     * Before many wins at once (the `wins` call, decision 105): the rounds this process has no hint of
     * are read in one query, so their wins go in batches instead of each reading its round. A hint
     * holds only what does not change (and the stakes, read now); the batch's guard checks the rest.
     */
    async warmRounds(provider: string, roundIds: string[]): Promise<void> {
      const cold = [...new Set(roundIds)].filter((id) => !roundHints.has(`${provider}:${id}`));
      if (!cold.length) return;
      for (const r of await data.openRounds(db, provider, cold))
        remember(roundHints, `${provider}:${r.roundId}`, {
          merchantId: r.merchantId,
          memberId: r.memberId,
          gameId: r.gameId,
          username: r.username,
          vassalage: r.vassalage,
          gameType: r.gameType,
          stake: r.stake,
        });
    },

    async bet(provider: string, b: Bet): Promise<Answer> {
      const print = fingerprint(['bet', b.playerId, b.roundId, b.gameCode, b.amount, b.currency]);
      const tokenHash = hashToken(b.sessionToken);
      const quick = await quickBet(provider, b, tokenHash, print);
      if (quick) return quick;
      const c = await data.betContext(db, {
        provider,
        sessionTokenHash: tokenHash,
        roundId: b.roundId,
        transactionId: b.transactionId,
      });
      if (!c) throw new AppError('INVALID_TOKEN', 'The game session is unknown or has expired', 401);
      const replay = seen(c, print);
      if (replay) return replay;
      const { memberId, merchantId } = c;
      if (playerIdOf(memberId) !== b.playerId)
        throw new AppError('INVALID_PLAYER', 'The player does not match the game session', 403);
      if (c.demo) throw new AppError('DEMO_SESSION', 'A free-trial session plays with play money only', 403);
      if (isTrialType(c.memberType)) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
      if (c.memberStatus !== 'active')
        throw new AppError('ACCOUNT_FROZEN', 'The account is frozen and cannot bet', 403);
      if (c.roundMemberId !== null) {
        if (c.roundMemberId !== memberId)
          throw new AppError('ROUND_CONFLICT', 'This round belongs to another player', 409);
        if (c.roundStatus !== 'open') throw new AppError('ROUND_CLOSED', 'This round has already ended', 409);
        if (c.roundCurrency !== b.currency)
          throw new AppError('CURRENCY_MISMATCH', `This round is played in ${c.roundCurrency}`, 400);
      }
      const account = await wallet.walletOf(merchantId, memberId);
      if (account.currency !== b.currency)
        throw new AppError('CURRENCY_MISMATCH', `The player's wallet is in ${account.currency}`, 400);
      const amount = BigInt(b.amount);
      if (c.guarded) await protection.assertMayPlay({ merchantId, memberId, amount }).catch(inVendorTerms);
      const gameId = c.launchGameCode === b.gameCode ? c.gameId : null;
      const hint: SessionHint = {
        merchantId,
        memberId,
        vassalage: c.vassalage,
        gameType: c.gameType,
        gameId: c.gameId,
        launchGameCode: c.launchGameCode,
        username: c.username,
      };
      const result = await wallet
        .bet({
          merchantId,
          memberId,
          amount,
          key: walletKey(provider, b.transactionId),
          roundRef: `${provider}:${b.roundId}`,
          gameRef: b.gameCode,
          gameType: c.gameType,
          meta: { provider, roundId: b.roundId },
          alongside: data.betRecord({
            merchantId,
            provider,
            transactionId: b.transactionId,
            memberId,
            amount,
            fingerprint: print,
            currency: account.currency,
            roundId: b.roundId,
            vassalage: c.vassalage,
            gameId,
            gameCode: b.gameCode,
            gameType: c.gameType,
            detail: b.detail ? JSON.stringify(b.detail) : null,
          }),
        })
        .catch(async (err) => {
          if (refusedAs(err) === 'ROUND_CONFLICT') {
            // Another player's first bet took the round at this moment, or the round ended: say which.
            const now = await data.betContext(db, {
              provider,
              sessionTokenHash: tokenHash,
              roundId: b.roundId,
              transactionId: b.transactionId,
            });
            throw now?.roundMemberId === memberId ? ROUND_ENDED() : ROUND_TAKEN();
          }
          return refusal(err, merchantId, memberId, b.currency);
        });
      remember(sessionHints, `${provider}:${tokenHash}`, hint);
      rememberRound(provider, b.roundId, { merchantId, memberId, gameId, username: hint.username }, hint, amount);
      return { balance: String(result.balance ?? 0n), currency: result.currency };
    },

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
      const quick = await quickWin(provider, w, print);
      if (quick) return quick;
      const r = await data.winContext(db, { provider, roundId: w.roundId, transactionId: w.transactionId });
      if (!r) throw retryable('ROUND_NOT_FOUND', 'No bet has arrived for this round yet; retry the win later');
      const replay = seen(r, print);
      if (replay) return { answer: replay, settled: null };
      const { memberId, merchantId } = r;
      if (playerIdOf(memberId) !== w.playerId)
        throw new AppError('INVALID_PLAYER', 'The round belongs to another player', 403);
      if (r.status !== 'open') throw new AppError('ROUND_CLOSED', 'This round has already ended', 409);
      if (r.currency !== w.currency)
        throw new AppError('CURRENCY_MISMATCH', `This round is played in ${r.currency}`, 400);
      if (r.betTotal === r.refundTotal)
        throw new AppError('ROUND_CLOSED', 'Every bet of this round was rolled back', 409);
      const amount = BigInt(w.amount);
      const detail = w.detail ? JSON.stringify(w.detail) : null;
      let answer: Answer;
      let after: data.WinRecordedRow | null;
      if (amount > 0n) {
        const stake = r.betTotal - r.refundTotal;
        const reason = limits.holdReason(await limits.forRound(merchantId, r.vassalage, r.gameType), amount, stake);
        const held = reason
          ? { vassalage: r.vassalage, gameType: r.gameType, gameCode: r.gameCode, stake, reason }
          : null;
        ({ answer, after } = await winMoney(
          provider,
          w,
          { merchantId, memberId, gameType: r.gameType },
          print,
          detail,
          held,
        ));
      } else {
        const { balance } = await wallet.balance(merchantId, memberId);
        answer = { balance: String(balance), currency: w.currency };
        after = await data
          .recordWin(db, {
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
          })
          .catch((err) => refusal(err, merchantId, memberId, w.currency));
      }
      if (w.endRound) roundHints.delete(`${provider}:${w.roundId}`);
      const settled = settledOf(w, after, { merchantId, memberId, gameId: r.gameId, username: r.username }, provider);
      return { answer, settled };
    },

    /**
     * A rollback reverses one bet of a round that is still open; the protocol defines no reversal
     * of a round that has ended, so a bet whose round closed (or was refunded) is refused with
     * ROUND_CLOSED and nothing moves: the stake never comes back beside a win that stays. The refund,
     * the round's update and the stored answer commit together in one transaction, so a crash
     * leaves all of it or none, and the vendor's retry gets the stored answer.
     */
    async rollback(provider: string, rb: Rollback): Promise<Answer> {
      const print = fingerprint(['rollback', rb.playerId, rb.roundId, rb.gameCode, rb.betTransactionId]);
      const memberId = memberIdOf(rb.playerId);
      const c = await data.rollbackContext(db, {
        provider,
        memberId,
        betTransactionId: rb.betTransactionId,
        transactionId: rb.transactionId,
      });
      if (!c) throw new AppError('INVALID_PLAYER', 'Unknown player', 404);
      const replay = seen(c, print);
      if (replay) return replay;
      if (c.betKind !== null) {
        if (c.betKind !== 'bet') throw new AppError('NOT_ROLLBACKABLE', 'Only a bet can be rolled back', 409);
        if (c.betMemberId !== memberId) throw new AppError('INVALID_PLAYER', 'The bet belongs to another player', 403);
        // A refunded round has every bet back already: a rollback there repeats one and is answered.
        if (c.betRoundStatus === 'closed')
          throw new AppError(
            'ROUND_CLOSED',
            'The round of this bet has ended; its bets can no longer be rolled back',
            409,
          );
      }
      const { merchantId } = c;
      const attempt = () =>
        db.transaction(async (tx) => {
          const res = await wallet
            .rollback({
              merchantId,
              key: walletKey(provider, rb.transactionId),
              debitKey: walletKey(provider, rb.betTransactionId),
              meta: { provider, roundId: rb.roundId },
              db: tx,
            })
            .catch((err) => refusal(err, merchantId, memberId, ''));
          const reversed = res.outcome === 'reversed';
          // Reversed now, not found reversed by an earlier rollback of the same bet under another id.
          const refunds = reversed && !res.replay;
          const current = reversed && res.balance !== null ? null : await wallet.balance(merchantId, memberId, tx);
          const balance = current ? current.balance : (res.balance as bigint);
          const answer = { balance: String(balance), currency: res.currency || current?.currency || '' };
          const recorded = await data.recordRollback(tx, {
            merchantId,
            provider,
            transactionId: rb.transactionId,
            memberId,
            amount: c.betAmount ?? 0n,
            fingerprint: print,
            response: JSON.stringify(answer),
            roundId: c.betRoundId ?? rb.roundId,
            balance,
            reversed: refunds,
          });
          // A win closed the round after it was read: the refund is undone with the transaction.
          if (refunds && recorded.claimed && !recorded.refunded && c.betRoundId !== null)
            throw new AppError(
              'ROUND_CLOSED',
              'The round of this bet has ended; its bets can no longer be rolled back',
              409,
            );
          return answer;
        });
      for (let tries = 1; ; tries++) {
        try {
          return await attempt();
        } catch (err) {
          if (tries < 3 && retryableTx(err)) continue;
          throw err;
        }
      }
    },

    async endRound(provider: string, e: EndRound): Promise<{ answer: Answer; settled: SettledWin | null }> {
      const memberId = memberIdOf(e.playerId);
      const r = await data.endRound(db, {
        provider,
        roundId: e.roundId,
        memberId,
        detail: e.detail ? JSON.stringify(e.detail) : null,
      });
      if (!r) throw retryable('ROUND_NOT_FOUND', 'No bet has arrived for this round yet; retry later');
      const { balance, currency } = await wallet.balance(r.merchantId, memberId);
      const settled =
        r.previousStatus === 'open' && r.winTotal > 0n
          ? {
              merchantId: r.merchantId,
              memberId,
              gameId: r.gameId,
              roundRef: `${provider}:${e.roundId}`,
              account: r.username ?? '',
              winAmount: r.winTotal,
            }
          : null;
      return { answer: { balance: String(balance), currency }, settled };
    },
  };
  return seamless;
};

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
