import { z } from 'zod';
import type { Config } from '../../config.ts';
import {
  houseGamesAdapter,
  noAdapter,
  seamlessHttpAdapter,
  transferHttpAdapter,
  type ProviderAdapter,
} from './adapters.ts';

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

export const loadIntegrations = (config: Config): Map<string, Integration> => {
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
