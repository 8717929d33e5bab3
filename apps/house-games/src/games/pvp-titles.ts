import type { PvpGameKind } from '../shared/pvp-view.ts';

/**
 * The PvP rooms (decision pvp-card-rooms): by game and stake (minor units), 2 to 6 seats.
 */
export interface PvpRoomDef {
  id: string;
  game: PvpGameKind;
  name: string;
  stake: bigint;
  seats: number;
}

export const PVP_ROOMS: PvpRoomDef[] = [
  { id: 'niuniu-1', game: 'niuniu', name: 'Niu Niu 1.00', stake: 100n, seats: 6 },
  { id: 'niuniu-5', game: 'niuniu', name: 'Niu Niu 5.00', stake: 500n, seats: 6 },
  { id: 'niuniu-20', game: 'niuniu', name: 'Niu Niu 20.00', stake: 2000n, seats: 4 },
  { id: 'niuniu-100-duel', game: 'niuniu', name: 'Niu Niu 100.00 duel', stake: 10_000n, seats: 2 },
  { id: 'teenpatti-1', game: 'teenpatti', name: 'Teen Patti 1.00', stake: 100n, seats: 6 },
  { id: 'teenpatti-5', game: 'teenpatti', name: 'Teen Patti 5.00', stake: 500n, seats: 5 },
  { id: 'teenpatti-20-duel', game: 'teenpatti', name: 'Teen Patti 20.00 duel', stake: 2000n, seats: 2 },
];

/** Our PvP titles by catalogue code (e.g. crd-niu-niu, crd-teen-patti); null when the code is not one. */
export const pvpGameOf = (gameCode: string): PvpGameKind | null =>
  /(^|[-_])niu-?niu$/i.test(gameCode) ? 'niuniu' : /(^|[-_])teen-?patti$/i.test(gameCode) ? 'teenpatti' : null;
