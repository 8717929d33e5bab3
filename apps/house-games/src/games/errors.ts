import { isUndealtLiveTable, liveTableOf } from './live-tables.ts';
import { pvpGameOf } from './pvp-titles.ts';

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

/**
 * Our vendors' fishing titles (Aurora Gaming's and Jungle Reels' catalogue codes end in the title's
 * name, e.g. aur-ocean-king): all play the fishing shooter (decision 095).
 */
export const FISH_CODE =
  /(^|[-_])(ocean-king|fishing-war|golden-shark|mermaid-hunt|deep-sea-boss|crab-catcher|reef-legends|whale-rush|[a-z]+-fishing|fishing)$/i;

/**
 * Our esports vendors' titles (eArena ear-…, Thunder eSports tes-…) and our own ESPORTS code open the
 * sportsbook's esports view (issue 23).
 */
export const ESPORTS_CODE = /^(ESPORTS|(ear|tes)-[a-z0-9-]+)$/i;
/** Our sports vendor's titles (Lotus Sportsbook, sbk-…) and our own SPORTS code open the sportsbook (decision 099). */
export const SPORTS_CODE = /^(SPORTS|sbk-[a-z0-9-]+)$/i;

export const gameKindOf = (
  gameCode: string,
): 'dice' | 'crash' | 'cockfight' | 'fish' | 'slot' | 'live' | 'sports' | 'pvp' => {
  if (pvpGameOf(gameCode)) return 'pvp';
  if (/(^|_)DICE$/i.test(gameCode)) return 'dice';
  if (SPORTS_CODE.test(gameCode) || ESPORTS_CODE.test(gameCode)) return 'sports';
  if (/(^|[_-])COCKFIGHT$/i.test(gameCode)) return 'cockfight';
  if (FISH_CODE.test(gameCode)) return 'fish';
  if (/(^|_)CRASH$/i.test(gameCode)) return 'crash';
  if (liveTableOf(gameCode) || isUndealtLiveTable(gameCode)) return 'live';
  return 'slot';
};
