import type { GameType, MenuGameType } from '@app/contract';
import type { IconName } from '../components/ui/Icon.tsx';

/** Where each game type lives in the player site (spec §2) and the icon that stands for it. */
export interface GameTypeEntry {
  type: GameType;
  /** Route of the type's own page; cockfight has none and stays in the lobby. */
  path: string | null;
  icon: IconName;
  /** Game centres open a provider lobby; the others list games. */
  view: 'center' | 'list' | null;
}

export const GAME_TYPE_ENTRIES: readonly GameTypeEntry[] = [
  { type: 'RNG', path: '/rng', icon: 'slot', view: 'list' },
  { type: 'LIVE', path: '/live', icon: 'live', view: 'list' },
  { type: 'FISH', path: '/fish', icon: 'fish', view: 'list' },
  { type: 'PVP', path: '/pvp', icon: 'cards', view: 'list' },
  { type: 'BGS', path: '/bgs', icon: 'dice', view: 'list' },
  { type: 'SPORTS', path: '/sports', icon: 'ball', view: 'center' },
  { type: 'ESPORTS', path: '/esports', icon: 'gamepad', view: 'center' },
  { type: 'COCKFIGHT', path: null, icon: 'rooster', view: null },
  { type: 'LOTT', path: '/lott', icon: 'ticket', view: 'center' },
  { type: 'ELOTT', path: '/elott', icon: 'ticket', view: 'center' },
];

export const gameTypeEntry = (type: GameType): GameTypeEntry | undefined =>
  GAME_TYPE_ENTRIES.find((entry) => entry.type === type);

/** Lobby menu order (spec §2 home page): the lists first, then every game type. */
export const LOBBY_MENU = [
  'HOME',
  'NEW',
  'FAV',
  'ALL',
  'HOT',
  'RECENT',
  ...GAME_TYPE_ENTRIES.map((e) => e.type),
] as const;
export type LobbyMenuKey = (typeof LOBBY_MENU)[number];

export const LOBBY_MENU_ICONS: Record<LobbyMenuKey, IconName> = {
  HOME: 'home',
  NEW: 'sparkle',
  FAV: 'heart',
  ALL: 'grid',
  HOT: 'flame',
  RECENT: 'clock',
  ...(Object.fromEntries(GAME_TYPE_ENTRIES.map((e) => [e.type, e.icon])) as Record<GameType, IconName>),
};

/** Translation key of a lobby menu entry or game type: `game_<KEY>`. */
export const gameTypeLabelKey = (key: LobbyMenuKey | MenuGameType) => `game_${key}` as const;
