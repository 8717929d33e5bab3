import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import * as data from './data.ts';
import type { Brand, NewBrand } from './data.ts';

export type { Brand, NewBrand } from './data.ts';

export interface MerchantDeps {
  db: Db;
  /** How long a brand and a host's merchant are kept in memory (the backstop when a bus message is lost). */
  ttlMs?: number;
  /** Every instance hears a change on it and drops its cache at once (decision 082). */
  bus?: PubSub;
}

/** The bus channel on which a brand change is announced to every server process. */
export const BRAND_CHANGED = 'brand:changed';

/**
 * Resolves the white-label brand of a request from its host, falling back to the default merchant.
 * Brands change rarely and are read on every request, so they are cached for a short time; an
 * operator change calls `invalidate`, which drops this process's cache and announces the change on
 * the bus so every other instance drops its own (the TTL covers a message the bus loses).
 */
export const createMerchantService = ({ db, ttlMs = 3000, bus }: MerchantDeps) => {
  const byHost = new Map<string, { id: number; at: number }>();
  const brands = new Map<number, { brand: Brand; at: number }>();

  const drop = () => {
    byHost.clear();
    brands.clear();
  };
  bus?.subscribe(BRAND_CHANGED, drop);
  const invalidate = () => {
    drop();
    bus?.publish(BRAND_CHANGED, { at: Date.now() }).catch(() => {
      // Best effort: the other instances still see the change within the TTL.
    });
  };

  return {
    async resolveId(hostHeader: string | undefined): Promise<number> {
      const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
      const now = Date.now();
      const hit = byHost.get(host);
      if (hit && now - hit.at < ttlMs) return hit.id;
      const id = (host && (await data.findMerchantIdByHost(db, host))) || (await data.findDefaultMerchantId(db));
      if (!id) throw new AppError('INTERNAL', 'No merchant is configured', 500);
      byHost.set(host, { id, at: now });
      return id;
    },

    /** The merchant with this code (command-line tools name brands by code). */
    async idByCode(code: string): Promise<number> {
      const id = await data.findMerchantIdByCode(db, code);
      if (!id) throw new AppError('NOT_FOUND', `Unknown merchant ${code}`, 404);
      return id;
    },

    /** Pass `at` when calling inside a transaction (the embedded database has one connection). */
    async brand(merchantId: number, at: Db = db): Promise<Brand> {
      const now = Date.now();
      const hit = brands.get(merchantId);
      if (hit && now - hit.at < ttlMs) return hit.brand;
      const brand = await data.loadBrand(at, merchantId);
      if (!brand) throw new AppError('NOT_FOUND', 'Unknown merchant', 404);
      brands.set(merchantId, { brand, at: now });
      return brand;
    },

    /** Whether any brand exists yet (the seed creates the first one on an empty database). */
    async any(): Promise<boolean> {
      return data.anyMerchant(db);
    },

    /** A brand with its host names, customer service entries and resources, in one transaction. */
    async create(brand: NewBrand) {
      const merchant = await db.transaction((tx) => data.insertBrand(tx, brand));
      invalidate();
      return merchant;
    },

    async update(merchantId: number, values: Partial<data.MerchantInsert>) {
      await data.updateMerchant(db, merchantId, values);
      invalidate();
    },

    /** Replaces the brand's customer service entries (a transaction: the list is whole or unchanged). */
    async replaceCustomerService(merchantId: number, rows: data.CustomerServiceInsert[]) {
      await db.transaction((tx) => data.replaceCustomerService(tx, merchantId, rows));
      invalidate();
    },

    /** Replaces the brand's resources and social links. */
    async replaceResources(merchantId: number, rows: data.ResourceInsert[]) {
      await db.transaction((tx) => data.replaceResources(tx, merchantId, rows));
      invalidate();
    },

    invalidate,
  };
};

export type MerchantService = ReturnType<typeof createMerchantService>;
