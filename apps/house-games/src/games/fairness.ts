import type { HouseDb, Queryable } from '../store/db.ts';
import { CLIENT_SEED_PATTERN, hashServerSeed, newClientSeed, newServerSeed } from '../math/fair/hmac.ts';
import { GameError } from './errors.ts';

/**
 * Seed pairs of the provably fair games. An owner (a player, or a demo session) has one active
 * pair: its server seed stays secret and only its hash is shown; rotating reveals it and starts a
 * new pair, after which every bet made with the old pair can be recomputed by anyone.
 */
export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  /** The pair rotated out last, revealed. */
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number } | null;
}

export interface DrawnNonce {
  seedPairId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export class Fairness {
  constructor(private readonly db: HouseDb) {}

  private async ensure(q: Queryable, owner: string) {
    await q.query(
      `INSERT INTO hg_seed_pairs (owner, server_seed, server_seed_hash, client_seed)
       SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM hg_seed_pairs WHERE owner = $1 AND active)
       ON CONFLICT DO NOTHING`,
      [owner, ...fresh()],
    );
  }

  async view(owner: string): Promise<SeedView> {
    await this.ensure(this.db, owner);
    const [cur] = await this.db.query<Record<string, unknown>>(
      'SELECT server_seed_hash, client_seed, next_nonce FROM hg_seed_pairs WHERE owner = $1 AND active',
      [owner],
    );
    const [prev] = await this.db.query<Record<string, unknown>>(
      `SELECT server_seed, server_seed_hash, client_seed, next_nonce FROM hg_seed_pairs
        WHERE owner = $1 AND NOT active ORDER BY id DESC LIMIT 1`,
      [owner],
    );
    return {
      serverSeedHash: cur!.server_seed_hash as string,
      clientSeed: cur!.client_seed as string,
      nextNonce: Number(cur!.next_nonce),
      previous: prev
        ? {
            serverSeed: prev.server_seed as string,
            serverSeedHash: prev.server_seed_hash as string,
            clientSeed: prev.client_seed as string,
            lastNonce: Number(prev.next_nonce) - 1,
          }
        : null,
    };
  }

  /** Takes the next nonce of the owner's active pair (atomic: two bets never share a nonce). */
  async draw(owner: string): Promise<DrawnNonce> {
    await this.ensure(this.db, owner);
    const [r] = await this.db.query<Record<string, unknown>>(
      `UPDATE hg_seed_pairs SET next_nonce = next_nonce + 1 WHERE owner = $1 AND active
       RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS nonce`,
      [owner],
    );
    return {
      seedPairId: Number(r!.id),
      serverSeed: r!.server_seed as string,
      serverSeedHash: r!.server_seed_hash as string,
      clientSeed: r!.client_seed as string,
      nonce: Number(r!.nonce),
    };
  }

  /** The player's current client seed (crash rounds mix every bettor's in). */
  async clientSeed(owner: string): Promise<string> {
    await this.ensure(this.db, owner);
    const [r] = await this.db.query<{ client_seed: string }>(
      'SELECT client_seed FROM hg_seed_pairs WHERE owner = $1 AND active',
      [owner],
    );
    return r!.client_seed;
  }

  /**
   * Sets a new client seed. The server seed is rotated with it (revealing the old one), so a
   * player can never pick a client seed after learning anything about the current server seed.
   */
  async setClientSeed(owner: string, clientSeed: string): Promise<SeedView> {
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      throw new GameError('VALIDATION_FAILED', 'A client seed is 1 to 64 printable characters without spaces', 400);
    }
    await this.rotate(owner, clientSeed);
    return this.view(owner);
  }

  async rotate(owner: string, clientSeed?: string): Promise<SeedView> {
    await this.db.transaction(async (tx) => {
      await this.ensure(tx, owner);
      const [old] = await tx.query<{ client_seed: string }>(
        'UPDATE hg_seed_pairs SET active = false, revealed_at = now() WHERE owner = $1 AND active RETURNING client_seed',
        [owner],
      );
      const [serverSeed, hash] = fresh();
      await tx.query(
        'INSERT INTO hg_seed_pairs (owner, server_seed, server_seed_hash, client_seed) VALUES ($1, $2, $3, $4)',
        [owner, serverSeed, hash, clientSeed ?? old?.client_seed ?? newClientSeed()],
      );
    });
    return this.view(owner);
  }

  /** A pair's seeds, the server seed only once it has been revealed. */
  async pair(id: number): Promise<{ serverSeed: string | null; serverSeedHash: string; clientSeed: string }> {
    const [r] = await this.db.query<Record<string, unknown>>(
      'SELECT server_seed, server_seed_hash, client_seed, active FROM hg_seed_pairs WHERE id = $1',
      [id],
    );
    if (!r) throw new GameError('NOT_FOUND', 'No such seed pair', 404);
    return {
      serverSeed: r.active ? null : (r.server_seed as string),
      serverSeedHash: r.server_seed_hash as string,
      clientSeed: r.client_seed as string,
    };
  }
}

const fresh = (): [string, string, string] => {
  const serverSeed = newServerSeed();
  return [serverSeed, hashServerSeed(serverSeed), newClientSeed()];
};
