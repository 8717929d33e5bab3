import type { FastifyBaseLogger } from 'fastify';
import type { MemberActor } from '../../http/auth.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { ProviderService } from './service.ts';

/**
 * The demo's first rounds. After the platform listens, and once apps/house-games answers, the
 * demo players launch games and play them through the vendor's own API, exactly as a browser
 * would: the real engine decides, the real signed callbacks move the money, so bet histories and
 * the winners board start with genuine rounds. Runs once (not when the players already have rounds).
 */
export const DEMO_PLAYERS = ['lucasbr88', 'marianaz7', 'joaopedro26', 'beatriz21', 'rafaelgol9', 'camila777'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async (url: string, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return true;
    } catch {
      /* not up yet */
    }
    await sleep(2000);
  }
  return false;
};

const post = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const j = (await r.json()) as { success: boolean; value: T; message: string };
  if (!j.success) throw new Error(j.message);
  return j.value;
};

export interface DemoPlayDeps {
  providers: ProviderService;
  catalog: Pick<CatalogService, 'listGames'>;
  merchants: Pick<MerchantService, 'resolveId'>;
  /** HOUSE_GAMES_URL: where apps/house-games answers. */
  houseGamesUrl: string;
}

export const playDemoRounds = async (
  { providers, catalog, merchants, houseGamesUrl }: DemoPlayDeps,
  log: FastifyBaseLogger,
) => {
  const base = houseGamesUrl.replace(/\/$/, '');
  const merchantId = await merchants.resolveId(undefined);
  const players = await providers.history.demoPlayers(merchantId, DEMO_PLAYERS);
  if (!players.length || players.some((p) => p.rounds > 0)) return;
  if (!(await waitFor(base, 180_000))) {
    log.warn('house games did not answer; the demo starts without rounds');
    return;
  }
  const sync = await providers.sync.syncMerchant(merchantId).catch((err) => {
    log.warn({ err }, 'game-list sync failed');
    return [];
  });
  log.info(
    { vendors: sync.length, changed: sync.reduce((a, s) => a + s.changed, 0) },
    'catalogue synced with house games',
  );
  const slots = await catalog.listGames(merchantId, { gameType: 'RNG', pageNo: 1, pageSize: 40 });
  const bgs = await catalog.listGames(merchantId, { gameType: 'BGS', pageNo: 1, pageSize: 10 });
  const dice = bgs.games.find((g) => /dice/i.test(g.gameCode));
  let rounds = 0;
  for (const [i, p] of players.entries()) {
    const actor: MemberActor = {
      kind: 'member',
      sessionId: 0,
      merchantId,
      memberId: p.id,
      type: 0,
      isAgent: false,
      isTrial: false,
      pendingVerification: null,
    };
    const picks = [
      slots.games[(i * 3) % slots.games.length],
      slots.games[(i * 3 + 1) % slots.games.length],
      dice,
    ].filter(Boolean);
    for (const game of picks) {
      try {
        const l = await providers.launcher.launch(
          merchantId,
          actor,
          { nodeId: game!.nodeId, language: 'PT', demo: false },
          '127.0.0.1',
        );
        const launchToken = l.launchPath.split('/').pop()!;
        const s = await post<{ token: string; game: { kind: string } }>(`${base}/api/session`, { launchToken });
        if (s.game.kind === 'dice') {
          for (let k = 0; k < 8; k++) {
            await post(
              `${base}/api/dice/roll`,
              { bet: '200', target: 2000 + ((k * 1337) % 6000), direction: k % 2 ? 'over' : 'under' },
              s.token,
            );
            rounds++;
          }
        } else {
          const cfg = (await (
            await fetch(`${base}/api/slot`, { headers: { authorization: `Bearer ${s.token}` } })
          ).json()) as { value: { bets: string[] } };
          const bet = cfg.value.bets[Math.min(1, cfg.value.bets.length - 1)]!;
          for (let k = 0; k < 12; k++) {
            await post(`${base}/api/slot/spin`, { bet }, s.token);
            rounds++;
          }
        }
      } catch (err) {
        log.warn({ err, player: p.username }, 'a demo round could not be played');
      }
    }
  }
  log.info({ rounds }, 'demo rounds played through house games');
};
