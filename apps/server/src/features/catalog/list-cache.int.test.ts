import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameNames } from '../../db/schema/index.ts';
import { loadCatalogue, nodeIdOf } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createCatalogService, type CatalogService } from './service.ts';

let t: TestApp;
let merchantId: number;
let dragon: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ merchantId } = await loadCatalogue(t.ctx));
  dragon = await nodeIdOf(t, 'aaa-dragon');
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Renames the game behind the service's back (as another server process would). */
const rename = (name: string) =>
  t.ctx.db
    .update(gameNames)
    .set({ name })
    .where(and(eq(gameNames.gameId, dragon), eq(gameNames.language, 'EN')));
const firstName = async (svc: CatalogService) =>
  (await svc.listGames(merchantId, { gameType: 'RNG', pageNo: 1, pageSize: 15, language: 'EN' })).games[0]!.gameName;

describe('the game-list page cache', () => {
  it('answers from memory within its TTL, serves the old page while one refresh runs, then the new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const svc = createCatalogService({ db: t.ctx.db, merchants: t.ctx.merchants, listCacheMs: 1000 });
    await rename('Golden Dragon');
    expect(await firstName(svc)).toBe('Golden Dragon');
    await rename('Renamed Dragon');
    expect(await firstName(svc)).toBe('Golden Dragon');
    vi.setSystemTime(Date.now() + 1500);
    // Past the TTL: the stale page answers at once and one refresh starts.
    expect(await firstName(svc)).toBe('Golden Dragon');
    await vi.waitFor(async () => expect(await firstName(svc)).toBe('Renamed Dragon'), {
      timeout: 10_000,
      interval: 50,
    });
    // Long past it (over twice the TTL), the page is loaded before answering.
    await rename('Third Dragon');
    vi.setSystemTime(Date.now() + 5000);
    expect(await firstName(svc)).toBe('Third Dragon');
  });

  it('is cleared by every catalogue write of this process, and can be turned off', async () => {
    const svc = createCatalogService({ db: t.ctx.db, merchants: t.ctx.merchants, listCacheMs: 60_000 });
    await rename('Golden Dragon');
    expect(await firstName(svc)).toBe('Golden Dragon');
    await rename('Fourth Dragon');
    svc.invalidate();
    expect(await firstName(svc)).toBe('Fourth Dragon');
    const off = createCatalogService({ db: t.ctx.db, merchants: t.ctx.merchants, listCacheMs: 0 });
    await rename('Fifth Dragon');
    expect(await firstName(off)).toBe('Fifth Dragon');
    await rename('Golden Dragon');
    expect(await firstName(off)).toBe('Golden Dragon');
  });
});

describe('the in-memory list of listed games', () => {
  it('reloads when another process writes to the catalogue: the version counter moves with every write', async () => {
    const { catalogueVersion } = await import('./data.ts');
    const svc = createCatalogService({ db: t.ctx.db, merchants: t.ctx.merchants, listCacheMs: 0 });
    const v0 = await catalogueVersion(t.ctx.db);
    await rename('Golden Dragon');
    const v1 = await catalogueVersion(t.ctx.db);
    expect(v1).toBeGreaterThan(v0);
    const search = async () =>
      (await svc.listGames(merchantId, { gameName: 'golden drag', pageNo: 1, pageSize: 15, language: 'EN' })).games.map(
        (g) => g.nodeId,
      );
    expect(await search()).toContain(dragon);
    // A vendor switched off behind this service's back takes its games out of the very next list.
    await t.ctx.db.execute(
      sql`UPDATE vendors SET enabled = false WHERE merchant_id = ${merchantId} AND vassalage = 'AAA'`,
    );
    expect(await search()).not.toContain(dragon);
    await t.ctx.db.execute(
      sql`UPDATE vendors SET enabled = true WHERE merchant_id = ${merchantId} AND vassalage = 'AAA'`,
    );
    expect(await search()).toContain(dragon);
    expect(await catalogueVersion(t.ctx.db)).toBeGreaterThan(v1 + 1n);
  });
});

describe('vendor lanes and menus', () => {
  it('follow a vendor switched off or on by another process at once', async () => {
    const svc = createCatalogService({ db: t.ctx.db, merchants: t.ctx.merchants, ttlMs: 60_000 });
    const vendors = async () => (await svc.vendors(merchantId)).map((v) => v.vassalage);
    const menuVendors = async () =>
      (await svc.menus(merchantId, 'EN')).flatMap((m) => Object.keys(m.gameClassify[0]?.vendors ?? {}));
    expect(await vendors()).toContain('AAA');
    expect(await menuVendors()).toContain('AAA');
    await t.ctx.db.execute(
      sql`UPDATE vendors SET enabled = false WHERE merchant_id = ${merchantId} AND vassalage = 'AAA'`,
    );
    expect(await vendors()).not.toContain('AAA');
    expect(await menuVendors()).not.toContain('AAA');
    await t.ctx.db.execute(
      sql`UPDATE vendors SET enabled = true WHERE merchant_id = ${merchantId} AND vassalage = 'AAA'`,
    );
    expect(await vendors()).toContain('AAA');
    expect(await menuVendors()).toContain('AAA');
  });
});
