import type { HouseDb } from '../store/db.ts';
import { roundClientSeed } from '../math/fair/crash.ts';
import type { BetRow, Bets } from './bets.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { BetRef, Wallet } from './wallet.ts';

/** What a game says about a new bet; the session supplies who, where and in which currency. */
export type NewBet = Omit<Parameters<Bets['create']>[0], 'owner' | 'sessionId' | 'gameCode' | 'currency' | 'demo'>;

type SettlePatch = Pick<Parameters<Bets['update']>[1], 'cashout' | 'seedPairId' | 'nonce'>;

/**
 * The one way every house game moves a bet's money (decision 096): a stake is recorded as `placing`
 * before the seamless debit and `refused` if the platform refuses it; an outcome is written as
 * `settling` before the credit and `settled` once the platform has it (a win the platform can't take
 * now stays `settling`, queued in the outbox); a stake whose round can never be finished is handed
 * back once.
 */
export class BetFlow {
  constructor(
    private readonly db: HouseDb,
    private readonly bets: Bets,
    private readonly wallet: Wallet,
  ) {}

  /**
   * Records the bet and debits it. `open` marks the bet open afterwards (games whose outcome comes
   * later, at the round's end); instant games write their outcome next and skip that write.
   */
  async stake(
    s: GameSession,
    bet: NewBet,
    detail: unknown,
    opts: { open?: { outcome?: Record<string, unknown> } } = {},
  ): Promise<{ row: BetRow; ref: BetRef; balance: bigint }> {
    const row = await this.bets.create({
      ...bet,
      owner: ownerOf(s),
      sessionId: s.id,
      gameCode: s.gameCode,
      currency: s.currency,
      demo: s.demo,
    });
    const ref = { betId: row.id, roundId: row.roundId, gameCode: s.gameCode, amount: bet.amount };
    let balance: bigint;
    try {
      balance = await this.wallet.bet(s, ref, detail);
    } catch (err) {
      await this.bets.update(row.id, { status: 'refused' });
      throw err;
    }
    if (opts.open) await this.bets.update(row.id, { status: 'open', ...opts.open });
    return { row, ref, balance };
  }

  /**
   * Writes the outcome and credits the win (zero for a loss) under the round's win transaction id.
   * A refusal the platform will never take back is thrown, leaving the bet `settling`.
   */
  async pay(
    s: GameSession,
    ref: BetRef,
    win: bigint,
    outcome: Record<string, unknown>,
    patch: SettlePatch = {},
  ): Promise<{ balance: bigint | null; pending: boolean }> {
    await this.bets.update(ref.betId, { status: 'settling', win, outcome, ...patch });
    const settled = await this.wallet.settle(s, ref, win, outcome);
    await this.bets.update(ref.betId, {
      status: settled.pending ? 'settling' : 'settled',
      balanceAfter: settled.balance,
      settled: !settled.pending,
    });
    return settled;
  }

  /**
   * Hands back the stake of a bet that can't be finished fairly (its round was lost to a restart).
   * Play money that never left (a demo bet still `placing`) is simply refused; a real stake is
   * rolled back through the outbox under the round's rollback id, which the platform applies once.
   * Bets already settled, refunded or refused are left alone.
   */
  async giveBack(b: BetRow): Promise<void> {
    if (b.status !== 'open' && b.status !== 'placing') return;
    const [s] = await this.db.query<{ demo: boolean; platform_player_id: string | null }>(
      'SELECT s.demo, p.platform_player_id FROM hg_sessions s LEFT JOIN hg_players p ON p.id = s.player_id WHERE s.id = $1',
      [b.sessionId],
    );
    if (b.status === 'placing' && s?.demo) {
      await this.bets.update(b.id, { status: 'refused' });
      return;
    }
    await this.wallet.refund(
      { demo: s?.demo === true, sessionId: b.sessionId, platformPlayerId: s?.platform_player_id ?? null },
      { betId: b.id, roundId: b.roundId, gameCode: b.gameCode, amount: b.amount },
    );
    await this.bets.update(b.id, { status: 'refunded', win: 0n, settled: true });
  }

  /** The round's client seed: SHA-256(salt + every bet's client seed in bet order). */
  async roundSeed(salt: string, placed: { betId: number; roundId: string }[]): Promise<string> {
    const ordered = [...placed].sort((a, b) => a.betId - b.betId);
    const seeds = await Promise.all(ordered.map(async (b) => (await this.bets.byRound(b.roundId)).clientSeed ?? ''));
    return roundClientSeed(salt, seeds);
  }
}

/**
 * Bets on their way in while a shared round runs: the round closes betting, then waits for every
 * bet already accepted to finish its debit before the outcome is fixed.
 */
export class InFlight {
  private readonly work = new Set<Promise<unknown>>();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const p = fn();
    this.work.add(p);
    try {
      return await p;
    } finally {
      this.work.delete(p);
    }
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.work]);
  }
}
