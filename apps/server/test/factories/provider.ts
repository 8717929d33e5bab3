import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RawCatalogue } from '../../src/features/catalog/import.ts';
import { DEMO_HOUSE_SECRET, HOUSE, NONE } from '../../src/features/provider/registry.ts';
import type { AppContext } from '../../src/context.ts';
import type { TestApp } from '../harness.ts';
import { createMember, fund, sessionFor, type MemberInput, type TestMember } from './wallet.ts';

/**
 * A vendor's view of the platform for provider tests: a catalogue with a slot vendor served by our
 * HOUSE integration (with a free-trial game), a live vendor with no integration yet (maintenance),
 * a lottery and a provider entry; funded members; signed callbacks.
 */
const rows = (list: unknown[]) => list.map((value, i) => ({ row: i + 1, value }));

export const providerCatalogue = (): RawCatalogue => ({
  vendors: rows([
    { vassalage: 'HGS', displayName: 'House Slots', gameTypes: ['RNG', 'BGS'] },
    { vassalage: 'LVA', displayName: 'Live Alpha', gameTypes: ['LIVE'] },
    { vassalage: 'LOTT', displayName: 'Lotto', gameTypes: ['LOTT'] },
  ]),
  categories: [],
  games: rows([
    {
      vassalage: 'HGS',
      gameCode: 'HGS_DRAGON',
      gameType: 'RNG',
      names: { PT: 'Dragão', EN: 'Dragon' },
      minBet: '25',
      lines: 25,
    },
    { vassalage: 'HGS', gameCode: 'HGS_TRIAL', gameType: 'RNG', names: { PT: 'Grátis', EN: 'Free' }, supportPlay: 0 },
    { vassalage: 'HGS', gameCode: 'DICE', gameType: 'BGS', names: { PT: 'Dados', EN: 'Dice' } },
    {
      vassalage: 'HGS',
      gameCode: 'HGS_LOBBY',
      gameType: 'RNG',
      names: { PT: 'Lobby', EN: 'Lobby' },
      isGame: 'VASSALAGE',
    },
    { vassalage: 'LVA', gameCode: 'LVA_BACCARAT', gameType: 'LIVE', names: { PT: 'Bacará', EN: 'Baccarat' } },
    { vassalage: 'LOTT', gameCode: 'SSC1', gameType: 'LOTT', names: { PT: 'SSC', EN: 'SSC' } },
  ]),
});

export const LIVE_MESSAGE = 'Live tables are being connected: this provider is under maintenance.';

export interface ProviderWorld {
  merchantId: number;
  games: Record<string, number>;
}

export const setupProviderWorld = async (t: TestApp): Promise<ProviderWorld> => {
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  const report = await t.ctx.catalog.manage.importCatalogue(merchantId, providerCatalogue());
  if (report.rejected.length) throw new Error(`catalogue rejected rows: ${JSON.stringify(report.rejected)}`);
  const reg = t.ctx.providers.registry;
  const none = { maintenanceFrom: null, maintenanceUntil: null, maintenanceMessage: '' };
  await reg.set(merchantId, { vassalage: 'HGS', provider: HOUSE, walletModel: 'seamless', enabled: true, ...none });
  await reg.set(merchantId, {
    vassalage: 'LVA',
    provider: NONE,
    walletModel: 'seamless',
    enabled: true,
    ...none,
    maintenanceMessage: LIVE_MESSAGE,
  });
  // The ids the import assigned, read back for the tests.
  const list = await t.ctx.db.execute(sql`SELECT id, game_code FROM games WHERE merchant_id = ${merchantId}`);
  const games: Record<string, number> = {};
  for (const r of (list as unknown as { rows: { id: number; game_code: string }[] }).rows)
    games[r.game_code] = Number(r.id);
  return { merchantId, games };
};

export interface Player extends TestMember {
  token: string;
}

export const fundedPlayer = async (t: TestApp, amount = 100_000n, input: MemberInput = {}): Promise<Player> => {
  const m = await createMember(t.ctx, input);
  if (amount > 0n && (input.type ?? 0) !== 4) await fund(t.ctx, m, amount);
  return { ...m, token: await sessionFor(t.ctx, m) };
};

export const sign = (secret: string, timestamp: number, raw: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');

/** A call as a vendor makes it: a raw JSON body, signed (or tampered with, for the hostile tests). */
export const vendorCall = <T = { balance: string; currency: string }>(
  t: TestApp,
  operation: string,
  body: Record<string, unknown>,
  o: { secret?: string; timestamp?: number; provider?: string; signature?: string; raw?: string } = {},
) => {
  const raw = o.raw ?? JSON.stringify(body);
  const timestamp = o.timestamp ?? Date.now();
  return t.call<T>({
    method: 'POST',
    url: `/provider/${o.provider ?? HOUSE}/${operation}`,
    headers: {
      'content-type': 'application/json',
      'x-provider-timestamp': String(timestamp),
      'x-provider-signature': o.signature ?? sign(o.secret ?? DEMO_HOUSE_SECRET, timestamp, raw),
    },
    payload: raw,
  });
};

/** Launches a game for a player and returns the one-time launch token the vendor would receive. */
export const launchToken = async (t: TestApp, player: { token: string } | null, nodeId: number, demo = false) => {
  const r = await t.call<{ launchPath: string; gameUrl: string }>({
    method: 'GET',
    url: `/wps/relay/GCS_gameLaunchFB?nodeId=${nodeId}&demo=${demo ? 1 : 0}`,
    headers: player ? { authorization: `Bearer ${player.token}` } : {},
  });
  if (!r.body.success) throw new Error(`launch failed: ${r.body.code} ${r.body.message}`);
  return r.body.value.launchPath.split('/').pop()!;
};

/** Launch + authenticate: the vendor's game session for a player. */
export const gameSession = async (t: TestApp, player: Player, nodeId: number) => {
  const launch = await launchToken(t, player, nodeId);
  const auth = await vendorCall<{ sessionToken: string; playerId: string; balance: string }>(t, 'authenticate', {
    launchToken: launch,
  });
  if (!auth.body.success) throw new Error(`authenticate failed: ${auth.body.code} ${auth.body.message}`);
  return auth.body.value;
};

let tx = 0;
export const txId = (prefix = 'tx') => `${prefix}-${process.pid}-${++tx}-${Math.floor(Math.random() * 1e6)}`;

/**
 * Funded players with live game sessions at a house slot vendor ('HGS') on the seamless wallet, set up
 * through the product's services on a context of its own (no HTTP): what a vendor holds before it
 * starts calling. For the callbacks crash test and `npm run bench:games`.
 */
export const seamlessSessions = async (ctx: AppContext, o: { players: number; funds: bigint; gameCode: string }) => {
  const merchantId = await ctx.merchants.resolveId(undefined);
  await ctx.catalog.manage.importCatalogue(merchantId, {
    vendors: [{ row: 1, value: { vassalage: 'HGS', displayName: 'House Slots', gameTypes: ['RNG'] } }],
    categories: [],
    games: [{ row: 1, value: { vassalage: 'HGS', gameCode: o.gameCode, gameType: 'RNG', names: { EN: o.gameCode } } }],
  });
  await ctx.providers.registry.set(merchantId, {
    vassalage: 'HGS',
    provider: HOUSE,
    walletModel: 'seamless',
    enabled: true,
    maintenanceFrom: null,
    maintenanceUntil: null,
    maintenanceMessage: '',
  });
  const game = (await ctx.catalog.listGames(merchantId, { vassalage: 'HGS', pageNo: 1, pageSize: 5 })).games.find(
    (g) => g.gameCode === o.gameCode,
  )!;
  const sessions: { memberId: number; merchantId: number; playerId: string; sessionToken: string }[] = [];
  for (let i = 0; i < o.players; i++) {
    const m = await createMember(ctx, { merchantId });
    await fund(ctx, m, o.funds);
    const actor = {
      kind: 'member' as const,
      sessionId: 0,
      merchantId,
      memberId: m.id,
      type: 0,
      isAgent: false,
      isTrial: false,
      pendingVerification: null,
    };
    const l = await ctx.providers.launcher.launch(merchantId, actor, { nodeId: game.nodeId, demo: false }, '127.0.0.1');
    const a = await ctx.providers.sessions.authenticate(HOUSE, { launchToken: l.launchPath.split('/').pop()! });
    sessions.push({ memberId: m.id, merchantId, playerId: a.playerId, sessionToken: a.sessionToken });
  }
  return { merchantId, sessions };
};
