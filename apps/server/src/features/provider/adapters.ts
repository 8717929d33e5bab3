import { createHmac } from 'node:crypto';
import { liveTableModel, type LiveTableModel } from '@app/contract';
import { z } from 'zod';

/**
 * How the platform talks to one provider integration. Every adapter builds launch URLs; a
 * transfer-model adapter also moves funds and answers status checks; an adapter may list its games.
 */
export interface LaunchInput {
  launchToken: string;
  gameCode: string;
  gameName: string;
  vassalage: string;
  language: string;
  demo: boolean;
  lobbyUrl: string;
  /** The brand's IANA time zone, for vendors that show times (house games' bet list). */
  timeZone?: string | undefined;
}

export interface SyncedGame {
  gameCode: string;
  gameType: string;
  names: Record<string, string>;
  minBet: string | null;
  lines: number | null;
  supportPlay: 0 | 1;
}

export type TransferState = 'succeeded' | 'failed' | 'unknown';

export interface TransferApi {
  /** Moves money into (deposit) or out of (withdraw) the player's wallet at the vendor. */
  move(t: {
    transferId: string;
    playerId: string;
    direction: 'in' | 'out';
    amount: bigint;
    currency: string;
  }): Promise<TransferState>;
  /** What happened to an earlier move (after a timeout). */
  status(transferId: string): Promise<TransferState>;
  balance(playerId: string, currency: string): Promise<bigint>;
}

export interface GameSpec {
  gameCode: string;
  lines: number | null;
  minBet: string;
}

export interface ProviderAdapter {
  readonly kind: string;
  /** Game types this integration can launch (all when absent). */
  readonly gameTypes?: ReadonlySet<string>;
  launchUrl(input: LaunchInput): string;
  /** A live table's chat page for a launch token (spec §7 launch chat); absent: the vendor has none. */
  chatUrl?(input: LaunchInput): string;
  /** The vendor's live tables (spec §7 live model list); absent: the vendor has none. */
  liveTables?(): Promise<LiveTableModel[]>;
  /** The vendor's own list of games (its in-house titles). */
  syncGames?(vassalage: string): Promise<SyncedGame[]>;
  /** The vendor's published specs (lines, minimum bet) for game codes, and its maths version. */
  describeGames?(codes: string[]): Promise<{ version: string; games: GameSpec[] }>;
  transfer?: TransferApi;
  /** A PvP game's rooms by stake with the seats taken (spec §7 GLS2_roomList); null: not a PvP game. */
  roomList?(gameCode: string, currency: string): Promise<PvpRoomList | null>;
}

export interface PvpRoomList {
  rakeBp: number;
  rooms: {
    id: string;
    game: string;
    name: string;
    stake: string;
    seats: number;
    taken: number;
    players: number;
    bots: number;
    phase: string;
  }[];
}

const withQuery = (base: string, params: Record<string, string>) => {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

/** apps/house-games: our own provider, integrated exactly like an outside seamless vendor. */
export const houseGamesAdapter = (baseUrl: string): ProviderAdapter => ({
  kind: 'house-games',
  gameTypes: new Set(['RNG', 'BGS', 'COCKFIGHT', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP']),
  launchUrl: (i) =>
    withQuery(`${baseUrl.replace(/\/$/, '')}/play/${encodeURIComponent(i.gameCode)}`, {
      launchToken: i.launchToken,
      lang: i.language.toLowerCase(),
      vassalage: i.vassalage,
      name: i.gameName,
      lobby: i.lobbyUrl,
      ...(i.timeZone ? { tz: i.timeZone } : {}),
    }),
  chatUrl: (i) =>
    withQuery(`${baseUrl.replace(/\/$/, '')}/chat/${encodeURIComponent(i.gameCode)}`, {
      launchToken: i.launchToken,
      lang: i.language.toLowerCase(),
      name: i.gameName,
    }),
  liveTables: async () => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}/api/live/tables`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`house-games answered ${res.status}`);
    const body = (await res.json()) as { value?: unknown };
    return z
      .array(
        z.object({
          id: z.string(),
          kind: liveTableModel.shape.kind,
          name: z.string(),
          dealer: z.string(),
          minBet: z.string(),
          maxBet: z.string(),
          open: z.boolean(),
          phase: z.enum(['betting', 'dealing', 'result']).nullable(),
          bettingEndsAt: z.number().nullable(),
          road: z.array(z.record(z.string(), z.unknown())),
        }),
      )
      .parse(body.value)
      .map(({ id, ...t }) => ({ tableId: id, ...t }));
  },
  syncGames: async (vassalage) => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}/api/games?vassalage=${encodeURIComponent(vassalage)}`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`house-games answered ${res.status}`);
    const body = (await res.json()) as { value?: unknown };
    return z
      .array(
        z.object({
          gameCode: z.string(),
          gameType: z.string(),
          names: z.record(z.string(), z.string()),
          minBet: z.string().nullable(),
          lines: z.number().nullable(),
          supportPlay: z.union([z.literal(0), z.literal(1)]),
        }),
      )
      .parse(body.value);
  },
  roomList: async (gameCode, currency) => {
    const url = withQuery(`${baseUrl.replace(/\/$/, '')}/api/pvp/rooms`, { code: gameCode, currency });
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (res.status === 404 || res.status === 409) return null;
    if (!res.ok) throw new Error(`house-games answered ${res.status}`);
    const body = (await res.json()) as { value?: unknown };
    return z
      .object({
        rakeBp: z.number().int(),
        rooms: z.array(
          z.object({
            id: z.string(),
            game: z.string(),
            name: z.string(),
            stake: z.string(),
            seats: z.number().int(),
            taken: z.number().int(),
            players: z.number().int(),
            bots: z.number().int(),
            phase: z.string(),
          }),
        ),
      })
      .parse(body.value);
  },
  describeGames: async (codes) => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}/api/games/describe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ codes }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`house-games answered ${res.status}`);
    const body = (await res.json()) as { value?: unknown };
    const v = z
      .object({
        mathsVersion: z.number(),
        games: z.array(z.object({ gameCode: z.string(), lines: z.number().nullable(), minBet: z.string() })),
      })
      .parse(body.value);
    return { version: String(v.mathsVersion), games: v.games };
  },
});

/** A vendor's seamless game server reached by a plain launch URL (token in the query). */
export const seamlessHttpAdapter = (launchUrl: string): ProviderAdapter => ({
  kind: 'seamless-http',
  launchUrl: (i) =>
    withQuery(launchUrl, {
      token: i.launchToken,
      game: i.gameCode,
      lang: i.language.toLowerCase(),
      demo: i.demo ? '1' : '0',
    }),
});

/**
 * A transfer-model vendor's wallet API: signed JSON POSTs to <apiUrl>/transfer, /transfer/status
 * and /balance (same signature scheme as our callbacks, in the other direction). A timeout or a
 * 5xx is 'unknown': the move stays pending and the status check settles it later.
 */
export const transferHttpAdapter = (o: {
  apiUrl: string;
  launchUrl: string;
  secret: string;
  timeoutMs?: number;
}): ProviderAdapter => {
  const call = async (path: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const ts = Date.now();
    const res = await fetch(`${o.apiUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': String(ts),
        'x-provider-signature': createHmac('sha256', o.secret).update(`${ts}.${raw}`).digest('hex'),
      },
      body: raw,
      signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
    });
    if (res.status >= 500) throw new Error(`vendor answered ${res.status}`);
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const state = (v: unknown): TransferState => (v === 'succeeded' || v === 'failed' ? v : 'unknown');
  return {
    kind: 'transfer-http',
    launchUrl: (i) =>
      withQuery(o.launchUrl, { token: i.launchToken, game: i.gameCode, lang: i.language.toLowerCase() }),
    transfer: {
      move: async (t) => {
        try {
          const r = await call('/transfer', { ...t, amount: String(t.amount) });
          if (r.status >= 400) return 'failed';
          return state(r.body.status);
        } catch {
          return 'unknown';
        }
      },
      status: async (transferId) => {
        try {
          const r = await call('/transfer/status', { transferId });
          if (r.status === 404) return 'failed';
          return state(r.body.status);
        } catch {
          return 'unknown';
        }
      },
      balance: async (playerId, currency) => {
        const r = await call('/balance', { playerId, currency });
        const b = r.body.balance;
        if (r.status >= 400 || typeof b !== 'string' || !/^\d+$/.test(b)) throw new Error('vendor balance unavailable');
        return BigInt(b);
      },
    },
  };
};

/** Vendors that have no integration yet: they can be listed, never launched. */
export const noAdapter: ProviderAdapter = {
  kind: 'none',
  launchUrl: () => {
    throw new Error('no integration');
  },
};
