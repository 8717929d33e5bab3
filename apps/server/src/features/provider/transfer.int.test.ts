import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { operatorToken } from '../../../test/factories/agent.ts';
import { fundedPlayer } from '../../../test/factories/provider.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

/**
 * Transfer-model vendors against a fake vendor wallet that checks our signatures and can refuse,
 * or fail to answer, on demand.
 */
const SECRET = 'transfer-vendor-secret-0123';

interface FakeVendor {
  url: string;
  balances: Map<string, bigint>;
  transfers: Map<string, { status: 'succeeded' | 'failed'; direction: string; amount: bigint; playerId: string }>;
  mode: 'ok' | 'refuse' | 'down-then-ok';
  badSignatures: number;
  close(): Promise<void>;
}

const fakeVendor = async (): Promise<FakeVendor> => {
  const v: FakeVendor = {
    url: '',
    balances: new Map(),
    transfers: new Map(),
    mode: 'ok',
    badSignatures: 0,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const ts = String(req.headers['x-provider-timestamp']);
      const sig = createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex');
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (sig !== req.headers['x-provider-signature']) {
        v.badSignatures++;
        return send(401, { error: 'bad signature' });
      }
      const body = JSON.parse(raw) as Record<string, string>;
      if (req.url === '/balance') return send(200, { balance: String(v.balances.get(body.playerId!) ?? 0n) });
      if (req.url === '/transfer/status') {
        const t = v.transfers.get(body.transferId!);
        return t ? send(200, { status: t.status }) : send(404, { error: 'unknown transfer' });
      }
      if (req.url === '/transfer') {
        const amount = BigInt(body.amount!);
        const ok = v.mode !== 'refuse';
        const have = v.balances.get(body.playerId!) ?? 0n;
        const status = ok && (body.direction === 'in' || have >= amount) ? 'succeeded' : 'failed';
        v.transfers.set(body.transferId!, { status, direction: body.direction!, amount, playerId: body.playerId! });
        if (status === 'succeeded') v.balances.set(body.playerId!, have + (body.direction === 'in' ? amount : -amount));
        // 'down-then-ok': the move happens but the answer is lost (the vendor answers 503).
        if (v.mode === 'down-then-ok') return send(503, { error: 'try later' });
        return send(200, { status });
      }
      send(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  v.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  v.close = () => new Promise((r) => server.close(() => r()));
  return v;
};

let t: TestApp;
let vendor: FakeVendor;
let nodeId: number;
let merchantId: number;

beforeAll(async () => {
  vendor = await fakeVendor();
  t = await createTestApp({
    env: {
      PROVIDERS_JSON: JSON.stringify([
        {
          code: 'TRV',
          adapter: 'transfer-http',
          walletModel: 'transfer',
          secret: SECRET,
          apiUrl: vendor.url,
          launchUrl: 'http://vendor.example/play',
        },
      ]),
    },
  });
  merchantId = await t.ctx.merchants.resolveId('localhost');
  await t.ctx.catalog.manage.importCatalogue(merchantId, {
    vendors: [{ row: 1, value: { vassalage: 'TRV', displayName: 'Transfer Vendor', gameTypes: ['RNG'] } }],
    categories: [],
    games: [
      { row: 1, value: { vassalage: 'TRV', gameCode: 'TRV_SLOT', gameType: 'RNG', names: { EN: 'Transfer Slot' } } },
    ],
  });
  await t.ctx.providers.registry.set(merchantId, {
    vassalage: 'TRV',
    provider: 'TRV',
    walletModel: 'transfer',
    enabled: true,
    maintenanceFrom: null,
    maintenanceUntil: null,
    maintenanceMessage: '',
  });
  const games = await t.call<{ games: { nodeId: number }[] }>({
    method: 'GET',
    url: '/wps/relay/GCSGAME_gameList?vassalage=TRV&gameType=RNG&pageNo=1&pageSize=15',
  });
  nodeId = games.body.value.games[0]!.nodeId;
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});
afterEach(async () => {
  vendor.mode = 'ok';
  expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
  expect(vendor.badSignatures).toBe(0);
});

const balance = async (memberId: number) => (await t.ctx.wallet.balance(merchantId, memberId)).balance;
const launch = (token: string) =>
  t.call<{ walletModel: string; gameUrl: string }>({
    method: 'GET',
    url: `/wps/relay/GCS_gameLaunchFB?nodeId=${nodeId}`,
    headers: { authorization: `Bearer ${token}` },
  });
const bringHome = (token: string) =>
  t.call<{ results: { vassalage: string; amount: string; status: string }[]; balance: string }>({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });

describe('transfer-model vendors', () => {
  it('moves the main balance in at launch and brings the vendor balance home with GCS_walletTransfer', async () => {
    const p = await fundedPlayer(t, 5_000n);
    const r = await launch(p.token);
    expect(r.body.value.walletModel).toBe('transfer');
    expect(r.body.value.gameUrl).toContain('http://vendor.example/play?token=');
    expect(await balance(p.id)).toBe(0n);
    expect(vendor.balances.get(String(p.id))).toBe(5_000n);
    // The player wins at the vendor.
    vendor.balances.set(String(p.id), 7_250n);
    const home = await bringHome(p.token);
    expect(home.body.value.results).toEqual([
      expect.objectContaining({ vassalage: 'TRV', amount: '7250', status: 'succeeded' }),
    ]);
    expect(home.body.value.balance).toBe('7250');
    expect(vendor.balances.get(String(p.id))).toBe(0n);
    const again = await bringHome(p.token);
    expect(again.body.value.results[0]!.status).toBe('nothing');
  });

  it('reverses the debit when the vendor refuses the move in', async () => {
    const p = await fundedPlayer(t, 3_000n);
    vendor.mode = 'refuse';
    await launch(p.token);
    expect(await balance(p.id)).toBe(3_000n);
    expect(vendor.balances.get(String(p.id)) ?? 0n).toBe(0n);
  });

  it('keeps a move pending when the vendor does not answer, and settles it from the status check', async () => {
    const p = await fundedPlayer(t, 4_000n);
    vendor.mode = 'down-then-ok';
    await launch(p.token);
    expect(await balance(p.id)).toBe(0n);
    const pendingOut = await bringHome(p.token);
    expect(pendingOut.body.value.results[0]!.status).toBe('pending');
    // Money that left the vendor is not credited until the vendor confirms it.
    expect(await balance(p.id)).toBe(0n);
    vendor.mode = 'ok';
    const resolved = await t.ctx.providers.transfers.checkPending(0);
    expect(resolved).toBe(2);
    expect(await balance(p.id)).toBe(4_000n);
    expect(await t.ctx.providers.transfers.checkPending(0)).toBe(0);
    expect(await balance(p.id)).toBe(4_000n);
  });

  it('reconciles: reports a transfer whose final state differs from the vendor’s', async () => {
    const p = await fundedPlayer(t, 1_000n);
    await launch(p.token);
    const op = await operatorToken(t);
    const clean = await t.call<{ mismatches: unknown[]; checkedTransfers: number }>({
      method: 'POST',
      url: '/wps/operator/providers/reconcile',
      headers: { authorization: `Bearer ${op}` },
      payload: { vassalage: 'TRV' },
    });
    expect(clean.body.value.mismatches).toEqual([]);
    expect(clean.body.value.checkedTransfers).toBeGreaterThan(0);
    const last = [...vendor.transfers.entries()].pop()!;
    last[1].status = 'failed';
    const dirty = await t.call<{ mismatches: { transferId: string; ours: string; theirs: string }[] }>({
      method: 'POST',
      url: '/wps/operator/providers/reconcile',
      headers: { authorization: `Bearer ${op}` },
      payload: { vassalage: 'TRV' },
    });
    expect(dirty.body.value.mismatches).toEqual([
      expect.objectContaining({ transferId: last[0], ours: 'succeeded', theirs: 'failed' }),
    ]);
    last[1].status = 'succeeded';
  });

  it('refuses to reconcile a vendor that is not a transfer vendor', async () => {
    const op = await operatorToken(t);
    const r = await t.call({
      method: 'POST',
      url: '/wps/operator/providers/reconcile',
      headers: { authorization: `Bearer ${op}` },
      payload: { vassalage: 'NOPE' },
    });
    expect(r.body.code).toBe('NOT_TRANSFER_VENDOR');
  });
});
