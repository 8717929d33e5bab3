import type { HouseDb } from '../store/db.ts';
import { GameError } from './errors.ts';

/** Our record of every bet: what was staked, what came out, and where the money stands. */
export type BetStatus = 'placing' | 'refused' | 'open' | 'settled' | 'settling' | 'refunded';

export interface BetRow {
  id: number;
  owner: string;
  sessionId: number;
  game: 'slot' | 'dice' | 'crash' | 'cockfight' | 'live' | 'fish' | 'sports' | 'pvp';
  gameCode: string;
  roundId: string;
  amount: bigint;
  win: bigint | null;
  currency: string;
  demo: boolean;
  status: BetStatus;
  outcome: Record<string, unknown> | null;
  seedPairId: number | null;
  nonce: number | null;
  crashRoundId: number | null;
  liveRoundId: number | null;
  /** PvP: the hand this seat's stake was for. */
  pvpHandId: number | null;
  clientSeed: string | null;
  autoCashout: number | null;
  cashout: number | null;
  /** Cockfight: the fight, the side picked and the decimal odds taken (hundredths). */
  fightId: number | null;
  pick: string | null;
  odds: number | null;
  balanceAfter: bigint | null;
  createdAt: Date;
  settledAt: Date | null;
}

const toRow = (r: Record<string, unknown>): BetRow => ({
  id: Number(r.id),
  owner: r.owner as string,
  sessionId: Number(r.session_id),
  game: r.game as BetRow['game'],
  gameCode: r.game_code as string,
  roundId: r.round_id as string,
  amount: BigInt(r.amount as string),
  win: r.win === null ? null : BigInt(r.win as string),
  currency: r.currency as string,
  demo: r.demo === true,
  status: r.status as BetStatus,
  outcome: (typeof r.outcome === 'string' ? JSON.parse(r.outcome) : r.outcome) as Record<string, unknown> | null,
  seedPairId: r.seed_pair_id === null ? null : Number(r.seed_pair_id),
  nonce: r.nonce === null ? null : Number(r.nonce),
  crashRoundId: r.crash_round_id === null ? null : Number(r.crash_round_id),
  liveRoundId: r.live_round_id == null ? null : Number(r.live_round_id),
  pvpHandId: r.pvp_hand_id == null ? null : Number(r.pvp_hand_id),
  clientSeed: (r.client_seed as string | null) ?? null,
  autoCashout: r.auto_cashout === null ? null : Number(r.auto_cashout),
  cashout: r.cashout === null ? null : Number(r.cashout),
  fightId: r.fight_id === null || r.fight_id === undefined ? null : Number(r.fight_id),
  pick: (r.pick as string | null | undefined) ?? null,
  odds: r.odds === null || r.odds === undefined ? null : Number(r.odds),
  balanceAfter: r.balance_after === null ? null : BigInt(r.balance_after as string),
  createdAt: new Date(r.created_at as string),
  settledAt: r.settled_at ? new Date(r.settled_at as string) : null,
});

export class Bets {
  /** `install` makes round ids unique even if this database is ever started afresh. */
  constructor(
    private readonly db: HouseDb,
    private readonly install: string,
  ) {}

  async create(b: {
    owner: string;
    sessionId: number;
    game: BetRow['game'];
    gameCode: string;
    amount: bigint;
    currency: string;
    demo: boolean;
    crashRoundId?: number;
    clientSeed?: string;
    autoCashout?: number | null;
    fightId?: number;
    pick?: string;
    odds?: number;
    liveRoundId?: number;
    /** The sportsbook's slip id from the player's screen: one bet per (owner, clientRef). */
    clientRef?: string;
    pvpHandId?: number;
  }): Promise<BetRow> {
    const [r] = await this.db.query<Record<string, unknown>>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('hg_bets', 'id')) AS id)
       INSERT INTO hg_bets (id, owner, session_id, game, game_code, round_id, amount, currency, demo, status, crash_round_id, client_seed, auto_cashout,
         fight_id, pick, odds, live_round_id, client_ref, pvp_hand_id)
       SELECT n.id, $1, $2, $3, $4, 'HG' || $11 || '-' || upper($3) || '-' || n.id, $5, $6, $7, 'placing', $8, $9, $10, $12, $13, $14, $15, $16, $17 FROM n
       RETURNING *`,
      [
        b.owner,
        b.sessionId,
        b.game,
        b.gameCode,
        String(b.amount),
        b.currency,
        b.demo,
        b.crashRoundId ?? null,
        b.clientSeed ?? null,
        b.autoCashout ?? null,
        this.install,
        b.fightId ?? null,
        b.pick ?? null,
        b.odds ?? null,
        b.liveRoundId ?? null,
        b.clientRef ?? null,
        b.pvpHandId ?? null,
      ],
    );
    return toRow(r!);
  }

  async update(
    id: number,
    patch: Partial<Pick<BetRow, 'status' | 'win' | 'outcome' | 'seedPairId' | 'nonce' | 'cashout' | 'balanceAfter'>> & {
      settled?: boolean;
    },
  ) {
    const sets: string[] = [];
    const params: unknown[] = [id];
    const add = (col: string, v: unknown) => {
      params.push(v);
      sets.push(`${col} = $${params.length}`);
    };
    if (patch.status) add('status', patch.status);
    if (patch.win !== undefined) add('win', patch.win === null ? null : String(patch.win));
    if (patch.outcome !== undefined) add('outcome', JSON.stringify(patch.outcome));
    if (patch.seedPairId !== undefined) add('seed_pair_id', patch.seedPairId);
    if (patch.nonce !== undefined) add('nonce', patch.nonce);
    if (patch.cashout !== undefined) add('cashout', patch.cashout);
    if (patch.balanceAfter !== undefined)
      add('balance_after', patch.balanceAfter === null ? null : String(patch.balanceAfter));
    if (patch.settled) sets.push('settled_at = now()');
    if (!sets.length) return;
    await this.db.query(`UPDATE hg_bets SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  async byRound(roundId: string): Promise<BetRow> {
    const [r] = await this.db.query<Record<string, unknown>>('SELECT * FROM hg_bets WHERE round_id = $1', [roundId]);
    if (!r) throw new GameError('NOT_FOUND', 'No such round', 404);
    return toRow(r);
  }

  async list(owner: string, opts: { game?: string | undefined; limit: number }): Promise<BetRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM hg_bets WHERE owner = $1 AND ($2::text IS NULL OR game = $2) AND status <> 'refused'
        ORDER BY id DESC LIMIT $3`,
      [owner, opts.game ?? null, opts.limit],
    );
    return rows.map(toRow);
  }

  async ofLiveRound(liveRoundId: number): Promise<BetRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM hg_bets WHERE live_round_id = $1 AND status <> 'refused' ORDER BY id`,
      [liveRoundId],
    );
    return rows.map(toRow);
  }

  async ofPvpHand(pvpHandId: number): Promise<BetRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM hg_bets WHERE pvp_hand_id = $1 AND status <> 'refused' ORDER BY id`,
      [pvpHandId],
    );
    return rows.map(toRow);
  }

  async ofCrashRound(crashRoundId: number): Promise<BetRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM hg_bets WHERE crash_round_id = $1 AND status <> 'refused' ORDER BY id`,
      [crashRoundId],
    );
    return rows.map(toRow);
  }
}
