import {
  DICE_MAX_WINNING,
  DICE_MIN_WINNING,
  diceMultiplierBp,
  dicePayout,
  diceRoll,
  diceWins,
  validDiceBet,
  type DiceDirection,
} from '../math/fair/dice.ts';
import type { Bets } from './bets.ts';
import { GameError } from './errors.ts';
import type { Fairness } from './fairness.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { Wallet } from './wallet.ts';

export const DICE_LIMITS = { minBet: 10n, maxBet: 10_000_000n };

export class DicePlay {
  constructor(
    private readonly bets: Bets,
    private readonly wallet: Wallet,
    private readonly fairness: Fairness,
  ) {}

  async roll(s: GameSession, input: { bet: string; target: number; direction: DiceDirection }) {
    const bet = BigInt(input.bet);
    if (bet < DICE_LIMITS.minBet || bet > DICE_LIMITS.maxBet) {
      throw new GameError(
        'VALIDATION_FAILED',
        `A dice bet is between ${DICE_LIMITS.minBet} and ${DICE_LIMITS.maxBet}`,
        400,
      );
    }
    if (!validDiceBet(input.target, input.direction)) {
      throw new GameError(
        'VALIDATION_FAILED',
        `The win chance must be between ${DICE_MIN_WINNING / 100}% and ${DICE_MAX_WINNING / 100}%`,
        400,
      );
    }
    const owner = ownerOf(s);
    const row = await this.bets.create({
      owner,
      sessionId: s.id,
      game: 'dice',
      gameCode: s.gameCode,
      amount: bet,
      currency: s.currency,
      demo: s.demo,
    });
    const ref = { betId: row.id, roundId: row.roundId, gameCode: s.gameCode, amount: bet };
    let balance: bigint;
    try {
      balance = await this.wallet.bet(s, ref, {
        kind: 'dice',
        bet: String(bet),
        target: input.target,
        direction: input.direction,
      });
    } catch (err) {
      await this.bets.update(row.id, { status: 'refused' });
      throw err;
    }
    const seed = await this.fairness.draw(owner);
    const roll = diceRoll(seed.serverSeed, seed.clientSeed, seed.nonce);
    const won = diceWins(roll, input.target, input.direction);
    const win = won ? dicePayout(bet, input.target, input.direction) : 0n;
    const outcome = {
      kind: 'dice' as const,
      bet: String(bet),
      win: String(win),
      roll,
      target: input.target,
      direction: input.direction,
      multiplierBp: diceMultiplierBp(input.target, input.direction),
      won,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: seed.nonce,
    };
    await this.bets.update(row.id, {
      status: 'settling',
      win,
      outcome,
      seedPairId: seed.seedPairId,
      nonce: seed.nonce,
    });
    const settled = await this.wallet.settle(s, ref, win, outcome);
    await this.bets.update(row.id, {
      status: settled.pending ? 'settling' : 'settled',
      balanceAfter: settled.balance,
      settled: !settled.pending,
    });
    return {
      roundId: row.roundId,
      balance: String(settled.balance ?? balance),
      winPending: settled.pending,
      ...outcome,
    };
  }
}
