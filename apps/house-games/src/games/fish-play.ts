import { createHash } from 'node:crypto';
import { uniformInt, words } from '../math/fair/hmac.ts';
import { FISH_BETS, FISH_SPECIES, WEAPONS, resolveShot, speciesByKey, type WeaponKey } from '../math/fish/fish.ts';
import { fishById, seaWindow } from '../math/fish/sea.ts';
import { fishVisible, fishPosition } from '../shared/fish-path.ts';
import type { HouseDb } from '../store/db.ts';
import { BetFlow } from './bet-flow.ts';
import type { Bets } from './bets.ts';
import { GameError } from './errors.ts';
import type { Fairness } from './fairness.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import { betTx, winTx, type Wallet } from './wallet.ts';

/** How late a shot may name a fish (the player's request crossing the network). */
const GRACE_MS = 2500;
/** The longest window of the sea one request may ask for. */
const MAX_WINDOW_MS = 30_000;

/**
 * Fishing: every shot is a bet through the seamless wallet and is decided here, never in the
 * browser, which only names the fish its shot hit. The decision is provably fair (the player's seed
 * pair and a nonce per shot) and the pay is credited in the same request, so a shot the player
 * fired is settled whether or not the screen is still open when the bullet lands.
 */
export class FishPlay {
  /** Fish captured per session: a captured fish leaves the sea. (Lost on restart: the fish swims on.) */
  private captured = new Map<number, Set<number>>();

  constructor(
    private readonly db: HouseDb,
    private readonly bets: Bets,
    private readonly wallet: Wallet,
    private readonly fairness: Fairness,
    private readonly rtpBp: number,
    private readonly now: () => number = Date.now,
  ) {
    this.flow = new BetFlow(db, bets, wallet);
  }

  private readonly flow: BetFlow;

  /** The sea's seed for a session (no secret: which fish swim changes nothing in the return). */
  private seaSeed(s: GameSession) {
    return createHash('sha256').update(`${this.db.install}:sea:${s.id}`).digest('hex').slice(0, 24);
  }

  view() {
    return {
      rtpBp: this.rtpBp,
      bets: FISH_BETS.map(String),
      species: FISH_SPECIES.map((s) => ({
        key: s.key,
        multipliers: s.multipliers,
        boss: s.boss,
        size: s.size,
        hue: s.hue,
      })),
      weapons: Object.values(WEAPONS),
    };
  }

  sea(s: GameSession, from?: number, to?: number) {
    const now = this.now();
    const start = from ?? now;
    const end = to ?? start + 10_000;
    if (!(end >= start) || end - start > MAX_WINDOW_MS)
      throw new GameError('VALIDATION_FAILED', `A window of the sea is at most ${MAX_WINDOW_MS / 1000} s`, 400);
    if (Math.abs(start - now) > 120_000)
      throw new GameError('VALIDATION_FAILED', 'The sea can be seen from two minutes ago to two minutes ahead', 400);
    const gone = this.captured.get(s.id);
    return {
      serverNow: now,
      fish: seaWindow(this.seaSeed(s), start, end).filter((f) => !gone?.has(f.id)),
    };
  }

  async shoot(s: GameSession, input: { bet: string; weapon: WeaponKey; fishIds: number[] }) {
    const bet = BigInt(input.bet);
    if (!FISH_BETS.includes(bet))
      throw new GameError('VALIDATION_FAILED', `A bet per shot is one of ${FISH_BETS.join(', ')}`, 400);
    const weapon = WEAPONS[input.weapon];
    if (input.fishIds.length < 1 || input.fishIds.length > weapon.maxFish)
      throw new GameError('VALIDATION_FAILED', `A ${weapon.key} shot hits 1 to ${weapon.maxFish} fish`, 400);
    if (new Set(input.fishIds).size !== input.fishIds.length)
      throw new GameError('VALIDATION_FAILED', 'A fish is named twice', 400);
    const seed = this.seaSeed(s);
    const now = this.now();
    const gone = this.captured.get(s.id) ?? new Set<number>();
    const fish = input.fishIds.map((id) => {
      const f = fishById(seed, id);
      if (!f) throw new GameError('VALIDATION_FAILED', `No fish ${id} swims in this sea`, 400);
      // Still on screen now, or a moment ago (the request was on its way).
      if (gone.has(id) || !(fishVisible(f, now) || fishVisible(f, now - GRACE_MS)))
        throw new GameError('FISH_GONE', 'That fish has already swum away; nothing was charged', 409, { fishId: id });
      return { fish: f, species: speciesByKey(f.species)! };
    });
    const stake = bet * BigInt(weapon.price);
    const owner = ownerOf(s);
    const { row, ref } = await this.flow.stake(
      s,
      { game: 'fish', amount: stake },
      { kind: 'fish', weapon: weapon.key, bet: String(bet), fish: input.fishIds },
    );
    const pair = await this.fairness.draw(owner);
    const stream = words(pair.serverSeed, pair.clientSeed, pair.nonce);
    const r = resolveShot(
      { int: (n) => uniformInt(stream, n) },
      { bet, weapon: weapon.key, targets: fish.map((f) => f.species), rtpBp: this.rtpBp },
    );
    const caught = r.hits.flatMap((h, i) => (h.captured ? [fish[i]!.fish.id] : []));
    if (caught.length) {
      if (!this.captured.has(s.id)) {
        if (this.captured.size > 20_000) this.captured.clear();
        this.captured.set(s.id, gone);
      }
      for (const id of caught) gone.add(id);
    }
    const outcome = {
      kind: 'fish' as const,
      weapon: weapon.key,
      bet: String(bet),
      stake: String(stake),
      win: String(r.win),
      rtpBp: this.rtpBp,
      hits: r.hits.map((h, i) => ({
        fishId: fish[i]!.fish.id,
        species: h.species,
        shares: h.shares,
        captured: h.captured,
        multiplier: h.multiplier,
        win: String(h.win),
        at: fishPosition(fish[i]!.fish, now),
      })),
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
    };
    const settled = await this.flow.pay(s, ref, r.win, outcome, { seedPairId: pair.seedPairId, nonce: pair.nonce });
    return {
      roundId: row.roundId,
      balance: settled.balance === null ? null : String(settled.balance),
      winPending: settled.pending,
      ...outcome,
    };
  }

  /**
   * After a restart: a shot whose stake was taken but whose outcome was never written is refunded
   * (its fate was not decided); one decided but not yet credited has its win queued for the outbox.
   */
  async recover(olderThanMs = 60_000) {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT b.id, b.session_id, b.round_id, b.game_code, b.amount, b.status, b.win, b.outcome, b.currency,
              s.demo, p.platform_player_id
         FROM hg_bets b JOIN hg_sessions s ON s.id = b.session_id LEFT JOIN hg_players p ON p.id = s.player_id
        WHERE b.game = 'fish' AND b.status IN ('placing', 'settling')
          AND b.created_at < now() - make_interval(secs => $1)
          AND NOT EXISTS (SELECT 1 FROM hg_outbox o WHERE o.bet_id = b.id)`,
      [olderThanMs / 1000],
    );
    for (const r of rows) {
      const id = Number(r.id);
      const demo = r.demo === true;
      const ref = {
        betId: id,
        roundId: r.round_id as string,
        gameCode: r.game_code as string,
        amount: BigInt(r.amount as string),
      };
      if (r.status === 'placing') {
        if (demo) {
          // Play money: the debit and this row are in our own database; a 'placing' row was never debited.
          await this.bets.update(id, { status: 'refused' });
          continue;
        }
        await this.wallet.refund(
          { demo, sessionId: Number(r.session_id), platformPlayerId: (r.platform_player_id as string) ?? null },
          ref,
        );
        await this.bets.update(id, { status: 'refunded', win: 0n, settled: true });
      } else if (demo) {
        await this.db.query('UPDATE hg_sessions SET demo_balance = demo_balance + $2 WHERE id = $1', [
          r.session_id,
          String(r.win ?? '0'),
        ]);
        await this.bets.update(id, { status: 'settled', settled: true });
      } else {
        await this.db.query('INSERT INTO hg_outbox (bet_id, kind, payload) VALUES ($1, $2, $3)', [
          id,
          'win',
          JSON.stringify({
            playerId: r.platform_player_id,
            transactionId: winTx(ref.roundId),
            roundId: ref.roundId,
            gameCode: ref.gameCode,
            amount: String(r.win ?? '0'),
            currency: r.currency,
            betTransactionId: betTx(ref.roundId),
            endRound: true,
            detail: r.outcome,
          }),
        ]);
      }
    }
    return rows.length;
  }
}
