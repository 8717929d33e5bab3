import { cryptoRng } from '../math/rng.ts';
import { deriveSlot, MATHS_VERSION, type SlotGame } from '../math/slot/derive.ts';
import { playRound, type PlayedRound } from '../math/slot/evaluate.ts';
import type { SpinEvaluation } from '../math/slot/types.ts';
import type { BetFlow } from './bet-flow.ts';
import { GameError } from './errors.ts';
import type { GameSession } from './sessions.ts';

/** What the reels showed, in symbol keys, so anyone (the platform's history too) can draw it again. */
const view = (game: SlotGame, ev: SpinEvaluation) => ({
  stops: ev.stops,
  grid: ev.window.map((col) => col.map((s) => game.math.symbols[s]?.key ?? '?')),
  lines: ev.lines.map((l) => ({
    line: l.line,
    symbol: game.math.symbols[l.symbol]?.key ?? '?',
    count: l.count,
    pay: l.pay,
  })),
  scatters: ev.scatterCount,
  scatterPay: ev.scatterPay,
  freeSpinsAwarded: ev.freeSpinsAwarded,
});

export const slotOutcome = (game: SlotGame, round: PlayedRound, bet: bigint, lineBet: number) => ({
  kind: 'slot' as const,
  mathsVersion: MATHS_VERSION,
  model: game.model,
  theme: game.theme,
  hue: game.hue,
  lines: game.lines,
  lineBet,
  bet: String(bet),
  win: String(round.win),
  base: view(game, round.base),
  freeSpins: round.freeSpins.map((f) => view(game, f)),
  multiplier: game.math.scatter?.multiplier ?? 1,
});

export class SlotPlay {
  constructor(private readonly flow: BetFlow) {}

  async spin(s: GameSession, betInput: string) {
    const game = deriveSlot(s.gameCode);
    const bet = BigInt(betInput);
    if (!game.bets.some((b) => BigInt(b) === bet)) {
      throw new GameError('VALIDATION_FAILED', `Choose one of the bet levels; the minimum bet is ${game.minBet}`, 400);
    }
    const lineBet = Number(bet) / game.lines;
    const { row, ref, balance } = await this.flow.stake(
      s,
      { game: 'slot', amount: bet },
      { kind: 'slot', bet: String(bet), lines: game.lines },
    );
    // The outcome is drawn only after the stake is taken, from the CSPRNG alone.
    const round = playRound(game.math, cryptoRng, lineBet);
    const outcome = slotOutcome(game, round, bet, lineBet);
    const win = BigInt(round.win);
    const settled = await this.flow.pay(s, ref, win, outcome);
    const after = settled.balance ?? balance;
    return {
      roundId: row.roundId,
      bet: String(bet),
      win: String(win),
      balance: String(after),
      winPending: settled.pending,
      outcome,
    };
  }
}
