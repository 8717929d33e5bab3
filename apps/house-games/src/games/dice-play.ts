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
import type { BetFlow } from './bet-flow.ts';
import { GameError } from './errors.ts';
import type { Fairness } from './fairness.ts';
import { ownerOf, type GameSession } from './sessions.ts';

export const DICE_LIMITS = { minBet: 10n, maxBet: 10_000_000n };

export class DicePlay {
  constructor(
    private readonly flow: BetFlow,
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
    const { row, ref, balance } = await this.flow.stake(
      s,
      { game: 'dice', amount: bet },
      { kind: 'dice', bet: String(bet), target: input.target, direction: input.direction },
    );
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
    const settled = await this.flow.pay(s, ref, win, outcome, { seedPairId: seed.seedPairId, nonce: seed.nonce });
    return {
      roundId: row.roundId,
      balance: String(settled.balance ?? balance),
      winPending: settled.pending,
      ...outcome,
    };
  }
}
