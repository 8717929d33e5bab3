import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fundedPlayer, setupProviderWorld } from '../../../test/factories/provider.ts';
import { HOUSE, NONE } from './registry.ts';

/**
 * Issue 22 (PvP): a PvP vendor served by house games launches its titles through
 * /wps/game/launchGame into house games' card rooms, and GLS2_roomList relays its rooms by stake
 * (a stand-in house games answers here); a PvP vendor with no integration stays under maintenance.
 */
let t: TestApp;
let merchantId: number;
let house: Server;
const asked: string[] = [];
const ids: Record<string, number> = {};
const PVP_MESSAGE = 'Card rooms are being connected: this provider is under maintenance.';

beforeAll(async () => {
  house = createServer((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/pvp/rooms' && url.searchParams.get('code') === 'crd-niu-niu') {
      res.end(
        JSON.stringify({
          success: true,
          message: '',
          value: {
            rakeBp: 500,
            bots: false,
            rooms: [
              {
                id: 'niuniu-1',
                game: 'niuniu',
                name: 'Niu Niu 1.00',
                stake: '100',
                seats: 6,
                rakeBp: 500,
                taken: 2,
                players: 2,
                bots: 0,
                phase: 'bidding',
              },
            ],
          },
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ success: false, value: null, message: 'This game has no rooms', code: 'NOT_PVP' }));
  });
  await new Promise<void>((r) => house.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: { HOUSE_GAMES_URL: `http://127.0.0.1:${(house.address() as AddressInfo).port}` },
  });
  ({ merchantId } = await setupProviderWorld(t));
  const report = await t.ctx.catalog.manage.importCatalogue(merchantId, {
    vendors: [
      { row: 1, value: { vassalage: 'CRD', displayName: 'Card Masters', gameTypes: ['PVP'] } },
      { row: 2, value: { vassalage: 'KNG', displayName: 'King Poker', gameTypes: ['PVP'] } },
    ],
    games: [
      { row: 1, value: { vassalage: 'CRD', gameCode: 'crd-niu-niu', gameType: 'PVP', names: { EN: 'Niu Niu' } } },
      { row: 2, value: { vassalage: 'KNG', gameCode: 'kng-truco', gameType: 'PVP', names: { EN: 'Truco' } } },
    ],
    categories: [],
  });
  expect(report.rejected).toEqual([]);
  const none = { maintenanceFrom: null, maintenanceUntil: null, walletModel: 'seamless' as const, enabled: true };
  await t.ctx.providers.registry.set(merchantId, {
    vassalage: 'CRD',
    provider: HOUSE,
    maintenanceMessage: '',
    ...none,
  });
  await t.ctx.providers.registry.set(merchantId, {
    vassalage: 'KNG',
    provider: NONE,
    maintenanceMessage: PVP_MESSAGE,
    ...none,
  });
  const rows = await t.ctx.db.execute(
    sql`SELECT id, game_code FROM games WHERE merchant_id = ${merchantId} AND game_type = 'PVP'`,
  );
  for (const r of (rows as unknown as { rows: { id: number; game_code: string }[] }).rows)
    ids[r.game_code] = Number(r.id);
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => house.close(r));
});

describe('PvP titles', () => {
  it('launch through /wps/game/launchGame into house games when their vendor is served by house games', async () => {
    const p = await fundedPlayer(t);
    const r = await t.call<{ gameUrl: string; gameType: string }>({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: `Bearer ${p.token}` },
      payload: { nodeId: ids['crd-niu-niu'] },
    });
    expect(r.status).toBe(200);
    expect(r.body.value.gameType).toBe('PVP');
    expect(new URL(r.body.value.gameUrl).pathname).toBe('/play/crd-niu-niu');
  });

  it('stay under maintenance, with the vendor’s message, where the vendor has no integration', async () => {
    const p = await fundedPlayer(t);
    const r = await t.call({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: `Bearer ${p.token}` },
      payload: { nodeId: ids['kng-truco'] },
    });
    expect([r.status, r.body.code, r.body.message]).toEqual([503, 'VENDOR_MAINTENANCE', PVP_MESSAGE]);
  });
});

describe('GLS2_roomList', () => {
  it('relays the vendor’s rooms by stake with the seats taken, in the brand’s currency', async () => {
    const r = await t.call<{
      vassalage: string;
      rakeBp: number;
      rooms: { id: string; taken: number; seats: number }[];
    }>({
      method: 'GET',
      url: '/wps/relay/GLS2_roomList?vassalage=CRD&gameCode=crd-niu-niu',
    });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ vassalage: 'CRD', gameCode: 'crd-niu-niu', rakeBp: 500 });
    expect(r.body.value.rooms.map((x) => [x.id, x.taken, x.seats])).toEqual([['niuniu-1', 2, 6]]);
    expect(asked.at(-1)).toMatch(/^\/api\/pvp\/rooms\?code=crd-niu-niu&currency=[A-Z]{3}$/);
  });

  it('answers 404 for a game with no rooms or a vendor with no PvP, 503 for a vendor under maintenance, 400 without the query', async () => {
    const none = await t.call({ method: 'GET', url: '/wps/relay/GLS2_roomList?vassalage=CRD&gameCode=crd-poker' });
    expect([none.status, none.body.code]).toEqual([404, 'NOT_FOUND']);
    const kng = await t.call({ method: 'GET', url: '/wps/relay/GLS2_roomList?vassalage=KNG&gameCode=kng-truco' });
    expect([kng.status, kng.body.code]).toEqual([503, 'VENDOR_MAINTENANCE']);
    const slots = await t.call({ method: 'GET', url: '/wps/relay/GLS2_roomList?vassalage=HGS&gameCode=crd-niu-niu' });
    expect([slots.status, slots.body.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await t.call({ method: 'GET', url: '/wps/relay/GLS2_roomList?vassalage=CRD' });
    expect(bad.status).toBe(400);
  });
});
