import type { GameEntry, WinnerEntry } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, memberWithToken, nodeIdOf, type MemberWithToken } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { maskAccount, RECENT_KEEP } from './service.ts';

let t: TestApp;
let alice: MemberWithToken;
let bob: MemberWithToken;
let trial: MemberWithToken;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await loadCatalogue(t.ctx);
  for (const code of [
    'aaa-dragon',
    'aaa-tiger',
    'aaa-phoenix',
    'bbb-dragon',
    'bbb-fruit',
    'aaa-shark',
    'lva-baccarat',
    'vn-north',
  ]) {
    id[code] = await nodeIdOf(t, code);
  }
  alice = await memberWithToken(t.ctx, { username: 'alice2026' });
  bob = await memberWithToken(t.ctx, { username: 'bob' });
  trial = await memberWithToken(t.ctx, { type: 4 });
});
afterAll(() => t.close());

const add = (m: MemberWithToken, payload: Record<string, unknown>) =>
  t.call<{ added: boolean; ids: number[] }>({
    method: 'POST',
    url: '/wps/relay/MCSFE_addFavoriteGameV2',
    headers: m.headers,
    payload,
  });
const remove = (m: MemberWithToken, qs: string) =>
  t.call<{ removed: boolean; ids: number[] }>({
    method: 'DELETE',
    url: `/wps/relay/removeFavoriteGameV2?${qs}`,
    headers: m.headers,
  });
const ids = async (m: MemberWithToken) =>
  (await t.call<{ ids: number[] }>({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGames', headers: m.headers }))
    .body.value.ids;
type FavPage = { content: GameEntry[]; pageNum: number; totalPages: number; totalCount: number };
const favList = (m: MemberWithToken, qs: string) =>
  t.call<FavPage>({ method: 'GET', url: `/wps/relay/getFavoriteGamesList?${qs}`, headers: m.headers });

describe('favourites', () => {
  it('need a session', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/relay/MCSFE_getFavoriteGames' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/relay/getFavoriteGamesList' })).status).toBe(401);
    const r = await t.call({
      method: 'POST',
      url: '/wps/relay/MCSFE_addFavoriteGameV2',
      payload: { nodeId: id['aaa-dragon'], vendor: 'AAA', gameType: 'RNG' },
    });
    expect(r.status).toBe(401);
    expect(
      (await t.call({ method: 'DELETE', url: `/wps/relay/removeFavoriteGameV2?nodeId=${id['aaa-dragon']}` })).status,
    ).toBe(401);
  });

  it('adds once (a second add is ignored), newest first, scoped to the member', async () => {
    const first = await add(alice, { nodeId: id['aaa-dragon'], vendor: 'AAA', gameType: 'RNG' });
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ added: true, ids: [id['aaa-dragon']] });
    const again = await add(alice, { nodeId: id['aaa-dragon'], vendor: 'AAA', gameType: 'RNG' });
    expect(again.body.value).toEqual({ added: false, ids: [id['aaa-dragon']] });
    await add(alice, { nodeId: id['lva-baccarat'], vendor: 'LVA', gameType: 'LIVE' });
    await add(alice, { nodeId: id['bbb-fruit'], vendor: 'BBB', gameType: 'RNG' });
    expect(new Set(await ids(alice))).toEqual(new Set([id['aaa-dragon'], id['lva-baccarat'], id['bbb-fruit']]));
    expect(await ids(bob)).toEqual([]);
  });

  it('refuses unknown games and a vendor or type that is not the game’s, changing nothing', async () => {
    const unknown = await add(alice, { nodeId: 999999, vendor: 'AAA', gameType: 'RNG' });
    expect(unknown.status).toBe(404);
    const vendor = await add(alice, { nodeId: id['aaa-tiger'], vendor: 'BBB', gameType: 'RNG' });
    expect(vendor.status).toBe(400);
    expect(vendor.body.fields).toHaveProperty('vendor');
    const type = await add(alice, { nodeId: id['aaa-tiger'], vendor: 'AAA', gameType: 'FISH' });
    expect(type.status).toBe(400);
    expect(type.body.fields).toHaveProperty('gameType');
    for (const payload of [
      { nodeId: 'x', vendor: 'AAA', gameType: 'RNG' },
      { nodeId: id['aaa-tiger'] },
      { nodeId: id['aaa-tiger'], vendor: 'AAA', gameType: 'RNG', extra: 1 },
    ]) {
      const r = await add(alice, payload);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await ids(alice)).toHaveLength(3);
  });

  it('lists favourites with paging and filters, page size up to 999', async () => {
    const all = await favList(alice, 'clientType=3&platform=html5-desktop&pageNo=1&pageSize=999&language=EN');
    expect(all.body.value.totalCount).toBe(3);
    expect(all.body.value.content.map((g) => g.gameName)).toEqual(
      expect.arrayContaining(['Golden Dragon', 'Baccarat', 'Sweet Fruit']),
    );
    const p1 = await favList(alice, 'pageSize=2&pageNo=1');
    const p2 = await favList(alice, 'pageSize=2&pageNo=2');
    expect(p1.body.value).toMatchObject({ pageNum: 1, totalPages: 2 });
    expect(p1.body.value.content).toHaveLength(2);
    expect(p2.body.value.content).toHaveLength(1);
    expect((await favList(alice, 'gameType=LIVE')).body.value.content.map((g) => g.gameCode)).toEqual(['lva-baccarat']);
    expect((await favList(alice, 'gameType=RNG&vassalage=BBB')).body.value.content.map((g) => g.gameCode)).toEqual([
      'bbb-fruit',
    ]);
    for (const qs of ['pageSize=1000', 'pageNo=0', 'gameType=X', 'foo=1']) {
      expect((await favList(alice, qs)).status, qs).toBe(400);
    }
  });

  it('removes with a DELETE (idempotent), checking vendor and type when given', async () => {
    const wrong = await remove(alice, `nodeId=${id['bbb-fruit']}&vendor=AAA&gameType=RNG`);
    expect(wrong.status).toBe(400);
    expect(await ids(alice)).toContain(id['bbb-fruit']);
    const r = await remove(alice, `nodeId=${id['bbb-fruit']}&vendor=BBB&gameType=RNG`);
    expect(r.body.value.removed).toBe(true);
    expect(r.body.value.ids).not.toContain(id['bbb-fruit']);
    expect((await remove(alice, `nodeId=${id['bbb-fruit']}`)).body.value.removed).toBe(false);
    expect((await remove(bob, `nodeId=${id['aaa-dragon']}`)).body.value.removed).toBe(false);
    expect(await ids(alice)).toContain(id['aaa-dragon']);
    expect((await remove(alice, 'nodeId=abc')).status).toBe(400);
  });

  it('trial accounts keep favourites too (only real-money features are refused)', async () => {
    expect((await add(trial, { nodeId: id['aaa-tiger'], vendor: 'AAA', gameType: 'RNG' })).body.value.added).toBe(true);
  });
});

describe('recent games', () => {
  const recent = (m: MemberWithToken, qs = '') =>
    t.call<{ list: GameEntry[]; totalPages: number; totalCount: number }>({
      method: 'GET',
      url: `/wps/relay/GCS_recentGame?${qs}`,
      headers: m.headers,
    });

  it('records launches through recordRecentGame, latest first, once per game', async () => {
    expect((await recent(bob)).body.value).toEqual({ list: [], totalPages: 0, totalCount: 0 });
    const base = Date.now();
    const play = ['aaa-dragon', 'aaa-tiger', 'lva-baccarat', 'aaa-dragon', 'aaa-shark'];
    for (const [i, code] of play.entries())
      await t.ctx.lobby.recordRecentGame(bob.id, id[code]!, new Date(base + i * 1000));
    const r = await recent(bob, 'page=1&pageSize=15&language=EN&clientType=3');
    expect(r.body.value.list.map((g) => g.gameCode)).toEqual(['aaa-shark', 'aaa-dragon', 'lva-baccarat', 'aaa-tiger']);
    expect(r.body.value.totalCount).toBe(4);
    expect((await recent(alice)).body.value.list).toEqual([]);
  });

  it('pages and filters the recent list', async () => {
    const p2 = await recent(bob, 'page=2&pageSize=3');
    expect(p2.body.value).toMatchObject({ totalPages: 2, totalCount: 4 });
    expect(p2.body.value.list.map((g) => g.gameCode)).toEqual(['aaa-tiger']);
    expect((await recent(bob, 'gameType=RNG&vassalage=AAA')).body.value.list.map((g) => g.gameCode)).toEqual([
      'aaa-dragon',
      'aaa-tiger',
    ]);
    expect((await recent(bob, 'gameType=FISH')).body.value.list.map((g) => g.gameCode)).toEqual(['aaa-shark']);
    for (const qs of ['pageSize=51', 'page=0', 'gameType=HOME', 'pageNo=1'])
      expect((await recent(bob, qs)).status, qs).toBe(400);
    expect((await t.call({ method: 'GET', url: '/wps/relay/GCS_recentGame' })).status).toBe(401);
  });

  it(`keeps only the newest entries (${RECENT_KEEP} per member) and refuses unknown games`, async () => {
    await expect(t.ctx.lobby.recordRecentGame(bob.id, 999999)).rejects.toThrow(/not found/i);
    const { recentIds, trimRecent } = await import('./data.ts');
    await trimRecent(t.ctx.db, bob.id, 2);
    expect(await recentIds(t.ctx.db, bob.id, 1000)).toEqual([id['aaa-shark'], id['aaa-dragon']]);
  });
});

describe('winners board', () => {
  const board = (qs = '') =>
    t.call<{ list: WinnerEntry[] }>({ method: 'GET', url: `/wps/relay/GCSGAME_winnerList?${qs}` });

  it('is empty until real wins are recorded — nothing is made up', async () => {
    expect((await board('gameCategory=HOME&language=PT&limitNum=20')).body.value.list).toEqual([]);
  });

  it('lists recorded wins by amount descending, masked, per category and limit; a round counts once', async () => {
    const merchantId = alice.merchantId;
    const win = (code: string, roundRef: string, amount: bigint, m = alice) =>
      t.ctx.lobby.recordWin({
        merchantId,
        memberId: m.id,
        gameId: id[code]!,
        roundRef,
        account: m.username,
        winAmount: amount,
      });
    expect(await win('aaa-dragon', 'r1', 150_00n)).toBe(true);
    expect(await win('lva-baccarat', 'r2', 9_800_00n)).toBe(true);
    expect(await win('aaa-tiger', 'r3', 320_00n, bob)).toBe(true);
    expect(await win('aaa-tiger', 'r3', 320_00n, bob)).toBe(false);
    expect(await win('aaa-tiger', 'r4', 0n)).toBe(false);
    const r = await board('gameCategory=HOME&language=EN&limitNum=20');
    expect(r.body.value.list.map((w) => [w.gameName, w.winAmount, w.customerName])).toEqual([
      ['Baccarat', '980000', 'al***26'],
      ['Lucky Tiger', '32000', 'b***'],
      ['Golden Dragon', '15000', 'al***26'],
    ]);
    expect(r.body.value.list[0]!.iconUrl).toMatch(/lva-baccarat\.svg$/);
    expect((await board('gameCategory=RNG')).body.value.list.map((w) => w.winAmount)).toEqual(['32000', '15000']);
    expect((await board('limitNum=1')).body.value.list).toHaveLength(1);
    for (const qs of ['limitNum=0', 'limitNum=51', 'gameCategory=SEARCH', 'language=xx', 'foo=bar']) {
      expect((await board(qs)).status, qs).toBe(400);
    }
  });

  it('takes batched wins from the game callbacks: the board reads them at once, a round counts once, a foreign game is skipped', async () => {
    const merchantId = alice.merchantId;
    const queued = (roundRef: string, amount: bigint, gameId = id['aaa-shark']!) =>
      t.ctx.lobby.queueWin({
        merchantId,
        memberId: bob.id,
        gameId,
        roundRef,
        account: bob.username,
        winAmount: amount,
      });
    queued('feed-1', 77_777_00n);
    queued('feed-1', 77_777_00n);
    queued('feed-2', 0n);
    queued('feed-3', 66_666_00n, 999_999);
    const list = (await board('gameCategory=HOME&limitNum=50')).body.value.list;
    expect(list.filter((w) => w.winAmount === '7777700')).toHaveLength(1);
    expect(list.find((w) => w.winAmount === '7777700')).toMatchObject({
      gameName: expect.any(String),
      customerName: 'b***',
    });
    expect(list.some((w) => w.winAmount === '6666600' || w.winAmount === '0')).toBe(false);
  });

  it('masks accounts so a name cannot be read back', () => {
    expect(maskAccount('alice2026')).toBe('al***26');
    expect(maskAccount('bob')).toBe('b***');
    expect(maskAccount('joão')).toBe('j***');
  });
});
