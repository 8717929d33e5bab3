import type { VendorStatus } from '@app/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  houseGamesAdapter,
  noAdapter,
  seamlessHttpAdapter,
  transferHttpAdapter,
  type ProviderAdapter,
} from './adapters.ts';
import * as data from './data.ts';

/**
 * Provider integrations come from configuration (their secrets from the environment); which
 * brand's vendor (vassalage) uses which integration, and its on/off and maintenance switches, live
 * in provider_vendors (see data.ts).
 */
export interface Integration {
  code: string;
  adapter: ProviderAdapter;
  walletModel: 'seamless' | 'transfer';
  /** HMAC secret for the vendor's callbacks (and our calls to a transfer vendor). */
  secret: string;
}

/** The secret apps/house-games uses in the embedded demo; refused outside demo mode. */
export const DEMO_HOUSE_SECRET = 'house-games-demo-secret-change-me';
export const HOUSE = 'HOUSE';
/** Vendors with no integration yet (listed, shown under maintenance, never launched). */
export const NONE = 'NONE';

const extra = z.array(
  z.strictObject({
    code: z.string().regex(/^[A-Za-z0-9_-]{2,32}$/),
    adapter: z.enum(['transfer-http', 'seamless-http']),
    walletModel: z.enum(['seamless', 'transfer']),
    secret: z.string().min(16),
    apiUrl: z.string().url().optional(),
    launchUrl: z.string().url(),
  }),
);

export class ConfigurationError extends Error {}

/** The settings the integrations are read from (the composition root passes its configuration). */
export interface IntegrationSettings {
  NODE_ENV: string;
  DEMO_MODE: boolean;
  HOUSE_GAMES_URL: string;
  PROVIDER_HOUSE_SECRET?: string | undefined;
  PROVIDERS_JSON?: string | undefined;
}

export const loadIntegrations = (config: IntegrationSettings): Map<string, Integration> => {
  const out = new Map<string, Integration>();
  const houseSecret =
    config.PROVIDER_HOUSE_SECRET ?? (config.DEMO_MODE || config.NODE_ENV === 'test' ? DEMO_HOUSE_SECRET : null);
  if (houseSecret) {
    out.set(HOUSE, {
      code: HOUSE,
      adapter: houseGamesAdapter(config.HOUSE_GAMES_URL),
      walletModel: 'seamless',
      secret: houseSecret,
    });
  }
  if (config.PROVIDERS_JSON) {
    let parsed: z.infer<typeof extra>;
    try {
      parsed = extra.parse(JSON.parse(config.PROVIDERS_JSON));
    } catch (err) {
      throw new ConfigurationError(`PROVIDERS_JSON: ${(err as Error).message}`);
    }
    for (const p of parsed) {
      if (p.code === HOUSE || p.code === NONE || out.has(p.code))
        throw new ConfigurationError(`PROVIDERS_JSON: duplicate code ${p.code}`);
      if (p.adapter === 'transfer-http' && (!p.apiUrl || p.walletModel !== 'transfer')) {
        throw new ConfigurationError(`PROVIDERS_JSON: ${p.code} needs apiUrl and walletModel transfer`);
      }
      out.set(p.code, {
        code: p.code,
        walletModel: p.walletModel,
        secret: p.secret,
        adapter:
          p.adapter === 'transfer-http'
            ? transferHttpAdapter({ apiUrl: p.apiUrl!, launchUrl: p.launchUrl, secret: p.secret })
            : seamlessHttpAdapter(p.launchUrl),
      });
    }
  }
  out.set(NONE, { code: NONE, adapter: noAdapter, walletModel: 'seamless', secret: '' });
  return out;
};

export interface VendorSwitches {
  vassalage: string;
  provider: string;
  walletModel: 'seamless' | 'transfer';
  enabled: boolean;
  maintenanceFrom: Date | null;
  maintenanceUntil: Date | null;
  maintenanceMessage: string;
}

export type VendorState = 'available' | 'maintenance' | 'disabled';

/**
 * available, maintenance (a window that covers now, or a vendor with no integration yet) or disabled
 * (switched off). A maintenance window with no start begins at once; with no end it lasts until
 * the operator lifts it.
 */
export const stateOf = (
  v: VendorSwitches | null,
  integrations: Map<string, Integration>,
  now = new Date(),
): VendorState => {
  if (!v) return 'maintenance';
  if (!v.enabled) return 'disabled';
  if (v.provider === NONE || !integrations.has(v.provider)) return 'maintenance';
  const started = !v.maintenanceFrom || v.maintenanceFrom <= now;
  const ended = v.maintenanceUntil !== null && v.maintenanceUntil <= now;
  const windowSet = v.maintenanceFrom !== null || v.maintenanceUntil !== null;
  return windowSet && started && !ended ? 'maintenance' : 'available';
};

export const DEFAULT_MAINTENANCE_MESSAGE = 'This provider is under maintenance. Please try again later.';
export const DISABLED_MESSAGE = 'This provider is not available.';
export const NOT_CONNECTED_MESSAGE = 'This provider is under maintenance while its games are being connected.';

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

const toSwitches = (v: data.VendorRow): VendorSwitches => ({
  ...v,
  walletModel: v.walletModel === 'transfer' ? 'transfer' : 'seamless',
});

export interface RegistryDeps {
  db: Db;
  /** From configuration (`loadIntegrations`, in src/context.ts). */
  integrations: Map<string, Integration>;
}

/** The vendor registry: integrations from config, each brand's switches from provider_vendors. */
export const createRegistry = ({ db, integrations }: RegistryDeps) => {
  const cache = new Map<number, { at: number; rows: Promise<Map<string, VendorSwitches>> }>();

  const all = (merchantId: number): Promise<Map<string, VendorSwitches>> => {
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < 5000) return hit.rows;
    const rows = data.vendorSwitches(db, merchantId).then((rs) => new Map(rs.map((r) => [r.vassalage, toSwitches(r)])));
    cache.set(merchantId, { at: Date.now(), rows });
    rows.catch(() => cache.delete(merchantId));
    return rows;
  };

  const invalidate = () => cache.clear();

  const switches = async (merchantId: number, vassalage: string): Promise<VendorSwitches | null> =>
    (await all(merchantId)).get(vassalage) ?? null;

  const describe = (v: VendorSwitches | null, vassalage: string): VendorStatus & { state: VendorState } => {
    const state = stateOf(v, integrations);
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
  };

  const entries = async (merchantId: number) =>
    [...(await all(merchantId)).values()].map((v) => {
      const d = describe(v, v.vassalage);
      return {
        vassalage: v.vassalage,
        provider: v.provider,
        adapter: integrations.get(v.provider)?.adapter.kind ?? 'none',
        walletModel: v.walletModel,
        enabled: v.enabled,
        maintenanceFrom: v.maintenanceFrom?.toISOString() ?? null,
        maintenanceUntil: v.maintenanceUntil?.toISOString() ?? null,
        maintenanceMessage: v.maintenanceMessage,
        state: d.state,
      };
    });

  return {
    integrations,

    integration: (code: string): Integration | undefined => integrations.get(code),

    invalidate,
    switches,
    describe,

    /** The integration to launch with, or the refusal the player sees (with the vendor's message). */
    async available(
      merchantId: number,
      vassalage: string,
      gameType?: string,
    ): Promise<{ integration: Integration; walletModel: 'seamless' | 'transfer' }> {
      const v = await switches(merchantId, vassalage);
      const d = describe(v, vassalage);
      if (d.state === 'disabled') throw new AppError('VENDOR_DISABLED', d.message, 403, { vassalage });
      if (d.state === 'maintenance')
        throw new AppError('VENDOR_MAINTENANCE', d.message, 503, { vassalage, until: d.until, message: d.message });
      const integration = integrations.get(v!.provider)!;
      if (gameType && integration.adapter.gameTypes && !integration.adapter.gameTypes.has(gameType)) {
        const message = `${GAME_TYPE_WORDS[gameType] ?? 'These'} games of this provider are under maintenance while they are being connected.`;
        throw new AppError('VENDOR_MAINTENANCE', message, 503, { vassalage, until: null, message });
      }
      return { integration, walletModel: v!.walletModel };
    },

    async statuses(merchantId: number, vassalages: string[]): Promise<VendorStatus[]> {
      const byVassalage = await all(merchantId);
      return vassalages.map((v) => describe(byVassalage.get(v) ?? null, v));
    },

    entries,

    async transferVendors(merchantId: number): Promise<string[]> {
      return [...(await all(merchantId)).values()]
        .filter((v) => v.enabled && v.walletModel === 'transfer' && integrations.get(v.provider)?.adapter.transfer)
        .map((v) => v.vassalage);
    },

    /** Sets a brand's switches for one vendor (the seeder, the operator). */
    async set(merchantId: number, v: Omit<VendorSwitches, 'vassalage'> & { vassalage: string }) {
      if (!integrations.has(v.provider))
        throw new AppError('UNKNOWN_PROVIDER', `No integration named ${v.provider}`, 400);
      const integration = integrations.get(v.provider)!;
      if (v.walletModel !== integration.walletModel && v.provider !== NONE) {
        throw new AppError('VALIDATION_FAILED', `${v.provider} is a ${integration.walletModel} integration`, 400);
      }
      await data.upsertVendorSwitches(db, { merchantId, ...v });
      invalidate();
    },
  };
};

export type Registry = ReturnType<typeof createRegistry>;
