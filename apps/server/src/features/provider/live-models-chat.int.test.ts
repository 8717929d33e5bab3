import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fundedPlayer, setupProviderWorld } from '../../../test/factories/provider.ts';
import { createMember, sessionFor } from '../../../test/factories/wallet.ts';
import { HOUSE } from './registry.ts';

/**
 * Spec §7 live (decision 097): the live model list, read from the live vendor (house games'
 * GET /api/live/tables, here a stand-in answering as house games does), and the launch chat call
 * that returns a table's chatUrl — a writing seat for a member, a read-only one for a visitor or a
 * trial account — refused for what is not a live table.
 */
let t: TestApp;
let merchantId: number;
let games: Record<string, number>;
let tableCalls = 0;
let vendorDown = false;
const vendor = http.createServer((req, res) => {
  if (req.url === '/api/live/tables') {
    tableCalls++;
    if (vendorDown) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        success: true,
        message: '',
        value: [
          {
            id: 'baccarat-1',
            kind: 'baccarat',
            name: 'Baccarat 1',
            dealer: 'Camila',
            minBet: '100',
            maxBet: '1000000',
            open: true,
            phase: 'betting',
            bettingEndsAt: 1_790_000_000_000,
            road: [{ winner: 'banker', playerPair: false, bankerPair: true, playerTotal: 5, bankerTotal: 8 }],
          },
          {
            id: 'roulette',
            kind: 'roulette',
            name: 'Roulette',
            dealer: 'Ana',
            minBet: '100',
            maxBet: '500000',
            open: false,
            phase: null,
            bettingEndsAt: null,
            road: [],
          },
        ],
      }),
    );
    return;
  }
  res.writeHead(404).end();
});

beforeAll(async () => {
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  const port = (vendor.address() as AddressInfo).port;
  t = await createTestApp({ env: { HOUSE_GAMES_URL: `http://127.0.0.1:${port}` } });
  ({ merchantId, games } = await setupProviderWorld(t));
  const report = await t.ctx.catalog.manage.importCatalogue(merchantId, {
    vendors: [{ row: 1, value: { vassalage: 'EVL', displayName: 'Evo Live', gameTypes: ['LIVE'] } }],
    games: [
      {
        row: 1,
        value: { vassalage: 'EVL', gameCode: 'evl-baccarat-1', gameType: 'LIVE', names: { EN: 'Baccarat 1' } },
      },
    ],
    categories: [],
  });
  expect(report.rejected).toEqual([]);
  await t.ctx.providers.registry.set(merchantId, {
    vassalage: 'EVL',
    provider: HOUSE,
    walletModel: 'seamless',
    enabled: true,
    maintenanceFrom: null,
    maintenanceUntil: null,
    maintenanceMessage: '',
  });
  const rows = await t.ctx.db.execute(
    sql`SELECT id FROM games WHERE merchant_id = ${merchantId} AND game_code = 'evl-baccarat-1'`,
  );
  games['evl-baccarat-1'] = Number((rows as unknown as { rows: { id: number }[] }).rows[0]!.id);
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => vendor.close(r));
});

interface Models {
  vassalage: string;
  tables: { tableId: string; dealer: string; minBet: string; maxBet: string; phase: string | null; road: unknown[] }[];
}
interface Chat {
  chatUrl: string;
  readOnly: boolean;
  gameCode: string;
}
const chat = (nodeId: number | string, token?: string) =>
  t.call<Chat>({
    method: 'GET',
    url: `/wps/game/live/chat?nodeId=${nodeId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
/** The launch token in a chatUrl, exchanged as house games would (the signed authenticate call). */
const exchange = (chatUrl: string) =>
  t.ctx.providers.sessions.authenticate(HOUSE, { launchToken: new URL(chatUrl).searchParams.get('launchToken')! });

describe('live model list (spec §7)', () => {
  it('lists the vendor’s tables with dealer, limits, phase and road', async () => {
    const r = await t.call<Models>({ method: 'GET', url: '/wps/game/live/models?vassalage=EVL' });
    expect(r.status).toBe(200);
    expect(r.body.value.vassalage).toBe('EVL');
    expect(r.body.value.tables.map((x) => x.tableId)).toEqual(['baccarat-1', 'roulette']);
    expect(r.body.value.tables[0]).toMatchObject({
      dealer: 'Camila',
      minBet: '100',
      maxBet: '1000000',
      phase: 'betting',
      road: [{ winner: 'banker', bankerPair: true }],
    });
  });

  it('asks the vendor once for a burst of lobby refreshes', async () => {
    const before = tableCalls;
    await Promise.all([1, 2, 3].map(() => t.call({ method: 'GET', url: '/wps/game/live/models?vassalage=EVL' })));
    expect(tableCalls - before).toBeLessThanOrEqual(1);
  });

  it('refuses a vendor under maintenance, a missing vassalage, and answers 503 when the vendor is down', async () => {
    const lva = await t.call({ method: 'GET', url: '/wps/game/live/models?vassalage=LVA' });
    expect([lva.status, lva.body.code]).toEqual([503, 'VENDOR_MAINTENANCE']);
    expect((await t.call({ method: 'GET', url: '/wps/game/live/models' })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/wps/game/live/models?vassalage=a%20b' })).status).toBe(400);
    // A vendor with no live games here, or none at all: 404.
    expect((await t.call({ method: 'GET', url: '/wps/game/live/models?vassalage=HGS' })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: '/wps/game/live/models?vassalage=NOPE' })).status).toBe(404);
    await new Promise((r) => setTimeout(r, 2100));
    vendorDown = true;
    try {
      const down = await t.call({ method: 'GET', url: '/wps/game/live/models?vassalage=EVL' });
      expect([down.status, down.body.code]).toEqual([503, 'VENDOR_MAINTENANCE']);
    } finally {
      vendorDown = false;
    }
  });
});

describe('launch chat (spec §7)', () => {
  it('gives a member a writing seat at the table’s chat', async () => {
    const p = await fundedPlayer(t);
    const r = await chat(games['evl-baccarat-1']!, p.token);
    expect(r.status).toBe(200);
    expect(r.body.value.readOnly).toBe(false);
    const url = new URL(r.body.value.chatUrl);
    expect(url.pathname).toBe('/chat/evl-baccarat-1');
    const auth = await exchange(r.body.value.chatUrl);
    expect(auth.demo).toBe(false);
    expect(auth.gameCode).toBe('evl-baccarat-1');
    // The link is one-time, like a game launch.
    await expect(exchange(r.body.value.chatUrl)).rejects.toThrow();
  });

  it('gives a visitor and a trial account a read-only seat', async () => {
    const visitor = await chat(games['evl-baccarat-1']!);
    expect(visitor.status).toBe(200);
    expect(visitor.body.value.readOnly).toBe(true);
    expect((await exchange(visitor.body.value.chatUrl)).demo).toBe(true);

    const trial = await createMember(t.ctx, { type: 4 });
    const r = await chat(games['evl-baccarat-1']!, await sessionFor(t.ctx, trial));
    expect(r.status).toBe(200);
    expect(r.body.value.readOnly).toBe(true);
    expect((await exchange(r.body.value.chatUrl)).demo).toBe(true);
  });

  it('refuses a game that is not a live table, an unknown game, a vendor under maintenance, a bad nodeId', async () => {
    const slot = await chat(games.HGS_DRAGON!);
    expect([slot.status, slot.body.code]).toEqual([400, 'NOT_LIVE_TABLE']);
    expect((await chat(999_999)).status).toBe(404);
    const lva = await chat(games.LVA_BACCARAT!);
    expect([lva.status, lva.body.code]).toEqual([503, 'VENDOR_MAINTENANCE']);
    expect((await chat('abc')).status).toBe(400);
  });
});
