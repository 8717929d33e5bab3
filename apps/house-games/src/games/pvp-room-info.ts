import type { PvpRoomInfo } from '../shared/pvp-view.ts';
import type { PvpRoomDef } from './pvp-titles.ts';

/** The settings every PvP room shares (decision 100), whichever game it deals. */
export interface PvpOptions {
  decisionMs: number;
  startMs: number;
  resultMs: number;
  rakeBp: number;
  /** Bots fill empty seats (demo only; configuration refuses it in production). */
  bots: boolean;
}

export const roomInfo = (def: PvpRoomDef, rakeBp: number): PvpRoomInfo => ({
  id: def.id,
  game: def.game,
  name: def.name,
  stake: String(def.stake),
  seats: def.seats,
  rakeBp,
});
