import type { HouseDb } from '../store/db.ts';
import { PlatformError, type PlatformClient } from '../platform/client.ts';
import { GameError } from './errors.ts';
import type { GameSession } from './sessions.ts';

/**
 * Money for a round. Real sessions debit and credit through the platform's signed callbacks;
 * demo (free-trial) sessions move play money held in our own session row, which never reaches the
 * platform's ledger.
 */
export interface BetRef {
  betId: number;
  roundId: string;
  gameCode: string;
  amount: bigint;
}

export const betTx = (roundId: string) => `${roundId}-B`;
export const winTx = (roundId: string) => `${roundId}-W`;
export const rollbackTx = (roundId: string) => `${roundId}-R`;

export class Wallet {
  constructor(
    private readonly db: HouseDb,
    private readonly platform: PlatformClient,
  ) {}

  async balance(s: GameSession): Promise<bigint> {
    if (s.demo) {
      const [r] = await this.db.query<{ demo_balance: string }>('SELECT demo_balance FROM hg_sessions WHERE id = $1', [
        s.id,
      ]);
      return BigInt(r?.demo_balance ?? 0);
    }
    try {
      return BigInt((await this.platform.balance(s.platformSession ?? '')).balance);
    } catch (err) {
      throw toGameError(err);
    }
  }

  /**
   * Debits the stake. A refusal (insufficient funds, frozen, session over) is final and changed
   * nothing. When the platform can't be reached we don't know whether the debit happened, so the
   * bet is queued for rollback (a rollback of an unknown bet is safe: it leaves a tombstone).
   */
  async bet(s: GameSession, b: BetRef, detail: unknown): Promise<bigint> {
    if (s.demo) {
      const [r] = await this.db.query<{ demo_balance: string }>(
        'UPDATE hg_sessions SET demo_balance = demo_balance - $2 WHERE id = $1 AND demo_balance >= $2 RETURNING demo_balance',
        [s.id, String(b.amount)],
      );
      if (!r)
        throw new GameError('INSUFFICIENT_FUNDS', 'Not enough balance for this bet', 409, {
          balance: String(await this.balance(s)),
        });
      return BigInt(r.demo_balance);
    }
    try {
      const r = await this.platform.bet({
        sessionToken: s.platformSession ?? '',
        playerId: s.platformPlayerId ?? '',
        transactionId: betTx(b.roundId),
        roundId: b.roundId,
        gameCode: b.gameCode,
        amount: b.amount,
        currency: s.currency,
        detail,
      });
      return BigInt(r.balance);
    } catch (err) {
      if (err instanceof PlatformError && err.retryable) {
        await this.enqueue(b.betId, 'rollback', {
          playerId: s.platformPlayerId,
          transactionId: rollbackTx(b.roundId),
          betTransactionId: betTx(b.roundId),
          roundId: b.roundId,
          gameCode: b.gameCode,
        });
      }
      throw toGameError(err);
    }
  }

  /**
   * Credits the win (zero for a loss) and closes the round. If the platform can't take it now the
   * call is queued and retried until it does; the win is owed either way.
   */
  async settle(
    s: GameSession,
    b: BetRef,
    win: bigint,
    detail: unknown,
  ): Promise<{ balance: bigint | null; pending: boolean }> {
    if (s.demo) {
      const [r] = await this.db.query<{ demo_balance: string }>(
        'UPDATE hg_sessions SET demo_balance = demo_balance + $2 WHERE id = $1 RETURNING demo_balance',
        [s.id, String(win)],
      );
      return { balance: BigInt(r!.demo_balance), pending: false };
    }
    const payload = {
      playerId: s.platformPlayerId ?? '',
      transactionId: winTx(b.roundId),
      roundId: b.roundId,
      gameCode: b.gameCode,
      amount: String(win),
      currency: s.currency,
      betTransactionId: betTx(b.roundId),
      endRound: true,
      detail,
    };
    try {
      const r = await this.platform.win({ ...payload, amount: win });
      return { balance: BigInt(r.balance), pending: false };
    } catch (err) {
      if (err instanceof PlatformError && !err.retryable) throw toGameError(err);
      await this.enqueue(b.betId, 'win', payload);
      return { balance: null, pending: true };
    }
  }

  /**
   * A sportsbook posting (decision 099): a credit under its own transaction id (the settlement's
   * `-W`, a correction's `-W<n>`) that leaves the round open, so a corrected result can post its
   * difference later. Queued for retry when the platform can't take it now.
   */
  async credit(
    s: GameSession,
    b: BetRef,
    transactionId: string,
    amount: bigint,
    detail: unknown,
  ): Promise<{ balance: bigint | null; pending: boolean }> {
    if (s.demo) {
      const [r] = await this.db.query<{ demo_balance: string }>(
        'UPDATE hg_sessions SET demo_balance = demo_balance + $2 WHERE id = $1 RETURNING demo_balance',
        [s.id, String(amount)],
      );
      return { balance: BigInt(r!.demo_balance), pending: false };
    }
    const payload = {
      playerId: s.platformPlayerId ?? '',
      transactionId,
      roundId: b.roundId,
      gameCode: b.gameCode,
      amount: String(amount),
      currency: s.currency,
      betTransactionId: betTx(b.roundId),
      endRound: false,
      detail,
    };
    try {
      const r = await this.platform.win({ ...payload, amount });
      return { balance: BigInt(r.balance), pending: false };
    } catch (err) {
      if (err instanceof PlatformError && !err.retryable) throw toGameError(err);
      await this.enqueue(b.betId, 'win', payload);
      return { balance: null, pending: true };
    }
  }

  /**
   * Many sportsbook postings at once (decision 105): the real-money ones go to the platform in one
   * signed `wins` call (each applied once under its transaction id, each answered on its own), play
   * money moves here. A credit the platform can't take now is queued for retry, as `credit` does;
   * one it refuses is answered as that item's error.
   */
  async creditMany(
    items: { s: GameSession; b: BetRef; transactionId: string; amount: bigint; detail: unknown }[],
  ): Promise<({ balance: bigint | null; pending: boolean } | GameError)[]> {
    const out: ({ balance: bigint | null; pending: boolean } | GameError)[] = new Array(items.length);
    const real: number[] = [];
    for (const [i, it] of items.entries()) {
      if (it.s.demo) out[i] = await this.credit(it.s, it.b, it.transactionId, it.amount, it.detail);
      else real.push(i);
    }
    if (!real.length) return out;
    const payloads = real.map((i) => {
      const it = items[i]!;
      return {
        playerId: it.s.platformPlayerId ?? '',
        transactionId: it.transactionId,
        roundId: it.b.roundId,
        gameCode: it.b.gameCode,
        amount: String(it.amount),
        currency: it.s.currency,
        betTransactionId: betTx(it.b.roundId),
        endRound: false,
        detail: it.detail,
      };
    });
    let answers;
    try {
      answers = await this.platform.wins(payloads.map((p) => ({ ...p, amount: BigInt(p.amount) })));
    } catch (err) {
      if (err instanceof PlatformError && !err.retryable) {
        for (const i of real) out[i] = toGameError(err);
        return out;
      }
      for (const [k, i] of real.entries()) {
        await this.enqueue(items[i]!.b.betId, 'win', payloads[k]!);
        out[i] = { balance: null, pending: true };
      }
      return out;
    }
    for (const [k, i] of real.entries()) {
      const a = answers[k]!;
      if (a.ok) out[i] = { balance: BigInt(a.balance), pending: false };
      else if (a.retryable) {
        await this.enqueue(items[i]!.b.betId, 'win', payloads[k]!);
        out[i] = { balance: null, pending: true };
      } else out[i] = new GameError(a.code, a.message, 409);
    }
    return out;
  }

  /**
   * A correction's negative difference (decision 099): a further debit on the bet's round under its
   * own transaction id (`-D<n>`), through the player's game session. Play money never goes below 0.
   */
  async debit(s: GameSession, b: BetRef, transactionId: string, amount: bigint, detail: unknown): Promise<bigint> {
    if (s.demo) {
      const [r] = await this.db.query<{ demo_balance: string }>(
        'UPDATE hg_sessions SET demo_balance = greatest(demo_balance - $2, 0) WHERE id = $1 RETURNING demo_balance',
        [s.id, String(amount)],
      );
      return BigInt(r!.demo_balance);
    }
    try {
      const r = await this.platform.bet({
        sessionToken: s.platformSession ?? '',
        playerId: s.platformPlayerId ?? '',
        transactionId,
        roundId: b.roundId,
        gameCode: b.gameCode,
        amount,
        currency: s.currency,
        detail,
      });
      return BigInt(r.balance);
    } catch (err) {
      throw toGameError(err);
    }
  }

  /** Refunds a stake whose round can't be played (e.g. a crash round lost to a restart). */
  async refund(s: { demo: boolean; sessionId: number; platformPlayerId: string | null }, b: BetRef): Promise<void> {
    if (s.demo) {
      await this.db.query('UPDATE hg_sessions SET demo_balance = demo_balance + $2 WHERE id = $1', [
        s.sessionId,
        String(b.amount),
      ]);
      return;
    }
    await this.enqueue(b.betId, 'rollback', {
      playerId: s.platformPlayerId,
      transactionId: rollbackTx(b.roundId),
      betTransactionId: betTx(b.roundId),
      roundId: b.roundId,
      gameCode: b.gameCode,
    });
  }

  private async enqueue(betId: number, kind: 'win' | 'rollback', payload: Record<string, unknown>) {
    await this.db.query('INSERT INTO hg_outbox (bet_id, kind, payload) VALUES ($1, $2, $3)', [
      betId,
      kind,
      JSON.stringify(payload),
    ]);
  }
}

export const toGameError = (err: unknown): GameError => {
  if (err instanceof GameError) return err;
  if (err instanceof PlatformError) {
    if (err.retryable)
      return new GameError('PLATFORM_UNAVAILABLE', 'The casino wallet is not answering; your bet was not taken', 503);
    const status = err.status >= 400 && err.status < 500 ? err.status : 409;
    return new GameError(err.code, err.message, status, err.value);
  }
  return new GameError('INTERNAL', 'Something went wrong', 500);
};
