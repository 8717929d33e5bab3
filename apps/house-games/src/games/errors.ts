import { isUndealtLiveTable, liveTableOf } from './live-tables.ts';

/** A refusal the player's screen shows as it is: stable code, readable message, honest status. */
export class GameError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

export const gameKindOf = (gameCode: string): 'dice' | 'crash' | 'cockfight' | 'slot' | 'live' => {
  if (/(^|_)DICE$/i.test(gameCode)) return 'dice';
  if (/(^|[_-])COCKFIGHT$/i.test(gameCode)) return 'cockfight';
  if (/(^|_)CRASH$/i.test(gameCode)) return 'crash';
  if (liveTableOf(gameCode) || isUndealtLiveTable(gameCode)) return 'live';
  return 'slot';
};
