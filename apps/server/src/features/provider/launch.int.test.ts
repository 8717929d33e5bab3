import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { operatorToken } from '../../../test/factories/agent.ts';
import { operatorToken as financeToken } from '../../../test/factories/wallet.ts';
import {
  LIVE_MESSAGE,
  fundedPlayer,
  gameSession,
  launchToken,
  setupProviderWorld,
  txId,
  vendorCall,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { rowsOf } from '../../../test/rows.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

/** Launching games (spec §4), the vendor registry's switches, bet history and the winners board. */
let t: TestApp;
let world: ProviderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
});
afterAll(() => t.close());
afterEach(async () => expect((await checkLedger(t.ctx.db)).breaches).toEqual([]));

const launch = (nodeId: number, token?: string, demo = false) =>
  t.call<{ launchPath: string; gameUrl: string; walletModel: string; demo: boolean; gameName: string }>({
    method: 'GET',
    url: `/wps/relay/GCS_gameLaunchFB?nodeId=${nodeId}${demo ? '&demo=1' : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('launching a game', () => {
  it('gives a member a launch path on the launch CDN that redirects once to the vendor', async () => {
    const p = await fundedPlayer(t);
    const r = await launch(world.games.HGS_DRAGON!, p.token);
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      walletModel: 'seamless',
      demo: false,
      gameCode: 'HGS_DRAGON',
      vassalage: 'HGS',
    });
    expect(r.body.value.launchPath).toMatch(/^\/provider\/launch\/[\w-]{40,}$/);
    const redirect = await t.app.inject({ method: 'GET', url: r.body.value.launchPath });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toContain('http://localhost:3001/play/HGS_DRAGON?launchToken=');
    expect(redirect.headers.location).toBe(r.body.value.gameUrl);
    // The brand's clock goes with the link, so the game's bet list shows times in the brand's zone.
    const brandZone = (await t.ctx.merchants.brand(world.merchantId)).merchant.timezone;
    expect(new URL(r.body.value.gameUrl).searchParams.get('tz')).toBe(brandZone);
  });

  it('also launches through POST /wps/game/launchGame', async () => {
    const p = await fundedPlayer(t);
    const r = await t.call<{ launchPath: string }>({
      method: 'POST',
      url: '/wps/game/launchGame',
      payload: { nodeId: world.games.DICE },
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(r.body.success).toBe(true);
  });

  it('asks an anonymous visitor to log in and refuses a trial account with in_need_true_account', async () => {
    const anon = await launch(world.games.HGS_DRAGON!);
    expect([anon.status, anon.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    const trial = await fundedPlayer(t, 0n, { type: 4 });
    const r = await launch(world.games.HGS_DRAGON!, trial.token);
    expect([r.status, r.body.code, r.body.message]).toEqual([403, 'TRIAL_NOT_ALLOWED', 'in_need_true_account']);
  });

  it('offers a free trial without login only where supportPlay is 0', async () => {
    const ok = await launch(world.games.HGS_TRIAL!, undefined, true);
    expect(ok.body.value.demo).toBe(true);
    const refused = await launch(world.games.HGS_DRAGON!, undefined, true);
    expect(refused.body.code).toBe('DEMO_NOT_OFFERED');
  });

  it('shows a vendor under maintenance with its message', async () => {
    const p = await fundedPlayer(t);
    const r = await launch(world.games.LVA_BACCARAT!, p.token);
    expect([r.status, r.body.code, r.body.message]).toEqual([503, 'VENDOR_MAINTENANCE', LIVE_MESSAGE]);
    const status = await t.call<{ vassalage: string; state: string; message: string }[]>({
      method: 'GET',
      url: '/wps/game/vendorStatus',
    });
    expect(status.body.value).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vassalage: 'HGS', state: 'available' }),
        expect.objectContaining({ vassalage: 'LVA', state: 'maintenance', message: LIVE_MESSAGE }),
      ]),
    );
  });

  it('routes lotteries to their pages and provider entries to their game lists', async () => {
    const p = await fundedPlayer(t);
    const lott = await launch(world.games.SSC1!, p.token);
    expect(lott.body).toMatchObject({ code: 'LOTTERY_ROUTE', value: { route: '/lottery?gameCode=SSC1' } });
    const entry = await launch(world.games.HGS_LOBBY!, p.token);
    expect(entry.body).toMatchObject({ code: 'VENDOR_ENTRY', value: { vassalage: 'HGS' } });
    const missing = await launch(999_999, p.token);
    expect(missing.status).toBe(404);
  });

  it('records every launch as a recent game', async () => {
    const p = await fundedPlayer(t);
    await launch(world.games.HGS_DRAGON!, p.token);
    await launch(world.games.DICE!, p.token);
    const recent = await t.call<{ list: { nodeId: number }[] }>({
      method: 'GET',
      url: '/wps/relay/GCS_recentGame?page=1&pageSize=10',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(recent.body.value.list.map((g) => g.nodeId).slice(0, 2)).toEqual([world.games.DICE, world.games.HGS_DRAGON]);
  });

  it('lets an operator schedule maintenance; launches are refused inside the window only', async () => {
    const op = await operatorToken(t);
    const p = await fundedPlayer(t);
    const set = (body: Record<string, unknown>) =>
      t.call<{ state: string }>({
        method: 'PUT',
        url: '/wps/operator/providers/vendor',
        headers: { authorization: `Bearer ${op}` },
        payload: { vassalage: 'HGS', enabled: true, maintenanceMessage: 'Upgrading reels until 10:00', ...body },
      });
    const now = Date.now();
    expect(
      (
        await set({
          maintenanceFrom: new Date(now + 3_600_000).toISOString(),
          maintenanceUntil: new Date(now + 7_200_000).toISOString(),
        })
      ).body.value.state,
    ).toBe('available');
    expect((await launch(world.games.HGS_DRAGON!, p.token)).body.success).toBe(true);
    expect(
      (
        await set({
          maintenanceFrom: new Date(now - 60_000).toISOString(),
          maintenanceUntil: new Date(now + 3_600_000).toISOString(),
        })
      ).body.value.state,
    ).toBe('maintenance');
    const refused = await launch(world.games.HGS_DRAGON!, p.token);
    expect([refused.body.code, refused.body.message]).toEqual(['VENDOR_MAINTENANCE', 'Upgrading reels until 10:00']);
    const bad = await set({
      maintenanceFrom: new Date(now).toISOString(),
      maintenanceUntil: new Date(now - 1000).toISOString(),
    });
    expect(bad.body.fields?.maintenanceUntil).toBeDefined();
    expect(
      (await set({ maintenanceFrom: null, maintenanceUntil: null, maintenanceMessage: '' })).body.value.state,
    ).toBe('available');
    expect((await launch(world.games.HGS_DRAGON!, p.token)).body.success).toBe(true);
  });

  it('lets only an administrator change a vendor, and records who did', async () => {
    const admin = await operatorToken(t);
    const finance = await financeToken(t, 'finance');
    const list = async () =>
      (
        await t.call<{ vassalage: string; state: string; maintenanceMessage: string }[]>({
          method: 'GET',
          url: '/wps/operator/providers',
          headers: { authorization: `Bearer ${finance}` },
        })
      ).body.value.find((v) => v.vassalage === 'HGS')!;
    const put = (token: string) =>
      t.call({
        method: 'PUT',
        url: '/wps/operator/providers/vendor',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          vassalage: 'HGS',
          enabled: false,
          maintenanceFrom: null,
          maintenanceUntil: null,
          maintenanceMessage: 'off for the night',
        },
      });
    const before = await list();
    const refused = await put(finance);
    expect(refused.status).toBe(403);
    expect(await list()).toEqual(before);
    expect((await put(admin)).status).toBe(200);
    expect(await list()).toMatchObject({ state: 'disabled', maintenanceMessage: 'off for the night' });
    const [audit] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT action, target FROM operator_audit WHERE action = 'provider.vendor.update' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audit).toEqual({ action: 'provider.vendor.update', target: 'HGS' });
    await t.call({
      method: 'PUT',
      url: '/wps/operator/providers/vendor',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        vassalage: 'HGS',
        enabled: true,
        maintenanceFrom: null,
        maintenanceUntil: null,
        maintenanceMessage: '',
      },
    });
    expect((await list()).state).toBe('available');
  });
});

describe('bet history and the winners board', () => {
  it('lists a member’s rounds with filters and reopens a round with its outcome', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const other = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const rounds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const roundId = txId('round');
      rounds.push(roundId);
      await vendorCall(t, 'bet', {
        sessionToken: s.sessionToken,
        playerId: s.playerId,
        transactionId: txId('b'),
        roundId,
        gameCode: 'HGS_DRAGON',
        amount: '100',
        currency: 'BRL',
      });
      await vendorCall(t, 'win', {
        playerId: s.playerId,
        transactionId: txId('w'),
        roundId,
        gameCode: 'HGS_DRAGON',
        amount: String(i * 150),
        currency: 'BRL',
        endRound: true,
        detail: { kind: 'slot', grid: [['h1']], i },
      });
    }
    const h = await t.call<{
      list: {
        id: number;
        roundId: string;
        bet: string;
        win: string;
        profit: string;
        gameName: string;
        status: string;
      }[];
      totalCount: number;
      totals: { bet: string; win: string };
    }>({
      method: 'GET',
      url: '/wps/game/betHistory?pageNo=1&pageSize=2',
      headers: { authorization: `Bearer ${p.token}`, 'accept-language': 'en' },
    });
    expect(h.body.value.totalCount).toBe(3);
    expect(h.body.value.list).toHaveLength(2);
    expect(h.body.value.list[0]).toMatchObject({
      roundId: rounds[2],
      bet: '100',
      win: '300',
      profit: '200',
      status: 'closed',
    });
    expect(h.body.value.totals).toEqual({ bet: '300', win: '450', profit: '150' });
    const byType = await t.call<{ totalCount: number }>({
      method: 'GET',
      url: '/wps/game/betHistory?gameType=LIVE',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(byType.body.value.totalCount).toBe(0);
    const byVendor = await t.call<{ totalCount: number }>({
      method: 'GET',
      url: '/wps/game/betHistory?vassalage=HGS',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(byVendor.body.value.totalCount).toBe(3);
    const future = await t.call<{ totalCount: number }>({
      method: 'GET',
      url: '/wps/game/betHistory?from=2999-01-01',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(future.body.value.totalCount).toBe(0);
    const badDate = await t.call({
      method: 'GET',
      url: '/wps/game/betHistory?from=01/02/2024',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(badDate.body.fields?.from).toBeDefined();

    const id = h.body.value.list[0]!.id;
    const round = await t.call<{
      detail: { i: number };
      transactions: { kind: string; amount: string }[];
      balanceBefore: string;
      balanceAfter: string;
    }>({ method: 'GET', url: `/wps/game/betHistory/round?id=${id}`, headers: { authorization: `Bearer ${p.token}` } });
    expect(round.body.value.detail.i).toBe(2);
    expect(round.body.value.transactions.map((x) => [x.kind, x.amount])).toEqual([
      ['bet', '100'],
      ['win', '300'],
    ]);
    expect(BigInt(round.body.value.balanceAfter) - BigInt(round.body.value.balanceBefore)).toBe(200n);
    const foreign = await t.call({
      method: 'GET',
      url: `/wps/game/betHistory/round?id=${id}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(404);
  });

  it('puts settled wins on the winners board with a masked name', async () => {
    const p = await fundedPlayer(t, 10_000n, { username: `winner${Date.now() % 100000}` });
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const roundId = txId('round');
    await vendorCall(t, 'bet', {
      sessionToken: s.sessionToken,
      playerId: s.playerId,
      transactionId: txId('b'),
      roundId,
      gameCode: 'HGS_DRAGON',
      amount: '100',
      currency: 'BRL',
    });
    await vendorCall(t, 'win', {
      playerId: s.playerId,
      transactionId: txId('w'),
      roundId,
      gameCode: 'HGS_DRAGON',
      amount: '987654',
      currency: 'BRL',
      endRound: false,
    });
    await vendorCall(t, 'endRound', { playerId: s.playerId, roundId, gameCode: 'HGS_DRAGON' });
    const board = await t.call<{ list: { customerName: string; winAmount: string | number; gameName: string }[] }>({
      method: 'GET',
      url: '/wps/relay/GCSGAME_winnerList?gameCategory=HOME&limitNum=20',
    });
    const entry = board.body.value.list.find((w) => String(w.winAmount) === '987654');
    expect(entry?.customerName).toMatch(/^wi\*\*\*\d\d$/);
    expect(entry?.customerName).not.toContain(p.username);
  });
});

describe('what the winners board counts as a win', () => {
  it("lists only wins of the brand's minimum amount and multiple of the stake, past wins included", async () => {
    const p = await fundedPlayer(t, 100_000n, { username: `board${Date.now() % 100000}` });
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const round = async (bet: string, win: string) => {
      const roundId = txId('round');
      const ids = { playerId: s.playerId, roundId, gameCode: 'HGS_DRAGON', currency: 'BRL' };
      await vendorCall(t, 'bet', { ...ids, sessionToken: s.sessionToken, transactionId: txId('b'), amount: bet });
      await vendorCall(t, 'win', { ...ids, transactionId: txId('w'), amount: win, endRound: true });
    };
    // R$ 1,20 on R$ 1,00; R$ 50,00 on R$ 1,00 (50×); R$ 200,00 on R$ 100,00 (2×).
    await round('100', '120');
    await round('100', '5000');
    await round('10000', '20000');
    const mine = async () => {
      const board = await t.call<{ list: { customerName: string; winAmount: string | number }[] }>({
        method: 'GET',
        url: '/wps/relay/GCSGAME_winnerList?gameCategory=HOME&limitNum=50',
      });
      expect(board.status).toBe(200);
      const name = board.body.value.list.find((w) => String(w.winAmount) === '5000')?.customerName;
      return board.body.value.list
        .filter((w) => w.customerName === name && ['120', '5000', '20000'].includes(String(w.winAmount)))
        .map((w) => String(w.winAmount))
        .sort();
    };
    const { merchant } = await t.ctx.merchants.brand(p.merchantId);
    const before = { winnersMinAmount: merchant.winnersMinAmount, winnersMinMultiple: merchant.winnersMinMultiple };
    try {
      await t.ctx.merchants.update(p.merchantId, { winnersMinAmount: 0n, winnersMinMultiple: 0 });
      expect(await mine()).toEqual(['120', '20000', '5000']);
      await t.ctx.merchants.update(p.merchantId, { winnersMinAmount: 500n, winnersMinMultiple: 0 });
      expect(await mine()).toEqual(['20000', '5000']);
      await t.ctx.merchants.update(p.merchantId, { winnersMinAmount: 500n, winnersMinMultiple: 10 });
      expect(await mine()).toEqual(['5000']);
    } finally {
      await t.ctx.merchants.update(p.merchantId, before);
    }
  });
});

describe('trial and frozen accounts at the vendor', () => {
  it('refuses to authenticate a launch whose member was frozen in between', async () => {
    const p = await fundedPlayer(t);
    const token = await launchToken(t, p, world.games.HGS_DRAGON!);
    await t.ctx.db.execute((await import('drizzle-orm')).sql`UPDATE members SET status = 'frozen' WHERE id = ${p.id}`);
    const r = await vendorCall(t, 'authenticate', { launchToken: token });
    expect(r.body.code).toBe('ACCOUNT_FROZEN');
  });
});
