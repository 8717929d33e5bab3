import { createHash, randomBytes } from 'node:crypto';
import type { HouseDb } from '../store/db.ts';
import { PlatformError, type PlatformClient } from '../platform/client.ts';
import { GameError } from './errors.ts';

/** A player's game session with us, opened from the platform's one-time launch token. */
export interface GameSession {
  id: number;
  playerId: number | null;
  platformPlayerId: string | null;
  platformSession: string | null;
  nickname: string;
  gameCode: string;
  vassalage: string;
  currency: string;
  currencyExponent: number;
  language: string;
  demo: boolean;
  lobbyUrl: string | null;
  expiresAt: Date;
}

const SESSION_HOURS = 12;
const hash = (t: string) => createHash('sha256').update(t).digest('hex');

/** Who owns seeds and history: the platform player, or the demo session itself. */
export const ownerOf = (s: GameSession): string => (s.demo ? `s:${s.id}` : `p:${s.playerId}`);

const toSession = (r: Record<string, unknown>): GameSession => ({
  id: Number(r.id),
  playerId: r.player_id === null ? null : Number(r.player_id),
  platformPlayerId: (r.platform_player_id as string | null) ?? null,
  platformSession: (r.platform_session as string | null) ?? null,
  nickname: (r.nickname as string | null) ?? 'Guest',
  gameCode: r.game_code as string,
  vassalage: r.vassalage as string,
  currency: r.currency as string,
  currencyExponent: Number(r.currency_exponent),
  language: r.language as string,
  demo: r.demo === true,
  lobbyUrl: (r.lobby_url as string | null) ?? null,
  expiresAt: new Date(r.expires_at as string),
});

export class Sessions {
  private cache = new Map<string, GameSession>();

  constructor(
    private readonly db: HouseDb,
    private readonly platform: PlatformClient,
    /** Free-trial play money; null when free trials are not offered (production, unless configured). */
    private readonly demoBalance: number | null,
  ) {}

  /** Exchanges the launch token at the platform (once) for the player, then opens our session. */
  async open(launchToken: string): Promise<{ token: string; session: GameSession; balance: bigint }> {
    let auth;
    try {
      auth = await this.platform.authenticate(launchToken);
    } catch (err) {
      if (err instanceof PlatformError && !err.retryable) throw new GameError('LAUNCH_REFUSED', err.message, 401);
      throw new GameError('PLATFORM_UNAVAILABLE', 'The casino is not answering; please try again shortly', 503);
    }
    let playMoney: bigint | null = null;
    if (auth.demo) {
      if (this.demoBalance === null) {
        throw new GameError('FREE_TRIAL_OFF', 'This game offers no free trial here; sign in to play', 403);
      }
      playMoney = BigInt(this.demoBalance);
    }
    let playerId: number | null = null;
    if (!auth.demo) {
      const [p] = await this.db.query<{ id: string }>(
        `INSERT INTO hg_players (platform_player_id, nickname, currency) VALUES ($1, $2, $3)
         ON CONFLICT (platform_player_id) DO UPDATE SET nickname = EXCLUDED.nickname, currency = EXCLUDED.currency
         RETURNING id`,
        [auth.playerId, auth.nickname, auth.currency],
      );
      playerId = Number(p!.id);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000);
    const balance = playMoney ?? BigInt(auth.balance);
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO hg_sessions (token_hash, player_id, platform_session, game_code, vassalage, currency, currency_exponent,
         language, demo, demo_balance, lobby_url, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
      [
        hash(token),
        playerId,
        auth.demo ? null : auth.sessionToken,
        auth.gameCode,
        auth.vassalage,
        auth.currency,
        auth.currencyExponent,
        auth.language,
        auth.demo,
        auth.demo ? String(balance) : null,
        auth.lobbyUrl ?? null,
        expiresAt,
      ],
    );
    const session: GameSession = {
      id: Number(row!.id),
      playerId,
      platformPlayerId: auth.demo ? null : auth.playerId,
      platformSession: auth.demo ? null : auth.sessionToken,
      nickname: auth.nickname,
      gameCode: auth.gameCode,
      vassalage: auth.vassalage,
      currency: auth.currency,
      currencyExponent: auth.currencyExponent,
      language: auth.language,
      demo: auth.demo,
      lobbyUrl: auth.lobbyUrl ?? null,
      expiresAt,
    };
    return { token, session, balance };
  }

  /** A session by its id, expired or not (settling a bet after its player has left). */
  async byId(id: number): Promise<GameSession> {
    const [r] = await this.db.query<Record<string, unknown>>(
      `SELECT s.*, p.platform_player_id, p.nickname FROM hg_sessions s LEFT JOIN hg_players p ON p.id = s.player_id
        WHERE s.id = $1`,
      [id],
    );
    if (!r) throw new GameError('NO_SESSION', 'No such game session', 404);
    return toSession(r);
  }

  /** Many sessions in one read (a settlement paying many players). */
  async byIds(ids: number[]): Promise<Map<number, GameSession>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT s.*, p.platform_player_id, p.nickname FROM hg_sessions s LEFT JOIN hg_players p ON p.id = s.player_id
        WHERE s.id = ANY($1::bigint[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [Number(r.id), toSession(r)]));
  }

  async resolve(token: string | undefined): Promise<GameSession> {
    if (!token || token.length > 100)
      throw new GameError('NO_SESSION', 'Your game session has ended; open the game again from the casino', 401);
    const key = hash(token);
    let s = this.cache.get(key);
    if (!s) {
      const [r] = await this.db.query<Record<string, unknown>>(
        `SELECT s.*, p.platform_player_id, p.nickname FROM hg_sessions s LEFT JOIN hg_players p ON p.id = s.player_id
          WHERE s.token_hash = $1`,
        [key],
      );
      if (r) {
        s = toSession(r);
        if (this.cache.size > 50_000) this.cache.clear();
        this.cache.set(key, s);
      }
    }
    if (!s || s.expiresAt.getTime() < Date.now()) {
      throw new GameError('NO_SESSION', 'Your game session has ended; open the game again from the casino', 401);
    }
    return s;
  }
}
