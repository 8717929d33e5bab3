import { gameEntry, type GameEntry } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, nodeIdOf, operatorHeaders } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadCatalogue(t.ctx);
});
afterAll(() => t.close());

type Page = { games: GameEntry[]; totalPages: number; totalCount: number; pageNo: number };
const list = (qs: string, headers: Record<string, string> = {}) =>
  t.call<Page>({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${qs}`, headers });
const codes = (p: { games: GameEntry[] }) => p.games.map((g) => g.gameCode);

describe('GCSGAME_gameList', () => {
  it('lists games in the operator order with every spec field, names in the asked language', async () => {
    const r = await list(
      'clientType=3&platform=html5-desktop&merchant=lotus&gameType=RNG&pageNo=1&pageSize=15&language=EN',
    );
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(codes(r.body.value)).toEqual([
      'aaa-dragon',
      'aaa-tiger',
      'aaa-phoenix',
      'bbb-dragon',
      'bbb-fruit',
      'ccc-moon',
      'ccc-star',
    ]);
    const first = gameEntry.parse(r.body.value.games[0]);
    expect(first).toMatchObject({
      gameName: 'Golden Dragon',
      nodeName: 'Golden Dragon',
      gameType: 'RNG',
      vassalage: 'AAA',
      vendorName: 'Alpha Slots',
      isGame: 'GAME',
      isHot: 1,
      isNew: 0,
      showIcon: 1,
      supportPlay: 1,
      minBet: '100',
      lines: 25,
    });
    expect(first.iconUrl).toBe('http://localhost:3000/cdn/games/AAA/aaa-dragon.svg');
    expect(r.body.value).toMatchObject({ totalCount: 7, totalPages: 1, pageNo: 1 });
    const pt = await list('gameType=RNG&language=PT');
    expect(pt.body.value.games[0]!.gameName).toBe('Dragão Dourado');
  });

  it('falls back to the brand language, then English, when the language is missing', async () => {
    const def = await list('gameType=RNG');
    expect(def.body.value.games[0]!.gameName).toBe('Dragão Dourado');
    const zh = await list('gameType=RNG&language=ZH');
    expect(zh.body.value.games[0]!.gameName).toBe('Golden Dragon');
    const header = await list('gameType=RNG', { 'accept-language': 'en-US,en;q=0.9' });
    expect(header.body.value.games[0]!.gameName).toBe('Golden Dragon');
  });

  it('pages: totalPages from the page size, a page past the end is empty, the pages join up', async () => {
    const p1 = await list('gameType=RNG&pageSize=3&pageNo=1');
    const p2 = await list('gameType=RNG&pageSize=3&pageNo=2');
    const p3 = await list('gameType=RNG&pageSize=3&pageNo=3');
    const p9 = await list('gameType=RNG&pageSize=3&pageNo=9');
    expect(p1.body.value.totalPages).toBe(3);
    expect([...codes(p1.body.value), ...codes(p2.body.value), ...codes(p3.body.value)]).toHaveLength(7);
    expect(new Set([...codes(p1.body.value), ...codes(p2.body.value), ...codes(p3.body.value)]).size).toBe(7);
    expect(p9.body.value).toMatchObject({ games: [], totalPages: 3, totalCount: 7, pageNo: 9 });
  });

  it('filters by vendor, and a vendor list leaves out its own provider entry', async () => {
    expect(codes((await list('gameType=RNG&vassalage=BBB')).body.value)).toEqual(['bbb-dragon', 'bbb-fruit']);
    expect(codes((await list('vassalage=AAA')).body.value)).toEqual([
      'aaa-dragon',
      'aaa-tiger',
      'aaa-phoenix',
      'aaa-shark',
    ]);
    expect(codes((await list('gameType=LIVE')).body.value)).toEqual(['lva-lobby', 'lva-baccarat', 'lva-roulette']);
    expect((await list('gameType=LIVE')).body.value.games[0]!.isGame).toBe('VASSALAGE');
    expect(codes((await list('gameType=LIVE&vassalage=LVA')).body.value)).toEqual(['lva-baccarat', 'lva-roulette']);
    expect((await list('gameType=RNG&vassalage=ZZZ')).body.value).toMatchObject({ games: [], totalPages: 0 });
    expect(codes((await list('gameType=RNG&vassalage=ALL')).body.value)).toHaveLength(7);
  });

  it('filters by classify: tags, minimum bet, lines, and the built-in NEW and HOT', async () => {
    expect(codes((await list('gameType=RNG&gameClassify=MEGAWAYS')).body.value)).toEqual(['aaa-phoenix', 'bbb-dragon']);
    expect(codes((await list('gameType=RNG&gameClassify=MINBET1')).body.value)).toEqual([
      'aaa-dragon',
      'aaa-phoenix',
      'ccc-moon',
    ]);
    expect(codes((await list('gameType=RNG&gameClassify=LINES25')).body.value)).toEqual([
      'aaa-dragon',
      'aaa-phoenix',
      'bbb-dragon',
    ]);
    expect(codes((await list('gameType=RNG&vassalage=AAA&gameClassify=LINES25')).body.value)).toEqual([
      'aaa-dragon',
      'aaa-phoenix',
    ]);
    expect(codes((await list('gameClassify=NEW')).body.value)).toEqual(['aaa-tiger']);
    expect(codes((await list('gameClassify=HOT')).body.value)).toEqual(['aaa-dragon', 'bbb-fruit', 'lva-baccarat']);
  });

  it('searches names trimmed, case- and accent-insensitively, as "contains", in any of the brand’s languages', async () => {
    expect(codes((await list(`gameName=${encodeURIComponent('  DRAGAO ')}&language=PT`)).body.value)).toEqual([
      'aaa-dragon',
      'bbb-dragon',
    ]);
    expect(codes((await list(`gameName=${encodeURIComponent('dragão dou')}&language=PT`)).body.value)).toEqual([
      'aaa-dragon',
    ]);
    expect(codes((await list('gameName=agon&language=EN')).body.value)).toEqual(['aaa-dragon', 'bbb-dragon']);
    expect(codes((await list('gameName=golden&language=EN')).body.value)).toEqual(['aaa-dragon', 'aaa-shark']);
    // In Portuguese the game is listed as "Dragão Dourado", but the English title on its artwork finds it,
    // and the Portuguese name finds it in English.
    expect(codes((await list('gameName=golden&language=PT')).body.value)).toEqual(['aaa-dragon', 'aaa-shark']);
    const pt = await list('gameName=golden&language=PT');
    expect(pt.body.value.games[0]!.gameName).toBe('Dragão Dourado');
    expect(codes((await list(`gameName=${encodeURIComponent('dragão dourado')}&language=EN`)).body.value)).toEqual([
      'aaa-dragon',
    ]);
    // A match never runs from one language's name into the next.
    expect(codes((await list(`gameName=${encodeURIComponent('dragon dragao')}&language=EN`)).body.value)).toEqual([]);
    expect(codes((await list('gameName=golden&gameType=FISH&language=EN')).body.value)).toEqual(['aaa-shark']);
    // LIKE wildcards are plain characters in a search.
    expect(codes((await list(`gameName=${encodeURIComponent('%')}`)).body.value)).toEqual([]);
    expect(codes((await list(`gameName=${encodeURIComponent('   ')}&gameType=RNG`)).body.value)).toHaveLength(7);
  });

  it('refuses bad parameters with 400 and one message per field', async () => {
    const cases: [string, string][] = [
      ['pageNo=0', 'pageNo'],
      ['pageNo=abc', 'pageNo'],
      ['pageNo=1001', 'pageNo'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['gameType=POKER', 'gameType'],
      ['vassalage=bad-code', 'vassalage'],
      ['language=xx', 'language'],
      ['platform=ios', 'platform'],
      [`gameName=${'a'.repeat(51)}`, 'gameName'],
      ['gameClassify=MEGAWAYS', 'gameClassify'],
      ['gameType=RNG&gameClassify=NOPE', 'gameClassify'],
      ['merchant=other', 'merchant'],
      ['sort=name', 'sort'],
    ];
    for (const [qs, field] of cases) {
      const r = await list(qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.code, qs).toBe('VALIDATION_FAILED');
      expect(Object.keys(r.body.fields ?? {}), qs).toContain(field);
    }
  });

  it('hides the games of a disabled vendor lane and shows them again when enabled', async () => {
    const headers = await operatorHeaders(t);
    const off = await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/vendors/enabled',
      headers,
      payload: { vassalage: 'BBB', gameType: 'RNG', enabled: false },
    });
    expect(off.status).toBe(200);
    expect(codes((await list('gameType=RNG')).body.value)).not.toContain('bbb-dragon');
    await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/vendors/enabled',
      headers,
      payload: { vassalage: 'BBB', gameType: 'RNG', enabled: true },
    });
    expect(codes((await list('gameType=RNG')).body.value)).toContain('bbb-dragon');
  });
});

describe('GCSGAME_hotGamesV2', () => {
  const hot = (qs: string) =>
    t.call<{ list: GameEntry[] }>({ method: 'GET', url: `/wps/relay/GCSGAME_hotGamesV2?${qs}` });

  it('lists hot games, filtered by type and vendor', async () => {
    const all = await hot('merchantCode=lotus&isPlatform=2&platform=html5-desktop&language=EN');
    expect(all.body.value.list.map((g) => g.gameCode)).toEqual(['aaa-dragon', 'bbb-fruit', 'lva-baccarat']);
    expect(all.body.value.list.every((g) => g.isHot === 1)).toBe(true);
    expect((await hot('gameType=LIVE')).body.value.list.map((g) => g.gameCode)).toEqual(['lva-baccarat']);
    expect((await hot('gameType=RNG&vassalage=BBB')).body.value.list.map((g) => g.gameCode)).toEqual(['bbb-fruit']);
  });

  it('refuses a wrong isPlatform, merchant code or unknown field', async () => {
    for (const qs of ['isPlatform=1', 'merchantCode=nope', 'gameType=XX', 'limit=5']) {
      const r = await hot(qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('follows the operator’s hot flags', async () => {
    const headers = await operatorHeaders(t);
    const id = await nodeIdOf(t, 'ccc-star');
    const set = await t.call<{ updated: number }>({
      method: 'PUT',
      url: '/wps/operator/catalog/games/hot',
      headers,
      payload: { nodeIds: [id], isHot: true },
    });
    expect(set.body.value.updated).toBe(1);
    expect((await hot('gameType=RNG')).body.value.list.map((g) => g.gameCode)).toContain('ccc-star');
    await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/games/hot',
      headers,
      payload: { nodeIds: [id], isHot: false },
    });
    expect((await hot('gameType=RNG')).body.value.list.map((g) => g.gameCode)).not.toContain('ccc-star');
  });
});

describe('vendors and menus', () => {
  it('GCSGAME_getVassGameType lists the vendors of a type in order, with counts and logos', async () => {
    const r = await t.call<{
      list: { vassalage: string; gameCount: number; iconUrl: string; lagerIcon: string; cards: string }[];
    }>({
      method: 'GET',
      url: '/wps/relay/GCSGAME_getVassGameType?gameType=RNG&language=EN&platform=html5-desktop&clientType=3',
    });
    expect(r.body.value.list.map((v) => [v.vassalage, v.gameCount])).toEqual([
      ['AAA', 3],
      ['BBB', 2],
      ['CCC', 2],
    ]);
    expect(r.body.value.list[0]!.iconUrl).toMatch(/\/cdn\/vendors\/AAA\.svg$/);
    expect(r.body.value.list[0]!.lagerIcon).toMatch(/\/cdn\/vendors\/AAA-lg\.svg$/);
    const all = await t.call<{ list: { gameType: string }[] }>({
      method: 'GET',
      url: '/wps/relay/GCSGAME_getVassGameType',
    });
    expect(new Set(all.body.value.list.map((v) => v.gameType))).toEqual(new Set(['RNG', 'FISH', 'LIVE', 'LOTT']));
    expect((await t.call({ method: 'GET', url: '/wps/relay/GCSGAME_getVassGameType?gameType=NOPE' })).status).toBe(400);
  });

  it('the operator reorders a type’s vendors; every vendor must be listed once', async () => {
    const headers = await operatorHeaders(t);
    const bad = [
      { gameType: 'RNG', vassalages: ['CCC', 'AAA'] },
      { gameType: 'RNG', vassalages: ['CCC', 'AAA', 'BBB', 'LVA'] },
      { gameType: 'RNG', vassalages: ['CCC', 'CCC', 'AAA', 'BBB'] },
    ];
    for (const payload of bad) {
      const r = await t.call({ method: 'PUT', url: '/wps/operator/catalog/vendors/order', headers, payload });
      expect(r.status).toBe(400);
    }
    const ok = await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/vendors/order',
      headers,
      payload: { gameType: 'RNG', vassalages: ['CCC', 'AAA', 'BBB'] },
    });
    expect(ok.status).toBe(200);
    const r = await t.call<{ list: { vassalage: string }[] }>({
      method: 'GET',
      url: '/wps/relay/GCSGAME_getVassGameType?gameType=RNG',
    });
    expect(r.body.value.list.map((v) => v.vassalage)).toEqual(['CCC', 'AAA', 'BBB']);
    const lanes = await t.call<{ data: { lanes: { gameType: string; vendors: { vassalage: string }[] }[] } }>({
      method: 'GET',
      url: '/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop',
    });
    expect(lanes.body.value.data.lanes.map((l) => l.gameType)).toEqual(['RNG', 'LIVE', 'FISH', 'LOTT']);
    expect(lanes.body.value.data.lanes[0]!.vendors.map((v) => v.vassalage)).toEqual(['CCC', 'AAA', 'BBB']);
    await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/vendors/order',
      headers,
      payload: { gameType: 'RNG', vassalages: ['AAA', 'BBB', 'CCC'] },
    });
  });

  it('game_menus: categories with titles in the language and classify entries with their vendors', async () => {
    const r = await t.call<{
      list: {
        gameType: string;
        title: string;
        gameCount: number;
        gameClassify: { key: string; displayName: string; vendors: Record<string, number> }[];
      }[];
    }>({
      method: 'GET',
      url: '/lgw/games/game_menus?language=EN',
    });
    const rng = r.body.value.list.find((c) => c.gameType === 'RNG')!;
    expect(rng.title).toBe('Casino');
    expect(rng.gameCount).toBe(7);
    expect(rng.gameClassify.map((c) => c.key)).toEqual(['ALL', 'MEGAWAYS', 'MINBET1', 'LINES25']);
    expect(rng.gameClassify[0]).toEqual({ key: 'ALL', displayName: 'All', vendors: { AAA: 3, BBB: 2, CCC: 2 } });
    expect(rng.gameClassify[1]!.vendors).toEqual({ AAA: 1, BBB: 1 });
    const live = r.body.value.list.find((c) => c.gameType === 'LIVE')!;
    expect(live.title).toBe('Live Casino');
    expect(live.gameClassify).toHaveLength(1);
    const pt = await t.call<{ list: { gameType: string; title: string }[] }>({
      method: 'GET',
      url: '/lgw/games/game_menus',
    });
    expect(pt.body.value.list.find((c) => c.gameType === 'LIVE')!.title).toBe('Ao Vivo');
    expect((await t.call({ method: 'GET', url: '/lgw/games/game_menus?x=1' })).status).toBe(400);
  });

  it('game_menus: a reader of a language the catalogue lacks gets the built-in words in it, the rest in English', async () => {
    const r = await t.call<{ list: { gameType: string; title: string; gameClassify: { displayName: string }[] }[] }>({
      method: 'GET',
      url: '/lgw/games/game_menus?language=VI',
    });
    const rng = r.body.value.list.find((c) => c.gameType === 'RNG')!;
    // "All" and a category's default title exist in all seven languages; the file's own names fall back.
    expect(rng.gameClassify[0]!.displayName).toBe('Tất cả');
    expect(rng.title).toBe('Casino');
    expect(rng.gameClassify.map((c) => c.displayName)).not.toContain('All');
  });
});

describe('artwork on the image CDN path', () => {
  it('serves a distinct SVG per game and vendor logos, cached for a year', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/cdn/games/AAA/aaa-dragon.svg' });
    const b = await t.app.inject({ method: 'GET', url: '/cdn/games/BBB/bbb-dragon.svg' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.body).toContain('<svg');
    expect(a.body).toContain('Golden Dragon');
    expect(a.body).not.toBe(b.body);
    const again = await t.app.inject({ method: 'GET', url: '/cdn/games/AAA/aaa-dragon.svg' });
    expect(again.body).toBe(a.body);
    for (const file of ['AAA.svg', 'AAA-lg.svg', 'AAA-card.svg']) {
      const v = await t.app.inject({ method: 'GET', url: `/cdn/vendors/${file}` });
      expect(v.statusCode, file).toBe(200);
      expect(v.body).toContain('Alpha Slots');
    }
    expect((await t.app.inject({ method: 'GET', url: '/cdn/banners/home-1.svg' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown games, vendors and names', async () => {
    for (const url of [
      '/cdn/games/AAA/nope.svg',
      '/cdn/games/AAA/aaa-dragon.png',
      '/cdn/vendors/ZZZ.svg',
      '/cdn/vendors/aaa.svg',
      '/cdn/banners/Bad_Name.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('operator catalogue calls', () => {
  it('need an operator with the content or admin role, and are audited', async () => {
    const anon = await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/games/hot',
      payload: { nodeIds: [1], isHot: true },
    });
    expect(anon.status).toBe(401);
    const { createOperator } = await import('../operator/service.ts');
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    await createOperator(t.ctx.db, {
      merchantId,
      username: 'fin1',
      password: 'Finance#2026',
      role: 'finance',
      demo: true,
    });
    await createOperator(t.ctx.db, {
      merchantId,
      username: 'cms1',
      password: 'Content#2026',
      role: 'content',
      demo: true,
    });
    const finance = await operatorHeaders(t, 'fin1', 'Finance#2026');
    const content = await operatorHeaders(t, 'cms1', 'Content#2026');
    const id = await nodeIdOf(t, 'ccc-moon');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/wps/operator/catalog/games/hot',
          headers: finance,
          payload: { nodeIds: [id], isHot: true },
        })
      ).status,
    ).toBe(403);
    const ok = await t.call<{ updated: number }>({
      method: 'PUT',
      url: '/wps/operator/catalog/games/hot',
      headers: content,
      payload: { nodeIds: [id], isHot: true },
    });
    expect(ok.body.value.updated).toBe(1);
    const bad = await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/games/hot',
      headers: content,
      payload: { nodeIds: [], isHot: true },
    });
    expect(bad.status).toBe(400);
    const { listAudit } = await import('../operator/data.ts');
    const log = await listAudit(t.ctx.db, merchantId);
    expect(log.some((e) => e.action === 'catalog.hot' && e.target === String(id))).toBe(true);
    const vendors = await t.call<{ list: { vassalage: string; enabled: boolean }[] }>({
      method: 'GET',
      url: '/wps/operator/catalog/vendors?gameType=RNG',
      headers: content,
    });
    expect(vendors.body.value.list.map((v) => v.vassalage)).toEqual(['AAA', 'BBB', 'CCC']);
  });
});

// Last: it adds a vendor to the shared catalogue.
describe('a vendor switched off by the import', () => {
  it('refuses to switch on a game type of a vendor the import switched off, saying why', async () => {
    const headers = await operatorHeaders(t);
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    await t.ctx.catalog.manage.importCatalogue(merchantId, {
      vendors: [
        { row: 1, value: { vassalage: 'OFFV', displayName: 'Switched Off', gameTypes: ['RNG'], enabled: false } },
      ],
      categories: [],
      games: [],
    });
    const on = await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/vendors/enabled',
      headers,
      payload: { vassalage: 'OFFV', gameType: 'RNG', enabled: true },
    });
    expect(on.status).toBe(409);
    expect(on.body).toMatchObject({
      code: 'VENDOR_SWITCHED_OFF',
      message: expect.stringContaining('catalogue import'),
    });
    const off = await t.call({
      method: 'PUT',
      url: '/wps/operator/catalog/vendors/enabled',
      headers,
      payload: { vassalage: 'OFFV', gameType: 'RNG', enabled: false },
    });
    expect(off.status).toBe(200);
  });
});
