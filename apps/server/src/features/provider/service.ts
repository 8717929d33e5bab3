import type { Db } from '../../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LobbyService } from '../lobby/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { ProtectionService } from '../protection/service.ts';
import { createGameHistory } from './history/service.ts';
import { createWinLimits } from './limits/service.ts';
import { createLauncher } from './launch/service.ts';
import { createRegistry, type Integration } from './registry.ts';
import { createSeamlessWallet, type SettledWin } from './seamless/service.ts';
import { createCatalogSync } from './sync.ts';
import { createTransfers } from './transfers/service.ts';
import { createVendorSessions } from './launch/sessions.ts';

export interface ProviderDeps {
  db: Db;
  wallet: WalletService;
  /** Player protection (issue 24): launches, transfers into games and bets ask it first. */
  protection: Pick<ProtectionService, 'assertMayPlay'>;
  catalog: CatalogService;
  lobby: Pick<LobbyService, 'queueWin' | 'recordRecentGame'>;
  /** The configured integrations (`loadIntegrations(config)`). */
  integrations: Map<string, Integration>;
  /** PROVIDER_BATCH_SIZE and PROVIDER_BATCH_IN_FLIGHT (decision 043). */
  batching: { maxSize: number; inFlight: number };
  /** PROVIDER_SESSION_HOURS. */
  sessionHours: number;
  /** PROVIDER_LAUNCH_TOKEN_SECONDS. */
  launchTokenSeconds: number;
  /** PUBLIC_BASE_URL: the lobby vendors send players back to. */
  publicBaseUrl: string;
}

/**
 * Everything about game providers (issue 6), as `providers` in src/context.ts: the vendor registry,
 * the seamless-wallet callbacks, vendor sessions, launches, transfer-model wallets, bet history and
 * game-list sync. Its parts share the registry and the wallet.
 */
export const createProviderService = (deps: ProviderDeps) => {
  const { db, wallet, catalog, lobby, protection } = deps;
  const registry = createRegistry({ db, integrations: deps.integrations });
  const transfers = createTransfers({ db, wallet, registry, protection });
  const limits = createWinLimits({ db, wallet });
  return {
    registry,
    limits,
    seamless: createSeamlessWallet({ db, wallet, limits, protection, batching: deps.batching }),
    sessions: createVendorSessions({ db, wallet, sessionHours: deps.sessionHours, lobbyUrl: deps.publicBaseUrl }),
    launcher: createLauncher({
      db,
      catalog,
      lobby,
      registry,
      transfers,
      protection,
      launchTokenSeconds: deps.launchTokenSeconds,
      publicBaseUrl: deps.publicBaseUrl,
    }),
    transfers,
    history: createGameHistory({ db }),
    sync: createCatalogSync({ catalog, registry }),

    /** A settled round with a win goes on the winners board (after its money has committed; batched). */
    recordWin(w: SettledWin | null): void {
      if (!w || w.gameId === null) return;
      lobby.queueWin({ ...w, gameId: w.gameId });
    },
  };
};

export type ProviderService = ReturnType<typeof createProviderService>;
