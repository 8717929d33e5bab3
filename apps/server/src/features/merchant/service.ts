import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import * as data from './data.ts';
import type { Brand } from './data.ts';

export type { Brand } from './data.ts';

/**
 * Resolves the white-label brand of a request from its host, falling back to the default merchant.
 * Brands change rarely and are read on every request, so they are cached for a short time; an
 * operator change calls `invalidate` so this process sees it at once (other instances within TTL).
 */
export class MerchantService {
  private byHost = new Map<string, { id: number; at: number }>();
  private brands = new Map<number, { brand: Brand; at: number }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 3000,
  ) {}

  async resolveId(hostHeader: string | undefined): Promise<number> {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    const now = Date.now();
    const hit = this.byHost.get(host);
    if (hit && now - hit.at < this.ttlMs) return hit.id;
    const id =
      (host && (await data.findMerchantIdByHost(this.db, host))) || (await data.findDefaultMerchantId(this.db));
    if (!id) throw new AppError('INTERNAL', 'No merchant is configured', 500);
    this.byHost.set(host, { id, at: now });
    return id;
  }

  /** The merchant with this code (command-line tools name brands by code). */
  async idByCode(code: string): Promise<number> {
    const id = await data.findMerchantIdByCode(this.db, code);
    if (!id) throw new AppError('NOT_FOUND', `Unknown merchant ${code}`, 404);
    return id;
  }

  async brand(merchantId: number): Promise<Brand> {
    const now = Date.now();
    const hit = this.brands.get(merchantId);
    if (hit && now - hit.at < this.ttlMs) return hit.brand;
    const brand = await data.loadBrand(this.db, merchantId);
    if (!brand) throw new AppError('NOT_FOUND', 'Unknown merchant', 404);
    this.brands.set(merchantId, { brand, at: now });
    return brand;
  }

  async update(merchantId: number, values: Partial<data.MerchantInsert>) {
    await data.updateMerchant(this.db, merchantId, values);
    this.invalidate();
  }

  invalidate() {
    this.byHost.clear();
    this.brands.clear();
  }
}
