import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fundedPlayer, setupProviderWorld } from '../../../test/factories/provider.ts';
import { HOUSE, NONE } from './registry.ts';

/**
 * Issue 22 (fishing): the fishing titles of a vendor served by house games launch into house games'
 * fishing shooter, like its slots; a fishing vendor with no integration stays under maintenance.
 */
let t: TestApp;
let merchantId: number;
const ids: Record<string, number> = {};
const FISH_MESSAGE = 'Fishing is being connected: this provider is under maintenance.';

beforeAll(async () => {
  t = await createTestApp();
  ({ merchantId } = await setupProviderWorld(t));
  const report = await t.ctx.catalog.manage.importCatalogue(merchantId, {
    vendors: [
      { row: 1, value: { vassalage: 'AUR', displayName: 'Aurora Gaming', gameTypes: ['RNG', 'FISH'] } },
      { row: 2, value: { vassalage: 'FSH', displayName: 'Deep Sea Studio', gameTypes: ['FISH'] } },
    ],
    games: [
      {
        row: 1,
        value: { vassalage: 'AUR', gameCode: 'aur-ocean-king', gameType: 'FISH', names: { EN: 'Ocean King' } },
      },
      {
        row: 2,
        value: { vassalage: 'FSH', gameCode: 'fsh-ocean-king', gameType: 'FISH', names: { EN: 'Ocean King' } },
      },
    ],
    categories: [],
  });
  expect(report.rejected).toEqual([]);
  const none = { maintenanceFrom: null, maintenanceUntil: null, walletModel: 'seamless' as const, enabled: true };
  await t.ctx.providers.registry.set(merchantId, {
    vassalage: 'AUR',
    provider: HOUSE,
    maintenanceMessage: '',
    ...none,
  });
  await t.ctx.providers.registry.set(merchantId, {
    vassalage: 'FSH',
    provider: NONE,
    maintenanceMessage: FISH_MESSAGE,
    ...none,
  });
  const rows = await t.ctx.db.execute(
    sql`SELECT id, game_code FROM games WHERE merchant_id = ${merchantId} AND game_type = 'FISH'`,
  );
  for (const r of (rows as unknown as { rows: { id: number; game_code: string }[] }).rows)
    ids[r.game_code] = Number(r.id);
});
afterAll(() => t.close());

const launch = (nodeId: number, token: string) =>
  t.call<{ gameUrl: string; gameType: string }>({
    method: 'GET',
    url: `/wps/relay/GCS_gameLaunchFB?nodeId=${nodeId}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('fishing titles', () => {
  it('launch into house games when their vendor is served by house games', async () => {
    const p = await fundedPlayer(t);
    const r = await launch(ids['aur-ocean-king']!, p.token);
    expect(r.status).toBe(200);
    expect(r.body.value.gameType).toBe('FISH');
    expect(new URL(r.body.value.gameUrl).pathname).toBe('/play/aur-ocean-king');
  });

  it('stay under maintenance, with the vendor’s message, where the vendor has no integration', async () => {
    const p = await fundedPlayer(t);
    const r = await launch(ids['fsh-ocean-king']!, p.token);
    expect([r.status, r.body.code, r.body.message]).toEqual([503, 'VENDOR_MAINTENANCE', FISH_MESSAGE]);
  });
});
