import type { VendorStatus } from '@app/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LobbyService } from '../lobby/service.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';
import { History } from './history.ts';
import { Launcher } from './launch.ts';
import {
  DEFAULT_MAINTENANCE_MESSAGE,
  DISABLED_MESSAGE,
  NONE,
  NOT_CONNECTED_MESSAGE,
  loadIntegrations,
  stateOf,
  type Integration,
  type VendorState,
  type VendorSwitches,
} from './registry.ts';
import { SeamlessWallet, type SettledWin } from './seamless.ts';
import { CatalogSync } from './sync.ts';
import { Transfers } from './transfer.ts';
import { VendorSessions } from './vendor-session.ts';

const GAME_TYPE_WORDS: Record<string, string> = {
  LIVE: 'Live casino',
  FISH: 'Fishing',
  PVP: 'PvP',
  SPORTS: 'Sports',
  ESPORTS: 'eSports',
  COCKFIGHT: 'Cockfight',
  RNG: 'Slot',
  BGS: 'In-house',
};

const toSwitches = (r: Record<string, unknown>): VendorSwitches => ({
  vassalage: r.vassalage as string,
  provider: r.provider as string,
  walletModel: r.wallet_model === 'transfer' ? 'transfer' : 'seamless',
  enabled: r.enabled === true,
  maintenanceFrom: r.maintenance_from ? data.date(r.maintenance_from) : null,
  maintenanceUntil: r.maintenance_until ? data.date(r.maintenance_until) : null,
  maintenanceMessage: (r.maintenance_message as string) ?? '',
});

/** The vendor registry: integrations from config, each brand's switches from provider_vendors. */
export class Registry {
  private cache = new Map<number, { at: number; rows: Promise<Map<string, VendorSwitches>> }>();

  constructor(
    private readonly db: Db,
    readonly integrations: Map<string, Integration>,
  ) {}

  integration(code: string): Integration | undefined {
    return this.integrations.get(code);
  }

  private all(merchantId: number): Promise<Map<string, VendorSwitches>> {
    const hit = this.cache.get(merchantId);
    if (hit && Date.now() - hit.at < 5000) return hit.rows;
    const rows = data
      .vendorSwitches(this.db, merchantId)
      .then((rs) => new Map(rs.map((r) => [r.vassalage as string, toSwitches(r)])));
    this.cache.set(merchantId, { at: Date.now(), rows });
    rows.catch(() => this.cache.delete(merchantId));
    return rows;
  }

  invalidate() {
    this.cache.clear();
  }

  async switches(merchantId: number, vassalage: string): Promise<VendorSwitches | null> {
    return (await this.all(merchantId)).get(vassalage) ?? null;
  }

  describe(v: VendorSwitches | null, vassalage: string): VendorStatus & { state: VendorState } {
    const state = stateOf(v, this.integrations);
    const message =
      state === 'available'
        ? ''
        : state === 'disabled'
          ? DISABLED_MESSAGE
          : v?.maintenanceMessage || (v && v.provider !== NONE ? DEFAULT_MAINTENANCE_MESSAGE : NOT_CONNECTED_MESSAGE);
    return {
      vassalage,
      state,
      message,
      until: state === 'maintenance' && v?.maintenanceUntil ? v.maintenanceUntil.toISOString() : null,
      walletModel: v?.walletModel ?? 'seamless',
    };
  }

  /** The integration to launch with, or the refusal the player sees (with the vendor's message). */
  async available(
    merchantId: number,
    vassalage: string,
    gameType?: string,
  ): Promise<{ integration: Integration; walletModel: 'seamless' | 'transfer' }> {
    const v = await this.switches(merchantId, vassalage);
    const d = this.describe(v, vassalage);
    if (d.state === 'disabled') throw new AppError('VENDOR_DISABLED', d.message, 403, { vassalage });
    if (d.state === 'maintenance')
      throw new AppError('VENDOR_MAINTENANCE', d.message, 503, { vassalage, until: d.until, message: d.message });
    const integration = this.integrations.get(v!.provider)!;
    if (gameType && integration.adapter.gameTypes && !integration.adapter.gameTypes.has(gameType)) {
      const message = `${GAME_TYPE_WORDS[gameType] ?? 'These'} games of this provider are under maintenance while they are being connected.`;
      throw new AppError('VENDOR_MAINTENANCE', message, 503, { vassalage, until: null, message });
    }
    return { integration, walletModel: v!.walletModel };
  }

  async statuses(merchantId: number, vassalages: string[]): Promise<VendorStatus[]> {
    const all = await this.all(merchantId);
    return vassalages.map((v) => this.describe(all.get(v) ?? null, v));
  }

  async entries(merchantId: number) {
    return [...(await this.all(merchantId)).values()].map((v) => {
      const d = this.describe(v, v.vassalage);
      return {
        vassalage: v.vassalage,
        provider: v.provider,
        adapter: this.integrations.get(v.provider)?.adapter.kind ?? 'none',
        walletModel: v.walletModel,
        enabled: v.enabled,
        maintenanceFrom: v.maintenanceFrom?.toISOString() ?? null,
        maintenanceUntil: v.maintenanceUntil?.toISOString() ?? null,
        maintenanceMessage: v.maintenanceMessage,
        state: d.state,
      };
    });
  }

  async transferVendors(merchantId: number): Promise<string[]> {
    return [...(await this.all(merchantId)).values()]
      .filter((v) => v.enabled && v.walletModel === 'transfer' && this.integrations.get(v.provider)?.adapter.transfer)
      .map((v) => v.vassalage);
  }

  /** Sets a brand's switches for one vendor (the seeder, the operator). */
  async set(merchantId: number, v: Omit<VendorSwitches, 'vassalage'> & { vassalage: string }) {
    if (!this.integrations.has(v.provider))
      throw new AppError('UNKNOWN_PROVIDER', `No integration named ${v.provider}`, 400);
    const integration = this.integrations.get(v.provider)!;
    if (v.walletModel !== integration.walletModel && v.provider !== NONE) {
      throw new AppError('VALIDATION_FAILED', `${v.provider} is a ${integration.walletModel} integration`, 400);
    }
    await data.upsertVendorSwitches(this.db, { merchantId, ...v });
    this.invalidate();
  }
}

/** Everything about game providers, as `app.ctx.providers`. */
export class ProviderService {
  readonly registry: Registry;
  readonly seamless: SeamlessWallet;
  readonly sessions: VendorSessions;
  readonly launcher: Launcher;
  readonly transfers: Transfers;
  readonly history: History;
  readonly sync: CatalogSync;

  constructor(
    db: Db,
    config: Config,
    private readonly deps: { wallet: WalletService; catalog: CatalogService; lobby: LobbyService },
  ) {
    this.registry = new Registry(db, loadIntegrations(config));
    this.seamless = new SeamlessWallet(db, deps.wallet, {
      maxSize: config.PROVIDER_BATCH_SIZE,
      inFlight: config.PROVIDER_BATCH_IN_FLIGHT,
    });
    this.sessions = new VendorSessions(db, deps.wallet, {
      sessionHours: config.PROVIDER_SESSION_HOURS,
      lobbyUrl: config.PUBLIC_BASE_URL,
    });
    this.transfers = new Transfers(db, deps.wallet, this.registry);
    this.launcher = new Launcher(db, {
      catalog: deps.catalog,
      lobby: deps.lobby,
      registry: this.registry,
      transfers: this.transfers,
      launchTokenSeconds: config.PROVIDER_LAUNCH_TOKEN_SECONDS,
      publicBaseUrl: config.PUBLIC_BASE_URL,
    });
    this.history = new History(db);
    this.sync = new CatalogSync(deps.catalog, this.registry);
  }

  /** A settled round with a win goes on the winners board (after its money has committed; batched). */
  recordWin(w: SettledWin | null): void {
    if (!w || w.gameId === null) return;
    this.deps.lobby.queueWin({ ...w, gameId: w.gameId });
  }
}
