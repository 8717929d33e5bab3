import { GAME_TYPES, type AnnouncementGroups, type GameEntry } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue, seedCatalog } from '../../seed/catalog.ts';
import { seedContent } from '../../seed/content.ts';
import { seedPromotions } from '../../seed/promotions.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.ctx);
  await seedContent(t.ctx);
  await seedPromotions(t.ctx);
}, 120_000);
afterAll(() => t.close());

type Page = { games: GameEntry[]; totalPages: number; totalCount: number };
const list = (qs: string) => t.call<Page>({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${qs}` });

describe('the demo catalogue', () => {
  it('has at least 10,000 games from at least 40 vendors over every game type, named in PT and EN', async () => {
    const all = await list('pageSize=100');
    expect(all.body.value.totalCount).toBeGreaterThanOrEqual(10_000);
    const vendors = await t.call<{ list: { vassalage: string; gameType: string }[] }>({
      method: 'GET',
      url: '/wps/relay/GCSGAME_getVassGameType',
    });
    expect(new Set(vendors.body.value.list.map((v) => v.vassalage)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(vendors.body.value.list.map((v) => v.gameType))).toEqual(new Set(GAME_TYPES));
    for (const v of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT', 'BGS'])
      expect(vendors.body.value.list.map((x) => x.vassalage)).toContain(v);
    const cat = demoCatalogue();
    expect(cat.games.every((g) => g.names.PT && g.names.EN)).toBe(true);
    const slots = cat.games.filter((g) => g.gameType === 'RNG');
    expect(slots.filter((g) => g.names.PT !== g.names.EN).length / slots.length).toBeGreaterThan(0.9);
  });

  it('the in-house vendor BGS offers dice and crash', async () => {
    const bgs = await list('gameType=BGS&vassalage=BGS&language=EN');
    expect(bgs.body.value.games.map((g) => [g.gameCode, g.gameName]).sort()).toEqual([
      ['crash', 'Crash'],
      ['dice', 'Dice'],
    ]);
  });

  it('the cockfight vendor Sabong Live offers the house cockfight (decision 092)', async () => {
    const sbg = await list('gameType=COCKFIGHT&vassalage=SBG&language=EN');
    expect(sbg.body.value.games.map((g) => [g.gameCode, g.gameName])).toEqual([['cockfight', 'Sabong Live']]);
  });

  it('finds a game by part of its name in Portuguese and in English, over the whole catalogue', async () => {
    const pt = await list(`gameName=${encodeURIComponent(' dragao DOURADO ')}&language=PT&pageSize=50`);
    expect(pt.body.value.totalCount).toBeGreaterThan(0);
    expect(pt.body.value.games.every((g) => /dragão dourado/i.test(g.gameName))).toBe(true);
    const en = await list('gameName=golden%20drag&language=EN&pageSize=50');
    expect(en.body.value.totalCount).toBeGreaterThan(0);
    expect(en.body.value.games.every((g) => /golden drag/i.test(g.gameName))).toBe(true);
    // The same games under their other language's name.
    const ids = new Set(en.body.value.games.map((g) => g.nodeId));
    expect(pt.body.value.games.some((g) => ids.has(g.nodeId))).toBe(true);
  });

  it('pages one vendor’s 545 slots 15 at a time', async () => {
    const p1 = await list('gameType=RNG&vassalage=LSP&pageNo=1&pageSize=15');
    expect(p1.body.value).toMatchObject({ totalCount: 545, totalPages: 37 });
    const last = await list('gameType=RNG&vassalage=LSP&pageNo=37&pageSize=15');
    expect(last.body.value.games).toHaveLength(5);
    expect((await list('gameType=RNG&vassalage=LSP&pageNo=38&pageSize=15')).body.value.games).toEqual([]);
  });

  it('comes with content: home banners, two pages of popups, nine promotions, help in PT and EN', async () => {
    const r = await t.call<AnnouncementGroups>({
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&groupName=w_home',
    });
    expect(r.body.value.banners.length).toBeGreaterThanOrEqual(3);
    expect(r.body.value.popup.length).toBeGreaterThan(9);
    // The promotions are real promotions (issue 19): the eight advertised ones, three of them paying,
    // the share-and-win offer members apply to (decision 086) and the daily red envelope (decision 089).
    const promotions = await t.call<{ list: { title: string; trigger: string }[] }>({
      method: 'GET',
      url: '/wps/v2/promotions?language=PT',
    });
    expect(promotions.body.value.list).toHaveLength(10);
    expect(promotions.body.value.list.filter((p) => p.trigger !== 'info').map((p) => p.title)).toEqual([
      'Bônus de primeiro depósito',
      'Recarga diária',
      'Baixe o app e ganhe',
      'Compartilhe e ganhe',
      'Envelope vermelho diário',
    ]);
    expect(r.body.value.headlines.length).toBeGreaterThan(0);
    const help = async (lang: string) =>
      (
        await t.call<{ list: { term: string; title: string }[] }>({
          method: 'GET',
          url: `/wps/relay/getHelpV2?lang=${lang}&device=WEB`,
        })
      ).body.value.list;
    const [pt, en] = [await help('PT'), await help('EN')];
    expect(pt.map((h) => h.term)).toEqual(en.map((h) => h.term));
    expect(pt.find((h) => h.term === 'term')!.title).not.toBe(en.find((h) => h.term === 'term')!.title);
  });
});
