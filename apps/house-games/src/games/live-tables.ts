import { createHash } from 'node:crypto';
import type { LiveKind } from '../math/live/games.ts';

/**
 * Our live tables. A casino's live tile (game code `<vendor>-<table>`, e.g. `evl-speed-baccarat-2`)
 * seats the player at the shared table named by the part after the vendor: every vendor's
 * "Baccarat 1" is the same table, with the same rounds for everyone. `<vendor>-lobby` opens the
 * vendor's main baccarat table.
 */
export interface LiveTableDef {
  id: string;
  kind: LiveKind;
  name: string;
  dealer: string;
  minBet: bigint;
  maxBet: bigint;
}

const TABLE_SLUG =
  /^[a-z0-9_]+-((?:speed-|squeeze-)?baccarat|(?:speed-|lightning-|brazilian-)?roulette|dragon-tiger|football-studio|sic-bo|fan-tan)(?:-([1-9]))?$/;
const LOBBY = /^[a-z0-9_]+-lobby$/;
/** Live tiles we do not deal (yet): they are refused with a clear message, never opened as a slot. */
const NOT_DEALT = /^[a-z0-9_]+-(?:vip-)?blackjack(?:-[1-9])?$/;

const DEALERS = ['Ana', 'Bruna', 'Camila', 'Daniela', 'Elisa', 'Fernanda', 'Gabriela', 'Helena', 'Isabela', 'Juliana'];

const kindOfSlug = (slug: string): LiveKind =>
  slug.includes('baccarat')
    ? 'baccarat'
    : slug.includes('roulette')
      ? 'roulette'
      : slug === 'sic-bo'
        ? 'sicbo'
        : slug === 'fan-tan'
          ? 'fantan'
          : 'dragontiger';

const title = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

const LIMITS: Record<LiveKind, [bigint, bigint]> = {
  baccarat: [100n, 1_000_000n],
  roulette: [100n, 500_000n],
  dragontiger: [100n, 1_000_000n],
  sicbo: [100n, 500_000n],
  fantan: [100n, 500_000n],
};

export const tableDef = (id: string): LiveTableDef => {
  const kind = kindOfSlug(id);
  const h = createHash('sha256').update(id).digest();
  const [minBet, maxBet] = LIMITS[kind];
  return { id, kind, name: title(id), dealer: DEALERS[h[0]! % DEALERS.length]!, minBet, maxBet };
};

/** The table a game code seats the player at; null when the code is not one of our live tables. */
export const liveTableOf = (gameCode: string): LiveTableDef | null => {
  const code = gameCode.toLowerCase();
  if (LOBBY.test(code)) return tableDef('baccarat-1');
  const m = TABLE_SLUG.exec(code);
  if (!m) return null;
  return tableDef(m[2] ? `${m[1]}-${m[2]}` : m[1]!);
};

export const isUndealtLiveTable = (gameCode: string) => NOT_DEALT.test(gameCode.toLowerCase());

/** The tables the model list shows (each variant once; the numbered twins are the same kind). */
export const LISTED_TABLES = [
  'baccarat-1',
  'baccarat-2',
  'speed-baccarat',
  'squeeze-baccarat',
  'roulette',
  'speed-roulette',
  'brazilian-roulette',
  'dragon-tiger',
  'sic-bo',
  'fan-tan',
].map(tableDef);
